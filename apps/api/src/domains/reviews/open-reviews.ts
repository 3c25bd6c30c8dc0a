import type { Transaction } from '../../db/client.ts'
import { productReviews } from '../../db/schema/index.ts'

/** A delivered order's line that may be reviewed: the orders module hands these in. */
export interface ReviewableLine {
  idSalesLine: number
  idSalesHeader: string
  idPelanggan: number
  productCode: string
}

/**
 * Opens a review (status OPEN) for each delivered line, once each: a line that already has its
 * review keeps it. Called inside the order's move to Success, so the reviews open with it or not at
 * all (issue 42: `product_reviews` is written by this module only).
 */
export async function openReviews(
  tx: Transaction,
  lines: readonly ReviewableLine[],
  now: number,
): Promise<void> {
  if (lines.length === 0) return
  await tx
    .insert(productReviews)
    .values(lines.map((line) => ({ ...line, status: 'OPEN', openedAt: new Date(now) })))
    .onConflictDoNothing()
}
