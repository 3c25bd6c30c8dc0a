import { z } from 'zod'
import { pagedEnvelopeSchema } from '../envelope.schemas.ts'
import { ShopDateSchema } from '../dates.schemas.ts'

/**
 * The back office's reviews screen (issue 30): the published reviews, newest first, read only. The
 * home's "reviews published today" links to it with from=to=today. Browser-safe (zod only).
 */

const MAX_INT = 2_147_483_647
/** A review's stars, 1 to 5 (product_reviews_rating). */
export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const
const RATING_MESSAGE = 'must be a whole number from 1 to 5'
/**
 * A date in the shop's time zone (UTC+7), YYYY-MM-DD: the same rule and message as the orders
 * list's from/to (ops.schemas.ts); a day starts at 00:00 WIB.
 */
const shopDate = ShopDateSchema

/** GET …/reviews: from/to are shop dates (to inclusive); q a product's name or code, a reviewer or an order number. */
export const AdminReviewsQuerySchema = z
  .object({
    from: shopDate.optional(),
    to: shopDate.optional(),
    rating: z.coerce
      .number({ error: RATING_MESSAGE })
      .int(RATING_MESSAGE)
      .min(1, RATING_MESSAGE)
      .max(5, RATING_MESSAGE)
      .optional(),
    id_brand: z.coerce
      .number({ error: 'must be a brand id' })
      .int('must be a brand id')
      .min(1, 'must be a brand id')
      .max(MAX_INT, 'must be a brand id')
      .optional(),
    q: z.string().trim().max(120, 'must be at most 120 characters').optional(),
    page: z.coerce.number().int().min(1, 'must be 1 or more').max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(200, 'must be at most 200').default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'must not be after to',
    path: ['from'],
  })
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuerySchema>

/** One published review as staff read it. */
export const AdminReviewSchema = z.object({
  id: z.number().int(),
  /** When it was published, on the shop's clock (ISO, +07:00). */
  reviewed_at: z.string(),
  rating: z.number().int().min(1).max(5),
  /** Plain text as the buyer wrote it; never HTML. */
  review: z.string(),
  /** The photos' URLs (/media/review/{key}.webp), in the buyer's order. */
  photos: z.array(z.string()),
  product_code: z.string(),
  product_name: z.string(),
  ukuran: z.string(),
  id_brand: z.number().int(),
  brand_name: z.string().nullable(),
  /** The order the line was bought in (the back office's /orders/{number}). */
  sales_order_number: z.string(),
  /** The reviewer as published: first name and initial ('Sari W.'), never the full name. */
  reviewer: z.string(),
})
export type AdminReview = z.infer<typeof AdminReviewSchema>
export const AdminReviewListResponseSchema = pagedEnvelopeSchema(z.array(AdminReviewSchema))
