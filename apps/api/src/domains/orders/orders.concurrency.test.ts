import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addBundleOptions, createBrand, createPaymentMethod, createProduct } from '../../test/factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import { salesHeaders, salesLines, stockHolds, vouchers } from '../../db/schema/index.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { cancelOrder } from '../order-lifecycle/index.ts'
import { shopper } from './orders.fixtures.ts'
import { orderHeaderStore } from './header-store.ts'

/**
 * Parallel checkouts of many shoppers for the same stock and the same voucher. On PostgreSQL
 * (TEST_DATABASE_URL, as CI runs it) the requests run on a pool of connections at once and only the
 * conditional updates keep stock and voucher uses exact; on PGlite they queue on its one connection.
 */

let t: TestApp
const db = () => t.database.db
let s: ReturnType<typeof shopper>
let va: { id: number }

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  s = shopper(t)
  await loadRegions(db(), { provinces: ['31'] })
  await seedShippingRates(db())
  await createBrand(db(), { id: 9 })
  va = await createPaymentMethod(db(), { code: 'bca_va', name: 'BCA Virtual Account', feeFlat: 4000 })
})

afterAll(async () => {
  await t?.close()
})

/** `n` members, each with `fill(token)`'s lines in the bag, ready to check them out. */
async function shoppers(n: number, fill: (token: string, i: number) => ReturnType<typeof s.addToBag>) {
  const all = []
  for (let i = 0; i < n; i++) {
    const m = await s.member()
    all.push({ ...m, lines: await fill(m.token, i) })
  }
  return all
}

describe('parallel checkouts', () => {
  it('50 checkouts for a variant with 10 units make exactly 10 orders and leave stock 0', async () => {
    const p = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 10 }] })
    const sku = `${p.productCode}-M`
    const buyers = await shoppers(50, (token) => s.addToBag(token, p.productCode, sku))
    const answers = await Promise.all(
      buyers.map((b) =>
        s.checkoutNew(b.token, { id_delivery_method: 1, id_payment: va.id, products: s.ticked(b.lines) }),
      ),
    )
    const placed = answers.filter((r) => r.statusCode === 200)
    expect(placed, answers.map((r) => r.body).join('\n')).toHaveLength(10)
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(422)
      expect(['CRT002', 'CRT003']).toContain(r.json().code)
    }
    expect(await s.stockOf(sku)).toBe(0)
    const orders = await db()
      .select()
      .from(salesHeaders)
      .where(
        inArray(
          salesHeaders.idPelanggan,
          buyers.map((b) => b.idPelanggan),
        ),
      )
    expect(orders).toHaveLength(10)
  })

  it('bundles and plain lines sharing a variant never oversell it', async () => {
    const tee = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 10 }] })
    const cap = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'ALL', stock: 100 }] })
    const bundle = await createProduct(db(), {
      idBrand: 9,
      isBundling: true,
      maxBundling: 3,
      sizes: [{ ukuran: 'SET', stock: 100 }],
    })
    await addBundleOptions(db(), bundle.productCode, 1, [tee.productCode])
    await addBundleOptions(db(), bundle.productCode, 2, [cap.productCode])
    const teeSku = `${tee.productCode}-M`
    // Bundle buyers take 2 tees each, plain buyers 1: 24 shoppers ask for 36 tees of 10.
    const buyers = await shoppers(24, (token, i) =>
      i % 2 === 0
        ? s.addToBag(token, tee.productCode, teeSku)
        : s.addToBag(token, bundle.productCode, [
            { sku_product: teeSku, qty: 2 },
            { sku_product: `${cap.productCode}-ALL`, qty: 1 },
          ]),
    )
    const answers = await Promise.all(
      buyers.map((b) =>
        s.checkoutNew(b.token, { id_delivery_method: 1, id_payment: va.id, products: s.ticked(b.lines) }),
      ),
    )
    const taken = answers.reduce((sum, r, i) => (r.statusCode === 200 ? sum + (i % 2 === 0 ? 1 : 2) : sum), 0)
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(r.statusCode, r.body).toBe(422)
    const left = await s.stockOf(teeSku)
    expect(left).toBeGreaterThanOrEqual(0)
    expect(left).toBe(10 - taken)
    // Whatever the order of arrival, stock only stops short of 0 when the next buyer wanted 2 of 1.
    expect(left).toBeLessThanOrEqual(1)
    const bundlesSold = answers.filter((r, i) => r.statusCode === 200 && i % 2 === 1).length
    expect(await s.stockOf(`${bundle.productCode}-SET`)).toBe(100 - bundlesSold)
    expect(await s.stockOf(`${cap.productCode}-ALL`)).toBe(100 - bundlesSold)
  })

  it('a voucher with one use left and 20 parallel redemptions makes one discounted order', async () => {
    const p = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 100 }] })
    const sku = `${p.productCode}-M`
    const [last] = await db()
      .insert(vouchers)
      .values({
        code: 'LASTONE',
        name: 'Last one',
        type: 'FIXED',
        value: 30_000,
        usageLimit: 5,
        usedCount: 4,
      })
      .returning()
    const buyers = await shoppers(20, (token) => s.addToBag(token, p.productCode, sku))
    const answers = await Promise.all(
      buyers.map((b) =>
        s.checkoutNew(b.token, {
          id_delivery_method: 1,
          id_payment: va.id,
          use_promo: true,
          kode_promo: 'LASTONE',
          products: s.ticked(b.lines),
        }),
      ),
    )
    const placed = answers.filter((r) => r.statusCode === 200)
    expect(placed, answers.map((r) => r.body).join('\n')).toHaveLength(1)
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409)
      expect(r.json().code).toBe('PRM005')
    }
    const [v] = await db().select().from(vouchers).where(eq(vouchers.id, last!.id))
    expect(v!.usedCount).toBe(5)
    const orders = await db().select().from(salesHeaders).where(eq(salesHeaders.idPromo, last!.id))
    expect(orders).toHaveLength(1)
    expect(orders[0]!.promoValue).toBe(30_000)
    // Refused shoppers lost nothing: their stock is back on the shelf.
    expect(await s.stockOf(sku)).toBe(99)
  })
})

describe('a sale after its last unit (issue 41)', () => {
  it('refuses a press for a sold-out size from the variants it names, and orders a unit freed at once', async () => {
    const p = await createProduct(db(), {
      idBrand: 9,
      productName: 'Kemeja Linen Flash Sale',
      sizes: [{ ukuran: 'M', stock: 1 }],
    })
    const sku = `${p.productCode}-M`
    const [a, b] = await shoppers(2, (token) => s.addToBag(token, p.productCode, sku))
    const press = (who: typeof a, lines = s.ticked(who!.lines), headers = {}) =>
      s.call(
        'POST',
        '/api/v1/orders/checkout_new',
        who!.token,
        { id_delivery_method: 1, id_payment: va.id, products: lines },
        headers,
      )
    const first = await press(a)
    expect(first.statusCode, first.body).toBe(200)
    expect(await s.stockOf(sku)).toBe(0)

    // Sold out: a clear 422 in both languages, nothing written.
    const refused = await press(b)
    expect(refused.statusCode, refused.body).toBe(422)
    expect(refused.json()).toMatchObject({
      code: 'CRT003',
      message: 'Kemeja Linen Flash Sale (M) is not available to order',
    })
    const indonesian = await press(b, s.ticked(b!.lines), { 'accept-language': 'id' })
    expect(indonesian.json()).toMatchObject({
      code: 'CRT003',
      message: 'Kemeja Linen Flash Sale (M) tidak dapat dipesan',
    })
    // The refusal is answered before the bag is read: a line id that is not in the bag gets the
    // same answer (the bag's own check, CRT001, is for what is still for sale).
    const notInBag = await press(b, [{ ...s.ticked(b!.lines)[0]!, id_line: 987_654 }])
    expect(notInBag.json().code).toBe('CRT003')
    expect(await s.stockOf(sku)).toBe(0)
    const ordered = await db()
      .select({ id: salesLines.id })
      .from(salesLines)
      .where(eq(salesLines.skuProduct, sku))
    expect(ordered).toHaveLength(1)

    // The order is cancelled (its payment window ran out, in any process): the unit is free, and the
    // next press orders it. Nothing in the process remembers the sale as sold out.
    const id = first.json().data.id_sales_header as string
    await db().transaction((tx) =>
      cancelOrder(tx, orderHeaderStore, id, {
        actor: 'system',
        now: Date.now(),
        note: null,
        from: ['Open'],
        moment: 'expired',
      }),
    )
    expect(await s.stockOf(sku)).toBe(1)
    const freed = await press(b)
    expect(freed.statusCode, freed.body).toBe(200)
    expect(await s.stockOf(sku)).toBe(0)
  })
  it('gives the claimed unit back when the press ends without an order', async () => {
    const p = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 1 }] })
    const sku = `${p.productCode}-M`
    // A member without an address claims the last unit, then is refused (SON006): the unit is free again.
    const homeless = await createSignedInMember(db())
    const lines = await s.addToBag(homeless.token, p.productCode, sku)
    const refused = await s.checkoutNew(homeless.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(lines),
    })
    expect(refused.json().code, refused.body).toBe('SON006')
    expect(await s.stockOf(sku)).toBe(1)
    expect(await db().select().from(stockHolds).where(eq(stockHolds.skuProduct, sku))).toEqual([])
    const [buyer] = await shoppers(1, (token) => s.addToBag(token, p.productCode, sku))
    const placed = await s.checkoutNew(buyer!.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(buyer!.lines),
    })
    expect(placed.statusCode, placed.body).toBe(200)
    expect(await s.stockOf(sku)).toBe(0)
    expect(await db().select().from(stockHolds).where(eq(stockHolds.skuProduct, sku))).toEqual([])
  })
})
