import type { SiteData } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useIsWide } from '~/lib/use-hydrated.ts'
import { checkedLines } from '~/shared/bag/bag.rules.ts'
import { useBag } from '../use-bag.ts'
import { BagCount, BagInfo, BagLoading, BagRows, EmptyBag, GuestPanel, SelectAll } from './bag-parts.tsx'
import { DesktopCartSummary, MobileCartSummary, PaymentLogos } from './cart-summary.tsx'

type PaymentMethods = SiteData['footer']['metode_pembayaran']

/**
 * /cart (docs/product/shopping.md §2, Shopping bag): the header with its info tooltip, then the empty state,
 * or the phone layout (rows, sticky summary) below 1024 px and the laptop layout (rows beside the order
 * summary) from 1024 px. The bag lives in the browser (the session is in local storage), so the
 * server renders the header and a placeholder; a visitor sees the empty bag, never an error.
 */
export function CartPage({ payments }: { payments: PaymentMethods }) {
  const { t } = useTranslation('cart')
  const bag = useBag()
  const wide = useIsWide()
  const empty = bag.rows.length === 0
  const showGuestPanel = wide && bag.ready && !bag.signedIn

  return (
    <div className="page-container pt-4 pb-16 lg:pt-8">
      <header className="relative flex items-center gap-1 border-b border-neutral-200 pb-4">
        <h1 className="text-base font-semibold uppercase tracking-[0.24em] lg:text-lg">{t('title')}</h1>
        <BagInfo />
      </header>

      {!bag.loaded ? (
        <BagLoading />
      ) : empty ? (
        <div className={showGuestPanel ? 'grid grid-cols-[minmax(0,1fr)_360px] gap-10 pt-8' : ''}>
          <div>
            <EmptyBag />
            {bag.ready && !bag.signedIn && !wide && <GuestPanel inline />}
          </div>
          {showGuestPanel && (
            <div>
              <GuestPanel />
            </div>
          )}
        </div>
      ) : wide ? (
        <div className="grid grid-cols-[minmax(0,1fr)_380px] items-start gap-10 pt-6 xl:gap-14">
          <section aria-label={t('title')}>
            <div className="flex items-center justify-between border-b border-neutral-200 pb-4">
              <SelectAll bag={bag} />
              <BagCount count={bag.count} />
            </div>
            <BagRows bag={bag} />
          </section>
          <div className="sticky top-24">
            <DesktopCartSummary
              lines={checkedLines(
                bag.rows.map((row) => row.line),
                Object.fromEntries(bag.rows.map((row) => [String(row.line.id_line), row.checked])),
              )}
              total={bag.total}
              onCheckout={() => bag.checkout()}
              payments={payments}
            />
          </div>
        </div>
      ) : (
        <div className="pt-4">
          <BagCount count={bag.count} />
          <div className="mt-3 border-b border-neutral-200 pb-3">
            <SelectAll bag={bag} />
          </div>
          <BagRows bag={bag} />
          <MobileCartSummary total={bag.total} onCheckout={() => bag.checkout()} />
          <div className="mt-6">
            <PaymentLogos methods={payments} />
          </div>
        </div>
      )}
    </div>
  )
}
