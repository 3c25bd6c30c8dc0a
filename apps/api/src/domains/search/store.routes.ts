import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  SearchQuerySchema,
  SearchResponseSchema,
  SuggestionQuerySchema,
  SuggestionResponseSchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { publicReads } from '../../plugins/http-cache.ts'
import { answerCacheMemo, filterCacheParams, viewerFor, type CatalogRoutesOptions } from '../catalog/index.ts'
import { normaliseKey, searchProducts } from './search.service.ts'

const notFoundErrors = errorResponses(400, 404)
const searchNote =
  "Searches the calling brand's own products (brand id header) by full text over the Indonesian and English " +
  'names and the description. Every word must match as a word prefix or, from 5 letters, as a name word within ' +
  'one typo (two from 9 letters; a typo is an insertion, deletion, substitution or adjacent transposition). ' +
  'Nothing found: 404 CAT003 "Nothing Found". ' +
  'Public answers are cached (`public, max-age=60, stale-while-revalidate=300`, strong ETag).'

/**
 * Product search (docs/product/account.md §2 (Search) and section 7): the results page and the popup's
 * suggestions. Scope: the calling brand's own products, since each storefront build shows one brand.
 */
export default async function searchRoutes(fastify: FastifyInstance, options: CatalogRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // Public answers kept per instance and dropped when the catalog changes (plugins/http-cache.ts).
  const read = publicReads(app, 'catalog')
  const listing = { memo: answerCacheMemo(app.responseCache), unitsSoldSince: options.unitsSoldSince }

  /** GET /api/v1/pages/search: one page of results (page size 10) with total_pages. */
  app.get(
    '/v1/pages/search',
    {
      // A live token sets the shopper's is_wishlist flags (the answer is private either way).
      preHandler: app.optionalMember,
      schema: {
        tags: ['search'],
        summary: 'Search results page',
        description:
          searchNote +
          ' Filter and sort as on GET /api/v1/pages/category (issue 39): sort, size, colour, min_price, max_price, ' +
          'on_sale, with `facets` beside `data`; `newest` keeps the relevance order. A key that finds nothing is 404 ' +
          'CAT003 whatever the filter; a filter that leaves nothing is a 200 with no card and its facets.',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...notFoundErrors },
      },
    },
    (request, reply) => {
      const { key, limit, current_page: page } = request.query
      return read(request, reply, {
        route: 'search',
        params: { ...filterCacheParams(request.query), key: normaliseKey(key) },
        schema: SearchResponseSchema,
        load: async () => {
          const viewer = viewerFor(request, options.wishlisted)
          const result = await searchProducts(
            app.database.db,
            request.brandId,
            key,
            { limit, offset: (page - 1) * limit },
            viewer,
            { query: request.query, options: listing },
          )
          return {
            ...pagedEnvelope(result.cards, Math.ceil(result.total / limit)),
            facets: result.facets!,
          }
        },
      })
    },
  )

  /** GET /api/v1/pages/product_suggestion: the popup's best matches (the first `limit` results, 5 by default). */
  app.get(
    '/v1/pages/product_suggestion',
    {
      schema: {
        tags: ['search'],
        summary: 'Search popup suggestions',
        description: searchNote,
        querystring: SuggestionQuerySchema,
        response: { 200: SuggestionResponseSchema, ...notFoundErrors },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'suggestion',
        params: { ...request.query, key: normaliseKey(request.query.key) },
        schema: SuggestionResponseSchema,
        load: async () => {
          const result = await searchProducts(app.database.db, request.brandId, request.query.key, {
            limit: request.query.limit,
            offset: 0,
          })
          return envelope(result.cards)
        },
      }),
  )
}
