import { useCallback, useEffect, useRef, useState } from 'react'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { fetchOrder, type OrderDetail } from './orders.api.ts'

/** While the provider has not issued the payment (payment_state 'pending'), the order is asked again this often. */
const PENDING_RELOAD_MS = 5000

/**
 * One of the shopper's orders, loaded in the browser (the session lives there) in the page's
 * language; asked again when the tab becomes visible (docs/product/account.md §4), while the payment is
 * pending, and on `reload()` (Check payment), which resolves to the fresh order.
 */
export function useOrder(id: string) {
  const { i18n } = useTranslation('orders')
  const lng = i18n.language
  const api = useApi()
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token)
  const [order, setOrder] = useState<OrderDetail | null>(null)
  const [failed, setFailed] = useState(false)
  const current = useRef<AbortController | null>(null)

  const reload = useCallback(async (): Promise<OrderDetail | null> => {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    try {
      const fresh = await fetchOrder(api, id, { lng, signal: controller.signal })
      setOrder(fresh)
      setFailed(false)
      return fresh
    } catch {
      if (!controller.signal.aborted) setFailed(true)
      return null
    }
  }, [api, id, lng])

  useEffect(() => {
    if (!ready || !token) return
    void reload()
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      current.current?.abort()
    }
  }, [reload, ready, token])

  const pending = order?.sales_header.status === 'Open' && order.payment.payment_state === 'pending'
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(() => void reload(), PENDING_RELOAD_MS)
    return () => clearInterval(timer)
  }, [pending, reload])

  return { order, failed, reload }
}

/** Now, ticking once a second (docs/product/shopping.md §9: countdowns tick 1 s); null before hydration. */
export function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}
