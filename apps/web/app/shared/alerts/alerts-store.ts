import { create } from 'zustand'
import type { ApiClient } from '~/lib/api-client'
import { createSessionData } from '~/lib/session-data'
import { createAlert, deleteAlert, fetchAlerts, type Alert, type AlertRequest } from './alerts.api'

export interface AlertsState {
  /** The member's waiting alerts, newest first; null until the first load of this session. */
  alerts: Alert[] | null
  loading: boolean
  /** Loads the alerts for this token (only when signed in); a later reset drops the answer. */
  load(api: ApiClient, token: string, options?: { silent?: boolean }): Promise<void>
  /** Asks for an alert; answers the server's message, or null when the call failed (the API client said why). */
  add(api: ApiClient, token: string, request: AlertRequest): Promise<string | null>
  /** Turns an alert off; answers the server's message, or null when the call failed. */
  remove(api: ApiClient, token: string, id: string): Promise<string | null>
  /** Logout drops the alerts, as it drops the wishlist. */
  reset(): void
}

// Registered with the session store: logout clears the alerts and drops answers under way.
const sessionData = createSessionData({
  name: 'alerts',
  clear: () => useAlertsStore.setState({ alerts: null, loading: false }),
})

/**
 * The member's alerts (issue 42), shared by the product page's "Tell me when it's back" and the
 * wishlist page; not persisted (they live on the server). A change is applied to whatever list is
 * there (adding and removing by id are idempotent) and makes loads begun before it stale: a list read
 * as the shopper signed in may not hold the alert her press has just asked for.
 */
export const useAlertsStore = create<AlertsState>()((set) => ({
  alerts: null,
  loading: false,
  load: (api, token, options = {}) =>
    sessionData.run(() => fetchAlerts(api, token, options), {
      apply: (alerts) => set({ alerts }),
      // The API client already shows the server's message (unless silent); nothing is shown as on.
      fail: () => set((s) => ({ alerts: s.alerts ?? [] })),
      busy: (loading) => set({ loading }),
    }),
  async add(api, token, request) {
    const call = sessionData.change()
    try {
      const { alert, message } = await createAlert(api, token, request)
      if (call.live) {
        set((s) => ({ alerts: [alert, ...(s.alerts ?? []).filter((a) => a.id !== alert.id)] }))
        sessionData.changed()
      }
      return message
    } catch {
      return null
    }
  },
  async remove(api, token, id) {
    const call = sessionData.change()
    try {
      const message = await deleteAlert(api, token, id)
      if (call.live) {
        set((s) => ({ alerts: s.alerts?.filter((a) => a.id !== id) ?? null }))
        sessionData.changed()
      }
      return message
    } catch {
      return null
    }
  },
  reset: () => sessionData.reset(),
}))

/** The waiting BACK_IN_STOCK alert of a size, if any. */
export const backInStockAlert = (alerts: readonly Alert[] | null, sku: string) =>
  alerts?.find((a) => a.kind === 'BACK_IN_STOCK' && a.sku_product === sku) ?? null

/** The waiting PRICE_DROP alert of a product, if any. */
export const priceDropAlert = (alerts: readonly Alert[] | null, code: string) =>
  alerts?.find((a) => a.kind === 'PRICE_DROP' && a.product_code === code) ?? null
