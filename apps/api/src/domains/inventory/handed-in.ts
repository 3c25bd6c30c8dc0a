import type { SQL } from 'drizzle-orm'

/*
 * What this module reads of other modules' tables (issue 42), as those modules build it on their own
 * tables and hand it in. Orders imports inventory (checkout takes stock, shipping ships it) and the
 * catalog reads the sellable stock (`sellableStockOf`), so importing either would close a cycle:
 * app.ts gives the staff routes both, and the callers of the other functions pass them. Each is a
 * part of this module's one statement, so nothing costs a round trip more than before.
 */

/**
 * The units Open and Paid orders hold, as a table expression `(sku, wh, units)`: each line's
 * quantity on its sku and each bundle part's qty × the line's quantity on the part's sku, in the
 * order's warehouse (orders' `heldByOrders`, one row per line or part).
 */
export type HeldByOrders = SQL

/**
 * The catalog's sizes as a table expression
 * `(sku_product, product_code, product_name, ukuran, id_brand, position)`: one row per variant with
 * its product's name and brand (the catalog's `sizeRows`). The stock grid lists and filters by them.
 */
export type CatalogSizes = SQL

/** What the staff calls read of others: the catalog's sizes and the units orders hold. */
export interface StockViews {
  sizes: CatalogSizes
  held: HeldByOrders
}

/**
 * A size's name as a shopper reads it ('Kemeja (M)'), by its sku, as an expression of this module's
 * statement (null for an unknown sku): the catalog's `sizeNameOf`, which checkout hands to
 * `takeClaimedStock` for the CRT002 of a size that ran out.
 */
export type SizeNameOf = (sku: string) => SQL<string | null>
