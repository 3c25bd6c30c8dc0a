import type { Store } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'

/**
 * A store as the page holds it: without its stored `map_embed` HTML, which never reaches the page
 * (the map frame is drawn around the checked `map_url`, decision 033), nor the page's data.
 */
export type ShownStore = Omit<Store, 'map_embed'>

/** The stores without their stored embed HTML. */
export const shownStores = (stores: readonly Store[]): ShownStore[] =>
  stores.map(({ map_embed: _embed, ...store }) => store)

/** One page of stores and how many pages the search has. */
export interface StorePage {
  stores: ShownStore[]
  totalPages: number
}

/**
 * GET /api/v3/offline-store from the browser (page, keyword, id_brand; docs/product/account.md §7): the
 * store search as the shopper types, and the next page when they ask for more. Silent: an empty
 * or refused search reads 'Store Not Found'. Throws only when `signal` aborted it.
 */
export async function searchStores(
  api: ApiClient,
  query: { keyword: string; brandId: number; page?: number },
  signal?: AbortSignal,
): Promise<StorePage> {
  try {
    const answer = await api.paged<Store[]>('/api/v3/offline-store', {
      query: { page: query.page ?? 1, keyword: query.keyword || undefined, id_brand: query.brandId },
      silent: true,
      signal,
    })
    const stores = Array.isArray(answer.data) ? shownStores(answer.data) : []
    const totalPages = typeof answer.total_pages === 'number' ? answer.total_pages : 1
    return { stores, totalPages }
  } catch (error) {
    if (signal?.aborted) throw error
    return { stores: [], totalPages: 0 }
  }
}
