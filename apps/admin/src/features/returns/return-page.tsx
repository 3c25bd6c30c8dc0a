import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  StaffReturnRefundBodySchema,
  StaffReturnRejectBodySchema,
  StaffReturnShipBodySchema,
  can,
  formatIdr,
  type AdminOrderDetail,
  type OrderMessageMoment,
  type StaffReturn,
  type StaffReturnReceiveBody,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { useStaff } from '../../lib/session.ts'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import { Button, Card, ErrorNote, Field, Input, Loading, PageHeader, ShopTime } from '../../components/ui.tsx'
import { OrderStatusBadge } from '../orders/order-status.tsx'
import { messagesOnTheirWay, OrderMessages } from '../orders/order-messages.tsx'
import { ReturnStatusBadge } from './return-status.tsx'
import { ReceiveForm } from './receive-form.tsx'
import { returnPath, useReturn, useWarehouses } from './returns.api.ts'

type Move = 'approve' | 'reject' | 'receive' | 'refund' | 'ship'

/**
 * One return as staff work it (issue 40): its lines, the buyer's photos and note, the order it came
 * from, the money going back, the parcels both ways, its history, and the moves its state allows.
 */
export function ReturnPage() {
  const { t } = useTranslation()
  const number = useParams().number ?? ''
  const query = useReturn(number)
  if (query.isPending) return <Loading />
  if (query.error) return <ErrorNote error={query.error} />
  const ret = query.data
  return (
    <div className="flex flex-col gap-4">
      <Link to="/returns" className="text-sm underline">
        {t('returns.back')}
      </Link>
      <PageHeader
        title={t('returns.heading', { number: ret.return_number })}
        actions={
          <div className="flex items-center gap-2">
            <span className="text-sm text-slate-600">{t(`returnResolution.${ret.resolution}`)}</span>
            <ReturnStatusBadge status={ret.status} />
          </div>
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <Lines ret={ret} />
          {ret.photos.length > 0 && <Photos photos={ret.photos} />}
          <Card title={t('returns.note')}>
            <p className="text-sm whitespace-pre-line" data-testid="buyer-note">
              {ret.note ?? <span className="text-slate-500">{t('returns.noNote')}</span>}
            </p>
            {ret.reject_reason && (
              <p className="mt-3 text-sm">
                <span className="font-medium">{t('returns.rejectReason')}:</span> {ret.reject_reason}
              </p>
            )}
          </Card>
          <Actions ret={ret} />
          <Events ret={ret} />
          <ReturnMessages ret={ret} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          {ret.refund && <Refund ret={ret} />}
          <Parcels ret={ret} />
          <FromOrder ret={ret} />
        </div>
      </div>
    </div>
  )
}

function Lines({ ret }: { ret: StaffReturn }) {
  const { t } = useTranslation()
  return (
    <Card title={t('returns.lines')}>
      <ul className="divide-y divide-slate-100" data-testid="return-lines">
        {ret.lines.map((line) => (
          <li key={line.sku_product} className="flex gap-3 py-2">
            {line.url_image && <img src={line.url_image} alt="" className="h-16 w-12 rounded object-cover" />}
            <div className="flex-1 text-sm">
              <div className="font-medium">{line.product_master_name}</div>
              <div className="text-slate-600">
                {line.sku_product} · {t('returns.size', { size: line.ukuran })} ·{' '}
                {t('returns.qty', { count: line.qty })}
              </div>
              <div>{t(`returnReason.${line.reason}`)}</div>
              {line.exchange_ukuran && (
                <div className="font-medium">
                  {t('returns.exchangeFor', { size: line.exchange_ukuran })}
                  {line.held_qty > 0 && (
                    <span className="font-normal text-slate-600">
                      {' '}
                      · {t('returns.held', { count: line.held_qty })}
                    </span>
                  )}
                </div>
              )}
              {line.accepted_qty !== null && (
                <div>{t('returns.accepted', { accepted: line.accepted_qty, qty: line.qty })}</div>
              )}
              {line.not_accepted_reason && (
                <div className="text-amber-800">
                  {t('returns.notAccepted', { reason: line.not_accepted_reason })}
                </div>
              )}
            </div>
            {ret.resolution === 'REFUND' && (
              <div className="text-sm whitespace-nowrap">{formatIdr(line.refund_amount)}</div>
            )}
          </li>
        ))}
      </ul>
    </Card>
  )
}

function Photos({ photos }: { photos: string[] }) {
  const { t } = useTranslation()
  return (
    <Card title={t('returns.photosTitle')}>
      <ul className="flex flex-wrap gap-3">
        {photos.map((url, index) => (
          <li key={url}>
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="block rounded outline-offset-2"
              aria-label={t('returns.photoOpen', { n: index + 1, count: photos.length })}
            >
              <img src={url} alt="" className="h-24 w-24 rounded border border-slate-200 object-cover" />
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function Events({ ret }: { ret: StaffReturn }) {
  const { t } = useTranslation()
  const actor = (who: string) =>
    who === 'customer'
      ? t('returns.byCustomer')
      : who === 'system'
        ? t('returns.bySystem')
        : who === 'payment'
          ? t('returns.byPayment')
          : who.replace(/^staff:/, '')
  return (
    <Card title={t('returns.events')}>
      <ol className="flex flex-col gap-2 text-sm" data-testid="return-events">
        {ret.events.map((event, index) => (
          <li key={index} className="flex flex-wrap gap-x-3">
            <ShopTime at={event.at} />
            <span className="font-medium">{t(`returnStatus.${event.to}`)}</span>
            <span className="text-slate-500">{actor(event.actor)}</span>
            {event.note && <span className="w-full text-slate-600">{event.note}</span>}
          </li>
        ))}
      </ol>
    </Card>
  )
}

/** The moments of an order's messages that are a return's (issue 40). */
const RETURN_MOMENTS: readonly OrderMessageMoment[] = [
  'return_approved',
  'return_rejected',
  'return_received',
  'return_refunded',
  'exchange_shipped',
]

/**
 * What the buyer was told about returns of this order (the order's messages of the return moments,
 * re-sendable as on the order's page; the order's other returns' messages show too). The order's
 * query is the order page's own, so both show the same.
 */
function ReturnMessages({ ret }: { ret: StaffReturn }) {
  const query = useQuery({
    queryKey: ['order', ret.sales_order_number],
    queryFn: () => staffApi<AdminOrderDetail>('GET', `/orders/${encodeURIComponent(ret.sales_order_number)}`),
    refetchInterval: (current) => (messagesOnTheirWay(current.state.data) ? 5000 : false),
  })
  if (!query.data) return null
  const messages = query.data.messages.filter((message) => RETURN_MOMENTS.includes(message.moment))
  return <OrderMessages order={{ ...query.data, messages }} />
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">{children}</dl>
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}

function Refund({ ret }: { ret: StaffReturn }) {
  const { t } = useTranslation()
  const refund = ret.refund!
  // The owner sees the account unmasked (to make the transfer); others the masked one.
  const account = ret.refund_account ?? refund.account
  return (
    <Card title={t('returns.refundTitle')}>
      <Facts>
        <Fact label={t('returns.amount')}>
          <span className="font-semibold" data-testid="refund-amount">
            {formatIdr(refund.amount)}
          </span>
          {refund.state === 'estimate' && <span className="text-slate-500"> · {t('returns.estimate')}</span>}
          {refund.delivery_fee > 0 && (
            <div className="text-slate-500">
              {t('returns.deliveryFee', { amount: formatIdr(refund.delivery_fee) })}
            </div>
          )}
        </Fact>
        <Fact label={t('returns.refundMethod')}>
          {t(`returns.method.${refund.method}`, { payment: refund.payment_name })}
        </Fact>
        <Fact label={t('returns.status')}>
          <span data-testid="refund-state">{t(`returns.refundState.${refund.state}`)}</span>
        </Fact>
        {account && (
          <Fact label={t('returns.account')}>
            <div>{account.bank}</div>
            <div className="font-mono" data-testid="refund-account-number">
              {account.number}
            </div>
            <div>{account.holder}</div>
            {!ret.refund_account && (
              <div className="text-xs text-slate-500">{t('returns.accountOwnerOnly')}</div>
            )}
          </Fact>
        )}
        {refund.reference && <Fact label={t('returns.reference')}>{refund.reference}</Fact>}
        {refund.refunded_at && (
          <Fact label={t('returns.refundedAt')}>
            <ShopTime at={refund.refunded_at} />
          </Fact>
        )}
      </Facts>
    </Card>
  )
}

function Parcels({ ret }: { ret: StaffReturn }) {
  const { t } = useTranslation()
  if (!ret.buyer_parcel && !ret.exchange_parcel) return null
  return (
    <Card title={t('returns.parcel')}>
      <Facts>
        {ret.buyer_parcel && (
          <Fact label={t('returns.buyerParcel')}>
            <div data-testid="buyer-parcel">
              {ret.buyer_parcel.courier} · {ret.buyer_parcel.no_resi}
            </div>
            <div className="text-slate-500">
              <ShopTime at={ret.buyer_parcel.at} />
            </div>
          </Fact>
        )}
        {ret.exchange_parcel && (
          <Fact label={t('returns.exchangeParcel')}>
            <div data-testid="exchange-parcel">
              {ret.exchange_parcel.courier} · {ret.exchange_parcel.no_resi}
            </div>
            <div className="text-slate-500">
              <ShopTime at={ret.exchange_parcel.at} />
            </div>
            {ret.exchange_parcel.tracking_link && (
              <a
                href={ret.exchange_parcel.tracking_link}
                target="_blank"
                rel="noreferrer"
                className="underline"
              >
                {t('returns.track')}
              </a>
            )}
          </Fact>
        )}
      </Facts>
    </Card>
  )
}

function FromOrder({ ret }: { ret: StaffReturn }) {
  const { t } = useTranslation()
  const { order, buyer } = ret
  return (
    <Card title={t('returns.fromOrder')}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/orders/${encodeURIComponent(ret.sales_order_number)}`}
            className="font-medium underline"
          >
            {t('returns.orderLink', { number: ret.sales_order_number })}
          </Link>
          <OrderStatusBadge status={order.status as Parameters<typeof OrderStatusBadge>[0]['status']} />
        </div>
        <Facts>
          <Fact label={t('returns.ordered')}>
            <ShopTime at={order.order_date} />
          </Fact>
          <Fact label={t('returns.deliveredAt')}>
            {order.delivered_at ? <ShopTime at={order.delivered_at} /> : t('returns.notDelivered')}
          </Fact>
          <Fact label={t('returns.paidWith')}>{order.payment_name}</Fact>
          <Fact label={t('returns.shippingFee')}>{formatIdr(order.biaya_kirim)}</Fact>
          {order.promo_value > 0 && (
            <Fact label={t('returns.voucher', { code: order.kode_promo ?? '' })}>
              {formatIdr(-order.promo_value)}
            </Fact>
          )}
          <Fact label={t('returns.total')}>
            <span className="font-semibold">{formatIdr(order.total_bayar)}</span>
          </Fact>
        </Facts>
        <div className="border-t border-slate-200 pt-3">
          <h3 className="mb-1 text-sm font-semibold">{t('returns.buyerTitle')}</h3>
          <div className="text-sm">
            <div>
              {buyer.name}
              {buyer.is_guest && <span className="text-slate-500"> · {t('returns.guest')}</span>}
            </div>
            <div className="text-slate-600">{buyer.phone}</div>
            {buyer.email && <div className="break-all text-slate-600">{buyer.email}</div>}
          </div>
        </div>
      </div>
    </Card>
  )
}

/** The moves the return's state and the signed-in role allow, each confirmed where money or stock moves. */
function Actions({ ret }: { ret: StaffReturn }) {
  const { t } = useTranslation()
  const me = useStaff()
  const queryClient = useQueryClient()
  const manages = can(me.role, 'returns.manage')
  const refunds = can(me.role, 'returns.refund')
  const warehouses = useWarehouses(can(me.role, 'stock.read') && ret.status === 'APPROVED')
  const call = async (move: Move, body: unknown = {}) => {
    const next = await staffApi<StaffReturn>('POST', `${returnPath(ret.return_number)}/${move}`, { body })
    queryClient.setQueryData(['return', ret.return_number], next)
    return next
  }
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: ['return', ret.return_number] })
    void queryClient.invalidateQueries({ queryKey: ['returns'] })
    void queryClient.invalidateQueries({ queryKey: ['insights'] })
    void queryClient.invalidateQueries({ queryKey: ['order', ret.sales_order_number] })
  }
  const refund = ret.refund
  const toPay =
    ret.status === 'RECEIVED' && refund !== null && (refund.state === 'pending' || refund.state === 'failed')
  let content: ReactNode = null
  if (ret.status === 'REQUESTED' && manages) content = <Review ret={ret} call={call} done={done} />
  else if (ret.status === 'APPROVED' && manages)
    content = (
      <ReceiveForm
        ret={ret}
        warehouses={warehouses.data ?? null}
        onReceive={(body: StaffReturnReceiveBody) => call('receive', body)}
        onDone={done}
      />
    )
  else if (toPay && !refunds) content = <p className="text-sm text-slate-600">{t('returns.ownerRefunds')}</p>
  else if (toPay && refund.state === 'failed')
    content = (
      <div className="max-w-xl">
        <ConfirmButton
          look="primary"
          label={t('returns.retry')}
          title={t('returns.retryTitle', { payment: refund.payment_name, amount: formatIdr(refund.amount) })}
          confirm={t('returns.retry')}
          onConfirm={() => call('refund', {})}
          onDone={done}
        >
          {t('returns.retryText', { error: '' })}
        </ConfirmButton>
      </div>
    )
  else if (toPay && refund.method === 'BANK_TRANSFER')
    content = <RecordRefund ret={ret} call={call} done={done} />
  else if (ret.status === 'RECEIVED' && ret.resolution === 'EXCHANGE' && manages)
    content = <ShipExchange ret={ret} call={call} done={done} />
  // Nothing to do in this state (or not for this role): the page only reads.
  if (content === null) return null
  return <Card title={t('returns.actions')}>{content}</Card>
}

type Call = (move: Move, body?: unknown) => Promise<StaffReturn>

function Review({ ret, call, done }: { ret: StaffReturn; call: Call; done: () => void }) {
  const { t } = useTranslation()
  const [note, setNote] = useState('')
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const reject = useMutation({
    mutationFn: (body: { reason: string }) => call('reject', body),
    onSuccess: done,
  })
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <Field label={t('returns.approveNote')}>
        {(props) => (
          <Input {...props} value={note} maxLength={300} onChange={(event) => setNote(event.target.value)} />
        )}
      </Field>
      <ConfirmButton
        look="primary"
        label={t('returns.approve')}
        title={t('returns.approveTitle', { number: ret.return_number })}
        confirm={t('returns.approve')}
        onConfirm={() => call('approve', note.trim() ? { note: note.trim() } : {})}
        onDone={done}
      >
        {t('returns.approveText', {
          exchange: ret.resolution === 'EXCHANGE' ? t('returns.approveExchange') : '',
        })}
      </ConfirmButton>
      {rejecting ? (
        <form
          noValidate
          className="flex flex-col gap-2 border-t border-slate-200 pt-3"
          onSubmit={(event) => {
            event.preventDefault()
            const parsed = StaffReturnRejectBodySchema.safeParse({ reason })
            if (!parsed.success) return setProblem(parsed.error.issues[0]?.message)
            setProblem(undefined)
            reject.mutate(parsed.data)
          }}
        >
          <Field label={t('returns.rejectReasonLabel')} error={problem}>
            {(props) => (
              <Input
                {...props}
                value={reason}
                maxLength={300}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </Field>
          <ErrorNote error={reject.error} />
          <Button type="submit" look="danger" disabled={reject.isPending}>
            {t('returns.rejectConfirm')}
          </Button>
        </form>
      ) : (
        <Button look="danger" onClick={() => setRejecting(true)}>
          {t('returns.reject')}
        </Button>
      )}
    </div>
  )
}

function RecordRefund({ ret, call, done }: { ret: StaffReturn; call: Call; done: () => void }) {
  const { t } = useTranslation()
  const [reference, setReference] = useState('')
  const parsed = StaffReturnRefundBodySchema.safeParse({ reference })
  const valid = parsed.success && Boolean(parsed.data.reference)
  const amount = formatIdr(ret.refund!.amount)
  return (
    <div className="flex max-w-xl flex-col gap-2">
      <p className="text-sm text-slate-600">{t('returns.refundIntro', { amount })}</p>
      <Field
        label={t('returns.refundReference')}
        error={reference.trim() !== '' && !parsed.success ? parsed.error.issues[0]?.message : undefined}
      >
        {(props) => (
          <Input
            {...props}
            value={reference}
            maxLength={100}
            onChange={(event) => setReference(event.target.value)}
          />
        )}
      </Field>
      <ConfirmButton
        look="primary"
        label={t('returns.recordRefund')}
        title={t('returns.refundTitle2', { amount })}
        confirm={t('returns.refundConfirm')}
        disabled={!valid}
        onConfirm={() => call('refund', parsed.data)}
        onDone={done}
      >
        {t('returns.refundText')}
      </ConfirmButton>
    </div>
  )
}

function ShipExchange({ ret, call, done }: { ret: StaffReturn; call: Call; done: () => void }) {
  const { t } = useTranslation()
  const [courier, setCourier] = useState('')
  const [waybill, setWaybill] = useState('')
  const parsed = StaffReturnShipBodySchema.safeParse({
    no_resi: waybill,
    ...(courier.trim() ? { courier } : {}),
  })
  const issue = (field: string) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message
  return (
    <div className="flex max-w-xl flex-col gap-2">
      <p className="text-sm text-slate-600">{t('returns.shipIntro')}</p>
      <Field
        label={t('returns.courier')}
        hint={t('returns.courierHint')}
        error={courier.trim() ? issue('courier') : undefined}
      >
        {(props) => <Input {...props} value={courier} onChange={(event) => setCourier(event.target.value)} />}
      </Field>
      <Field label={t('returns.waybill')} error={waybill.trim() ? issue('no_resi') : undefined}>
        {(props) => <Input {...props} value={waybill} onChange={(event) => setWaybill(event.target.value)} />}
      </Field>
      <ConfirmButton
        look="primary"
        label={t('returns.ship')}
        title={t('returns.shipTitle', { number: ret.return_number })}
        confirm={t('returns.shipConfirm')}
        disabled={!parsed.success}
        onConfirm={() => call('ship', parsed.data)}
        onDone={done}
      >
        {t('returns.shipText', { waybill: parsed.success ? parsed.data.no_resi : '' })}
      </ConfirmButton>
    </div>
  )
}
