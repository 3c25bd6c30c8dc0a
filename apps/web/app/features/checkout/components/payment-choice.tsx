import { useEffect, useRef, type FocusEvent } from 'react'
import { formatIdr, isFeeShown } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { chosenPayment, groupPayments } from '../checkout.state.ts'
import type { Checkout } from '../use-checkout.ts'
import { Section } from './section.tsx'

/**
 * The payment options grouped by category (docs/product/shopping.md §2 and 4): a radio group that collapses
 * to the chosen method after a choice, with a Change control to open it again.
 *
 * By keyboard (issue 29) the arrow keys choose as they move, so the list stays open while they do
 * and collapses when focus leaves it; a collapse from inside hands focus to Change instead of
 * dropping it on the page.
 */
export function PaymentChoice({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation('checkout')
  const { state, dispatch } = checkout
  const chosen = chosenPayment(state)
  const collapsed = chosen !== null && !state.paymentListOpen
  const byArrow = useRef(false)
  const focusChange = useRef(false)
  const changeRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (collapsed && focusChange.current) changeRef.current?.focus()
    focusChange.current = false
  }, [collapsed])
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return
    if (chosen !== null) dispatch({ type: 'closePayments' })
  }
  return (
    <Section
      title={t('payment')}
      action={
        collapsed ? (
          <button
            ref={changeRef}
            type="button"
            className="text-xs underline underline-offset-2"
            onClick={() => dispatch({ type: 'openPayments' })}
          >
            {t('change')}
          </button>
        ) : undefined
      }
    >
      {state.payments === null ? (
        <p className="text-sm text-neutral-500">{state.data ? t('loading') : t('paymentNeedsAddress')}</p>
      ) : collapsed ? (
        <p
          className="flex items-center gap-3 border border-ink px-4 py-3 text-sm"
          data-testid="payment-chosen"
        >
          <img src={chosen.logo} alt="" className="h-6 w-10 object-contain" />
          <span className="flex-1 font-medium">{chosen.name}</span>
          {isFeeShown(chosen.payment_fee) && (
            <span className="text-xs text-neutral-500">
              {t('fee', { fee: formatIdr(chosen.payment_fee) })}
            </span>
          )}
        </p>
      ) : (
        <fieldset
          onKeyDown={(event) => {
            byArrow.current = event.key.startsWith('Arrow')
          }}
          onBlur={leave}
        >
          <legend className="sr-only">{t('payment')}</legend>
          <div className="grid gap-4">
            {groupPayments(state.payments).map((group) => (
              <div key={group.category} role="group" aria-label={t(`category.${group.category}`)}>
                <p className="mb-2 text-[11px] font-semibold uppercase tracking-[0.16em] text-neutral-500">
                  {t(`category.${group.category}`)}
                </p>
                <div className="grid gap-2">
                  {group.options.map((option) => (
                    <label
                      key={option.id_payment}
                      className="flex cursor-pointer items-center gap-3 border border-neutral-300 px-4 py-3 text-sm has-checked:border-ink has-focus-visible:outline-2 has-focus-visible:outline-ink"
                    >
                      <input
                        type="radio"
                        name="payment"
                        value={option.id_payment}
                        checked={state.paymentId === option.id_payment}
                        onChange={(event) => {
                          const keepOpen = byArrow.current
                          byArrow.current = false
                          if (!keepOpen && event.currentTarget.matches(':focus')) focusChange.current = true
                          dispatch({ type: 'payment', id: option.id_payment, keepOpen })
                        }}
                        className="accent-ink"
                      />
                      <img src={option.logo} alt="" className="h-6 w-10 object-contain" />
                      <span className="flex-1">
                        <span className="font-medium">{option.name}</span>
                        {option.deskripsi && (
                          <span className="block text-xs text-neutral-500">{option.deskripsi}</span>
                        )}
                      </span>
                      {isFeeShown(option.payment_fee) && (
                        <span className="text-xs tabular-nums text-neutral-500">
                          {formatIdr(option.payment_fee)}
                        </span>
                      )}
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </fieldset>
      )}
    </Section>
  )
}
