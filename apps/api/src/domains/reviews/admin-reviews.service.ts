import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm'
import {
  shopInstant,
  shopIsoString,
  type AdminReview,
  type AdminReviewsQuery,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { productReviews } from '../../db/schema/index.ts'
import { brandNameOf } from '../catalog/index.ts'
import { memberNameOf } from '../members/index.ts'
import type { OrderLines } from './order-lines.ts'
import { reviewerName } from './reviews.service.ts'

/**
 * The back office's reviews list (issue 30): published reviews only, newest reviewed_at first,
 * read only. The home's "reviews published today" links here with from=to=today, so a day is the
 * shop's (UTC+7, from 00:00 WIB), as in the orders list.
 */

const DAY_MS = 86_400_000
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The search: part of a product's name or code, of the reviewer's name, or of an order number. */
function searchFilter(lines: OrderLines, q: string): SQL | undefined {
  const like = `%${escapeLike(q)}%`
  return or(
    ilike(lines.productName, like),
    ilike(productReviews.productCode, like),
    ilike(memberNameOf(productReviews.idPelanggan), like),
    ilike(lines.orderNumber, like),
  )
}

/** One page of published reviews, newest first (GET /api/admin/v1/reviews). */
export async function listReviewsForStaff(
  db: Db,
  lines: OrderLines,
  query: AdminReviewsQuery,
): Promise<{ reviews: AdminReview[]; totalPages: number }> {
  const filters: (SQL | undefined)[] = [eq(productReviews.status, 'PUBLISHED')]
  if (query.from) filters.push(gte(productReviews.reviewedAt, new Date(shopInstant(query.from))))
  if (query.to) filters.push(lt(productReviews.reviewedAt, new Date(shopInstant(query.to) + DAY_MS)))
  if (query.rating !== undefined) filters.push(eq(productReviews.rating, query.rating))
  if (query.id_brand !== undefined) filters.push(eq(lines.idBrand, query.id_brand))
  if (query.q) filters.push(searchFilter(lines, query.q))
  const where = and(...filters)
  const [total] = await db
    .select({ n: count() })
    .from(productReviews)
    .innerJoin(lines, eq(lines.idSalesLine, productReviews.idSalesLine))
    .where(where)
  const rows = await db
    .select({
      id: productReviews.id,
      reviewedAt: productReviews.reviewedAt,
      rating: productReviews.rating,
      review: productReviews.review,
      images: productReviews.images,
      productCode: productReviews.productCode,
      productName: lines.productName,
      ukuran: lines.ukuran,
      idBrand: lines.idBrand,
      brandName: brandNameOf(lines.idBrand),
      number: lines.orderNumber,
      nama: memberNameOf(productReviews.idPelanggan),
    })
    .from(productReviews)
    .innerJoin(lines, eq(lines.idSalesLine, productReviews.idSalesLine))
    .where(where)
    .orderBy(desc(productReviews.reviewedAt), desc(productReviews.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return {
    totalPages: Math.ceil(Number(total?.n ?? 0) / query.per_page),
    reviews: rows.map((row) => ({
      id: row.id,
      reviewed_at: shopIsoString(row.reviewedAt)!,
      rating: row.rating ?? 0,
      review: row.review ?? '',
      photos: row.images,
      product_code: row.productCode,
      product_name: row.productName,
      ukuran: row.ukuran,
      id_brand: row.idBrand,
      brand_name: row.brandName,
      sales_order_number: row.number,
      reviewer: reviewerName(row.nama ?? ''),
    })),
  }
}
