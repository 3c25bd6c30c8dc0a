import type { CategoryGroup, PagedEnvelope } from '@busana/contract'
import { LISTING_PAGE_SIZE } from '~/lib/page-sizes.ts'
import type { ApiClient } from '~/lib/api-client.ts'

export interface CategoryPageQuery {
  brand: number
  category: string
  offset: number
  isChild?: boolean
}

/**
 * One page of a listing (GET /api/v1/pages/category): limit 10 from `offset`, per_page 1
 * (spec 000 section 9). The browser uses it unparsed (no schema code in the bundle); loaders parse.
 */
export function fetchCategoryPage(api: ApiClient, query: CategoryPageQuery, signal?: AbortSignal) {
  return api.request(`/api/v1/pages/category`, {
    query: {
      category: query.category,
      id_brand: query.brand,
      limit: LISTING_PAGE_SIZE,
      offset: query.offset,
      per_page: 1,
      is_child: query.isChild ? 'YES' : undefined,
    },
    signal,
  }) as Promise<PagedEnvelope<CategoryGroup[]>>
}
