import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { products } from './catalog.ts'
import { customers } from './members.ts'

/**
 * The shared bag (decision 010): lines belong to the customer, not to a brand. A plain line names a
 * variant; a bundle line names the bundle's own sku (PRP-B01-SET) and lists its parts in
 * cart_line_components. `line_key` is the line's identity in the bag: the sku of a plain line, the
 * bundle sku plus its sorted `sku:qty` parts for a bundle, so adding the same thing again increments
 * the line (UNIQUE (id_pelanggan, line_key) also forbids a duplicate under any race).
 * sku_product has no foreign key: a withdrawn variant leaves the line visible as unavailable.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    idLine: serial('id_line').primaryKey(),
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    skuProduct: varchar('sku_product', { length: 80 }).notNull(),
    lineKey: text('line_key').notNull(),
    qty: integer('qty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_customer_key_uq').on(t.idPelanggan, t.lineKey),
    index('cart_lines_product_idx').on(t.productCode),
    check('cart_lines_qty_positive', sql`${t.qty} > 0`),
  ],
)

/** The parts of a bundle line: each variant and its pieces per bundle (× the line's qty in demand). */
export const cartLineComponents = pgTable(
  'cart_line_components',
  {
    idLine: integer('id_line')
      .notNull()
      .references(() => cartLines.idLine, { onDelete: 'cascade' }),
    skuProduct: varchar('sku_product', { length: 80 }).notNull(),
    qty: integer('qty').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.idLine, t.skuProduct] }),
    check('cart_line_components_qty_positive', sql`${t.qty} > 0`),
  ],
)
