import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import {
  formatIdr,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type Return,
  type TrackingEntry,
} from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { consented, trackLater } from '~/lib/track-later.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { cancelReturn, fetchExchangeTracking, fetchReturn, sendReturnWaybill } from '../returns.api.ts'
import { markRefundReported, returnWhen, waybillProblems, type Problems } from '../returns.rules.ts'
import { ReturnStatusChip } from './return-status.tsx'

const heading = 'mb-3 text-xs font-semibold uppercase tracking-[0.2em]'
const block = 'border-t border-neutral-200 pt-4 text-sm'

/**
 * A refunded return's analytics `refund` (issue 40, decision 034), once per return and browser and
 * only with consent: the order's number as transaction_id, the amount paid back in IDR.
 */
function reportRefund(ret: Return) {
  if (!ret.refund || ret.refund.state !== 'done') return
  if (ret.status !== 'REFUNDED' && ret.status !== 'CLOSED') return
  if (!consented() || !markRefundReported(ret.return_number)) return
  trackLater({
    name: 'refund',
    params: { currency: 'IDR', value: ret.refund.amount, transaction_id: ret.sales_order_number },
  })
}

/**
 * /member/returns/{return_number} (issue 40): the return's number, state and timeline, its pieces
 * (with what the shop accepted once it arrived), photos, and what to do next: cancel while it is
 * requested, where to send the parcel and its waybill once approved, the refund or the new size's
 * parcel at the end. Read again when the tab becomes visible, as an order is.
 */
export function ReturnPage({ returnNumber }: { returnNumber: string }) {
  const t = useNamespaceT('returns')
  const { i18n } = useTranslation('returns')
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token)
  const location = useLocation()
  const created = (location.state as { created?: boolean } | null)?.created === true
  const [ret, setRet] = useState<Return | null>(null)
  const [failed, setFailed] = useState(false)
  const current = useRef<AbortController | null>(null)

  const reload = useCallback(async () => {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    try {
      setRet(await fetchReturn(api, returnNumber, { signal: controller.signal }))
      setFailed(false)
    } catch {
      if (!controller.signal.aborted) setFailed(true)
    }
  }, [api, returnNumber])

  useEffect(() => {
    if (!token) return
    void reload()
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      current.current?.abort()
    }
  }, [reload, token, i18n.language])

  useEffect(() => {
    if (ret) reportRefund(ret)
  }, [ret])

  if (!ret) {
    return (
      <p className="py-10 text-center text-sm text-neutral-600" role="status">
        {failed ? t('page.notFound', 'This return was not found.') : t('loading', 'Loading…')}
      </p>
    )
  }
  const lng = i18n.language === 'id' ? 'id' : 'en'
  return (
    <article aria-labelledby="return-title" className="grid gap-6" data-testid="return-page">
      <header className="grid gap-2">
        <TrackedLink
          to={`/member/order/${encodeURIComponent(ret.id_sales_header)}`}
          className="justify-self-start text-xs text-neutral-600 underline underline-offset-4"
        >
          {t('page.order', 'Order {{number}}', { number: ret.sales_order_number })}
        </TrackedLink>
        <h1 id="return-title" className="text-lg font-semibold uppercase tracking-[0.18em]">
          {ret.resolution === 'EXCHANGE' ? t('page.exchangeTitle', 'Exchange') : t('page.title', 'Return')}{' '}
          <span className="whitespace-nowrap normal-case tracking-normal" data-testid="return-number">
            {ret.return_number}
          </span>
        </h1>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <ReturnStatusChip status={ret.status} message={ret.status_message} />
          <span className="text-neutral-600">
            {t('page.asked', 'Asked on {{when}}', { when: returnWhen(ret.created_at, lng) })}
          </span>
        </div>
        {/* The request just sent (a reload keeps the location's state: only while it is still requested). */}
        {created && ret.status === 'REQUESTED' && (
          <p className="border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900" role="status">
            {t('page.created', 'Your request was sent. We will let you know once the shop has looked at it.')}
          </p>
        )}
      </header>

      <NextStep ret={ret} onChange={setRet} />

      <section aria-labelledby="return-lines" className={block}>
        <h2 id="return-lines" className={heading}>
          {t('page.pieces', 'Pieces')}
        </h2>
        <ul className="grid gap-4">
          {ret.lines.map((line) => (
            <li key={line.sku_product} className="flex gap-3" data-testid="return-page-line">
              <img src={line.url_image} alt="" className="h-20 w-16 shrink-0 bg-neutral-100 object-cover" />
              <div className="grid min-w-0 flex-1 content-start gap-0.5">
                <p className="font-medium">{line.product_master_name}</p>
                <p className="text-xs text-neutral-600">
                  {t('page.lineSize', 'Size {{size}} · {{qty}} piece(s)', {
                    size: line.ukuran,
                    qty: line.qty,
                  })}
                </p>
                <p className="text-xs text-neutral-600">{RETURN_REASON_LABELS[line.reason][lng]}</p>
                {line.exchange_ukuran && (
                  <p className="text-xs font-medium" data-testid="return-new-size">
                    {t('page.newSize', 'New size: {{size}}', { size: line.exchange_ukuran })}
                  </p>
                )}
                {line.accepted_qty !== null && (
                  <p className="text-xs">
                    {t('page.accepted', 'Accepted: {{accepted}} of {{qty}}', {
                      accepted: line.accepted_qty,
                      qty: line.qty,
                    })}
                    {line.not_accepted_reason && ` · ${line.not_accepted_reason}`}
                  </p>
                )}
              </div>
              {ret.resolution === 'REFUND' && <p className="tabular-nums">{formatIdr(line.refund_amount)}</p>}
            </li>
          ))}
        </ul>
        {ret.photos.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('page.photos', 'Photos')}>
            {ret.photos.map((url, index) => (
              <li key={url}>
                <img
                  src={url}
                  alt={t('form.photo', 'Photo {{n}}', { n: index + 1 })}
                  className="h-20 w-20 bg-neutral-100 object-cover"
                />
              </li>
            ))}
          </ul>
        )}
        {ret.note && (
          <p className="mt-3 text-neutral-700">
            <span className="font-medium">{t('page.note', 'Your note')}:</span> {ret.note}
          </p>
        )}
      </section>

      {ret.refund && <RefundBlock refund={ret.refund} lng={lng} />}

      <section aria-labelledby="return-timeline" className={block}>
        <h2 id="return-timeline" className={heading}>
          {t('page.timeline', 'Timeline')}
        </h2>
        <ol className="grid gap-3" data-testid="return-timeline">
          {ret.events.map((event, index) => (
            <li key={`${event.to}-${index}`} className="grid gap-0.5 border-l-2 border-neutral-300 pl-3">
              <span className="font-medium">{RETURN_STATUS_LABELS[event.to][lng]}</span>
              <time dateTime={event.at} className="text-xs text-neutral-600">
                {returnWhen(event.at, lng)}
              </time>
              {event.note && <span className="text-xs text-neutral-700">{event.note}</span>}
            </li>
          ))}
        </ol>
      </section>
    </article>
  )
}

/** What the shopper does next, by state: cancel, send the parcel, read why it was refused, follow the new size. */
function NextStep({ ret, onChange }: { ret: Return; onChange: (ret: Return) => void }) {
  const t = useNamespaceT('returns')
  const { i18n } = useTranslation('returns')
  const lng = i18n.language === 'id' ? 'id' : 'en'
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const api = useApi()

  async function cancel() {
    setBusy(true)
    setError(null)
    try {
      onChange(await cancelReturn(api, ret.return_number))
      setConfirming(false)
    } catch (caught) {
      setConfirming(false)
      setError(refusalText(caught, t))
    } finally {
      setBusy(false)
    }
  }

  const body = (() => {
    switch (ret.status) {
      case 'REQUESTED':
        return (
          <p>
            {t(
              'next.requested',
              'The shop checks your request and lets you know. Keep the pieces with their tags until then.',
            )}
          </p>
        )
      case 'APPROVED':
        return (
          <div className="grid gap-4">
            {ret.ship_to && (
              <div className="grid gap-1" data-testid="return-ship-to">
                <p>
                  {t(
                    'next.approved',
                    'Send the pieces to this address, with the return number {{number}} on the parcel:',
                    { number: ret.return_number },
                  )}
                </p>
                <address className="border border-neutral-200 bg-neutral-50 px-4 py-3 not-italic">
                  <span className="block font-medium">{ret.ship_to.name}</span>
                  <span className="block">{ret.ship_to.phone}</span>
                  <span className="block whitespace-pre-line">{ret.ship_to.address}</span>
                </address>
                {ret.ship_to.instructions && (
                  <p className="whitespace-pre-line text-neutral-700">{ret.ship_to.instructions}</p>
                )}
              </div>
            )}
            {ret.can_send_waybill && <WaybillForm ret={ret} onSent={onChange} />}
          </div>
        )
      case 'REJECTED':
        return (
          <p>
            {t('next.rejected', 'The shop could not accept this return.')}
            {ret.reject_reason && (
              <>
                {' '}
                <span className="font-medium">{ret.reject_reason}</span>
              </>
            )}
          </p>
        )
      case 'RECEIVED':
        return (
          <p>
            {ret.resolution === 'EXCHANGE'
              ? t('next.receivedExchange', 'The shop received your parcel and sends the new size soon.')
              : t('next.receivedRefund', 'The shop received your parcel; the refund follows.')}
          </p>
        )
      case 'CANCELLED':
        return <p>{t('next.cancelled', 'You cancelled this request.')}</p>
      case 'REFUNDED':
        return <p>{t('next.refunded', 'Your refund was paid: the details are below.')}</p>
      case 'CLOSED':
        return <p>{t('next.closed', 'This return is closed.')}</p>
      default:
        return null
    }
  })()

  // Nothing to say (an exchange shipped says it by its parcel): no empty heading.
  if (!body && !ret.buyer_parcel && !ret.exchange_parcel && !error && !ret.can_cancel) return null
  return (
    <section aria-labelledby="return-next" className={block} data-testid="return-next">
      <h2 id="return-next" className={heading}>
        {t('next.title', 'What happens next')}
      </h2>
      <div className="grid gap-3">
        {body}
        {ret.buyer_parcel && (
          <p data-testid="return-buyer-parcel">
            {t('next.parcelSent', 'Parcel sent back: {{courier}} {{waybill}}, {{when}}', {
              courier: ret.buyer_parcel.courier.toUpperCase(),
              waybill: ret.buyer_parcel.no_resi,
              when: returnWhen(ret.buyer_parcel.at, lng),
            })}
          </p>
        )}
        {ret.exchange_parcel && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="return-exchange-parcel">
            <span>
              {t('next.exchangeShipped', 'Your new size is on its way: {{courier}} {{waybill}}', {
                courier: ret.exchange_parcel.courier.toUpperCase(),
                waybill: ret.exchange_parcel.no_resi,
              })}
            </span>
          </p>
        )}
        {ret.exchange_parcel && <ExchangeTracking returnNumber={ret.return_number} />}
        {error && (
          <p className="text-red-700" role="alert">
            {error}
          </p>
        )}
        {ret.can_cancel && (
          <Button
            variant="outline"
            className="justify-self-start px-4 py-2 text-xs"
            onClick={() => setConfirming(true)}
          >
            {t('cancel.open', 'Cancel this request')}
          </Button>
        )}
      </div>
      {confirming && (
        <OverlayPanel
          title={t('cancel.title', 'Cancel this request?')}
          closeLabel={t('close', 'Close')}
          onClose={() => setConfirming(false)}
        >
          <p className="mt-3 text-sm text-neutral-700">
            {t(
              'cancel.text',
              'The shop will not look at it any more. You can ask again while the return window is open.',
            )}
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button onClick={() => void cancel()} disabled={busy}>
              {t('cancel.confirm', 'Yes, cancel it')}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('cancel.keep', 'Keep it')}
            </Button>
          </div>
        </OverlayPanel>
      )}
    </section>
  )
}

/** The refused call's words: the catalogue's code in the page's language, else the server's message. */
function refusalText(caught: unknown, t: ReturnType<typeof useNamespaceT>): string {
  if (caught instanceof ApiError && caught.code?.startsWith('RET'))
    return t(`errors.${caught.code}`, caught.message)
  if (caught instanceof Error) return caught.message
  return t('form.failed', 'The request could not be sent. Please try again.')
}

/** The parcel sent back: courier and waybill (APPROVED). */
function WaybillForm({ ret, onSent }: { ret: Return; onSent: (ret: Return) => void }) {
  const t = useNamespaceT('returns')
  const api = useApi()
  const [courier, setCourier] = useState(ret.buyer_parcel?.courier ?? '')
  const [waybill, setWaybill] = useState(ret.buyer_parcel?.no_resi ?? '')
  const [checked, setChecked] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const problems: Problems = checked ? waybillProblems(courier, waybill) : {}

  async function send() {
    setChecked(true)
    setError(null)
    if (Object.keys(waybillProblems(courier, waybill)).length > 0) return
    setBusy(true)
    try {
      onSent(
        await sendReturnWaybill(api, ret.return_number, {
          courier: courier.trim().toLowerCase(),
          no_resi: waybill.trim(),
        }),
      )
      setChecked(false)
    } catch (caught) {
      setError(refusalText(caught, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      noValidate
      aria-label={t('waybill.title', 'The parcel you sent')}
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy) void send()
      }}
      data-testid="return-waybill"
    >
      <Field
        label={t('waybill.courier', 'Courier')}
        value={courier}
        onValue={setCourier}
        placeholder="jne"
        autoComplete="off"
        error={
          problems.courier
            ? t('form.problems.courier', 'Enter the courier, such as jne, sicepat or jnt.')
            : null
        }
      />
      <Field
        label={t('waybill.number', 'Waybill number')}
        value={waybill}
        onValue={setWaybill}
        autoComplete="off"
        error={
          problems.waybill
            ? t('form.problems.waybill', 'Enter the waybill: 6 to 40 letters, digits or dashes.')
            : null
        }
      />
      {/* Not disabled while sending (a second press is ignored above): its colour would fade back in after. */}
      <Button type="submit" aria-busy={busy || undefined} className="sm:mt-[1.625rem]">
        {ret.buyer_parcel ? t('waybill.update', 'Update') : t('waybill.send', 'Save waybill')}
      </Button>
      {error && (
        <p className="text-xs text-red-700 sm:col-span-3" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

/** The money: how much, how it goes back, and where it stands. */
function RefundBlock({ refund, lng }: { refund: NonNullable<Return['refund']>; lng: 'en' | 'id' }) {
  const t = useNamespaceT('returns')
  const state = {
    estimate: t('refund.estimate', 'Estimated: the final amount follows the shop’s count on arrival'),
    pending: t('refund.pending', 'To be paid'),
    failed: t('refund.failed', 'The payment provider has not refunded yet; the shop tries again'),
    done: t('refund.done', 'Paid back'),
  }[refund.state]
  return (
    <section aria-labelledby="return-refund" className={block} data-testid="return-refund">
      <h2 id="return-refund" className={heading}>
        {t('refund.title', 'Refund')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="text-neutral-600">{t('refund.amount', 'Amount')}</dt>
        <dd className="font-medium tabular-nums" data-testid="return-refund-amount">
          {formatIdr(refund.amount)}
          {refund.delivery_fee > 0 &&
            ` ${t('refund.withFee', '(delivery fee {{fee}} included)', { fee: formatIdr(refund.delivery_fee) })}`}
        </dd>
        <dt className="text-neutral-600">{t('refund.method', 'How')}</dt>
        <dd>
          {refund.method === 'PROVIDER'
            ? t('refund.provider', 'Back to {{payment}}', { payment: refund.payment_name })
            : refund.account
              ? t('refund.transfer', 'Bank transfer to {{bank}} {{number}} ({{holder}})', refund.account)
              : t('refund.transferNoAccount', 'Bank transfer')}
        </dd>
        <dt className="text-neutral-600">{t('refund.state', 'State')}</dt>
        <dd>
          {state}
          {refund.refunded_at && ` · ${returnWhen(refund.refunded_at, lng)}`}
        </dd>
        {refund.reference && (
          <>
            <dt className="text-neutral-600">{t('refund.reference', 'Reference')}</dt>
            <dd>{refund.reference}</dd>
          </>
        )}
      </dl>
    </section>
  )
}

/**
 * The exchange's parcel followed with the courier (GET …/tracking), asked when the shopper opens
 * it: the timeline newest first, or a line saying it cannot be read now.
 */
function ExchangeTracking({ returnNumber }: { returnNumber: string }) {
  const t = useNamespaceT('returns')
  const { i18n } = useTranslation('returns')
  const lng = i18n.language === 'id' ? 'id' : 'en'
  const api = useApi()
  const [entries, setEntries] = useState<TrackingEntry[] | null>(null)
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')

  async function open() {
    setState('loading')
    try {
      setEntries(await fetchExchangeTracking(api, returnNumber))
      setState('idle')
    } catch {
      setState('failed')
    }
  }

  if (entries) {
    return (
      <ol
        className="grid gap-2 border-l border-stone-300 pl-4 text-sm"
        data-testid="return-exchange-tracking"
      >
        {entries.map((entry) => (
          <li key={`${entry.waktu}-${entry.keterangan}`}>
            <span className="block text-xs text-stone-600">{returnWhen(entry.waktu, lng)}</span>
            {entry.keterangan}
          </li>
        ))}
      </ol>
    )
  }
  return (
    <div className="grid gap-1">
      <Button
        variant="outline"
        className="justify-self-start px-4 py-2 text-xs"
        disabled={state === 'loading'}
        onClick={() => void open()}
      >
        {t('next.track', 'Track the parcel')}
      </Button>
      {state === 'failed' && (
        <p className="text-sm text-red-700" role="alert">
          {t('next.trackFailed', 'The courier cannot be asked right now. Please try again in a moment.')}
        </p>
      )}
    </div>
  )
}
