import type { CategoryGroup, ListingFacets, ListingFilter } from '@busana/contract'
import { filterParams, LISTING_PAGE_SIZE } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'

export interface CategoryPageQuery {
  brand: number
  category: string
  offset: number
  /** Cards asked for: a page of 10 unless a reload asks for what is shown (at most 50). */
  limit?: number
  isChild?: boolean
  /** The member's token: the cards then carry the shopper's is_wishlist flags (and skip caches). */
  token?: string
  /** The listing's filter and sort (issue 39): the address's, passed on as the API's parameters. */
  filter?: ListingFilter
  /** No error popup (the filter overlay's counts say it themselves). */
  silent?: boolean
}

/**
 * One window of a listing (GET /api/v1/pages/category): limit 10 (or `limit`) from `offset`, per_page 1
 * (docs/product/shopping.md §9), narrowed and sorted by `filter`, with the filter's `facets` beside the
 * cards (issue 39). The browser uses it unparsed (no schema code in the bundle); loaders parse.
 */
export function fetchCategoryPage(api: ApiClient, query: CategoryPageQuery, signal?: AbortSignal) {
  return api.paged<CategoryGroup[], { facets: ListingFacets }>(`/api/v1/pages/category`, {
    query: {
      category: query.category,
      id_brand: query.brand,
      limit: query.limit ?? LISTING_PAGE_SIZE,
      offset: query.offset,
      per_page: 1,
      is_child: query.isChild ? 'YES' : undefined,
      token: query.token,
      ...Object.fromEntries(filterParams(query.filter ?? {})),
    },
    silent: query.silent,
    signal,
  })
}
