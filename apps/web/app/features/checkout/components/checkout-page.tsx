import { useTranslation } from '~/lib/i18n-react.ts'
import { useIsWide } from '~/lib/use-hydrated.ts'
import { useCheckout, type CheckoutKind, type Checkout } from '../use-checkout.ts'
import { DeliveryChoice } from './delivery-choice.tsx'
import { GuestContact } from './guest-contact.tsx'
import { GuestShipping, type RenderRegion } from './guest-shipping.tsx'
import { InfoPopup } from './info-popup.tsx'
import { MemberAddress, type AddressBook } from './member-address.tsx'
import { OrderSummary } from './order-summary.tsx'
import { PaymentChoice } from './payment-choice.tsx'
import { PromoBox } from './promo-box.tsx'
import { formatIdr } from '@busana/contract'

export type CheckoutPageProps =
  | { kind: Extract<CheckoutKind, 'member'>; addressBook: AddressBook }
  | { kind: Extract<CheckoutKind, 'guest'>; renderRegion: RenderRegion }

/** PAY NOW: disabled without a payment method, busy while the order is being placed. */
function PayButton({ checkout, className = '' }: { checkout: Checkout; className?: string }) {
  const { t } = useTranslation('checkout')
  const { state } = checkout
  return (
    <button
      type="button"
      className={`btn-primary disabled:cursor-not-allowed ${className}`}
      disabled={state.paymentId === null}
      aria-busy={state.placing || undefined}
      onClick={() => void checkout.pay()}
    >
      {state.placing ? t('placing') : t('payNow')}
    </button>
  )
}

/**
 * /checkout and /checkout-as-guest (docs/product/shopping.md §2, 4, 5 and 8): below 1024 px the summary
 * (collapsed) on top, the form, and PAY NOW held at the bottom; from 1024 px the form on the left
 * and the summary with PAY NOW on the right. The address part differs: a member's primary address
 * with a chooser of the saved ones, a guest's contact and shipping form.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const { t } = useTranslation('checkout')
  const checkout = useCheckout(props.kind)
  const wide = useIsWide()

  if (!checkout.ready) {
    return (
      <div className="page-container py-16 text-center text-sm text-neutral-500" role="status">
        {t('loading')}
      </div>
    )
  }

  const form = (
    <div>
      {props.kind === 'guest' ? (
        <>
          <GuestContact checkout={checkout} />
          <GuestShipping checkout={checkout} renderRegion={props.renderRegion} />
        </>
      ) : (
        <MemberAddress checkout={checkout} book={props.addressBook} />
      )}
      <DeliveryChoice checkout={checkout} />
      <PaymentChoice checkout={checkout} />
      <PromoBox checkout={checkout} />
    </div>
  )

  return (
    <div className="page-container pt-4 pb-16 lg:pt-8">
      <h1 className="border-b border-neutral-200 pb-4 text-base font-semibold uppercase tracking-[0.24em] lg:text-lg">
        {t('title')}
      </h1>
      {wide ? (
        <div className="grid grid-cols-[minmax(0,1fr)_400px] items-start gap-10 pt-2 xl:gap-14">
          {form}
          <div className="sticky top-24 mt-5 grid gap-4">
            <OrderSummary checkout={checkout} defaultOpen />
            <PayButton checkout={checkout} className="w-full" />
          </div>
        </div>
      ) : (
        <>
          <div className="pt-4">
            <OrderSummary checkout={checkout} defaultOpen={false} />
          </div>
          {form}
          <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-4 border-t border-neutral-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-12px_rgba(0,0,0,0.25)] sm:-mx-6 sm:px-6">
            <p className="flex flex-col">
              <span className="text-[11px] font-semibold tracking-[0.2em]">{t('total')}</span>
              <span className="text-lg font-semibold tabular-nums">{formatIdr(checkout.amounts.total)}</span>
            </p>
            <PayButton checkout={checkout} className="min-w-40" />
          </div>
        </>
      )}
      {checkout.info && <InfoPopup message={checkout.info} onClose={checkout.closeInfo} />}
    </div>
  )
}
