import { useEffect, useState } from 'react'
import { formatIdr, formatWib, isFeeShown, maskPhone } from '@busana/contract'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { fetchOrder, type OrderDetail } from '../orders.api.ts'
import { orderDate, statusTone } from '../orders.rules.ts'

function Row({ label, value, minus = false }: { label: string; value: number; minus?: boolean }) {
  return (
    <p className="flex justify-between gap-4">
      <span className="text-neutral-600">{label}</span>
      <span className="tabular-nums">{minus ? `- ${formatIdr(value)}` : formatIdr(value)}</span>
    </p>
  )
}

/**
 * /member/order/{id}, minimal until the orders work (spec 000 sections 2 and 3): order number,
 * status chip, date, the lines, the delivery (phone masked), the payment method, the amounts (fees
 * only when not 0), the total and, while Open, the payment deadline in WIB. Members and phone
 * guests see their own orders.
 */
export function OrderDetailView({ id }: { id: string }) {
  const { t } = useTranslation('orders')
  const api = useApi()
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token)
  const [order, setOrder] = useState<OrderDetail | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!ready || !token) return
    const controller = new AbortController()
    setFailed(false)
    fetchOrder(api, id, controller.signal).then(setOrder, () => !controller.signal.aborted && setFailed(true))
    return () => controller.abort()
  }, [api, id, ready, token])

  if (!order) {
    return (
      <p className="py-10 text-center text-sm text-neutral-500" role="status">
        {failed ? t('notFound') : t('loading')}
      </p>
    )
  }
  const { sales_header: header, sales_line: lines, shipping, payment } = order
  const deadline = header.expired_time || payment.expired_at
  return (
    <article aria-labelledby="order-title" className="grid gap-6" data-testid="order-detail">
      <header className="grid gap-2">
        <h1 id="order-title" className="text-lg font-semibold uppercase tracking-[0.18em]">
          {t('title')}
        </h1>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span
            className={`px-2 py-0.5 text-xs font-semibold ${statusTone(header.status)}`}
            data-testid="order-status"
          >
            {header.status}
          </span>
          <span>
            {t('orderId')}:{' '}
            <span className="font-medium" data-testid="order-number">
              {header.sales_order_number}
            </span>
          </span>
          <span className="text-neutral-600">{orderDate(header.order_date)}</span>
        </div>
        {header.status_message && <p className="text-sm text-neutral-600">{header.status_message}</p>}
        {header.status === 'Open' && deadline && (
          <p
            className="border border-neutral-300 bg-neutral-50 px-4 py-3 text-sm"
            data-testid="order-deadline"
          >
            {t('payBefore', { time: formatWib(Date.parse(deadline)) })}
          </p>
        )}
      </header>

      <section aria-label={t('products')} className="border-t border-neutral-200 pt-4">
        <h2 className="mb-3 text-xs font-semibold uppercase tracking-[0.2em]">{t('products')}</h2>
        <ul className="grid gap-4">
          {lines.map((line, index) => (
            <li key={`${line.sku_product}-${index}`} className="flex gap-3 text-sm" data-testid="order-line">
              <img src={line.url_image} alt="" className="h-20 w-16 shrink-0 bg-neutral-100 object-cover" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{line.product_master_name}</p>
                <p className="text-xs text-neutral-600">
                  {t('sizeQty', { size: line.ukuran, qty: line.quantity })}
                </p>
                {line.bundling.length > 0 && (
                  <ul className="mt-1 text-xs text-neutral-500">
                    {line.bundling.map((part) => (
                      <li
                        key={part.sku_product}
                      >{`${part.product_master_name}, ${part.ukuran} x ${part.qty}`}</li>
                    ))}
                  </ul>
                )}
              </div>
              <p className="tabular-nums">{formatIdr(line.harga_jual * line.quantity)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-6 border-t border-neutral-200 pt-4 md:grid-cols-2">
        <section aria-label={t('delivery')} className="text-sm">
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-[0.2em]">{t('delivery')}</h2>
          <p className="font-medium">{shipping.paket}</p>
          <p className="mt-1">{shipping.penerima}</p>
          <p className="text-neutral-600">{maskPhone(shipping.no_hp)}</p>
          <p className="text-neutral-600">
            {[
              shipping.alamat_lengkap,
              shipping.subdistrict,
              shipping.city,
              shipping.province,
              shipping.kode_pos,
            ]
              .filter(Boolean)
              .join(', ')}
          </p>
          {header.no_resi && (
            <p className="mt-1 text-neutral-600">{t('waybill', { number: header.no_resi })}</p>
          )}
        </section>
        <section aria-label={t('payment')} className="text-sm">
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-[0.2em]">{t('payment')}</h2>
          <p className="flex items-center gap-2" data-testid="order-payment">
            {payment.payment_logo && (
              <img src={payment.payment_logo} alt="" className="h-6 w-10 object-contain" />
            )}
            {payment.name}
          </p>
          {header.status === 'Open' && payment.rekening && (
            <p className="mt-1 text-neutral-600" data-testid="order-account">
              {t('payTo', { number: payment.rekening })}
            </p>
          )}
        </section>
      </div>

      <section aria-label={t('amounts')} className="grid gap-2 border-t border-neutral-200 pt-4 text-sm">
        <Row label={t('subtotal')} value={header.subtotal} />
        <Row label={t('shipping')} value={header.biaya_kirim} />
        {isFeeShown(header.packing_fee) && <Row label={t('packingFee')} value={header.packing_fee} />}
        {isFeeShown(header.payment_fee) && <Row label={t('serviceFee')} value={header.payment_fee} />}
        {isFeeShown(header.promo_value) && <Row label={t('discount')} value={header.promo_value} minus />}
        <p className="flex justify-between gap-4 border-t border-neutral-200 pt-3 font-semibold">
          <span className="tracking-[0.2em]">{t('total')}</span>
          <span className="tabular-nums" data-testid="order-total">
            {formatIdr(header.total_bayar)}
          </span>
        </p>
      </section>
    </article>
  )
}
