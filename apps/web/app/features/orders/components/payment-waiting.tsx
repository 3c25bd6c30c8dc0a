import { useEffect, useRef } from 'react'
import { formatIdr, formatWib } from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import type { OrderDetail } from '../orders.api.ts'
import { countdown } from '../orders.rules.ts'
import { useNow } from '../use-order.ts'

/** Copies through the Clipboard API, or a hidden textarea where that API is missing or refused. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    document.execCommand('copy')
    area.remove()
  }
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('orders')
  const showMessage = useOverlayStore((s) => s.showMessage)
  return (
    <div className="flex items-end justify-between gap-3">
      <p className="grid gap-1">
        <span className="text-xs text-neutral-600">{label}</span>
        <span className="text-xl font-semibold tracking-wider tabular-nums" data-testid={testId}>
          {value}
        </span>
      </p>
      <Button
        variant="outline"
        className="shrink-0 px-3 py-1.5 text-xs"
        aria-label={t('copyLabel', { label })}
        onClick={() => void copyText(value).then(() => showMessage(t('copied'), 'success'))}
      >
        {t('copy')}
      </Button>
    </div>
  )
}

/**
 * The payment deadline on the shop's clock (WIB) and the time left, ticking each second. When the
 * countdown reaches 00:00:00, `onElapsed` runs once (issue 26 item 11: the page checks the payment
 * and moves to the result the server gives, failed once the order expired).
 */
export function Deadline({ deadline, onElapsed }: { deadline: string; onElapsed?: () => void }) {
  const { t } = useTranslation('orders')
  const now = useNow()
  const time = Date.parse(deadline)
  const elapsed = now !== null && !Number.isNaN(time) && now >= time
  const fired = useRef(false)
  const latest = useRef(onElapsed)
  useEffect(() => {
    latest.current = onElapsed
  })
  useEffect(() => {
    if (!elapsed || fired.current) return
    fired.current = true
    latest.current?.()
  }, [elapsed])
  if (Number.isNaN(time)) return null
  return (
    <p className="grid gap-1 text-sm" data-testid="order-deadline">
      <span>{t('payBefore', { time: formatWib(time) })}</span>
      <span className="text-2xl font-semibold tabular-nums" data-testid="order-countdown" role="timer">
        {now === null ? '' : countdown(time, now)}
      </span>
    </p>
  )
}

/** What to pay with: the VA number or bill key (copyable), the QR image, the app link on phones. */
function PaymentMethodBlock({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders')
  const { payment } = order
  return (
    <section
      aria-label={t('payment')}
      className="grid gap-4 border border-neutral-200 p-4"
      data-testid="payment-method"
    >
      <p className="flex items-center gap-3 text-sm font-medium">
        {payment.payment_logo && (
          <img src={payment.payment_logo} alt="" className="h-6 w-10 object-contain" />
        )}
        {payment.name}
      </p>
      {payment.payment_state === 'pending' && (
        <p className="text-sm text-neutral-600" role="status">
          {t('paymentPending')}
        </p>
      )}
      {payment.biller_code && (
        <CopyRow label={t('billerCode')} value={payment.biller_code} testId="payment-biller" />
      )}
      {payment.rekening && (
        <CopyRow
          label={payment.biller_code ? t('billKey') : t('vaNumber')}
          value={payment.rekening}
          testId="payment-account"
        />
      )}
      {payment.qr_code && (
        <figure className="grid justify-items-center gap-2">
          <img
            src={payment.qr_code}
            alt={t('qrAlt', { name: payment.name })}
            width={224}
            height={224}
            className="h-56 w-56 bg-white"
            data-testid="payment-qr"
          />
          <figcaption className="text-center text-xs text-neutral-600">{t('qrHint')}</figcaption>
        </figure>
      )}
      {payment.deeplink && (
        // The app link only makes sense on a phone, where the app is (docs/product/shopping.md §2).
        <a
          href={payment.deeplink}
          className="btn-primary text-center lg:hidden"
          data-testid="payment-deeplink"
        >
          {t('openApp', { name: payment.name })}
        </a>
      )}
    </section>
  )
}

/**
 * The first view of an Open order (docs/product/shopping.md §2): 'Waiting for payment confirmation', the
 * deadline with its countdown, order id, total, how to pay it, How to Pay accordions, Check payment
 * and see detail. At the deadline `onDeadline` checks the payment once, as Check payment does.
 */
export function PaymentWaiting({
  order,
  onSeeDetail,
  onCheck,
  onDeadline,
  checking,
}: {
  order: OrderDetail
  onSeeDetail: () => void
  onCheck: () => void
  /** The countdown reached 00:00:00 (once). */
  onDeadline?: () => void
  checking: boolean
}) {
  const { t } = useTranslation('orders')
  const { sales_header: header, payment, tutorial_payment: tutorials } = order
  return (
    <article
      aria-labelledby="waiting-title"
      className="mx-auto grid w-full max-w-xl gap-5"
      data-testid="payment-waiting"
    >
      <h1 id="waiting-title" className="text-lg font-semibold uppercase tracking-[0.18em]">
        {t('waitingTitle')}
      </h1>
      <Deadline deadline={header.expired_time || payment.expired_at} onElapsed={onDeadline} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-y border-neutral-200 py-3 text-sm">
        <dt className="text-neutral-600">{t('orderId')}</dt>
        <dd className="text-right font-medium" data-testid="order-number">
          {header.sales_order_number}
        </dd>
        <dt className="text-neutral-600">{t('total')}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="order-total">
          {formatIdr(header.total_bayar)}
        </dd>
      </dl>
      <PaymentMethodBlock order={order} />
      {tutorials.length > 0 && (
        <section aria-labelledby="how-to-pay" className="grid gap-2">
          <h2 id="how-to-pay" className="text-xs font-semibold uppercase tracking-[0.2em]">
            {t('howToPay')}
          </h2>
          {tutorials.map((tutorial) => (
            <details
              key={tutorial.judul}
              className="group border border-neutral-200"
              data-testid="how-to-pay"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium">
                {tutorial.judul}
                <span aria-hidden="true" className="transition-transform group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <ol className="list-decimal space-y-1 px-4 pb-4 pl-8 text-sm text-neutral-700">
                {tutorial.steps.map((step, index) => (
                  <li key={index}>{step}</li>
                ))}
              </ol>
            </details>
          ))}
        </section>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Button onClick={onCheck} disabled={checking}>
          {checking ? t('checking') : t('checkPayment')}
        </Button>
        <Button variant="outline" onClick={onSeeDetail}>
          {t('seeDetail')}
        </Button>
      </div>
    </article>
  )
}
