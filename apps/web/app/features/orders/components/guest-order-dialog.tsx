import { useEffect, useState } from 'react'
import { formatIdr, maskPhone } from '@busana/contract'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { OrderAmounts } from './order-amounts.tsx'
import { useScrollLock } from '~/lib/use-scroll-lock.ts'
import { fetchGuestOrder, type OrderGuestDetail } from '../orders.api.ts'
import { orderDate } from '../orders.rules.ts'
import { StatusChip, useStatusMessage } from './order-row.tsx'

type Load =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; order: OrderGuestDetail }

/**
 * The /tracking page's detail modal (docs/product/account.md §2): GET /api/v1/member/order_guest/{number}.
 * Status, number, date, lines, delivery and totals. For anyone but the owner the server masks the
 * recipient and phone and leaves only district and city of the address; this view never shows the
 * street either way, and shows the phone's last 4 digits only.
 */
export function GuestOrderDialog({ number, onClose }: { number: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('orders')
  const api = useApi()
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  useScrollLock(true)

  useEffect(() => {
    const controller = new AbortController()
    setLoad({ state: 'loading' })
    fetchGuestOrder(api, number, { lng: i18n.language, signal: controller.signal }).then(
      (order) => setLoad({ state: 'done', order }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        const message =
          error instanceof ApiError && error.status === 404
            ? t('lookup.notFound', { numbers: number })
            : error instanceof ApiError && error.status === 429
              ? error.message
              : t('lookup.failed')
        setLoad({ state: 'failed', message })
      },
    )
    return () => controller.abort()
    // `t` follows the language, which the call already depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, number, i18n.language])

  return (
    <OverlayPanel title={t('title')} onClose={onClose} closeLabel={t('close')} className="sm:max-w-lg">
      {load.state === 'loading' && (
        <p className="py-8 text-center text-sm text-neutral-500" role="status">
          {t('loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <p className="border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'done' && <GuestOrder order={load.order} />}
    </OverlayPanel>
  )
}

function GuestOrder({ order }: { order: OrderGuestDetail }) {
  const { t } = useTranslation('orders')
  const statusMessage = useStatusMessage()
  const { sales_header: header, sales_line: lines, shipping } = order
  const place = [shipping.district, shipping.city].filter(Boolean).join(', ')
  return (
    <div className="grid gap-5 text-sm" data-testid="guest-order">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <StatusChip status={header.status} />
          <span className="text-neutral-600">{orderDate(header.order_date)}</span>
        </div>
        <p>
          {t('orderId')}:{' '}
          <span className="font-medium" data-testid="order-number">
            {header.sales_order_number}
          </span>
        </p>
        <p className="text-neutral-600">{statusMessage(header.status, header.status_message)}</p>
      </div>

      <section aria-label={t('products')} className="border-t border-neutral-200 pt-4">
        <h3 className="mb-3 text-xs font-semibold uppercase tracking-[0.2em]">{t('products')}</h3>
        <ul className="grid gap-3">
          {lines.map((line, index) => (
            <li key={`${line.sku_product}-${index}`} className="flex gap-3" data-testid="order-line">
              <img
                src={line.url_image}
                alt=""
                width={48}
                height={64}
                className="h-16 w-12 shrink-0 bg-neutral-100 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{line.product_master_name}</p>
                <p className="text-xs text-neutral-600">
                  {t('sizeQty', { size: line.ukuran, qty: line.quantity })}
                </p>
              </div>
              <p className="tabular-nums">{formatIdr(line.harga_jual * line.quantity)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-label={t('delivery')}
        className="border-t border-neutral-200 pt-4"
        data-testid="guest-delivery"
      >
        <h3 className="mb-2 text-xs font-semibold uppercase tracking-[0.2em]">{t('delivery')}</h3>
        <p className="font-medium">{shipping.paket}</p>
        <p className="mt-1">{shipping.penerima}</p>
        <p className="text-neutral-600" data-testid="guest-phone">
          {maskPhone(shipping.no_hp)}
        </p>
        {place && <p className="text-neutral-600">{place}</p>}
        {header.no_resi && (
          <p className="mt-1 text-neutral-600">{t('waybill', { number: header.no_resi })}</p>
        )}
      </section>

      <OrderAmounts header={header} />
    </div>
  )
}
