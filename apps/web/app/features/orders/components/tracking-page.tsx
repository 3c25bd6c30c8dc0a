import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { GUEST_LOOKUP_MAX } from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { CloseIcon } from '~/components/ui/icons.tsx'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { fetchGuestOrders, type OrderGuestListItem } from '../orders.api.ts'
import { lookupNumbers, missingNumbers } from '../orders.rules.ts'
import { GuestOrderDialog } from './guest-order-dialog.tsx'
import { OrderHistory } from './order-history.tsx'
import { OrderRow } from './order-row.tsx'
import { TrackDialog } from './track-dialog.tsx'

/** At most this many order numbers in one lookup (the server refuses more). */
export const LOOKUP_MAX = GUEST_LOOKUP_MAX

type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  /** `message`: the server's own words (a 429, a refused number), or null for the page's line. */
  | { state: 'failed'; message: string | null }
  | { state: 'done'; orders: OrderGuestListItem[]; missing: string[] }

interface Entry {
  key: number
  value: string
}

/**
 * /tracking (docs/product/account.md §2, 4, 5): order-number entries that can be added and removed, a
 * lookup (GET /api/v1/member/order_guest_list), the orders found with a detail modal and a track
 * modal (by waybill), and a line for numbers no order answered. A signed-in shopper also sees
 * their own orders first. `linkedNumbers` (a `/tracking?order=` link, issue 28) fill the entries
 * and are looked up at once, as if the shopper had typed them and pressed Track.
 */
export function TrackingPage({ linkedNumbers = [] }: { linkedNumbers?: readonly string[] }) {
  const { t } = useTranslation('orders')
  const api = useApi()
  const ready = useSessionReady()
  const signedIn = useSessionStore((s) => Boolean(s.user?.token))
  const [linked] = useState(() => lookupNumbers(linkedNumbers, LOOKUP_MAX))
  const [entries, setEntries] = useState<Entry[]>(() =>
    linked.length > 0 ? linked.map((value, key) => ({ key, value })) : [{ key: 0, value: '' }],
  )
  const nextKey = useRef(Math.max(1, linked.length))
  const inputs = useRef(new Map<number, HTMLInputElement>())
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' })
  const [detail, setDetail] = useState<string | null>(null)
  const [tracking, setTracking] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  const formId = useId()
  const ownHeading = useId()

  const numbers = lookupNumbers(
    entries.map((e) => e.value),
    LOOKUP_MAX,
  )
  const canSubmit = numbers.length > 0 && lookup.state !== 'loading'

  const setValue = (key: number, value: string) =>
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, value } : entry)))
  const add = () => {
    const key = nextKey.current++
    setEntries((list) => [...list, { key, value: '' }])
    requestAnimationFrame(() => inputs.current.get(key)?.focus())
  }
  const remove = (key: number) => {
    const index = entries.findIndex((entry) => entry.key === key)
    const rest = entries.filter((entry) => entry.key !== key)
    setEntries(rest)
    const neighbour = rest[Math.max(0, index - 1)]
    if (neighbour) requestAnimationFrame(() => inputs.current.get(neighbour.key)?.focus())
  }

  const lookUp = useCallback(
    async (asked: string[]) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setLookup({ state: 'loading' })
      try {
        const orders = await fetchGuestOrders(api, asked, { signal: current.signal })
        setLookup({ state: 'done', orders, missing: missingNumbers(asked, orders) })
      } catch (error) {
        if (current.signal.aborted) return
        const message =
          error instanceof ApiError && (error.status === 429 || error.status === 400 || error.status === 422)
            ? error.message
            : null
        setLookup({ state: 'failed', message })
      }
    },
    [api],
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!canSubmit) return
    void lookUp(numbers)
  }

  // A link's numbers are looked up when the page opens in the browser (the lookup runs there).
  useEffect(() => {
    if (linked.length > 0) void lookUp(linked)
    return () => controller.current?.abort()
  }, [linked, lookUp])

  return (
    <div className="page-container grid gap-8 py-6 lg:max-w-3xl lg:py-10">
      <header className="grid gap-1">
        <h1 className="text-lg font-semibold uppercase tracking-[0.18em]">{t('lookup.title')}</h1>
        <p className="text-sm text-neutral-600">{t('lookup.line')}</p>
      </header>

      {ready && signedIn && (
        <section aria-labelledby={ownHeading} className="grid gap-3" data-testid="own-orders">
          <h2 id={ownHeading} className="text-xs font-semibold uppercase tracking-[0.2em]">
            {t('lookup.yourOrders')}
          </h2>
          <OrderHistory hideEmpty headingId={ownHeading} />
        </section>
      )}

      <section aria-labelledby={`${formId}-heading`} className="grid gap-4">
        <h2 id={`${formId}-heading`} className="text-xs font-semibold uppercase tracking-[0.2em]">
          {t('lookup.formTitle')}
        </h2>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <ul className="grid gap-2">
            {entries.map((entry, index) => (
              <li key={entry.key} className="flex items-center gap-2">
                <label className="sr-only" htmlFor={`${formId}-${entry.key}`}>
                  {t('lookup.entryLabel', { n: index + 1 })}
                </label>
                <input
                  id={`${formId}-${entry.key}`}
                  ref={(node) => {
                    if (node) inputs.current.set(entry.key, node)
                    else inputs.current.delete(entry.key)
                  }}
                  className="h-11 min-w-0 flex-1 border border-neutral-300 px-3 text-sm uppercase placeholder:normal-case focus:border-neutral-950 focus-visible:outline-offset-0"
                  placeholder={t('lookup.placeholder')}
                  value={entry.value}
                  maxLength={40}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => setValue(entry.key, event.target.value)}
                />
                {entries.length > 1 && (
                  <button
                    type="button"
                    className="icon-button shrink-0"
                    aria-label={t('lookup.remove', { n: index + 1 })}
                    onClick={() => remove(entry.key)}
                  >
                    <CloseIcon />
                  </button>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3">
            {entries.length < LOOKUP_MAX ? (
              <Button variant="link" className="text-sm" onClick={add}>
                {t('lookup.add')}
              </Button>
            ) : (
              <p className="text-xs text-neutral-600">{t('lookup.max', { max: LOOKUP_MAX })}</p>
            )}
            <Button type="submit" disabled={!canSubmit}>
              {lookup.state === 'loading' ? t('lookup.searching') : t('lookup.submit')}
            </Button>
          </div>
        </form>

        <div aria-live="polite" className="grid gap-3">
          {lookup.state === 'failed' && (
            <p className="border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" role="alert">
              {lookup.message ?? t('lookup.failed')}
            </p>
          )}
          {lookup.state === 'done' && lookup.missing.length > 0 && (
            <p
              className="border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              data-testid="lookup-missing"
            >
              {t('lookup.notFound', { numbers: lookup.missing.join(', ') })}
            </p>
          )}
          {lookup.state === 'done' && lookup.orders.length > 0 && (
            <ul
              className="grid max-h-[70vh] gap-3 overflow-y-auto overscroll-contain"
              data-testid="lookup-results"
              aria-label={t('lookup.results')}
              tabIndex={0}
            >
              {lookup.orders.map((order) => (
                <OrderRow
                  key={order.sales_order_number}
                  order={order}
                  onDetails={() => setDetail(order.sales_order_number)}
                  onTrack={() => setTracking(order.no_resi)}
                />
              ))}
            </ul>
          )}
        </div>
      </section>

      {detail && <GuestOrderDialog number={detail} onClose={() => setDetail(null)} />}
      {tracking && <TrackDialog id={tracking} waybill={tracking} onClose={() => setTracking(null)} />}
    </div>
  )
}
