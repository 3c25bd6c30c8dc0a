import { useId, useState } from 'react'
import { formatIdr, isFeeShown, type CartLine } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { lineQty } from '~/shared/bag/bag.rules.ts'
import type { Checkout } from '../use-checkout.ts'

/** One amount row; `minus` for the discount. */
function Amount({
  label,
  value,
  minus = false,
  testId,
}: {
  label: string
  value: number
  minus?: boolean
  testId?: string
}) {
  return (
    <p className="flex justify-between gap-4">
      <span className="text-neutral-600">{label}</span>
      <span className="tabular-nums" data-testid={testId}>
        {minus ? `- ${formatIdr(value)}` : formatIdr(value)}
      </span>
    </p>
  )
}

function SummaryLine({ line }: { line: CartLine }) {
  const { t } = useTranslation('checkout')
  const qty = lineQty(line)
  return (
    <li className="flex gap-3" data-testid="summary-line">
      <img
        src={line.url_image[0]}
        alt=""
        loading="lazy"
        className="h-20 w-16 shrink-0 bg-neutral-100 object-cover"
      />
      <div className="min-w-0 flex-1 text-xs">
        <p className="line-clamp-2 font-medium text-ink">{line.product_name}</p>
        <p className="mt-1 text-neutral-600">{t('sizeQty', { size: line.ukuran, qty })}</p>
        {line.bundling?.length ? (
          <ul className="mt-1 text-neutral-500">
            {line.bundling.map((part) => (
              <li key={part.sku_product}>{`${part.name}, ${part.ukuran} x ${part.qty}`}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="shrink-0 text-xs tabular-nums">{formatIdr(line.price * qty)}</p>
    </li>
  )
}

/**
 * The order summary (docs/product/shopping.md §2 and 9): the ticked lines, subtotal, shipping, the packing
 * and service fees and the discount only when not 0, and the total, all from the contract's
 * checkoutAmounts. Collapsible: closed by default on phones, open on laptops.
 */
export function OrderSummary({ checkout, defaultOpen }: { checkout: Checkout; defaultOpen: boolean }) {
  const { t } = useTranslation('checkout')
  const [open, setOpen] = useState(defaultOpen)
  const id = useId()
  const { amounts, lines, state } = checkout
  return (
    <section
      aria-label={t('summary')}
      className="border border-neutral-200 bg-white"
      data-testid="order-summary"
    >
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left text-xs font-semibold uppercase tracking-[0.2em] focus-visible:outline-2 focus-visible:outline-ink lg:px-6 lg:py-4"
        >
          <span>{t('summaryCount', { count: lines.reduce((n, line) => n + lineQty(line), 0) })}</span>
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      </h2>
      <div id={id} hidden={!open} className="border-t border-neutral-200 px-4 pt-4 pb-4 lg:px-6">
        <ul className="max-h-[320px] space-y-4 overflow-y-auto pr-1">
          {lines.map((line) => (
            <SummaryLine key={line.id_line} line={line} />
          ))}
        </ul>
        <div className="mt-4 space-y-2 border-t border-neutral-200 pt-4 text-sm">
          <Amount label={t('subtotal')} value={amounts.subtotal} testId="amount-subtotal" />
          {state.deliveryId === null ? (
            <p className="flex justify-between gap-4">
              <span className="text-neutral-600">{t('shipping')}</span>
              <span className="text-neutral-500">{t('shippingPending')}</span>
            </p>
          ) : (
            <Amount label={t('shipping')} value={amounts.delivery} testId="amount-shipping" />
          )}
          {isFeeShown(amounts.packing) && (
            <Amount label={t('packingFee')} value={amounts.packing} testId="amount-packing" />
          )}
          {isFeeShown(amounts.payment_fee) && (
            <Amount label={t('serviceFee')} value={amounts.payment_fee} testId="amount-service" />
          )}
          {isFeeShown(amounts.promo) && (
            <Amount label={t('discount')} value={amounts.promo} minus testId="amount-discount" />
          )}
        </div>
      </div>
      <p className="flex justify-between gap-4 border-t border-neutral-200 px-4 py-3 text-sm font-semibold lg:px-6">
        <span className="tracking-[0.2em]">{t('total')}</span>
        <span className="tabular-nums" data-testid="checkout-total">
          {formatIdr(amounts.total)}
        </span>
      </p>
    </section>
  )
}
