import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { AppError } from '@busana/contract/schemas'
import type { Transaction } from '../../db/client.ts'
import {
  staffAuditLog,
  stockAdjustments,
  stockHolds,
  stockLevels,
  warehouses,
} from '../../db/schema/index.ts'
import type { AuditActor } from '../staff/index.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { heldByOrders } from '../orders/index.ts'
import { holdUnits, receiveReturnedUnits, releaseHold, shipHold } from './index.ts'
import { oneSizeProducts } from './inventory.fixtures.ts'

/**
 * The stock a return moves (issue 40), through inventory's functions inside a transaction as the
 * returns module calls them: an exchange's size held, given back and shipped; units received for
 * sale and not for sale; the grid's held and not_for_sale. After each step the invariant
 * `sellable_stock.stock = on_hand − held` is checked through the staff API.
 */

let o: Ops
let actor: AuditActor
/** A new product of brand 9 with one size M of `stock` units; answers its code and sku. */
const product = oneSizeProducts(() => o.db(), 'HLD')
const inTx = <T>(work: (tx: Transaction) => Promise<T>) => o.db().transaction(work)
/** The error code a call inside a transaction threw (null: it did not throw). */
async function codeOf(work: (tx: Transaction) => Promise<unknown>): Promise<string | null> {
  try {
    await inTx(work)
    return null
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}
const holdsOf = (sku: string) => o.db().select().from(stockHolds).where(eq(stockHolds.skuProduct, sku))
/** The notice reaches every process's cache within milliseconds (PostgreSQL NOTIFY), not at once. */
const poll = { timeout: 3000, interval: 50 }
const statusOfSize = async (code: string) =>
  (
    await o.t.app.inject({
      method: 'GET',
      url: `/api/v1/pages/product?product_code=${code}`,
      headers: { 'x-brand-id': '9' },
    })
  ).json().data.data.variant[0].status_variant as string

beforeAll(async () => {
  o = await opsWorld()
  await o
    .db()
    .insert(warehouses)
    .values([
      { id: 2, name: 'Gudang Cadangan', city: 'Bandung' },
      { id: 3, name: 'Gudang Lama', city: 'Bekasi', active: false },
    ])
  actor = { staffId: o.ids.warehouse, requestId: 'holds-test', ip: '127.0.0.1' }
})

afterAll(async () => {
  await o?.t.close()
})

describe('holding an exchange size', () => {
  it('holds, gives back part, ships the rest; each twice changes nothing more', async () => {
    const p = await product(5)
    await inTx((tx) => holdUnits(tx, 'return:RTN-1:1', p.sku, 2))
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 5, held: 2, available: 3 })
    expect(await o.s.stockOf(p.sku)).toBe(3)
    // The same key again (a double press, a retried approval): the first hold stands.
    await inTx((tx) => holdUnits(tx, 'return:RTN-1:1', p.sku, 2))
    expect(await o.s.stockOf(p.sku)).toBe(3)
    expect(await holdsOf(p.sku)).toMatchObject([{ holdKey: 'return:RTN-1:1', idWarehouse: 1, units: 2 }])

    await inTx((tx) => releaseHold(tx, 'return:RTN-1:1', 1))
    await inTx((tx) => releaseHold(tx, 'return:RTN-1:1', 0))
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 5, held: 1, available: 4 })
    expect(await holdsOf(p.sku)).toMatchObject([{ units: 1 }])

    await inTx((tx) => shipHold(tx, 'return:RTN-1:1', heldByOrders))
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 4, held: 0, available: 4 })
    expect(await o.stored(p.sku)).toEqual({ onHand: 4, stock: 4 })
    expect(await holdsOf(p.sku)).toEqual([])
    // Shipped already: a second ship or a late release does nothing.
    await inTx((tx) => shipHold(tx, 'return:RTN-1:1', heldByOrders))
    await inTx((tx) => releaseHold(tx, 'return:RTN-1:1'))
    await inTx((tx) => releaseHold(tx, 'return:NEVER:1'))
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 4, held: 0, available: 4 })
  })

  it('counts a hold made before the sku has a level row when the row is written later', async () => {
    const p = await product(4)
    expect(await o.stored(p.sku)).toEqual({ onHand: null, stock: 4 })
    await inTx((tx) => holdUnits(tx, 'return:RTN-2:1', p.sku, 3))
    // The first adjustment writes the row as stock + held: the held units are on hand.
    const res = await o.call('POST', '/stock/adjust', {
      token: o.tokens.warehouse,
      body: { sku_product: p.sku, delta: 1, reason: 'received' },
    })
    expect(res.json().data).toMatchObject({ on_hand: 5, held: 3, available: 2 })
    // An adjustment can never take on_hand below what the hold keeps.
    const below = await o.call('POST', '/stock/adjust', {
      token: o.tokens.warehouse,
      body: { sku_product: p.sku, set: 2, reason: 'stocktake' },
    })
    expect(below.json().code).toBe('STF152')
    await inTx((tx) => releaseHold(tx, 'return:RTN-2:1'))
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 5, held: 0, available: 5 })
  })

  it('ships a hold whose sku has no level row yet without losing its units', async () => {
    const p = await product(6)
    await inTx((tx) => holdUnits(tx, 'return:RTN-3:1', p.sku, 2))
    await inTx((tx) => shipHold(tx, 'return:RTN-3:1', heldByOrders))
    expect(await o.stored(p.sku)).toEqual({ onHand: 4, stock: 4 })
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 4, held: 0, available: 4 })
  })

  it('refuses a hold the size cannot give (409 RET008) and keeps nothing of it; the last unit shows sold', async () => {
    const p = await product(1)
    expect(await statusOfSize(p.code)).toBe('available')
    await inTx((tx) => holdUnits(tx, 'return:RTN-4:1', p.sku, 1))
    expect(await o.s.stockOf(p.sku)).toBe(0)
    // Cached catalog answers were dropped as the hold took the last unit (the cache keeps them 30 s).
    await expect.poll(() => statusOfSize(p.code), poll).toBe('sold')
    expect(await codeOf((tx) => holdUnits(tx, 'return:RTN-5:1', p.sku, 1))).toBe('RET008')
    expect(await codeOf((tx) => holdUnits(tx, 'return:RTN-6:1', 'NOPE-M', 1))).toBe('RET008')
    // A caller that catches the refusal and commits the rest keeps no hold of it either.
    await inTx(async (tx) => {
      await expect(holdUnits(tx, 'return:RTN-5:2', p.sku, 1)).rejects.toThrow(AppError)
    })
    expect((await holdsOf(p.sku)).map((h) => h.holdKey)).toEqual(['return:RTN-4:1'])
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 1, held: 1, available: 0 })
    // The bag cannot take the held unit either (sold out: CRT003).
    const member = await o.s.member()
    const bag = await o.s.call('POST', '/api/v1/cart/add', member.token, {
      product_code: p.code,
      sku_product: p.sku,
      qty: 1,
    })
    expect(bag.json().code).toBe('CRT003')
    // Given back: buyable again, and the listings know at once.
    await inTx((tx) => releaseHold(tx, 'return:RTN-4:1'))
    await expect.poll(() => statusOfSize(p.code), poll).toBe('available')
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 1, held: 0, available: 1 })
  })

  it('gives exactly the last 3 units to 20 parallel holds', async () => {
    const p = await product(3)
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => codeOf((tx) => holdUnits(tx, `return:RACE:${i}`, p.sku, 1))),
    )
    expect(codes.filter((code) => code === null)).toHaveLength(3)
    expect(codes.filter((code) => code === 'RET008')).toHaveLength(17)
    expect(await holdsOf(p.sku)).toHaveLength(3)
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 3, held: 3, available: 0 })
  })

  it('holds once under 10 parallel calls with the same key', async () => {
    const p = await product(10)
    await Promise.all(
      Array.from({ length: 10 }, () => inTx((tx) => holdUnits(tx, 'return:SAME:1', p.sku, 2))),
    )
    expect(await holdsOf(p.sku)).toMatchObject([{ units: 2 }])
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 10, held: 2, available: 8 })
    await Promise.all(Array.from({ length: 10 }, () => inTx((tx) => releaseHold(tx, 'return:SAME:1'))))
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 10, held: 0, available: 10 })
  })

  it('counts an order and a hold of the same size together', async () => {
    const p = await product(4)
    await o.placeOrder(p.code, p.sku, 1)
    await inTx((tx) => holdUnits(tx, 'return:RTN-7:1', p.sku, 2))
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 4, held: 3, available: 1 })
    expect(await codeOf((tx) => holdUnits(tx, 'return:RTN-8:1', p.sku, 2))).toBe('RET008')
  })
})

describe('receiving returned units', () => {
  it('puts units for sale back on hand and in the shop, recorded as returned from a return', async () => {
    const p = await product(1)
    await o.placeOrder(p.code, p.sku, 1)
    expect(await statusOfSize(p.code)).toBe('sold')
    await inTx((tx) =>
      receiveReturnedUnits(
        tx,
        { sku: p.sku, units: 2, idWarehouse: 1, forSale: true, note: 'RTN-261128-ABCDEFGH' },
        actor,
        heldByOrders,
      ),
    )
    expect(await o.expectInvariant(p.sku)).toMatchObject({
      on_hand: 3,
      held: 1,
      available: 2,
      not_for_sale: 0,
    })
    await expect.poll(() => statusOfSize(p.code), poll).toBe('available')
    const [row] = await o.db().select().from(stockAdjustments).where(eq(stockAdjustments.skuProduct, p.sku))
    expect(row).toMatchObject({
      delta: 2,
      onHandAfter: 3,
      reason: 'returned',
      source: 'return',
      note: 'RTN-261128-ABCDEFGH',
      staffId: o.ids.warehouse,
    })
    const [audit] = await o
      .db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'stock.return'), eq(staffAuditLog.targetId, `${p.sku}@1`)))
    expect(audit).toMatchObject({ staffId: o.ids.warehouse, changes: { on_hand: { from: 1, to: 3 } } })
    // The history answers the new source in the contract's shape.
    const history = await o.call('GET', `/stock/adjustments?sku_product=${p.sku}`, { token: o.tokens.owner })
    expect(history.statusCode, history.body).toBe(200)
    expect(history.json().data).toMatchObject([{ source: 'return', delta: 2, reason: 'returned' }])
  })

  it('keeps defective units apart: not_for_sale grows, on_hand and the shop do not', async () => {
    const p = await product(2)
    await inTx((tx) =>
      receiveReturnedUnits(
        tx,
        { sku: p.sku, units: 1, idWarehouse: 1, forSale: false, note: 'RTN-261128-DEFECT01' },
        actor,
        heldByOrders,
      ),
    )
    await inTx((tx) =>
      receiveReturnedUnits(
        tx,
        { sku: p.sku, units: 2, idWarehouse: 2, forSale: false, note: null },
        actor,
        heldByOrders,
      ),
    )
    expect(await o.expectInvariant(p.sku)).toMatchObject({
      on_hand: 2,
      held: 0,
      available: 2,
      not_for_sale: 1,
    })
    expect(await o.level(p.sku, 2)).toMatchObject({ on_hand: 0, held: 0, available: 0, not_for_sale: 2 })
    expect(await o.s.stockOf(p.sku)).toBe(2)
    const levels = await o.db().select().from(stockLevels).where(eq(stockLevels.skuProduct, p.sku))
    expect(levels.map((l) => [l.idWarehouse, l.onHand, l.notForSale]).sort()).toEqual([
      [1, 2, 1],
      [2, 0, 2],
    ])
    const rows = await o
      .db()
      .select()
      .from(stockAdjustments)
      .where(eq(stockAdjustments.skuProduct, p.sku))
      .orderBy(desc(stockAdjustments.id))
    expect(rows.map((r) => [r.idWarehouse, r.delta, r.onHandAfter, r.reason, r.source, r.note])).toEqual([
      [2, 0, 0, 'returned', 'return', '2 not for sale'],
      [1, 0, 2, 'returned', 'return', '1 not for sale: RTN-261128-DEFECT01'],
    ])
    const exported = await o.call('GET', `/stock/export.csv?product_code=${p.code}`, {
      token: o.tokens.owner,
    })
    expect(exported.body).toBe(
      `sku,warehouse,on_hand,held,available,not_for_sale,product_code,brand\n${p.sku},1,2,0,2,1,${p.code},Busana Woman\n${p.sku},2,0,0,0,2,${p.code},Busana Woman\n`,
    )
  })

  it('refuses an unknown or inactive warehouse (STF150) and an unknown sku (STF151), changing nothing', async () => {
    const p = await product(2)
    for (const forSale of [true, false]) {
      for (const idWarehouse of [3, 99]) {
        expect(
          await codeOf((tx) =>
            receiveReturnedUnits(
              tx,
              { sku: p.sku, units: 1, idWarehouse, forSale, note: null },
              actor,
              heldByOrders,
            ),
          ),
        ).toBe('STF150')
      }
      expect(
        await codeOf((tx) =>
          receiveReturnedUnits(
            tx,
            { sku: 'NOPE-M', units: 1, idWarehouse: 1, forSale, note: null },
            actor,
            heldByOrders,
          ),
        ),
      ).toBe('STF151')
    }
    expect(await o.stored(p.sku)).toEqual({ onHand: null, stock: 2 })
    expect(
      await o.db().select().from(stockAdjustments).where(eq(stockAdjustments.skuProduct, p.sku)),
    ).toEqual([])
  })
})
