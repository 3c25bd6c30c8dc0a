import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ErrorEnvelopeSchema,
  SearchQuerySchema,
  SearchResponseSchema,
  SuggestionQuerySchema,
  SuggestionResponseSchema,
} from '@busana/contract/schemas'
import { envelope, pagedEnvelope } from '../../plugins/envelope.ts'
import { cachedRead, rawUrlFastPath, responseCacheFor, serializeAnswer } from '../../plugins/http-cache.ts'
import { normaliseKey, searchProducts } from './search.service.ts'

const errorResponses = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema }
const searchNote =
  "Searches the calling brand's own products (brand id header) by full text and trigram similarity over the " +
  'Indonesian and English names, so a misspelled word still matches. Nothing found: 404 CAT003 "Nothing Found". ' +
  'Public answers are cached (`public, max-age=60, stale-while-revalidate=300`, strong ETag).'

/**
 * Product search (spec 001 Search and section 7): the results page and the popup's suggestions.
 * Scope: the calling brand's own products, since each storefront build shows one brand.
 */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const cache = responseCacheFor(app.database)
  // A URL answered before is served from memory before validation (see rawUrlFastPath).
  app.addHook('onRequest', rawUrlFastPath(cache))

  /** GET /api/v1/pages/search: one page of results (page size 10) with total_pages. */
  app.get(
    '/v1/pages/search',
    {
      // A live token sets the shopper's is_wishlist flags (the answer is private either way).
      preHandler: app.optionalMember,
      schema: {
        tags: ['search'],
        summary: 'Search results page',
        description: searchNote,
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errorResponses },
      },
    },
    (request, reply) => {
      const { key, limit, current_page: page } = request.query
      return cachedRead(request, reply, {
        cache,
        route: 'search',
        params: { ...request.query, key: normaliseKey(key) },
        produce: async () => {
          const viewer = request.member ? { memberId: request.member.idPelanggan } : undefined
          const result = await searchProducts(
            app.database.db,
            request.brandId,
            key,
            { limit, offset: (page - 1) * limit },
            viewer,
          )
          return serializeAnswer(
            SearchResponseSchema,
            pagedEnvelope(result.cards, Math.ceil(result.total / limit)),
          )
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
        response: { 200: SuggestionResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      cachedRead(request, reply, {
        cache,
        route: 'suggestion',
        params: { ...request.query, key: normaliseKey(request.query.key) },
        produce: async () => {
          const result = await searchProducts(app.database.db, request.brandId, request.query.key, {
            limit: request.query.limit,
            offset: 0,
          })
          return serializeAnswer(SuggestionResponseSchema, envelope(result.cards))
        },
      }),
  )
}
