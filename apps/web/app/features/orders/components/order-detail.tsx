import { useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { formatIdr, formatWib, maskPhone } from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import { OrderAmounts } from './order-amounts.tsx'
import type { OrderDetail } from '../orders.api.ts'
import { orderDate, resultWord, statusTone, thankNow, trackingWhen } from '../orders.rules.ts'
import { useOrder } from '../use-order.ts'
import { wasThanked } from '../thanked-orders.ts'
import { PaymentWaiting } from './payment-waiting.tsx'
import { TrackDialog } from './track-dialog.tsx'
import { useStatusMessage } from './order-row.tsx'

/**
 * /member/order/{id} (docs/product/shopping.md §2 and 4, docs/product/account.md §4): while Open the payment
 * waiting view shows first ('see detail' opens the full detail, 'Back to Payment' returns);
 * otherwise the full detail with its status chip. Check payment goes to the result page of the
 * order's fresh status, and so does the countdown reaching its deadline (once, issue 26 item 11).
 * A Paid order this browser has not thanked yet goes to its success page, whichever way the order
 * came in Paid (first load, a reload when the tab becomes visible, the pending poll), so the
 * purchase is reported there (issue 26 item 10). Members and phone guests see their own orders.
 */
export function OrderDetailView({ id, returns }: { id: string; returns?: ReactNode }) {
  const { t } = useTranslation('orders')
  const { order, failed, reload } = useOrder(id)
  const navigate = useNavigate()
  const [showDetail, setShowDetail] = useState(false)
  const [checking, setChecking] = useState(false)
  const thank = order !== null && thankNow(order.sales_header.status, wasThanked(id))
  useEffect(() => {
    if (thank) void navigate(`/member/order/${encodeURIComponent(id)}/success`, { replace: true })
  }, [thank, id, navigate])

  if (!order || thank) {
    return (
      <p className="py-10 text-center text-sm text-neutral-500" role="status">
        {failed ? t('notFound') : t('loading')}
      </p>
    )
  }
  const open = order.sales_header.status === 'Open'
  if (open && !showDetail) {
    const check = async () => {
      setChecking(true)
      const fresh = await reload()
      setChecking(false)
      if (fresh)
        void navigate(
          `/member/order/${encodeURIComponent(id)}/${resultWord(fresh.sales_header.status, 'success')}`,
        )
    }
    return (
      <PaymentWaiting
        order={order}
        checking={checking}
        onCheck={() => void check()}
        onDeadline={() => void check()}
        onSeeDetail={() => {
          setShowDetail(true)
          window.scrollTo(0, 0)
        }}
      />
    )
  }
  return (
    <OrderFullDetail
      order={order}
      returns={open ? undefined : returns}
      onBackToPayment={
        open
          ? () => {
              setShowDetail(false)
              window.scrollTo(0, 0)
            }
          : undefined
      }
    />
  )
}

/** The full detail ('Transaction details'): status chip, order id, date, lines, delivery, payment, amounts. */
function OrderFullDetail({
  order,
  returns,
  onBackToPayment,
}: {
  order: OrderDetail
  /** The order's returns block (issue 40), composed by the route; never on an Open order. */
  returns?: ReactNode
  onBackToPayment?: () => void
}) {
  const { t, i18n } = useTranslation('orders')
  const { sales_header: header, sales_line: lines, shipping, payment } = order
  const deadline = header.expired_time || payment.expired_at
  const [tracking, setTracking] = useState(false)
  const statusMessage = useStatusMessage()
  return (
    <article aria-labelledby="order-title" className="grid gap-6" data-testid="order-detail">
      {onBackToPayment && (
        <Button variant="outline" className="justify-self-start px-4 py-2 text-xs" onClick={onBackToPayment}>
          {t('backToPayment')}
        </Button>
      )}
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
        <p className="text-sm text-neutral-600">{statusMessage(header.status, header.status_message)}</p>
        {header.status === 'Open' && deadline && (
          <p
            className="border border-neutral-300 bg-neutral-50 px-4 py-3 text-sm"
            data-testid="order-deadline"
          >
            {t('payBefore', { time: formatWib(Date.parse(deadline)) })}
          </p>
        )}
      </header>

      {order.status_history.length > 0 && (
        <section aria-label={t('progress.title')} className="border-t border-neutral-200 pt-4">
          <h2 className="mb-3 text-xs font-semibold uppercase tracking-[0.2em]">{t('progress.title')}</h2>
          <ol className="grid gap-2 text-sm sm:flex sm:flex-wrap sm:gap-x-8" data-testid="order-progress">
            {order.status_history.map((step, index) => {
              const when = trackingWhen(step.waktu, i18n.language)
              return (
                <li key={`${step.status}-${index}`} className="flex items-baseline gap-3 sm:grid sm:gap-0.5">
                  <span className="min-w-20 font-medium">{t(`progress.${step.status}`)}</span>
                  <time dateTime={step.waktu} className="text-xs text-neutral-600">
                    {when.date} {when.time}
                  </time>
                </li>
              )
            })}
          </ol>
        </section>
      )}

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
              shipping.district,
              shipping.city,
              shipping.province,
              shipping.kode_pos,
            ]
              .filter(Boolean)
              .join(', ')}
          </p>
          {header.no_resi && (
            <div className="mt-3 grid justify-items-start gap-2" data-testid="order-shipment">
              <p className="text-neutral-600">{t('waybill', { number: header.no_resi })}</p>
              <Button variant="outline" onClick={() => setTracking(true)}>
                {t('list.track')}
              </Button>
            </div>
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

      <OrderAmounts header={header} />
      {returns}
      {tracking && header.no_resi && (
        <TrackDialog
          id={header.id_sales_header}
          waybill={header.no_resi}
          onClose={() => setTracking(false)}
        />
      )}
    </article>
  )
}
