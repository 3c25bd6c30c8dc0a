import { CategoryResponseSchema, envelopeSchema, HomeDataSchema } from '@busana/contract/schemas'
import type { ApiClient } from '~/lib/api-client.ts'
import { firstViewHome, type HomeView } from './home.rules.ts'
import { fetchCategoryPage, type CategoryPageQuery } from './catalog.api.ts'

const HomeResponseSchema = envelopeSchema(HomeDataSchema)

/**
 * GET /api/v1/pages/home for the server render, checked against the contract, reduced to the first
 * view (the first rails' first cards; see home.rules.ts).
 */
export async function loadHome(api: ApiClient, isChild: boolean): Promise<HomeView> {
  const answer = await api.request('/api/v1/pages/home', {
    query: { is_child: isChild ? 'YES' : 'NO' },
    schema: HomeResponseSchema,
  })
  return firstViewHome(answer.data)
}

/** The first listing page for the server render with its facets (issue 39), checked against the contract. */
export async function loadCategoryPage(api: ApiClient, query: CategoryPageQuery) {
  return CategoryResponseSchema.parse(await fetchCategoryPage(api, query))
}
