import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'
import { CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS } from '../text.ts'
import { MemberTokenQuerySchema } from '../members/members.schemas.ts'
import { REVIEW_PAGE_SIZE, REVIEW_STATUSES, REVIEW_TEXT_MAX } from './reviews.rules.ts'

/**
 * Reviews (docs/product/account.md §3 and 7, issue 13): GET and POST /api/v1/pages/rating, GET
 * /api/v1/pages/notification, and the product's published reviews (an addition of ours).
 */

/** Query of GET /api/v1/pages/rating: the member's lines waiting for review (OPEN) or reviewed (PUBLISHED). */
export const RatingListQuerySchema = MemberTokenQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES).default('OPEN'),
  current_page: z.coerce.number().int().min(1).max(10_000).default(1),
  max_record: z.coerce.number().int().min(1).max(50).default(REVIEW_PAGE_SIZE),
})
export type RatingListQuery = z.input<typeof RatingListQuerySchema>

/** docs/product/account.md §3, Review item. rating is a string: '0' means not reviewed yet. review is plain text. */
export const ReviewItemSchema = z.object({
  id_rating: z.number().int(),
  invoice_number: z.string(),
  order_date: z.string(),
  product_code: z.string(),
  img_product: z.string(),
  product_name: z.string(),
  ukuran: z.string(),
  rating: z.string(),
  review: z.string(),
  url_image: z.array(z.string()),
  status: z.enum(REVIEW_STATUSES),
})
export type ReviewItem = z.infer<typeof ReviewItemSchema>

export const RatingPageSchema = z.object({
  data_rating: z.array(ReviewItemSchema),
  current_page: z.number().int(),
  total_page: z.number().int(),
})
export type RatingPage = z.infer<typeof RatingPageSchema>
export const RatingListResponseSchema = envelopeSchema(RatingPageSchema)

/**
 * The text fields of POST /api/v1/pages/rating (multipart; img1 to img3 are files). Plain text:
 * surrounding blanks are trimmed, and the text is stored and shown as written, never as HTML.
 */
export const RatingSubmitFieldsSchema = z.object({
  id_rating: z.coerce.number().int().positive().max(2_147_483_647),
  rating: z.coerce.number().int().min(1).max(5),
  review: z
    .string()
    .trim()
    .min(1)
    .refine((text) => [...text].length <= REVIEW_TEXT_MAX, `must be at most ${REVIEW_TEXT_MAX} characters`)
    // Multipart fields pass no JSON body check: NUL and other controls are refused here (issue 11).
    .refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTER_MESSAGE),
})
export type RatingSubmitFields = z.infer<typeof RatingSubmitFieldsSchema>
export const RatingSubmitResponseSchema = envelopeSchema(z.object({ id_rating: z.number().int() }))

/** GET /api/v1/pages/notification: data.total_rating, the lines waiting for a review. */
export const NotificationSchema = z.object({ total_rating: z.number().int().nonnegative() })
export type Notification = z.infer<typeof NotificationSchema>
export const NotificationResponseSchema = envelopeSchema(NotificationSchema)

/** GET /api/v1/pages/product_rating/{code}: a product's published reviews, newest first (an addition of ours). */
export const ProductRatingParamsSchema = z.object({ code: z.string().min(1).max(64) })
export const ProductRatingQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export const PublishedReviewSchema = z.object({
  /** The reviewer's first name and the initial of the last ('Sari W.'). */
  reviewer: z.string(),
  rating: z.number().int(),
  review: z.string(),
  ukuran: z.string(),
  url_image: z.array(z.string()),
  reviewed_at: z.string(),
})
export type PublishedReview = z.infer<typeof PublishedReviewSchema>
export const ProductRatingSchema = z.object({
  rating_average: z.number(),
  rating_count: z.number().int(),
  data_rating: z.array(PublishedReviewSchema),
  current_page: z.number().int(),
  total_page: z.number().int(),
})
export type ProductRating = z.infer<typeof ProductRatingSchema>
export const ProductRatingResponseSchema = envelopeSchema(ProductRatingSchema)
