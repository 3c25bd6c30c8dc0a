import { and, inArray, like, lt, sql } from 'drizzle-orm'
import { CHECKOUT_WAREHOUSE_ID } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { notifyChanged } from '../../cache-invalidation.ts'
import { announceAvailable, cameBack } from './available.ts'
import { sellableStock, stockHolds } from '../../db/schema/index.ts'
import { takeStock } from './units.ts'
import type { SizeNameOf } from './handed-in.ts'

/**
 * A press's claim on its units (issue 41, decision 019 addendum 2): when PAY NOW is pressed, the
 * units the ticked lines ask for are taken from stock at once, in one short statement of their own,
 * and kept as holds (stock_holds, counted in `held`, so `sellable_stock.stock = on_hand − held`
 * holds throughout, decision 038) under the customer's claim keys. The order's transaction turns the
 * holds into its lines' units (`takeClaimedStock`); a press that ends without an order gives them
 * back (`releaseClaim`); a claim left by a process that died is given back by the payment-expiry
 * job once it is CLAIM_TTL_MS old (`releaseStaleClaims`). In a sale the stock reads 0 as soon as the
 * last unit is claimed, so the presses after it are refused by their first reads instead of after
 * the whole order path.
 */

/** A claim older than this belongs to a press that is no longer running: it is given back. */
export const CLAIM_TTL_MS = 2 * 60_000

const CLAIM_PREFIX = 'press:'

/** The hold key of a customer's claim on a sku: one per customer and sku (a customer places one order at a time). */
export const claimKey = (idPelanggan: number, sku: string) => `${CLAIM_PREFIX}${idPelanggan}:${sku}`

/** What claimUnits did: the keys this press made (its to give back or turn into units), and what it could not take. */
export interface Claim {
  keys: string[]
  /** True when a claim of the same customer already held these skus (another press in flight). */
  alreadyClaimed: boolean
  /** Skus that did not have the units: the press is refused. Nothing was taken then. */
  short: string[]
  /**
   * The stock the claim's statement read of the first short sku, from its snapshot: taken after the
   * press arrived, so 0 here means the size was sold out at a moment of the press (it may be refused
   * without reading again). Undefined when nothing was short or the row was not found.
   */
  shortStock?: number
}

/** Thrown inside a claim's transaction to roll it back when a sku is short (`stock`: what the claim read). */
class Short extends Error {
  constructor(
    readonly sku: string,
    readonly stock: number | undefined,
  ) {
    super(`claim: ${sku} is short`)
  }
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } }
  return (e?.code ?? e?.cause?.code) === '23505'
}

/**
 * Takes `demand` (units per sku) from stock as the customer's claim, all or nothing. One sku (a
 * sale's bag) is one autocommitted statement: the conditional update (`stock >= units`) and the
 * hold written from its row, so the sale's row is locked for that statement only. More skus are one
 * short transaction, in sku order. A second press of the same customer while the first's claim
 * stands meets the claim key (a unique violation rolls its statement back whole) and is answered
 * `alreadyClaimed`: it takes nothing and goes on to wait for the first at the customer's lock.
 */
export async function claimUnits(
  db: Db,
  idPelanggan: number,
  demand: ReadonlyMap<string, number>,
): Promise<Claim> {
  const skus = [...demand.keys()].sort()
  const claimOne = async (q: Db | Transaction, sku: string) => {
    const units = demand.get(sku)!
    const key = claimKey(idPelanggan, sku)
    // When nothing is taken, the same statement reads the stock its snapshot saw: a refusal needs no
    // second read when that is 0 (issue 41: most of a sale's refused presses end here).
    const result = await q.execute<{ stock: number; taken: boolean }>(sql`
      with taken as (
        update ${sellableStock} set stock = stock - ${units}
        where sku_product = ${sku} and stock >= ${units}
        returning sku_product, stock),
      held as (
        insert into ${stockHolds} (hold_key, sku_product, id_warehouse, units)
        select ${key}, sku_product, ${CHECKOUT_WAREHOUSE_ID}, ${units} from taken
        returning hold_key)
      select taken.stock, true as taken from taken, held
      union all
      select s.stock, false as taken from ${sellableStock} s
      where s.sku_product = ${sku} and not exists (select from taken)`)
    const row = (result as unknown as { rows: { stock: number; taken: boolean }[] }).rows[0]
    return { key, taken: row?.taken === true, stock: row ? Number(row.stock) : undefined }
  }
  try {
    if (skus.length === 1) {
      const sku = skus[0]!
      const taken = await claimOne(db, sku)
      if (!taken.taken) return { keys: [], alreadyClaimed: false, short: [sku], shortStock: taken.stock }
      // The last unit claimed: the size shows sold at once, as an order's last unit does (issue 39).
      if (taken.stock === 0) await notifyChanged(db, 'catalog')
      return { keys: [taken.key], alreadyClaimed: false, short: [] }
    }
    return await db.transaction(async (tx) => {
      const keys: string[] = []
      let soldOut = false
      for (const sku of skus) {
        const taken = await claimOne(tx, sku)
        // Rolls back what the claim took of the skus before it.
        if (!taken.taken) throw new Short(sku, taken.stock)
        keys.push(taken.key)
        if (taken.stock === 0) soldOut = true
      }
      if (soldOut) await notifyChanged(tx, 'catalog')
      return { keys, alreadyClaimed: false, short: [] }
    })
  } catch (error) {
    if (error instanceof Short)
      return { keys: [], alreadyClaimed: false, short: [error.sku], shortStock: error.stock }
    if (isUniqueViolation(error)) return { keys: [], alreadyClaimed: true, short: [] }
    throw error
  }
}

/**
 * Inside the order's transaction: the claim's holds (the `keys` this press made) become the order's
 * units. When they are exactly `demand` the holds are removed and the stock is not touched again (it
 * was taken at the claim; the order's lines now count as held instead). Otherwise (no claim, a claim
 * that went stale and was given back, or the bag asked for other units than the press claimed) the
 * holds found are given back and the demand is taken as before, with takeStock's conditional
 * updates (CRT002 when short, naming the size with `sizeNameOf`). Deleting the holds here and giving
 * them back elsewhere are both one row's delete: whichever comes first wins, the other finds nothing.
 */
export async function takeClaimedStock(
  tx: Transaction,
  keys: readonly string[],
  demand: ReadonlyMap<string, number>,
  sizeNameOf: SizeNameOf,
  /**
   * The rows `claimRemoval(tx, keys)` already deleted, when the caller ran it with its other writes
   * (db/together.ts: `sku_product` and `units` as the database names them).
   */
  removed?: readonly Record<string, unknown>[],
): Promise<void> {
  const held = removed
    ? removed.map((row) => ({ sku: String(row.sku_product), units: Number(row.units) }))
    : ((await claimRemoval(tx, keys)) ?? [])
  const exact = held.length === demand.size && held.every((hold) => demand.get(hold.sku) === hold.units)
  if (exact) return
  await giveBack(tx, held)
  await takeStock(tx, demand, sizeNameOf)
}

/**
 * The delete that turns a claim's holds (`keys`) into an order's units, built and not run (null for
 * no keys): the order runs it with its other writes (db/together.ts) and hands its rows to
 * takeClaimedStock.
 */
export function claimRemoval(tx: Transaction, keys: readonly string[]) {
  if (keys.length === 0) return null
  return tx
    .delete(stockHolds)
    .where(inArray(stockHolds.holdKey, [...keys]))
    .returning({ sku: stockHolds.skuProduct, units: stockHolds.units })
}

/** Units back to stock, per sku in sku order (the lock order of takeStock). */
async function giveBack(tx: Transaction, held: readonly { sku: string; units: number }[]): Promise<void> {
  const back: string[] = []
  for (const hold of [...held].sort((a, b) => a.sku.localeCompare(b.sku))) {
    const result = await tx.execute<{ stock: number }>(
      sql`update ${sellableStock} set stock = stock + ${hold.units} where sku_product = ${hold.sku} returning stock`,
    )
    const row = (result as unknown as { rows: { stock: number }[] }).rows[0]
    if (row && cameBack(Number(row.stock), hold.units)) back.push(hold.sku)
  }
  // A size that was sold out can be bought again: back in the size filter at once (issue 39), and
  // the members waiting for it hear of it (issue 42).
  if (back.length > 0) {
    await notifyChanged(tx, 'catalog')
    await announceAvailable(tx, back)
  }
}

/** Gives back a press's claim (`keys`) that did not become an order. Nothing happens for keys already gone. */
export async function releaseClaim(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return
  await db.transaction(async (tx) => {
    const held = await tx
      .delete(stockHolds)
      .where(inArray(stockHolds.holdKey, [...keys]))
      .returning({ sku: stockHolds.skuProduct, units: stockHolds.units })
    await giveBack(tx, held)
  })
}

/**
 * Gives back the claims older than CLAIM_TTL_MS (their press's process died between the claim and
 * the order); idempotent and safe on several processes. Answers the claims given back.
 */
export async function releaseStaleClaims(db: Db, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const held = await tx
      .delete(stockHolds)
      .where(
        and(
          like(stockHolds.holdKey, `${CLAIM_PREFIX}%`),
          lt(stockHolds.createdAt, new Date(now - CLAIM_TTL_MS)),
        ),
      )
      .returning({ sku: stockHolds.skuProduct, units: stockHolds.units })
    await giveBack(tx, held)
    return held.length
  })
}
