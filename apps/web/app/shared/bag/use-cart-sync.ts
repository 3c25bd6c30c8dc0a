import { useEffect } from 'react'
import { useApi } from '~/lib/browser-api.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { useCartStore } from './cart-store.ts'

/**
 * Keeps the bag in step with the session, mounted once by the shell: reads the stored checked flags
 * after hydration (so the first client render matches the server's), then loads the lines whenever a
 * shopper signs in (docs/product/shopping.md §4: lines load from the server). Visitors have no bag to load.
 */
export function useCartSync(): void {
  const api = useApi()
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token)

  useEffect(() => {
    if (!useCartStore.persist.hasHydrated()) void useCartStore.persist.rehydrate()
  }, [])

  useEffect(() => {
    if (!ready || !token) return
    void useCartStore
      .getState()
      .load(api, token)
      .catch(() => undefined)
  }, [ready, token, api])
}
