import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, like } from 'drizzle-orm'
import { stockHolds } from '../../db/schema/index.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import {
  CLAIM_TTL_MS,
  claimKey,
  claimUnits,
  releaseClaim,
  releaseStaleClaims,
  takeClaimedStock,
} from './index.ts'
import { sizeNameOf } from '../catalog/index.ts'
import { oneSizeProducts } from './inventory.fixtures.ts'

/**
 * A PAY NOW press's claim on its units (issue 41, inventory's claims.ts), through inventory's
 * functions as checkout calls them: taken all or nothing, once per customer, given back, turned into
 * an order's units, and given back by the expiry job when its press died. After each step the
 * invariant `sellable_stock.stock = on_hand − held` is checked through the staff API (a claim is held).
 */

let o: Ops
/** A new product of brand 9 with one size M of `stock` units; answers its code and sku. */
const product = oneSizeProducts(() => o.db(), 'CLM')
const claimsOf = (sku: string) => o.db().select().from(stockHolds).where(eq(stockHolds.skuProduct, sku))

beforeAll(async () => {
  o = await opsWorld()
})

afterAll(async () => {
  await o?.t.close()
})

describe('a press claims its units', () => {
  it('takes them as a hold, once per customer, and gives them back', async () => {
    const p = await product(3)
    const first = await claimUnits(o.db(), 501, new Map([[p.sku, 2]]))
    expect(first).toEqual({ keys: [claimKey(501, p.sku)], alreadyClaimed: false, short: [] })
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 3, held: 2, available: 1 })

    // The same customer pressing again while the first claim stands takes nothing.
    const again = await claimUnits(o.db(), 501, new Map([[p.sku, 1]]))
    expect(again).toEqual({ keys: [], alreadyClaimed: true, short: [] })
    expect(await o.s.stockOf(p.sku)).toBe(1)

    // Another customer asking more than is left is short and takes nothing; the claim says what it
    // read was left.
    expect(await claimUnits(o.db(), 502, new Map([[p.sku, 2]]))).toEqual({
      keys: [],
      alreadyClaimed: false,
      short: [p.sku],
      shortStock: 1,
    })
    expect(await o.s.stockOf(p.sku)).toBe(1)

    // The last unit, then a size sold out: the refused claim read 0 (its press needs no second read).
    const last = await claimUnits(o.db(), 506, new Map([[p.sku, 1]]))
    expect(last.keys).toEqual([claimKey(506, p.sku)])
    expect(await claimUnits(o.db(), 507, new Map([[p.sku, 1]]))).toEqual({
      keys: [],
      alreadyClaimed: false,
      short: [p.sku],
      shortStock: 0,
    })
    await releaseClaim(o.db(), last.keys)

    await releaseClaim(o.db(), first.keys)
    expect(await claimsOf(p.sku)).toEqual([])
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 3, held: 0, available: 3 })
    // Given back twice: the second finds nothing.
    await releaseClaim(o.db(), first.keys)
    expect(await o.s.stockOf(p.sku)).toBe(3)
  })

  it('takes every sku of a bag or none', async () => {
    const a = await product(2)
    const b = await product(0)
    const claim = await claimUnits(
      o.db(),
      503,
      new Map([
        [a.sku, 1],
        [b.sku, 1],
      ]),
    )
    expect(claim).toEqual({ keys: [], alreadyClaimed: false, short: [b.sku], shortStock: 0 })
    expect(await o.s.stockOf(a.sku)).toBe(2)
    expect(await claimsOf(a.sku)).toEqual([])
    await o.expectInvariant(a.sku)
  })
})

describe("the order's transaction", () => {
  it('turns an exact claim into its units without touching the stock again', async () => {
    const p = await product(2)
    const claim = await claimUnits(o.db(), 504, new Map([[p.sku, 1]]))
    await o.db().transaction((tx) => takeClaimedStock(tx, claim.keys, new Map([[p.sku, 1]]), sizeNameOf))
    expect(await claimsOf(p.sku)).toEqual([])
    // No order was written in this test: the unit is gone from stock and from held (as if shipped).
    expect(await o.s.stockOf(p.sku)).toBe(1)
  })

  it('gives back a claim that differs from the demand and takes the demand as before', async () => {
    const p = await product(3)
    const claim = await claimUnits(o.db(), 505, new Map([[p.sku, 1]]))
    await o.db().transaction((tx) => takeClaimedStock(tx, claim.keys, new Map([[p.sku, 2]]), sizeNameOf))
    expect(await claimsOf(p.sku)).toEqual([])
    expect(await o.s.stockOf(p.sku)).toBe(1)
  })

  it('takes the demand as before when the claim was given back meanwhile, and refuses when short', async () => {
    const p = await product(1)
    const claim = await claimUnits(o.db(), 506, new Map([[p.sku, 1]]))
    await releaseClaim(o.db(), claim.keys)
    // Someone else took the unit in between: the conditional update refuses (CRT002), nothing changes.
    const other = await claimUnits(o.db(), 507, new Map([[p.sku, 1]]))
    await expect(
      o.db().transaction((tx) => takeClaimedStock(tx, claim.keys, new Map([[p.sku, 1]]), sizeNameOf)),
    ).rejects.toMatchObject({ code: 'CRT002' })
    expect(await o.s.stockOf(p.sku)).toBe(0)
    await releaseClaim(o.db(), other.keys)
    await o.db().transaction((tx) => takeClaimedStock(tx, claim.keys, new Map([[p.sku, 1]]), sizeNameOf))
    expect(await o.s.stockOf(p.sku)).toBe(0)
  })
})

describe('a claim whose press died', () => {
  it('is given back by the expiry job once it is CLAIM_TTL_MS old, and only then', async () => {
    const p = await product(2)
    await claimUnits(o.db(), 508, new Map([[p.sku, 1]]))
    expect(await releaseStaleClaims(o.db(), Date.now() + CLAIM_TTL_MS - 5_000)).toBe(0)
    expect(await o.s.stockOf(p.sku)).toBe(1)
    expect(await releaseStaleClaims(o.db(), Date.now() + CLAIM_TTL_MS + 1_000)).toBe(1)
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 2, held: 0, available: 2 })
    expect(await o.db().select().from(stockHolds).where(like(stockHolds.holdKey, 'press:%'))).toEqual([])
  })
})
