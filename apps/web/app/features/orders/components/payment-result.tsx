import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { formatIdr } from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import { resultMatches, resultWord, type ResultWord, type SuccessSpelling } from '../orders.rules.ts'
import { useOrder } from '../use-order.ts'
import { markThanked } from '../thanked-orders.ts'
import { Deadline } from './payment-waiting.tsx'
import { commerceOf, consented, trackLater } from '~/lib/track-later.ts'
import type { OrderDetail } from '@busana/contract'

/** Orders whose purchase was already reported from this browser (a reload must not count twice). */
const REPORTED_KEY = 'busana-purchases-reported'

/**
 * Analytics purchase (decision 034) for a paid order, once per order and browser: its number as
 * transaction_id, the amount paid in IDR, tax 0, shipping, and each line's product code and unit price.
 */
function reportPurchase(order: OrderDetail) {
  const { sales_header: header, sales_line: lines } = order
  if (!consented()) return
  try {
    const reported: string[] = JSON.parse(window.localStorage.getItem(REPORTED_KEY) ?? '[]')
    if (reported.includes(header.sales_order_number)) return
    window.localStorage.setItem(
      REPORTED_KEY,
      JSON.stringify([...reported, header.sales_order_number].slice(-20)),
    )
  } catch {
    // No storage: report it (at worst twice on a reload).
  }
  const items = lines.map((line) => ({
    item_id: line.product_code,
    item_name: line.product_master_name,
    item_variant: line.sku_product,
    price: line.harga_jual,
    quantity: line.quantity,
  }))
  trackLater({
    name: 'purchase',
    params: {
      ...commerceOf(items),
      value: header.total_bayar,
      transaction_id: header.sales_order_number,
      tax: 0,
      shipping: header.biaya_kirim,
    },
  })
}

/** Location state carrying the spelling of success across waiting and failed (their words are the same in both). */
interface ResultState {
  spelling?: SuccessSpelling
}

function spellingOf(word: ResultWord, state: unknown): SuccessSpelling {
  if (word === 'succes' || word === 'success') return word
  const carried = (state as ResultState | null)?.spelling
  return carried === 'succes' ? 'succes' : 'success'
}

const TEXTS = {
  success: { title: 'successTitle', text: 'successText', tone: 'text-green-700' },
  waiting: { title: 'resultWaitingTitle', text: 'resultWaitingText', tone: 'text-amber-700' },
  failed: { title: 'failedTitle', text: 'failedText', tone: 'text-red-700' },
} as const

/**
 * /member/order/{id}/{success|succes|waiting|failed} (docs/product/shopping.md §2, docs/product/account.md
 * §4): the order is read again and a URL whose word disagrees with its status is replaced by the right one,
 * in the spelling of success the link used. Check payment reloads and moves on the same way, and so
 * does the waiting page's countdown once it reaches 00:00:00 (issue 26 item 11). The success page
 * reports the purchase once per order and browser, and marks the order thanked (issue 26 item 10).
 */
export function PaymentResult({ id, word }: { id: string; word: ResultWord }) {
  const { t } = useTranslation('orders')
  const { order, failed, reload } = useOrder(id)
  const navigate = useNavigate()
  const location = useLocation()
  const spelling = spellingOf(word, location.state)
  const [checking, setChecking] = useState(false)
  const status = order?.sales_header.status

  const goTo = (to: ResultWord, replace: boolean) =>
    navigate(`/member/order/${encodeURIComponent(id)}/${to}`, {
      replace,
      state: { spelling } satisfies ResultState,
    })

  useEffect(() => {
    if (status && !resultMatches(word, status)) void goTo(resultWord(status, spelling), true)
    // goTo is rebuilt each render; the status and the URL's word decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, word, spelling])

  const paid = Boolean(
    order && word !== 'waiting' && word !== 'failed' && resultMatches(word, order.sales_header.status),
  )
  useEffect(() => {
    if (!paid || !order) return
    // The order page no longer sends this order here (issue 26 item 10).
    markThanked(id)
    reportPurchase(order)
    // Once the page shows the order as paid; the order's later reloads do not report again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paid])

  if (!order || !resultMatches(word, order.sales_header.status)) {
    return (
      <p className="py-10 text-center text-sm text-neutral-500" role="status">
        {failed ? t('notFound') : t('loading')}
      </p>
    )
  }
  const kind = word === 'succes' ? 'success' : word
  const texts = TEXTS[kind]
  const check = async () => {
    setChecking(true)
    const fresh = await reload()
    setChecking(false)
    if (fresh) {
      const to = resultWord(fresh.sales_header.status, spelling)
      if (to !== word) void goTo(to, false)
    }
  }
  const { sales_header: header, payment } = order
  return (
    <article
      aria-labelledby="result-title"
      className="mx-auto grid w-full max-w-md gap-5 py-6 text-center"
      data-testid="payment-result"
      data-result={kind}
    >
      <h1 id="result-title" className={`text-xl font-semibold ${texts.tone}`}>
        {t(texts.title)}
      </h1>
      <p className="text-sm text-neutral-700">{t(texts.text)}</p>
      {kind === 'waiting' && (
        <div className="justify-self-center">
          <Deadline deadline={header.expired_time || payment.expired_at} onElapsed={() => void check()} />
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-y border-neutral-200 py-3 text-left text-sm">
        <dt className="text-neutral-600">{t('orderId')}</dt>
        <dd className="text-right font-medium" data-testid="order-number">
          {header.sales_order_number}
        </dd>
        <dt className="text-neutral-600">{t('payment')}</dt>
        <dd className="text-right">{payment.name}</dd>
        <dt className="text-neutral-600">{t('total')}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatIdr(header.total_bayar)}</dd>
      </dl>
      <div className="grid gap-3">
        {kind !== 'success' && (
          <Button onClick={() => void check()} disabled={checking}>
            {checking ? t('checking') : t('checkPayment')}
          </Button>
        )}
        <Link to={`/member/order/${encodeURIComponent(id)}`} className="btn-outline text-center">
          {t('viewOrder')}
        </Link>
        {kind === 'success' && (
          <Link to="/" className="text-sm underline underline-offset-2">
            {t('continueShopping')}
          </Link>
        )}
      </div>
    </article>
  )
}
