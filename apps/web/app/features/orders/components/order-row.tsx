import { formatIdr } from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { OrderGuestListItem } from '../orders.api.ts'
import { orderDate, statusTone } from '../orders.rules.ts'

/**
 * The status in the shopper's words, in the page's language: the API's status_message is English
 * only, so the page's own words for the status come first and the API's text is the fallback.
 */
export function useStatusMessage() {
  const { t } = useTranslation('orders')
  return (status: string, message: string) => t(`statusMessage.${status}`, { defaultValue: message })
}

/** An order's status chip (docs/product/shopping.md §4). */
export function StatusChip({ status }: { status: string }) {
  return (
    <span
      className={`inline-block px-2 py-0.5 text-xs font-semibold ${statusTone(status)}`}
      data-testid="order-status"
    >
      {status}
    </span>
  )
}

/**
 * One order of a list (docs/product/shopping.md §3, Order list item): date, status chip and message, order
 * number, Total Amount, View Details (a link to `detailHref`, or `onDetails`), and Track Order
 * when a waybill exists.
 */
export function OrderRow({
  order,
  detailHref,
  onDetails,
  onTrack,
}: {
  order: OrderGuestListItem
  detailHref?: string
  onDetails?: () => void
  onTrack: () => void
}) {
  const { t } = useTranslation('orders')
  const statusMessage = useStatusMessage()
  return (
    <li
      className="grid gap-3 border border-neutral-200 p-4"
      data-testid="order-row"
      data-order-number={order.sales_order_number}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-neutral-600">{orderDate(order.order_date)}</p>
        <StatusChip status={order.status} />
      </div>
      <div className="grid gap-1">
        <p className="text-sm">{statusMessage(order.status, order.status_message)}</p>
        <p className="text-xs text-neutral-600">
          {t('orderId')}: <span className="font-medium text-neutral-950">{order.sales_order_number}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 border-t border-neutral-100 pt-3">
        <p className="grid text-xs text-neutral-600">
          {t('list.totalAmount')}
          <span className="text-sm font-semibold tabular-nums text-neutral-950">
            {formatIdr(order.total)}
          </span>
        </p>
        <div className="flex w-full gap-2 sm:w-auto">
          {order.no_resi && (
            <Button variant="outline" className="h-10 flex-1 px-3 sm:flex-none sm:px-4" onClick={onTrack}>
              {t('list.track')}
            </Button>
          )}
          {detailHref ? (
            <TrackedLink to={detailHref} className="btn-primary h-10 flex-1 px-3 sm:flex-none sm:px-4">
              {t('list.details')}
            </TrackedLink>
          ) : (
            <Button className="h-10 flex-1 px-3 sm:flex-none sm:px-4" onClick={onDetails}>
              {t('list.details')}
            </Button>
          )}
        </div>
      </div>
    </li>
  )
}
