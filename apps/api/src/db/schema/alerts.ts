import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { products, variants } from './catalog.ts'
import { customers } from './members.ts'

/**
 * A member's alerts (issue 42): BACK_IN_STOCK on one size (`sku_product`), PRICE_DROP on a product
 * (`price_then`: the price she saw). Waiting while `spent_at` is null; spent by the one message it
 * causes (`spent_event`: the event that spent it, `price_now` the price then, for a drop). Owned by
 * the alerts module.
 */
export const memberAlerts = pgTable(
  'member_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    skuProduct: varchar('sku_product', { length: 80 }).references(() => variants.skuProduct, {
      onDelete: 'cascade',
    }),
    /** en or id: the language she asked in; her message is written in it. */
    language: varchar('language', { length: 2 }).notNull(),
    priceThen: integer('price_then'),
    priceNow: integer('price_now'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    spentEvent: bigint('spent_event', { mode: 'number' }),
  },
  (t) => [
    check('member_alerts_kind', sql`${t.kind} in ('BACK_IN_STOCK', 'PRICE_DROP')`),
    check(
      'member_alerts_shape',
      sql`(${t.kind} = 'BACK_IN_STOCK' and ${t.skuProduct} is not null) or (${t.kind} = 'PRICE_DROP' and ${t.skuProduct} is null and ${t.priceThen} is not null)`,
    ),
    // One waiting alert per member, kind, product and size: asking twice keeps the first.
    uniqueIndex('member_alerts_waiting_uq')
      .on(t.idPelanggan, t.kind, t.productCode, sql`coalesce(${t.skuProduct}, '')`)
      .where(sql`${t.spentAt} is null`),
    index('member_alerts_size_idx')
      .on(t.skuProduct)
      .where(sql`${t.spentAt} is null and ${t.kind} = 'BACK_IN_STOCK'`),
    index('member_alerts_product_idx')
      .on(t.productCode)
      .where(sql`${t.spentAt} is null and ${t.kind} = 'PRICE_DROP'`),
    index('member_alerts_member_idx').on(t.idPelanggan, t.createdAt),
  ],
)
