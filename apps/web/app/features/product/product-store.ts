import { create } from 'zustand'
import type { Product } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { createSessionData } from '~/lib/session-data'
import { fetchProduct } from './product.api'

export interface ProductDetailState {
  detail: Product | null
  /** The parameters the stored detail was loaded with. */
  params: { product_code: string } | null
  loading: boolean
  failed: boolean
  /**
   * Product detail loading (docs/product/shopping.md §4): the detail is cleared, loading set, the detail and
   * its parameters stored, loading cleared. A newer load wins over one still in flight.
   */
  load(api: ApiClient, code: string, token?: string): Promise<void>
  clear(): void
}

// Not the member's data (no logout reset), but the same rule: a newer load or a clear wins.
const sessionData = createSessionData({
  clear: () => useProductStore.setState({ detail: null, params: null, loading: false, failed: false }),
})

/**
 * Client-side product detail (the quick-view popup). The product page itself gets its detail from
 * the route loader on the server; its reloads re-run the loader. Never written during server
 * rendering: the store is module state shared by every request on the server.
 */
export const useProductStore = create<ProductDetailState>()((set) => ({
  detail: null,
  params: null,
  loading: false,
  failed: false,
  load(api, code, token) {
    set({ detail: null, params: null, failed: false })
    return sessionData.run(() => fetchProduct(api, code, { token }), {
      apply: (detail) => set({ detail, params: { product_code: code } }),
      fail: () => set({ failed: true }),
      busy: (loading) => set({ loading }),
    })
  },
  clear: () => sessionData.reset(),
}))
