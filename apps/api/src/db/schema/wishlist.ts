import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'
import { products } from './catalog.ts'
import { customers } from './members.ts'

/** The wishlist: products a customer keeps, shared across brands. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.idPelanggan, t.productCode] }),
    index('wishlist_items_customer_created_idx').on(t.idPelanggan, t.createdAt),
  ],
)
