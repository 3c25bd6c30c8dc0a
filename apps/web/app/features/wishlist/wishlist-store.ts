import { create } from 'zustand'
import type { ProductCard } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { createSessionData } from '~/lib/session-data'
import { setWishlisted } from '~/shared/wishlist/wishlist.api'
import { fetchWishlist } from './wishlist.api'

export interface WishlistState {
  /** null until the first load of this session. */
  items: ProductCard[] | null
  loading: boolean
  /** Loads the list for this token (only when signed in, docs/product/account.md §4); a later reset drops the answer. */
  load(api: ApiClient, token: string): Promise<void>
  /** Removes a product after the server confirms; answers whether it did. */
  remove(api: ApiClient, token: string, code: string): Promise<boolean>
  /** Logout resets the wishlist (docs/product/shopping.md §4, Session). */
  reset(): void
}

// Logout resets the wishlist (docs/product/shopping.md §4); registered when this feature first loads.
const sessionData = createSessionData({
  name: 'wishlist',
  clear: () => useWishlistStore.setState({ items: null, loading: false }),
})

/** The member's wishlist (not persisted: it lives on the server and loads when a page needs it). */
export const useWishlistStore = create<WishlistState>()((set) => ({
  items: null,
  loading: false,
  load: (api, token) =>
    sessionData.run(() => fetchWishlist(api, token), {
      apply: (items) => set({ items }),
      // The API client already shows the server's message; an empty page is better than a stuck one.
      fail: () => set((s) => ({ items: s.items ?? [] })),
      busy: (loading) => set({ loading }),
    }),
  async remove(api, token, code) {
    const call = sessionData.change()
    try {
      await setWishlisted(api, token, code, false)
    } catch {
      return false
    }
    if (call.fresh) set((s) => ({ items: s.items?.filter((item) => item.product_code !== code) ?? null }))
    return true
  },
  reset: () => sessionData.reset(),
}))
