import { sql } from 'drizzle-orm'
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { customers } from './members.ts'
import { salesHeaders, salesLines } from './orders.ts'

/** Raw bytes (PostgreSQL bytea), as Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * A review's photos (issue 13, decision 032): re-encoded to WebP without metadata before they are
 * stored, so no byte the shopper sent is ever served. The key is random (unguessable, never reused):
 * the photo's URL is /media/review/{key}.webp and immutable. `storage` says where the bytes are
 * (decision 046): 'database' in bytes, 's3' in the bucket as review-photos/{key}.webp (bytes null).
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    key: varchar('key', { length: 32 }).primaryKey(),
    idReview: integer('id_review')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storage: varchar('storage', { length: 16 }).$type<'database' | 's3'>().notNull().default('database'),
    bytes: bytea('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_photos_review_idx').on(t.idReview, t.position),
    check('review_photos_position', sql`${t.position} between 1 and 3`),
  ],
)

/**
 * A line of a delivered order waiting for, or holding, its review (issue 10 opens them when the
 * order reaches Success, status OPEN; the reviews issue writes rating, words and photos and
 * publishes them). One per order line, only for the order's own customer.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    idSalesLine: integer('id_sales_line')
      .notNull()
      .unique()
      .references(() => salesLines.id, { onDelete: 'cascade' }),
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .notNull()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'cascade' }),
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    productCode: varchar('product_code', { length: 64 }).notNull(),
    /** OPEN: waiting to be reviewed; PUBLISHED: reviewed and shown. */
    status: varchar('status', { length: 16 }).notNull().default('OPEN'),
    rating: integer('rating'),
    review: text('review'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    check('product_reviews_status', sql`${t.status} in ('OPEN', 'PUBLISHED')`),
    check('product_reviews_rating', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    index('product_reviews_customer_idx').on(t.idPelanggan, t.status),
    index('product_reviews_product_idx').on(t.productCode, t.status),
    // Reviews by the day they were published (the back office's home and reviews list; issue 30).
    index('product_reviews_reviewed_idx')
      .on(t.reviewedAt)
      .where(sql`${t.status} = 'PUBLISHED'`),
    index('product_reviews_published_idx')
      .on(t.productCode, t.reviewedAt)
      .where(sql`${t.status} = 'PUBLISHED'`),
  ],
)
