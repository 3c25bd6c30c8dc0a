import { and, eq, sql } from 'drizzle-orm'
import { AppError, say, type Localized } from '@busana/contract/schemas'
import type { Transaction } from '../../db/client.ts'
import { notifyChanged } from '../../cache-invalidation.ts'
import { announceAvailable, cameBack } from './available.ts'
import { variants } from '../../db/schema/index.ts'
import { productNameOf } from '../catalog/index.ts'

/**
 * The shop's stock (`variants.stock`, what checkout may sell) changes here only: taken by an
 * order, given back by its cancel, and (stock.service.ts) adjusted or imported by staff. Every
 * function runs inside its caller's transaction. See README.md for the invariant.
 */

/** CRT002 naming the variant ('Kemeja (M)') and what is left. */
export const notEnoughStock = (variant: string, stock: number): Localized =>
  stock > 0
    ? say(
        `Not enough stock for ${variant}: ${stock} available`,
        `Stok ${variant} tidak mencukupi: tersisa ${stock}`,
      )
    : say(`${variant} is out of stock`, `${variant} sudah habis`)

/**
 * Takes `demand` units from stock inside the order's transaction: one conditional update per
 * variant (`stock >= n`), in sku order so two orders never wait on each other crosswise. A variant
 * that no longer has the units is 422 CRT002 and the transaction rolls back: stock never goes
 * below 0 and is never promised twice.
 */
export async function takeStock(tx: Transaction, demand: ReadonlyMap<string, number>): Promise<void> {
  let soldOut = false
  for (const sku of [...demand.keys()].sort()) {
    const units = demand.get(sku)!
    const [taken] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${units}` })
      .where(and(eq(variants.skuProduct, sku), sql`${variants.stock} >= ${units}`))
      .returning({ sku: variants.skuProduct, stock: variants.stock })
    if (taken?.stock === 0) soldOut = true
    if (!taken) {
      const [left] = await tx
        .select({ stock: variants.stock, name: productNameOf(variants.productCode), ukuran: variants.ukuran })
        .from(variants)
        .where(eq(variants.skuProduct, sku))
      throw new AppError(
        'CRT002',
        notEnoughStock(left ? `${left.name} (${left.ukuran})` : sku, left?.stock ?? 0),
      )
    }
  }
  // A size that sells out leaves the listings' size filter and shows sold on its cards at once
  // (issue 39): cached catalog answers are dropped when the order commits. Only at the last unit,
  // so a sale's rush does not empty the caches at every order.
  if (soldOut) await notifyChanged(tx, 'catalog')
}

/**
 * What an order holds, per sku: each line's quantity to its sku (a bundle's own sku) and
 * quantity × qty to each bundle part's sku, in sku order (the order takeStock takes them in).
 */
export async function orderUnits(
  tx: Transaction,
  idSalesHeader: string,
): Promise<{ sku: string; units: number }[]> {
  const result = await tx.execute(sql`
    select u.sku, sum(u.units)::int as units from (
      select l.sku_product as sku, l.quantity as units from sales_lines l where l.id_sales_header = ${idSalesHeader}
      union all
      select c.sku_product, c.qty * l.quantity from sales_line_components c
        join sales_lines l on l.id = c.id_sales_line where l.id_sales_header = ${idSalesHeader}
    ) u group by u.sku order by u.sku`)
  return (result as unknown as { rows: { sku: string; units: number }[] }).rows
}

/**
 * Gives back to the shop's stock what a cancelled order held, inside the cancel's transaction
 * (order-lifecycle cancelOrder, which runs it once per order).
 */
export async function releaseOrderStock(tx: Transaction, idSalesHeader: string): Promise<void> {
  const back: string[] = []
  for (const { sku, units } of await orderUnits(tx, idSalesHeader)) {
    const [given] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${units}` })
      .where(eq(variants.skuProduct, sku))
      .returning({ stock: variants.stock })
    if (given && cameBack(given.stock, units)) back.push(sku)
  }
  // A size that was sold out can be bought again: back in the size filter at once (issue 39), and
  // the members waiting for it hear of it (issue 42).
  if (back.length > 0) {
    await notifyChanged(tx, 'catalog')
    await announceAvailable(tx, back)
  }
}
