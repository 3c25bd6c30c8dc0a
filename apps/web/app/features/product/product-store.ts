import { create } from 'zustand'
import type { Product } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { fetchProduct } from './product.api'

export interface ProductDetailState {
  detail: Product | null
  /** The parameters the stored detail was loaded with. */
  params: { product_code: string } | null
  loading: boolean
  failed: boolean
  /**
   * Product detail loading (spec 000 section 4): the detail is cleared, loading set, the detail and its
   * parameters stored, loading cleared. A newer load wins over one still in flight.
   */
  load(api: ApiClient, code: string, token?: string): Promise<void>
  clear(): void
}

let latest = 0

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
  async load(api, code, token) {
    const request = ++latest
    set({ detail: null, params: null, loading: true, failed: false })
    try {
      const detail = await fetchProduct(api, code, { token })
      if (request !== latest) return
      set({ detail, params: { product_code: code } })
    } catch {
      if (request === latest) set({ failed: true })
    } finally {
      if (request === latest) set({ loading: false })
    }
  },
  clear() {
    latest++
    set({ detail: null, params: null, loading: false, failed: false })
  },
}))
