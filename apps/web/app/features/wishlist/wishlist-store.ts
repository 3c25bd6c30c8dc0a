import { create } from 'zustand'
import type { ProductCard } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { registerSessionReset } from '~/lib/session-store'
import { setWishlisted } from '~/shared/wishlist/wishlist.api'
import { fetchWishlist } from './wishlist.api'

export interface WishlistState {
  /** null until the first load of this session. */
  items: ProductCard[] | null
  loading: boolean
  /** Loads the list for this token (only when signed in, spec 001 §4); a later reset drops the answer. */
  load(api: ApiClient, token: string): Promise<void>
  /** Removes a product after the server confirms; answers whether it did. */
  remove(api: ApiClient, token: string, code: string): Promise<boolean>
  /** Logout resets the wishlist (spec 000 §4, Session). */
  reset(): void
}

let generation = 0

/** The member's wishlist (not persisted: it lives on the server and loads when a page needs it). */
export const useWishlistStore = create<WishlistState>()((set) => ({
  items: null,
  loading: false,
  async load(api, token) {
    const mine = ++generation
    set({ loading: true })
    try {
      const items = await fetchWishlist(api, token)
      if (mine === generation) set({ items })
    } catch {
      // The API client already shows the server's message; an empty page is better than a stuck one.
      if (mine === generation) set((s) => ({ items: s.items ?? [] }))
    } finally {
      if (mine === generation) set({ loading: false })
    }
  },
  async remove(api, token, code) {
    const mine = generation
    try {
      await setWishlisted(api, token, code, false)
    } catch {
      return false
    }
    if (mine === generation)
      set((s) => ({ items: s.items?.filter((item) => item.product_code !== code) ?? null }))
    return true
  },
  reset() {
    generation++
    set({ items: null, loading: false })
  },
}))

// Logout resets the wishlist (spec 000 §4); registered when this feature first loads.
registerSessionReset('wishlist', () => useWishlistStore.getState().reset())
