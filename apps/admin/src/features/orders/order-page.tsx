import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import {
  can,
  canMoveOrder,
  StaffCancelBodySchema,
  StaffRefundBodySchema,
  StaffShipBodySchema,
  formatIdr,
  type AdminOrderDetail,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { useStaff } from '../../lib/session.ts'
import { Button, Card, ErrorNote, Field, Input, Loading, PageHeader, ShopTime } from '../../components/ui.tsx'
import { OrderStatusBadge } from './order-status.tsx'
import { messagesOnTheirWay, OrderMessages } from './order-messages.tsx'
import { OrderReturns } from '../returns/order-returns.tsx'

/**
 * One order as staff handle it: lines, recipient, money, payment, shipping, events, the messages to
 * the buyer, its returns (issue 40), and the moves allowed.
 */
export function OrderPage() {
  const { t } = useTranslation()
  const number = useParams().number ?? ''
  const query = useQuery({
    queryKey: ['order', number],
    queryFn: () => staffApi<AdminOrderDetail>('GET', `/orders/${encodeURIComponent(number)}`),
    // A message just queued (a move, a re-send) goes within seconds: show it sent without a reload.
    refetchInterval: (current) => (messagesOnTheirWay(current.state.data) ? 5000 : false),
  })
  if (query.isPending) return <Loading />
  if (query.error) return <ErrorNote error={query.error} />
  const order = query.data
  return (
    <div className="flex flex-col gap-4">
      <Link to="/orders" className="text-sm underline">
        {t('orders.back')}
      </Link>
      <PageHeader
        title={t('orders.order', { number: order.sales_order_number })}
        actions={<OrderStatusBadge status={order.status} />}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Card title={t('orders.lines')}>
            <ul className="divide-y divide-slate-100">
              {order.lines.map((line) => (
                <li key={line.id} className="flex gap-3 py-2">
                  {line.url_image && (
                    <img src={line.url_image} alt="" className="h-16 w-12 rounded object-cover" />
                  )}
                  <div className="flex-1 text-sm">
                    <div className="font-medium">{line.product_name}</div>
                    <div className="text-slate-500">
                      {line.sku_product} · {line.ukuran} · × {line.quantity}
                    </div>
                    {line.components.length > 0 && (
                      <ul className="mt-1 text-xs text-slate-500">
                        {line.components.map((part) => (
                          <li key={part.sku_product}>
                            {part.qty} × {part.product_name} ({part.ukuran}, {part.sku_product})
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <div className="text-sm whitespace-nowrap">
                    {formatIdr(line.harga_jual * line.quantity)}
                  </div>
                </li>
              ))}
            </ul>
            <dl className="mt-3 grid grid-cols-2 gap-1 border-t border-slate-200 pt-3 text-sm">
              <Money label={t('orders.subtotal')} amount={order.amounts.subtotal} />
              <Money label={t('orders.shippingFee')} amount={order.amounts.biaya_kirim} />
              {order.amounts.packing_fee > 0 && (
                <Money label={t('orders.packing')} amount={order.amounts.packing_fee} />
              )}
              {order.amounts.payment_fee > 0 && (
                <Money label={t('orders.paymentFee')} amount={order.amounts.payment_fee} />
              )}
              {order.amounts.promo_value > 0 && (
                <Money
                  label={t('orders.voucher', { code: order.voucher?.code ?? '' })}
                  amount={-order.amounts.promo_value}
                />
              )}
              <Money label={t('orders.total')} amount={order.amounts.total_bayar} strong />
            </dl>
          </Card>
          <Card title={t('orders.events')}>
            <ol className="flex flex-col gap-2 text-sm">
              {order.events.map((event, index) => (
                <li key={index} className="flex flex-wrap gap-x-3">
                  <ShopTime at={event.at} />
                  <span className="font-medium">
                    {event.from ? `${event.from} → ` : ''}
                    {event.to}
                  </span>
                  <span className="text-slate-500">{event.actor}</span>
                  {event.note && <span className="w-full text-slate-600">{event.note}</span>}
                </li>
              ))}
            </ol>
          </Card>
          <OrderMessages order={order} />
        </div>
        <div className="flex flex-col gap-4">
          <OrderActions order={order} />
          <OrderReturns orderNumber={order.sales_order_number} />
          <Card title={t('orders.recipient')}>
            <Facts>
              <p className="font-medium">{order.address.penerima}</p>
              <p>{order.address.hp_penerima}</p>
              <p>{order.address.alamat_lengkap}</p>
              <p>
                {order.address.subdistrict}, {order.address.district}, {order.address.city},{' '}
                {order.address.province} {order.address.kode_pos}
              </p>
              <p className="text-slate-500">
                {order.buyer_name} · {order.buyer_email ?? '—'} · {order.buyer_phone}
              </p>
            </Facts>
          </Card>
          <Card title={t('orders.payment')}>
            <Facts>
              <p>{order.payment.name}</p>
              <p className="text-slate-500">
                {order.payment.paid_at ? (
                  <>
                    {t('orders.paidAt')} <ShopTime at={order.payment.paid_at} />
                  </>
                ) : (
                  <>
                    {t('orders.payBy')} <ShopTime at={order.payment.expired_time} />
                  </>
                )}
              </p>
              {order.refund_amount !== null && (
                <p>
                  {t('orders.refund', { amount: formatIdr(order.refund_amount) })}
                  {order.refund_state && <> · {t(`orders.refundState.${order.refund_state}`)}</>}
                </p>
              )}
            </Facts>
          </Card>
          <Card title={t('orders.shipping')}>
            <Facts>
              <p>
                {order.shipping.paket} · {(order.shipping.weight_grams / 1000).toLocaleString()} kg
              </p>
              {order.shipping.no_resi && (
                <p>
                  {order.shipping.courier} · <span data-testid="waybill">{order.shipping.no_resi}</span>
                </p>
              )}
              {order.shipping.shipped_at && (
                <p className="text-slate-500">
                  {t('orders.shippedAt')} <ShopTime at={order.shipping.shipped_at} />
                </p>
              )}
            </Facts>
          </Card>
        </div>
      </div>
    </div>
  )
}

function Money({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? 'font-semibold' : 'text-slate-600'}>{label}</dt>
      <dd className={`text-right ${strong ? 'font-semibold' : ''}`}>{formatIdr(amount)}</dd>
    </>
  )
}

function Facts({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-1 text-sm">{children}</div>
}

/** Ship (warehouse, owner), deliver (warehouse, owner), cancel (also support): what the order's status allows. */
function OrderActions({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const me = useStaff()
  const queryClient = useQueryClient()
  const [cancelling, setCancelling] = useState(false)
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: ['order', order.sales_order_number] })
    void queryClient.invalidateQueries({ queryKey: ['orders'] })
  }
  const move = useMutation({
    mutationFn: ({ action, body }: { action: 'ship' | 'deliver' | 'cancel' | 'refund'; body?: unknown }) =>
      staffApi('POST', `/orders/${encodeURIComponent(order.sales_order_number)}/${action}`, {
        body: body ?? {},
      }),
    onSuccess: () => {
      setCancelling(false)
      done()
    },
  })
  // The role's permission (contract staff/permissions.ts) and the order's state machine decide.
  const fulfils = can(me.role, 'orders.fulfil')
  const canShip = fulfils && canMoveOrder(order.status, 'Delivery')
  const canDeliver = fulfils && canMoveOrder(order.status, 'Success')
  const canCancel = can(me.role, 'orders.cancel') && canMoveOrder(order.status, 'Cancel')
  // The money owed back has been paid: the owner records it with the transfer's reference (issue 30).
  const canRefund = can(me.role, 'orders.refund') && order.refund_state === 'due'
  if (!canShip && !canDeliver && !canCancel && !canRefund) return null
  return (
    <Card title={t('orders.actions')}>
      <div className="flex flex-col gap-3">
        <ErrorNote error={move.error} />
        {canShip && (
          <ShipForm onShip={(body) => move.mutate({ action: 'ship', body })} busy={move.isPending} />
        )}
        {canDeliver && (
          <Button onClick={() => move.mutate({ action: 'deliver' })} disabled={move.isPending}>
            {t('orders.markDelivered')}
          </Button>
        )}
        {canCancel &&
          (cancelling ? (
            <CancelForm onCancel={(body) => move.mutate({ action: 'cancel', body })} busy={move.isPending} />
          ) : (
            <Button look="danger" onClick={() => setCancelling(true)}>
              {t('orders.cancelOrder')}
            </Button>
          ))}
        {canRefund && (
          <RefundForm onRefund={(body) => move.mutate({ action: 'refund', body })} busy={move.isPending} />
        )}
      </div>
    </Card>
  )
}

function ShipForm({
  onShip,
  busy,
}: {
  onShip: (body: z.output<typeof StaffShipBodySchema>) => void
  busy: boolean
}) {
  const { t } = useTranslation()
  const form = useForm<z.input<typeof StaffShipBodySchema>, unknown, z.output<typeof StaffShipBodySchema>>({
    resolver: zodResolver(StaffShipBodySchema),
    defaultValues: { no_resi: '' },
  })
  const { errors } = form.formState
  return (
    <form noValidate onSubmit={form.handleSubmit(onShip)} className="flex flex-col gap-2">
      <Field label={t('orders.courier')} hint={t('orders.courierHint')} error={errors.courier?.message}>
        {(props) => (
          <Input
            {...props}
            {...form.register('courier', { setValueAs: (v: string) => v.trim() || undefined })}
          />
        )}
      </Field>
      <Field label={t('orders.waybill')} error={errors.no_resi?.message}>
        {(props) => <Input {...props} {...form.register('no_resi')} />}
      </Field>
      <Button type="submit" disabled={busy}>
        {t('orders.ship')}
      </Button>
    </form>
  )
}

function RefundForm({
  onRefund,
  busy,
}: {
  onRefund: (body: z.output<typeof StaffRefundBodySchema>) => void
  busy: boolean
}) {
  const { t } = useTranslation()
  const form = useForm<
    z.input<typeof StaffRefundBodySchema>,
    unknown,
    z.output<typeof StaffRefundBodySchema>
  >({
    resolver: zodResolver(StaffRefundBodySchema),
    defaultValues: { reference: '' },
  })
  return (
    <form noValidate onSubmit={form.handleSubmit(onRefund)} className="flex flex-col gap-2">
      <p className="text-sm text-slate-600">{t('orders.refundIntro')}</p>
      <Field label={t('orders.refundReference')} error={form.formState.errors.reference?.message}>
        {(props) => <Input {...props} {...form.register('reference')} />}
      </Field>
      <Button type="submit" disabled={busy}>
        {t('orders.recordRefund')}
      </Button>
    </form>
  )
}

function CancelForm({
  onCancel,
  busy,
}: {
  onCancel: (body: z.output<typeof StaffCancelBodySchema>) => void
  busy: boolean
}) {
  const { t } = useTranslation()
  const form = useForm<
    z.input<typeof StaffCancelBodySchema>,
    unknown,
    z.output<typeof StaffCancelBodySchema>
  >({
    resolver: zodResolver(StaffCancelBodySchema),
    defaultValues: { reason: '' },
  })
  return (
    <form noValidate onSubmit={form.handleSubmit(onCancel)} className="flex flex-col gap-2">
      <p className="text-sm text-slate-600">{t('orders.cancelIntro')}</p>
      <Field label={t('orders.cancelReason')} error={form.formState.errors.reason?.message}>
        {(props) => <Input {...props} {...form.register('reason')} />}
      </Field>
      <Button type="submit" look="danger" disabled={busy}>
        {t('orders.confirmCancel')}
      </Button>
    </form>
  )
}
