import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import multipart from '@fastify/multipart'
import {
  AppError,
  MemberTokenQuerySchema,
  NotificationResponseSchema,
  ProductRatingParamsSchema,
  ProductRatingQuerySchema,
  ProductRatingResponseSchema,
  RatingListQuerySchema,
  RatingListResponseSchema,
  RatingSubmitFieldsSchema,
  RatingSubmitResponseSchema,
  REVIEW_MESSAGES,
  REVIEW_PAGE_SIZE,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { PUBLIC_CACHE_CONTROL, privateAnswers } from '../../plugins/http-cache.ts'
import { enforceLimits } from '../../plugins/rate-limit.ts'
import { storedProductCode } from '../catalog/index.ts'
import type { ReviewsOptions } from './order-lines.ts'
import { readReviewForm, REVIEW_MULTIPART_LIMITS } from './reviews.multipart.ts'
import { reencodeReviewPhoto } from './review-photos.ts'
import {
  assertCanReview,
  countWaitingRatings,
  listProductRatings,
  listRatings,
  submitRating,
} from './reviews.service.ts'

const tokenNote =
  'Member call: `token` query parameter or `Authorization: Bearer` (401 CLE001 without a live session).'
/** Review posts per customer per hour: a shopper reviews a handful of lines, a script many. */
const POST_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 }

/** Reviews by verified buyers (docs/product/account.md §2 (Reviews), issue 13; decision 032). */
export default async function reviewsRoutes(fastify: FastifyInstance, { orderLines }: ReviewsOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = () => app.database.db
  // Only this plugin parses multipart bodies, with limits enforced while the body streams in.
  await app.register(multipart, { limits: REVIEW_MULTIPART_LIMITS })

  await app.register(async (scope) => {
    const member = scope.withTypeProvider<ZodTypeProvider>()
    privateAnswers(member)
    const auth = { preValidation: member.requireCustomer }

    member.get(
      '/v1/pages/rating',
      {
        ...auth,
        schema: {
          tags: ['reviews'],
          summary: "The caller's delivered lines waiting for review (OPEN) or reviewed (PUBLISHED), paged",
          description: `${tokenNote} max_record ${REVIEW_PAGE_SIZE} by default; rating '0' means not reviewed yet.`,
          querystring: RatingListQuerySchema,
          response: { 200: RatingListResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { status, current_page: page, max_record: perPage } = request.query
        return envelope(
          await listRatings(db(), orderLines, request.customer.idPelanggan, status, page, perPage),
        )
      },
    )

    member.post(
      '/v1/pages/rating',
      {
        ...auth,
        schema: {
          tags: ['reviews'],
          summary: 'Reviews one delivered line, once: multipart id_rating, rating 1-5, review, img1-img3',
          description:
            `${tokenNote} 404 RVW001 for a line that is not the caller's, 409 RVW002 when already reviewed, ` +
            '415 RVW003 for a photo that is not really a JPEG, PNG or WebP, 413 RVW004 for one over 5 MB or ' +
            '40 megapixels, 422 RVW005 for a fourth photo, 429 REQ006 past 30 posts an hour, 503 MED001 when ' +
            'the bucket (STORAGE=s3) does not take the photos (nothing stored).',
          querystring: MemberTokenQuerySchema,
          response: {
            200: RatingSubmitResponseSchema,
            ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429, 503),
          },
        },
      },
      async (request) => {
        const idPelanggan = request.customer.idPelanggan
        await enforceLimits(db(), [{ key: `review:${idPelanggan}`, rule: POST_LIMIT }])
        const form = await readReviewForm(request)
        const parsed = RatingSubmitFieldsSchema.safeParse(form.fields)
        if (!parsed.success) {
          const issues = parsed.error.issues.map((issue) => ({
            field: issue.path.join('.'),
            message: issue.message,
          }))
          throw new AppError(
            'REQ001',
            `Invalid body field '${issues[0]?.field}': ${issues[0]?.message}`,
            issues,
          )
        }
        // Cheap checks first: no photo is decoded for a line that cannot be reviewed.
        await assertCanReview(db(), idPelanggan, parsed.data.id_rating)
        const photos = []
        for (const bytes of form.photos) photos.push(await reencodeReviewPhoto(bytes))
        const idRating = await submitRating(db(), app.uploads, idPelanggan, parsed.data, photos)
        return envelope({ id_rating: idRating }, request.say(REVIEW_MESSAGES.submitted))
      },
    )

    member.get(
      '/v1/pages/notification',
      {
        ...auth,
        schema: {
          tags: ['reviews'],
          summary: 'How many delivered lines wait for a review (data.total_rating)',
          description: tokenNote,
          querystring: MemberTokenQuerySchema,
          response: { 200: NotificationResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) =>
        envelope({ total_rating: await countWaitingRatings(db(), request.customer.idPelanggan) }),
    )
  })

  app.get(
    '/v1/pages/product_rating/:code',
    {
      schema: {
        tags: ['reviews'],
        summary: 'A product’s published reviews, newest first, with their average (an addition of ours)',
        description: `${REVIEW_PAGE_SIZE} per page. 404 CAT001 for an unknown product.`,
        params: ProductRatingParamsSchema,
        querystring: ProductRatingQuerySchema,
        response: { 200: ProductRatingResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const code = await storedProductCode(db(), request.params.code)
      if (!code) throw new AppError('CAT001')
      reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'accept-encoding')
      return envelope(
        await listProductRatings(db(), orderLines, code, request.query.current_page, REVIEW_PAGE_SIZE),
      )
    },
  )
}
