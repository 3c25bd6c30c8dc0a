import { and, eq, sql } from 'drizzle-orm'
import { AppError, CHECKOUT_WAREHOUSE_ID } from '@busana/contract/schemas'
import type { Transaction } from '../../db/client.ts'
import { notifyChanged } from '../../cache-invalidation.ts'
import { announceAvailable, cameBack } from './available.ts'
import { sellableStock, stockAdjustments, stockHolds, stockLevels } from '../../db/schema/index.ts'
import { recordAudit, type AuditActor } from '../staff/index.ts'
import { applyChange, assertWarehouse, lockLevel } from './stock.service.ts'
import type { HeldByOrders } from './handed-in.ts'

/**
 * Stock a return moves (issue 40), inside the caller's transaction like everything here: an
 * approved exchange's new size is held (stock_holds, counted in `held` like an open order's units,
 * so `sellable_stock.stock = on_hand − held` keeps holding), given back when the return ends without
 * it, or shipped; units the buyer sent back go into a warehouse, for sale or not (DEFECT).
 */

/** A programming mistake, not a shopper's: units are always a whole number above 0 here. */
function assertUnits(units: number) {
  if (!Number.isInteger(units) || units <= 0)
    throw new Error(`inventory: units must be above 0, not ${units}`)
}

/**
 * Holds `units` of `sku` in the selling warehouse under `holdKey` (an exchange's new size, from
 * approval until it ships): one conditional update `stock >= units`, never below 0; 409 RET008 when
 * the size no longer has them. The same key again does nothing (the first hold stands).
 */
export async function holdUnits(tx: Transaction, holdKey: string, sku: string, units: number): Promise<void> {
  assertUnits(units)
  // The key first: a second call with it (twice pressed, two processes) waits for the first here
  // and then finds it, so the units are taken once.
  const [written] = await tx
    .insert(stockHolds)
    .values({ holdKey, skuProduct: sku, idWarehouse: CHECKOUT_WAREHOUSE_ID, units })
    .onConflictDoNothing({ target: stockHolds.holdKey })
    .returning({ holdKey: stockHolds.holdKey })
  if (!written) return
  const [taken] = await tx
    .update(sellableStock)
    .set({ stock: sql`${sellableStock.stock} - ${units}` })
    .where(and(eq(sellableStock.skuProduct, sku), sql`${sellableStock.stock} >= ${units}`))
    .returning({ stock: sellableStock.stock })
  if (!taken) {
    // Not left behind should the caller go on in this transaction: a hold without its units
    // would count as held and break the identity.
    await tx.delete(stockHolds).where(eq(stockHolds.holdKey, holdKey))
    throw new AppError('RET008')
  }
  // The last unit held: the size shows sold at once, as a checkout's last unit does (issue 39).
  if (taken.stock === 0) await notifyChanged(tx, 'catalog')
}

/**
 * Gives back `units` (all when absent; 0 gives back nothing) of the hold `holdKey` to the shop's
 * stock, lowering or removing the hold. No such hold (never made, released or shipped already):
 * nothing happens.
 */
export async function releaseHold(tx: Transaction, holdKey: string, units?: number): Promise<void> {
  if (units === 0) return
  if (units !== undefined) assertUnits(units)
  const [hold] = await tx.select().from(stockHolds).where(eq(stockHolds.holdKey, holdKey)).for('update')
  if (!hold) return
  const given = Math.min(units ?? hold.units, hold.units)
  if (given === hold.units) await tx.delete(stockHolds).where(eq(stockHolds.holdKey, holdKey))
  else
    await tx
      .update(stockHolds)
      .set({ units: sql`${stockHolds.units} - ${given}` })
      .where(eq(stockHolds.holdKey, holdKey))
  const [back] = await tx
    .update(sellableStock)
    .set({ stock: sql`${sellableStock.stock} + ${given}` })
    .where(eq(sellableStock.skuProduct, hold.skuProduct))
    .returning({ stock: sellableStock.stock })
  // A size that was sold out can be bought again: back in the size filter at once (issue 39), and
  // the members waiting for it hear of it (issue 42).
  if (back && cameBack(back.stock, given)) {
    await notifyChanged(tx, 'catalog')
    await announceAvailable(tx, [hold.skuProduct])
  }
}

/**
 * The held units leave the warehouse (the exchange's parcel ships): on_hand drops by them as the
 * hold goes, so `sellable_stock.stock` does not move, as shipStock does for an order. No such hold:
 * nothing happens (shipped already, or released). `held`: what orders hold (orders' `heldByOrders`),
 * counted when the level row is written.
 */
export async function shipHold(tx: Transaction, holdKey: string, held: HeldByOrders): Promise<void> {
  const [hold] = await tx.select().from(stockHolds).where(eq(stockHolds.holdKey, holdKey)).for('update')
  if (!hold) return
  // The level row first, while the hold still counts in held: a missing row is written as
  // stock + held, which must include these units before they leave.
  const onHand = await lockLevel(tx, hold.skuProduct, hold.idWarehouse, held)
  if (onHand !== null) {
    await tx
      .update(stockLevels)
      .set({ onHand: sql`greatest(${stockLevels.onHand} - ${hold.units}, 0)`, updatedAt: new Date() })
      .where(and(eq(stockLevels.skuProduct, hold.skuProduct), eq(stockLevels.idWarehouse, hold.idWarehouse)))
  }
  await tx.delete(stockHolds).where(eq(stockHolds.holdKey, holdKey))
}

export interface ReturnedUnits {
  sku: string
  units: number
  idWarehouse: number
  /** false: the units came back defective (NOT_FOR_SALE_REASONS) and are never sold. */
  forSale: boolean
  /** What the history shows beside the change (the return's number, say). */
  note: string | null
}

/**
 * Units a return brought back, into the warehouse staff chose. For sale: on_hand + units there
 * (and the shop's stock when it is the selling warehouse), an adjustment `returned` from source
 * `return`. Not for sale: the warehouse's not_for_sale count + units, never on_hand nor the shop's
 * stock, recorded as an adjustment of delta 0 whose note says how many went aside. Audited
 * (`stock.return`). 404 STF150 for an unknown or inactive warehouse, STF151 for an unknown sku.
 * `held`: what orders hold (orders' `heldByOrders`), counted as for any change of on_hand.
 */
export async function receiveReturnedUnits(
  tx: Transaction,
  returned: ReturnedUnits,
  actor: AuditActor,
  held: HeldByOrders,
): Promise<void> {
  const { sku, units, idWarehouse, forSale } = returned
  assertUnits(units)
  await assertWarehouse(tx, idWarehouse)
  const note = returned.note?.trim() || null
  const target = `${sku}@${idWarehouse}`
  if (forSale) {
    const moved = await applyChange(
      tx,
      { sku, idWarehouse, reason: 'returned', note, source: 'return', delta: units },
      actor,
      held,
    )
    await recordAudit(tx, actor, {
      action: 'stock.return',
      targetType: 'stock',
      targetId: target,
      changes: { on_hand: { from: moved.before, to: moved.onHand }, delta: units, for_sale: true },
    })
    // Back from sold out in the shop: the size is in the filter and buyable at once (issue 39);
    // applyChange told the members waiting for it (issue 42).
    if (moved.stock === units) await notifyChanged(tx, 'catalog')
    return
  }
  const onHand = await lockLevel(tx, sku, idWarehouse, held)
  if (onHand === null) throw new AppError('STF151')
  const [after] = await tx
    .update(stockLevels)
    .set({ notForSale: sql`${stockLevels.notForSale} + ${units}`, updatedAt: new Date() })
    .where(and(eq(stockLevels.skuProduct, sku), eq(stockLevels.idWarehouse, idWarehouse)))
    .returning({ notForSale: stockLevels.notForSale })
  await tx.insert(stockAdjustments).values({
    skuProduct: sku,
    idWarehouse,
    delta: 0,
    onHandAfter: onHand,
    reason: 'returned',
    note: `${units} not for sale${note ? `: ${note}` : ''}`,
    source: 'return',
    staffId: actor.staffId,
  })
  await recordAudit(tx, actor, {
    action: 'stock.return',
    targetType: 'stock',
    targetId: target,
    changes: { not_for_sale: { from: after!.notForSale - units, to: after!.notForSale }, for_sale: false },
  })
}
