import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { AdminReviewListResponseSchema, AdminReviewsQuerySchema } from '@busana/contract/schemas'
import { errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { staffCallNote, staffScope } from '../staff/index.ts'
import { listReviewsForStaff } from './admin-reviews.service.ts'
import type { ReviewsOptions } from './order-lines.ts'

/**
 * The back office's reviews call under /api/admin/v1 (issue 30): the published reviews, read only,
 * with the filters the home's "reviews published today" links to.
 */
export default async function reviewsAdminRoutes(fastify: FastifyInstance, { orderLines }: ReviewsOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly } = await staffScope(app)

  app.get(
    '/v1/reviews',
    {
      preValidation: staffOnly('reviews.read'),
      schema: {
        tags: ['staff: reviews'],
        summary:
          'Published reviews, newest first, paged: by dates, stars, brand; search by product or reviewer',
        description:
          `${staffCallNote('reviews.read')} from and to are shop dates (UTC+7, a day from 00:00 WIB), both ` +
          'inclusive, on the time the review was published. rating: 1 to 5. id_brand: the brand of the line ' +
          'bought. q: part of a product name or code, a reviewer name or an order number. The reviewer is ' +
          'answered as published (first name and initial), never in full.',
        querystring: AdminReviewsQuerySchema,
        response: { 200: AdminReviewListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listReviewsForStaff(db, orderLines, request.query)
      return pagedEnvelope(page.reviews, page.totalPages)
    },
  )
}
