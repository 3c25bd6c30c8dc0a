import { useId } from 'react'
import { formatIdr } from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { Checkout } from '../use-checkout.ts'
import { Section } from './section.tsx'

/**
 * The voucher (docs/product/shopping.md §2, 4 and 5): ADD, or CHANGE once one is applied, disabled while the
 * code is empty; the applied voucher shows its name and amount with a remove control.
 */
export function PromoBox({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation('checkout')
  const id = useId()
  const { state, dispatch, promoBusy } = checkout
  const discount = state.discount
  // A voucher for some brands, categories or products counts only their lines, and says which
  // (issue 43 part 6); a voucher that counts every ticked line says nothing more.
  const counted = discount?.voucher_lines ? new Set(discount.voucher_lines) : null
  const appliesTo =
    counted && checkout.lines.some((line) => !counted.has(line.id_line))
      ? checkout.lines.filter((line) => counted.has(line.id_line)).map((line) => line.product_name)
      : []
  return (
    <Section title={t('voucher')}>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          void checkout.applyPromo()
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t('voucherCode')}
        </label>
        <Input
          id={id}
          value={state.promoCode}
          placeholder={t('voucherPlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          onChange={(e) => dispatch({ type: 'promoCode', code: e.target.value })}
        />
        <Button type="submit" className="shrink-0" disabled={state.promoCode.trim() === '' || promoBusy}>
          {discount ? t('voucherChange') : t('voucherAdd')}
        </Button>
      </form>
      {discount && (
        <div
          className="mt-3 flex items-center justify-between gap-3 border border-dashed border-ink px-4 py-3 text-sm"
          data-testid="voucher-applied"
        >
          <p>
            <span className="font-medium">{discount.voucher_name}</span>{' '}
            <span className="text-xs text-neutral-500">({discount.kode_promo})</span>
            <span className="block tabular-nums">- {formatIdr(discount.total_promo)}</span>
            {appliesTo.length > 0 && (
              <span className="block text-xs text-neutral-600" data-testid="voucher-applies-to">
                {t('voucherAppliesTo', { products: appliesTo.join(', ') })}
              </span>
            )}
          </p>
          <button
            type="button"
            className="text-xs underline underline-offset-2"
            onClick={checkout.removePromo}
          >
            {t('voucherRemove')}
          </button>
        </div>
      )}
    </Section>
  )
}
