import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { fetchOrderHistory, type OrderListItem } from '../orders.api.ts'
import { OrderRow } from './order-row.tsx'
import { TrackDialog } from './track-dialog.tsx'

type History =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'done'; orders: OrderListItem[]; page: number; totalPages: number; more: boolean }

/**
 * The signed-in shopper's orders (member or phone guest; GET /api/v1/member/order_history), newest
 * first, a page at a time ('Load more'), in a box at most 70vh high that scrolls (docs/product/shopping.md
 * section 2). Empty: the product's line and SHOP NOW (or nothing, with `hideEmpty`). Track Order opens the
 * timeline popup for the order's id.
 */
export function OrderHistory({ hideEmpty = false, headingId }: { hideEmpty?: boolean; headingId?: string }) {
  const { t } = useTranslation('orders')
  const api = useApi()
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token)
  const [history, setHistory] = useState<History>({ state: 'loading' })
  const [tracking, setTracking] = useState<OrderListItem | null>(null)
  const controller = useRef<AbortController | null>(null)

  const load = useCallback(
    async (page: number, before: OrderListItem[]) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      if (page > 1) setHistory((h) => (h.state === 'done' ? { ...h, more: true } : h))
      try {
        const answer = await fetchOrderHistory(api, page, { signal: current.signal })
        // A page may repeat an order when a new one was placed meanwhile: keep the first.
        const seen = new Set(before.map((order) => order.id_sales_header))
        const orders = [...before, ...answer.orders.filter((order) => !seen.has(order.id_sales_header))]
        setHistory({ state: 'done', orders, page, totalPages: answer.totalPages, more: false })
      } catch {
        if (current.signal.aborted) return
        setHistory((h) => (h.state === 'done' ? { ...h, more: false } : { state: 'failed' }))
      }
    },
    [api],
  )

  useEffect(() => {
    if (!ready || !token) return
    setHistory({ state: 'loading' })
    void load(1, [])
    return () => controller.current?.abort()
  }, [ready, token, load])

  if (history.state === 'loading') {
    return (
      <p className="py-10 text-center text-sm text-neutral-500" role="status">
        {t('list.loading')}
      </p>
    )
  }
  if (history.state === 'failed') {
    return (
      <div className="grid justify-items-center gap-3 py-10 text-center text-sm" role="alert">
        <p>{t('list.failed')}</p>
        <Button variant="outline" onClick={() => void load(1, [])}>
          {t('list.retry')}
        </Button>
      </div>
    )
  }
  if (history.orders.length === 0) {
    if (hideEmpty) return null
    return (
      <div className="grid justify-items-center gap-5 py-16 text-center" data-testid="orders-empty">
        <p className="text-sm text-neutral-700">{t('list.empty')}</p>
        <TrackedLink to="/" className="btn-primary">
          {t('list.shopNow')}
        </TrackedLink>
      </div>
    )
  }
  return (
    <>
      <div
        className="max-h-[70vh] overflow-y-auto overscroll-contain"
        data-testid="order-list"
        tabIndex={0}
        role="region"
        aria-labelledby={headingId}
        aria-label={headingId ? undefined : t('list.title')}
      >
        <ul className="grid gap-3">
          {history.orders.map((order) => (
            <OrderRow
              key={order.id_sales_header}
              order={order}
              detailHref={`/member/order/${encodeURIComponent(order.id_sales_header)}`}
              onTrack={() => setTracking(order)}
            />
          ))}
        </ul>
        {history.page < history.totalPages && (
          <div className="flex justify-center py-4">
            <Button
              variant="outline"
              disabled={history.more}
              onClick={() => void load(history.page + 1, history.orders)}
            >
              {history.more ? t('list.loadingMore') : t('list.loadMore')}
            </Button>
          </div>
        )}
      </div>
      {tracking && (
        <TrackDialog
          id={tracking.id_sales_header}
          waybill={tracking.no_resi ?? undefined}
          onClose={() => setTracking(null)}
        />
      )}
    </>
  )
}
