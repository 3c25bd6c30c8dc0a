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
 * shop sells and ships from: `sellable_stock.stock` is its available count (on_hand − held by open
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
    /** Units returned defective (issue 40): in the warehouse, never sold, outside on_hand. */
    notForSale: integer('not_for_sale').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.skuProduct, t.idWarehouse] }),
    check('stock_levels_on_hand', sql`${t.onHand} >= 0`),
    check('stock_levels_not_for_sale', sql`${t.notForSale} >= 0`),
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
    /** 'adjust' (one call), 'import' (a CSV) or 'return' (units a return brought back, issue 40). */
    source: varchar('source', { length: 8 }).notNull().default('adjust'),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_adjustments_sku_idx').on(t.skuProduct, t.at),
    index('stock_adjustments_at_idx').on(t.at),
  ],
)

/**
 * Units held for something other than an order (issue 40): an approved exchange's new size, held
 * for its buyer from approval until it ships (or is released). Counted in `held` like an open
 * order's units, so `sellable_stock.stock = on_hand − held` keeps holding. `hold_key` names the holder
 * ('return:RTN-…:<line id>'); a hold is written and removed only by this module.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    holdKey: varchar('hold_key', { length: 80 }).primaryKey(),
    skuProduct: varchar('sku_product', { length: 80 }).notNull(),
    idWarehouse: integer('id_warehouse').notNull(),
    units: integer('units').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_holds_units', sql`${t.units} > 0`),
    index('stock_holds_sku_idx').on(t.skuProduct, t.idWarehouse),
  ],
)

/**
 * What checkout may sell of each variant (issue 42; it was `variants.stock` until migration 0027):
 * the selling warehouse's available count, `on_hand − held` (see warehouses above), changed only by
 * this module's conditional updates (`stock >= n`), never below 0. One row per variant, written
 * when the catalog creates the variant (`openSellableStock`, at 0) and gone with it; a variant
 * without a row counts as 0. Other modules read it through `sellableStockOf` (inventory/index.ts),
 * a correlated lookup inside their own statement. Its changes keep product_listing_facts' buyable
 * sizes (triggers of migration 0027).
 */
export const sellableStock = pgTable(
  'sellable_stock',
  {
    skuProduct: varchar('sku_product', { length: 80 })
      .primaryKey()
      .references(() => variants.skuProduct, { onDelete: 'cascade' }),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [check('sellable_stock_not_negative', sql`${t.stock} >= 0`)],
)
