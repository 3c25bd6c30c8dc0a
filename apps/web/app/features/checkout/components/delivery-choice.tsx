import { formatIdr } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { Checkout } from '../use-checkout.ts'
import { Section } from './section.tsx'

/**
 * The courier services of the checkout data (docs/product/shopping.md §3 and 4): a radio group, none chosen
 * until the shopper picks one; each shows its courier, service, estimate in days and fare.
 */
export function DeliveryChoice({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation('checkout')
  const { state, dispatch, loadingData } = checkout
  const list = state.data?.jenis_paket_list ?? []
  return (
    <Section title={t('delivery')}>
      {!state.data ? (
        <p className="text-sm text-neutral-500">{loadingData ? t('loading') : t('deliveryNeedsAddress')}</p>
      ) : (
        <fieldset>
          <legend className="sr-only">{t('delivery')}</legend>
          <div className="grid gap-2">
            {list.map((pkg) => (
              <label
                key={pkg.id}
                className="flex cursor-pointer items-center gap-3 border border-neutral-300 px-4 py-3 text-sm has-checked:border-ink has-focus-visible:outline-2 has-focus-visible:outline-ink"
              >
                <input
                  type="radio"
                  name="delivery"
                  value={pkg.id}
                  checked={state.deliveryId === pkg.id}
                  onChange={() => dispatch({ type: 'delivery', id: pkg.id })}
                  className="accent-ink"
                />
                <span className="flex-1">
                  <span className="font-medium">{`${pkg.provider} ${pkg.name}`}</span>
                  <span className="block text-xs text-neutral-500">
                    {t('etd', { days: pkg.etd, count: pkg.etd_max })}
                  </span>
                </span>
                <span className="tabular-nums">{formatIdr(pkg.tarif)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </Section>
  )
}
