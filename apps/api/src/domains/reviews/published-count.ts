import { and, count, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { productReviews } from '../../db/schema/index.ts'

/**
 * How many reviews were published in [from, to): the back office home's "reviews today" (insights,
 * issue 30). One count through product_reviews_reviewed_idx (published reviews by reviewed_at);
 * the status is written out, not a parameter, so that even a cached plan matches the partial index.
 */
export async function publishedReviewCount(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(productReviews)
    .where(
      and(
        sql`${productReviews.status} = 'PUBLISHED'`,
        gte(productReviews.reviewedAt, from),
        lt(productReviews.reviewedAt, to),
      ),
    )
  return row?.count ?? 0
}
