import { and, count, desc, eq, sql } from 'drizzle-orm'
import {
  AppError,
  ratingAverage,
  shopIsoString,
  type ProductRating,
  type PublishedReview,
  type RatingPage,
  type RatingSubmitFields,
  type ReviewItem,
  type ReviewStatus,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { productReviews, reviewPhotos } from '../../db/schema/index.ts'
import { memberNameOf } from '../members/index.ts'
import type { UploadStorage } from '../../providers/storage/index.ts'
import { storePictures } from '../media/index.ts'
import type { OrderLines } from './order-lines.ts'
import { reviewPhotoObject, reviewPhotoUrl, type StoredPhoto } from './review-photos.ts'

/**
 * Reviews by verified buyers (docs/product/account.md §2 (Reviews), issue 13; decision 032). orders'
 * fulfilment.ts opens one product_reviews row (OPEN) per line when an order reaches Success; this service
 * lists them, takes the one review each line may have (PUBLISHED) and reads a product's published reviews. A
 * row is only ever found through its own customer: someone else's id_rating is simply not found.
 */

const totalPages = (rows: number, perPage: number) => Math.ceil(rows / perPage)

/** The customer's review rows of one status, newest order first, paged (GET /pages/rating). */
export async function listRatings(
  db: Db,
  lines: OrderLines,
  idPelanggan: number,
  status: ReviewStatus,
  page: number,
  perPage: number,
): Promise<RatingPage> {
  const mine = and(eq(productReviews.idPelanggan, idPelanggan), eq(productReviews.status, status))
  const [counted] = await db.select({ n: count() }).from(productReviews).where(mine)
  const rows = await db
    .select({
      id: productReviews.id,
      status: productReviews.status,
      rating: productReviews.rating,
      review: productReviews.review,
      images: productReviews.images,
      productCode: productReviews.productCode,
      invoiceNumber: lines.orderNumber,
      orderDate: lines.orderDate,
      image: lines.image,
      name: lines.productName,
      ukuran: lines.ukuran,
    })
    .from(productReviews)
    .innerJoin(lines, eq(lines.idSalesLine, productReviews.idSalesLine))
    .where(mine)
    .orderBy(
      status === 'PUBLISHED' ? desc(productReviews.reviewedAt) : desc(lines.orderDate),
      desc(productReviews.id),
    )
    .limit(perPage)
    .offset((page - 1) * perPage)
  const items: ReviewItem[] = rows.map((row) => ({
    id_rating: row.id,
    invoice_number: row.invoiceNumber,
    order_date: shopIsoString(row.orderDate)!,
    product_code: row.productCode,
    img_product: row.image,
    product_name: row.name,
    ukuran: row.ukuran,
    rating: String(row.rating ?? 0),
    review: row.review ?? '',
    url_image: row.images,
    status: row.status === 'PUBLISHED' ? 'PUBLISHED' : 'OPEN',
  }))
  return { data_rating: items, current_page: page, total_page: totalPages(Number(counted?.n ?? 0), perPage) }
}

/** How many of the customer's lines wait for a review (GET /pages/notification, data.total_rating). */
export async function countWaitingRatings(db: Db, idPelanggan: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(productReviews)
    .where(and(eq(productReviews.idPelanggan, idPelanggan), eq(productReviews.status, 'OPEN')))
  return Number(row?.n ?? 0)
}

/**
 * Whether the customer may review `idRating` now: their own row (else 404 RVW001), still OPEN
 * (else 409 RVW002). Checked before any photo is decoded; submitRating checks again atomically.
 */
export async function assertCanReview(db: Db, idPelanggan: number, idRating: number): Promise<void> {
  const [row] = await db
    .select({ status: productReviews.status })
    .from(productReviews)
    .where(and(eq(productReviews.id, idRating), eq(productReviews.idPelanggan, idPelanggan)))
  if (!row) throw new AppError('RVW001')
  if (row.status !== 'OPEN') throw new AppError('RVW002')
}

/**
 * Takes a line's review (POST /pages/rating): rating, plain text and up to three re-encoded photos,
 * in one transaction. The row moves OPEN → PUBLISHED with a conditional update, so of two parallel
 * posts for one line exactly one wins and the other gets 409 RVW002; nothing is half-written. With
 * STORAGE=s3 the photos are put in the bucket first and removed again if the review is refused
 * (decision 046; a bucket that fails is 503 MED001, nothing stored).
 */
export async function submitRating(
  db: Db,
  storage: UploadStorage,
  idPelanggan: number,
  fields: RatingSubmitFields,
  photos: readonly StoredPhoto[],
  now = new Date(),
): Promise<number> {
  const files = photos.map((photo) => ({
    name: reviewPhotoObject(photo.key),
    contentType: photo.contentType,
    bytes: photo.bytes,
  }))
  await storePictures(storage, files, (where) => publish(db, idPelanggan, fields, photos, where, now))
  return fields.id_rating
}

/** submitRating's transaction: the review and its photos' rows (their bytes too when `where` is the database). */
async function publish(
  db: Db,
  idPelanggan: number,
  fields: RatingSubmitFields,
  photos: readonly StoredPhoto[],
  where: 'database' | 's3',
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(productReviews)
      .set({
        status: 'PUBLISHED',
        rating: fields.rating,
        review: fields.review,
        images: photos.map((photo) => reviewPhotoUrl(photo.key)),
        reviewedAt: now,
      })
      .where(
        and(
          eq(productReviews.id, fields.id_rating),
          eq(productReviews.idPelanggan, idPelanggan),
          eq(productReviews.status, 'OPEN'),
        ),
      )
      .returning({ id: productReviews.id })
    if (!updated) {
      const [exists] = await tx
        .select({ id: productReviews.id })
        .from(productReviews)
        .where(and(eq(productReviews.id, fields.id_rating), eq(productReviews.idPelanggan, idPelanggan)))
      throw new AppError(exists ? 'RVW002' : 'RVW001')
    }
    if (photos.length > 0) {
      await tx.insert(reviewPhotos).values(
        photos.map((photo, index) => ({
          key: photo.key,
          idReview: updated.id,
          position: index + 1,
          contentType: photo.contentType,
          width: photo.width,
          height: photo.height,
          storage: where,
          bytes: where === 'database' ? photo.bytes : null,
        })),
      )
    }
  })
}

/**
 * A stored review photo by its key (the media route), or undefined: its bytes when its row holds
 * them, null when they are in the bucket (decision 046).
 */
export async function findReviewPhoto(db: Db, key: string) {
  const [row] = await db
    .select({ bytes: reviewPhotos.bytes, contentType: reviewPhotos.contentType })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.key, key))
  return row
}

/** 'Sari Wulandari' → 'Sari W.'; a shopper's full name is never published. */
export function reviewerName(nama: string): string {
  const [first, ...rest] = nama.trim().split(/\s+/)
  if (!first) return 'Busana shopper'
  const last = rest.at(-1)
  return last ? `${first} ${[...last][0]!.toUpperCase()}.` : first
}

/** Average and count of a product's published ratings (one query): the product page's JSON-LD. */
export async function productRatingSummary(
  db: Db,
  productCode: string,
): Promise<{ rating_average: number; rating_count: number }> {
  const [row] = await db
    .select({ n: count(), sum: sql<string | null>`sum(${productReviews.rating})` })
    .from(productReviews)
    .where(and(eq(productReviews.productCode, productCode), eq(productReviews.status, 'PUBLISHED')))
  const n = Number(row?.n ?? 0)
  return { rating_average: ratingAverage(Number(row?.sum ?? 0), n), rating_count: n }
}

/** A product's published reviews, newest first, paged, with their average (GET /pages/product_rating). */
export async function listProductRatings(
  db: Db,
  lines: OrderLines,
  productCode: string,
  page: number,
  perPage: number,
): Promise<ProductRating> {
  const summary = await productRatingSummary(db, productCode)
  const rows = await db
    .select({
      nama: memberNameOf(productReviews.idPelanggan),
      rating: productReviews.rating,
      review: productReviews.review,
      images: productReviews.images,
      ukuran: lines.ukuran,
      reviewedAt: productReviews.reviewedAt,
    })
    .from(productReviews)
    .innerJoin(lines, eq(lines.idSalesLine, productReviews.idSalesLine))
    .where(and(eq(productReviews.productCode, productCode), eq(productReviews.status, 'PUBLISHED')))
    .orderBy(desc(productReviews.reviewedAt), desc(productReviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  const items: PublishedReview[] = rows.map((row) => ({
    reviewer: reviewerName(row.nama ?? ''),
    rating: row.rating ?? 0,
    review: row.review ?? '',
    ukuran: row.ukuran,
    url_image: row.images,
    reviewed_at: shopIsoString(row.reviewedAt)!,
  }))
  return {
    ...summary,
    data_rating: items,
    current_page: page,
    total_page: totalPages(summary.rating_count, perPage),
  }
}
