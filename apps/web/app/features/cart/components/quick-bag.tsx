import { formatIdr } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useBag } from '../use-bag.ts'
import { BagCount, BagInfo, BagLoading, BagRows, EmptyBag, GuestPanel, SelectAll } from './bag-parts.tsx'
import { CheckoutButton } from './cart-summary.tsx'

/**
 * The quick bag drawer's body (docs/product/shopping.md §2; docs/product/account.md §4): the bag's lines,
 * compact, the checked total, a link to /cart and checkout. Checkout needs a signed-in user: a visitor's
 * drawer closes and the login dialog opens; a phone-verified guest goes to /checkout-as-guest.
 */
export function QuickBag({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('cart')
  const bag = useBag()
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative flex items-center justify-between gap-2 border-b border-neutral-200 px-5 py-2">
        {bag.rows.length > 0 ? <BagCount count={bag.count} /> : <span />}
        <BagInfo align="right" />
      </div>
      {!bag.loaded ? (
        <div className="px-5">
          <BagLoading />
        </div>
      ) : bag.rows.length === 0 ? (
        <div className="px-5">
          <EmptyBag compact onNavigate={onClose} />
          {!bag.signedIn && <GuestPanel inline beforeOpen={onClose} />}
        </div>
      ) : (
        <>
          <div className="min-h-0 flex-1 overflow-y-auto px-5">
            <div className="border-b border-neutral-200 py-3">
              <SelectAll bag={bag} />
            </div>
            <BagRows bag={bag} compact onNavigate={onClose} />
          </div>
          <div className="space-y-3 border-t border-neutral-200 px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            <p className="text-[11px] text-neutral-500">{t('shippingFee')}</p>
            <p className="flex items-center justify-between text-sm font-semibold">
              <span className="tracking-[0.2em]">{t('total')}</span>
              <span data-testid="quick-bag-total" className="tabular-nums">
                {formatIdr(bag.total)}
              </span>
            </p>
            <div className="grid grid-cols-2 gap-2">
              <TrackedLink to="/cart" onClick={onClose} className="btn-outline h-11 text-xs">
                {t('viewBag')}
              </TrackedLink>
              <CheckoutButton
                total={bag.total}
                onCheckout={() => {
                  if (bag.signedIn) onClose()
                  bag.checkout(onClose)
                }}
              />
            </div>
          </div>
        </>
      )}
    </div>
  )
}
