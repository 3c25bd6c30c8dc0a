import { formatIdr, type SiteData } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { CartLine } from '~/shared/bag/bag.api.ts'
import { lineQty } from '~/shared/bag/bag.rules.ts'

type PaymentMethods = SiteData['footer']['metode_pembayaran']

/** Payment-method logos from the footer data, under the summary (docs/product/shopping.md §2). */
export function PaymentLogos({ methods }: { methods: PaymentMethods }) {
  const { t } = useTranslation('cart')
  if (methods.length === 0) return null
  return (
    <ul aria-label={t('paymentMethods')} className="flex flex-wrap items-center gap-2">
      {methods.map((method) => (
        <li
          key={method.name}
          className="grid h-7 w-12 place-items-center border border-neutral-200 bg-white px-1"
          title={method.name}
        >
          <img
            src={method.logo}
            alt={method.name}
            loading="lazy"
            className="max-h-5 max-w-full object-contain"
          />
        </li>
      ))}
    </ul>
  )
}

interface CheckoutButtonProps {
  total: number
  onCheckout(): void
  className?: string
}

/** Disabled, and doing nothing, while the checked total is 0 (docs/product/shopping.md §5). */
export function CheckoutButton({ total, onCheckout, className = '' }: CheckoutButtonProps) {
  const { t } = useTranslation('cart')
  const disabled = total <= 0
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => {
        if (!disabled) onCheckout()
      }}
      className={`btn-primary disabled:cursor-not-allowed disabled:text-neutral-500 ${className}`}
    >
      {t('checkout')}
    </button>
  )
}

/** Said when no line is ticked, so 'Rp 0' never reads as the bag's value (issue 26 item 14). */
function NothingTicked({ total }: { total: number }) {
  const { t } = useTranslation('cart')
  if (total > 0) return null
  return (
    <p data-testid="nothing-ticked" className="text-xs text-neutral-600">
      {t('checkoutHint')}
    </p>
  )
}

/**
 * The phone summary (docs/product/shopping.md §2): 'SHIPPING: Calculated after checkout', the checked total
 * and CHECKOUT, held at the bottom of the screen while the rows scroll.
 */
export function MobileCartSummary({ total, onCheckout }: { total: number; onCheckout(): void }) {
  const { t } = useTranslation('cart')
  return (
    <section
      aria-label={t('orderSummary')}
      data-testid="cart-summary"
      className="sticky bottom-0 z-10 -mx-4 border-t border-neutral-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-12px_rgba(0,0,0,0.25)] sm:-mx-6 sm:px-6"
    >
      <p className="text-[11px] font-medium uppercase tracking-[0.14em] text-neutral-500">
        {t('shippingMobile')}
      </p>
      <div className="mt-2 flex items-center justify-between gap-4">
        <p className="flex flex-col">
          <span className="text-[11px] font-semibold tracking-[0.2em]">{t('total')}</span>
          <span data-testid="cart-total" className="text-lg font-semibold tabular-nums">
            {formatIdr(total)}
          </span>
        </p>
        <CheckoutButton total={total} onCheckout={onCheckout} className="min-w-40" />
      </div>
      <NothingTicked total={total} />
    </section>
  )
}

/**
 * The laptop summary (docs/product/shopping.md §2): the checked lines (scrolling above 300 px), 'Order
 * Value', 'Shipping Fee: Calculated after checkout', 'TOTAL', CHECKOUT and the payment logos.
 */
export function DesktopCartSummary({
  lines,
  total,
  onCheckout,
  payments,
}: {
  lines: CartLine[]
  total: number
  onCheckout(): void
  payments: PaymentMethods
}) {
  const { t } = useTranslation('cart')
  return (
    <section
      aria-label={t('orderSummary')}
      data-testid="cart-summary"
      className="border border-neutral-200 p-6"
    >
      <h2 className="text-xs font-semibold uppercase tracking-[0.2em]">{t('orderSummary')}</h2>
      {lines.length > 0 && (
        <ul
          data-testid="summary-lines"
          className="mt-4 max-h-[300px] space-y-3 overflow-y-auto border-b border-neutral-200 pr-1 pb-4"
        >
          {lines.map((line) => (
            <li key={line.id_line} className="flex justify-between gap-4 text-xs">
              <span className="min-w-0 text-neutral-600">
                <span className="line-clamp-1 text-ink">{line.product_name}</span>
                {line.ukuran} x {lineQty(line)}
              </span>
              <span className="shrink-0 tabular-nums">{formatIdr(line.price * lineQty(line))}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 space-y-2 text-sm">
        <p className="flex justify-between gap-4">
          <span>{t('orderValue')}</span>
          <span className="tabular-nums">{formatIdr(total)}</span>
        </p>
        <NothingTicked total={total} />
        <p className="text-neutral-600">{t('shippingFee')}</p>
        <p className="flex justify-between gap-4 border-t border-neutral-200 pt-3 font-semibold">
          <span className="tracking-[0.2em]">{t('total')}</span>
          <span data-testid="cart-total" className="tabular-nums">
            {formatIdr(total)}
          </span>
        </p>
      </div>
      <CheckoutButton total={total} onCheckout={onCheckout} className="mt-5 w-full" />
      <div className="mt-5">
        <PaymentLogos methods={payments} />
      </div>
    </section>
  )
}
