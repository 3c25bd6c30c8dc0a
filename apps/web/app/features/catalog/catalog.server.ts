import { z } from 'zod'
import {
  CategoryGroupSchema,
  envelopeSchema,
  HomeDataSchema,
  pagedEnvelopeSchema,
  type HomeData,
} from '@busana/contract/schemas'
import type { ApiClient } from '~/lib/api-client.ts'
import { fetchCategoryPage, type CategoryPageQuery } from './catalog.api.ts'

const HomeResponseSchema = envelopeSchema(HomeDataSchema)
const CategoryResponseSchema = pagedEnvelopeSchema(z.array(CategoryGroupSchema))

/** GET /api/v1/pages/home for the server render, checked against the contract. */
export async function loadHome(api: ApiClient, isChild: boolean): Promise<HomeData> {
  const answer = await api.request('/api/v1/pages/home', {
    query: { is_child: isChild ? 'YES' : 'NO' },
    schema: HomeResponseSchema,
  })
  return answer.data
}

/** The first listing page for the server render, checked against the contract. */
export async function loadCategoryPage(api: ApiClient, query: CategoryPageQuery) {
  return CategoryResponseSchema.parse(await fetchCategoryPage(api, query))
}
