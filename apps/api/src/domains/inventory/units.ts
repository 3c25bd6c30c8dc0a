import { and, eq, sql } from 'drizzle-orm'
import { AppError, say, type Localized } from '@busana/contract/schemas'
import type { Transaction } from '../../db/client.ts'
import { notifyChanged } from '../../cache-invalidation.ts'
import { announceAvailable, cameBack } from './available.ts'
import { sellableStock } from '../../db/schema/index.ts'
import type { SizeNameOf } from './handed-in.ts'

/**
 * The shop's stock (`sellable_stock.stock`, what checkout may sell) changes here only: taken by an
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

/** Units of one sku: what an order holds of it, or gives back. */
export interface SkuUnits {
  sku: string
  units: number
}

/**
 * Takes `demand` units from stock inside the order's transaction: one conditional update per
 * variant (`stock >= n`), in sku order so two orders never wait on each other crosswise. A variant
 * that no longer has the units is 422 CRT002 naming it (`sizeNameOf`) and the transaction rolls
 * back: stock never goes below 0 and is never promised twice.
 */
export async function takeStock(
  tx: Transaction,
  demand: ReadonlyMap<string, number>,
  sizeNameOf: SizeNameOf,
): Promise<void> {
  let soldOut = false
  for (const sku of [...demand.keys()].sort()) {
    const units = demand.get(sku)!
    const [taken] = await tx
      .update(sellableStock)
      .set({ stock: sql`${sellableStock.stock} - ${units}` })
      .where(and(eq(sellableStock.skuProduct, sku), sql`${sellableStock.stock} >= ${units}`))
      .returning({ sku: sellableStock.skuProduct, stock: sellableStock.stock })
    if (taken?.stock === 0) soldOut = true
    if (!taken) {
      const result = await tx.execute<{ stock: number; name: string | null }>(sql`
        select coalesce((select s.stock from ${sellableStock} s where s.sku_product = ${sku}), 0) as stock,
          ${sizeNameOf(sku)} as name`)
      const left = (result as unknown as { rows: { stock: number; name: string | null }[] }).rows[0]
      throw new AppError('CRT002', notEnoughStock(left?.name ?? sku, Number(left?.stock ?? 0)))
    }
  }
  // A size that sells out leaves the listings' size filter and shows sold on its cards at once
  // (issue 39): cached catalog answers are dropped when the order commits. Only at the last unit,
  // so a sale's rush does not empty the caches at every order.
  if (soldOut) await notifyChanged(tx, 'catalog')
}

/**
 * Gives back to the shop's stock what a cancelled order held (`units`, per sku in sku order: orders'
 * `orderUnits` reads them), inside the cancel's transaction (order-lifecycle cancelOrder, which
 * runs it once per order).
 */
export async function releaseOrderStock(tx: Transaction, units: readonly SkuUnits[]): Promise<void> {
  const back: string[] = []
  for (const { sku, units: n } of [...units].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))) {
    const [given] = await tx
      .update(sellableStock)
      .set({ stock: sql`${sellableStock.stock} + ${n}` })
      .where(eq(sellableStock.skuProduct, sku))
      .returning({ stock: sellableStock.stock })
    if (given && cameBack(given.stock, n)) back.push(sku)
  }
  // A size that was sold out can be bought again: back in the size filter at once (issue 39), and
  // the members waiting for it hear of it (issue 42).
  if (back.length > 0) {
    await notifyChanged(tx, 'catalog')
    await announceAvailable(tx, back)
  }
}
