import type { ListingFacets, ListingFilter, ProductCard } from '@busana/contract'
import { filterParams, SEARCH_PAGE_SIZE, SEARCH_POPUP_SIZE } from '@busana/contract'
import { ApiError, type ApiClient } from '~/lib/api-client.ts'

/** A search hit: the card fields the popup needs; full cards on the results page. */
export type SearchProduct = Pick<
  ProductCard,
  'product_code' | 'product_name' | 'url_image' | 'selling_price' | 'harga_coret'
> &
  Partial<ProductCard>

export interface SearchPage<T = ProductCard> {
  items: T[]
  page: number
  totalPages: number
  /** The filter's facets (issue 39); null when the key finds nothing (a 404). */
  facets: ListingFacets | null
}

/** The answer's list (the contract's SearchResponse and SuggestionResponse carry it as `data`). */
const listOf = <T>(data: T[] | null | undefined): T[] => (Array.isArray(data) ? data : [])

/**
 * GET /api/v1/pages/search (key, limit 10, current_page), narrowed and sorted by `filter` with its
 * facets (issue 39). Silent: search never shows an error popup; a 404 means the key finds nothing
 * (docs/product/account.md §7), while a filter that leaves nothing is a page without cards.
 */
export async function searchProducts(
  api: ApiClient,
  query: { key: string; page: number; limit?: number; filter?: ListingFilter },
  signal?: AbortSignal,
): Promise<SearchPage> {
  try {
    const answer = await api.paged<ProductCard[], { facets?: ListingFacets }>('/api/v1/pages/search', {
      query: {
        key: query.key,
        limit: query.limit ?? SEARCH_PAGE_SIZE,
        current_page: query.page,
        ...Object.fromEntries(filterParams(query.filter ?? {})),
      },
      silent: true,
      signal,
    })
    const totalPages = Number(answer.total_pages ?? 0) || 0
    return { items: listOf(answer.data), page: query.page, totalPages, facets: answer.facets ?? null }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { items: [], page: query.page, totalPages: 0, facets: null }
    throw error
  }
}

/** Another results page follows this one. */
export const searchHasMore = (page: SearchPage) => page.items.length > 0 && page.page < page.totalPages

/** GET /api/v1/pages/product_suggestion: the popup's up to 5 best matches (silent; 404 = none). */
export async function suggestProducts(
  api: ApiClient,
  key: string,
  signal?: AbortSignal,
): Promise<SearchProduct[]> {
  try {
    const answer = await api.request<SearchProduct[]>('/api/v1/pages/product_suggestion', {
      query: { key, limit: SEARCH_POPUP_SIZE },
      silent: true,
      signal,
    })
    return listOf(answer.data).slice(0, SEARCH_POPUP_SIZE)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return []
    throw error
  }
}
