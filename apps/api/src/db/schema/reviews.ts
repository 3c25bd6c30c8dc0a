import { sql } from 'drizzle-orm'
import { check, customType, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core'
import { productReviews } from './orders.ts'

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
