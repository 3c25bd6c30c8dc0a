import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { customers } from './members.ts'
import { salesHeaders } from './orders.ts'

/**
 * Vouchers (POST /orders/promo; decision 018): FIXED and SHIPPING take `value` rupiah off the lines
 * or the fare, PERCENTAGE takes `value` % of the lines up to max_discount. A use is counted with a
 * conditional update of used_count inside the order's transaction and one voucher_redemptions row
 * per use (at most per_customer_limit per customer).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    /** Upper-case, 3 to 32 letters, digits, - and _. */
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: text('name').notNull(),
    /** FIXED, PERCENTAGE or SHIPPING. */
    type: varchar('type', { length: 16 }).notNull(),
    value: integer('value').notNull(),
    maxDiscount: integer('max_discount'),
    minPurchase: integer('min_purchase').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses allowed in all; null: no limit. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /**
     * The rules (issue 43 part 6, decision 058). Uses allowed to one customer (a member, or a guest
     * by their verified phone: one guest customer per phone).
     */
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    /** The lines it counts: their brand (brands.id), category (categories.id) or product code. Empty: every line. */
    brands: integer('brands')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    categories: integer('categories')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    products: text('products')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Only for a customer without an order that is not cancelled. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vouchers_type', sql`${t.type} in ('FIXED', 'PERCENTAGE', 'SHIPPING')`),
    check('vouchers_value', sql`${t.value} > 0 and (${t.type} <> 'PERCENTAGE' or ${t.value} <= 100)`),
    check('vouchers_per_customer', sql`${t.perCustomerLimit} >= 1`),
    check(
      'vouchers_used',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
)

/**
 * One use of a voucher by a customer, with the order that took it. `use_number` is the use's slot,
 * 1 to the voucher's per_customer_limit: a use takes the lowest free one and the primary key
 * (voucher, customer, slot) refuses a second use of the same slot, even by parallel transactions.
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .notNull()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'cascade' }),
    useNumber: integer('use_number').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.voucherId, t.idPelanggan, t.useNumber] })],
)
