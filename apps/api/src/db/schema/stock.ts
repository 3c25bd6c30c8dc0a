import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { variants } from './catalog.ts'
import { staffAccounts } from './staff.ts'

/**
 * Stock per warehouse (issue 14, back office). Warehouse 1 (CHECKOUT_WAREHOUSE_ID) is the one the
 * shop sells and ships from: `variants.stock` stays its available count (on_hand − held by open
 * orders), so checkout keeps its one conditional update. Other warehouses hold reserve stock.
 */
export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull().default(''),
  active: boolean('active').notNull().default(true),
  /** The shop's low-stock threshold: a sku is low here at or below it, in available units (issue 30). */
  lowStockAt: integer('low_stock_at').notNull().default(3),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Units physically in a warehouse. Held units (Open and Paid orders not yet shipped) are counted
 * from the orders, never stored; shipping an order lowers on_hand by its units.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    skuProduct: varchar('sku_product', { length: 80 })
      .notNull()
      .references(() => variants.skuProduct, { onDelete: 'cascade' }),
    idWarehouse: integer('id_warehouse')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    onHand: integer('on_hand').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.skuProduct, t.idWarehouse] }),
    check('stock_levels_on_hand', sql`${t.onHand} >= 0`),
    index('stock_levels_warehouse_idx').on(t.idWarehouse),
  ],
)

/** Every change of on_hand made by staff (adjust or CSV import), with its reason; kept when a sku goes. */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    skuProduct: varchar('sku_product', { length: 80 }).notNull(),
    idWarehouse: integer('id_warehouse').notNull(),
    delta: integer('delta').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    /** One of STOCK_ADJUST_REASONS (contract). */
    reason: varchar('reason', { length: 24 }).notNull(),
    note: text('note'),
    /** 'adjust' (one call) or 'import' (a CSV). */
    source: varchar('source', { length: 8 }).notNull().default('adjust'),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_adjustments_sku_idx').on(t.skuProduct, t.at),
    index('stock_adjustments_at_idx').on(t.at),
  ],
)
