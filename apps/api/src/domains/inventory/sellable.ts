import { getTableName, is, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { Column } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { sellableStock } from '../../db/schema/index.ts'

/**
 * What checkout may sell of each variant (`sellable_stock`, issue 42: it was `variants.stock`). This
 * module writes it (units.ts, claims.ts, holds.ts, stock.service.ts); other modules read it inside
 * their own statements through `sellableStockOf`, and the catalog opens a new variant's row.
 */

/**
 * The caller's column with its table's name: drizzle leaves a one-table select's columns bare, and
 * a bare "sku_product" in the subquery would be sellable_stock's own column.
 */
const outer = (sku: AnyColumn | SQL): SQL =>
  is(sku, Column) ? sql`${sql.identifier(getTableName(sku.table))}.${sql.identifier(sku.name)}` : sku

/**
 * A variant's sellable stock (0 without a row) as an expression of the caller's own query, by its
 * sku: a column of the caller's table (`variants.skuProduct`) or SQL naming one (`v.sku_product`). A
 * correlated lookup by primary key, so a card list or the checkout's read stays one statement.
 */
export function sellableStockOf(sku: AnyColumn | SQL): SQL<number> {
  return sql<number>`coalesce((select s.stock from ${sellableStock} s where s.sku_product = ${outer(sku)}), 0)`.mapWith(
    Number,
  )
}

/**
 * Opens the sellable stock of new variants at 0, inside the catalog's transaction that made them
 * (a size added by staff): every variant has its row, the rows this module's statements range over.
 * A row already there is kept.
 */
export async function openSellableStock(tx: Db | Transaction, skus: readonly string[]): Promise<void> {
  if (skus.length === 0) return
  await tx
    .insert(sellableStock)
    .values(skus.map((skuProduct) => ({ skuProduct, stock: 0 })))
    .onConflictDoNothing()
}
