import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import {
  addToCategory,
  createBrand,
  createCategory,
  createOrder,
  createProduct,
} from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { rateLimitWindows, salesHeaders, voucherRedemptions, vouchers } from '../../db/schema/index.ts'
import { cancelOrder } from '../order-lifecycle/index.ts'
import { orderHeaderStore } from '../orders/index.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { productsInCategories } from '../catalog/index.ts'
import { applicableVoucher, redeemVoucher } from './vouchers.ts'

/**
 * Vouchers with rules (issue 43 part 6, decision 058): per_customer_limit, brands, categories and
 * products, first_order_only and min_purchase on the lines that count, through the staff API and
 * the shopper's promo check and checkout.
 */

let o: Ops
/** A 200 000 blouse of brand 9, a 100 000 shirt of brand 5, a 50 000 scarf of brand 5 in `scarves`. */
let blouse: { code: string; sku: string }
let shirt: { code: string; sku: string }
let scarf: { code: string; sku: string }
let scarves: number

type Bag = Awaited<ReturnType<Ops['s']['addToBag']>>
type Shopper = { idPelanggan: number; token: string }

const staff = (method: 'POST' | 'PATCH' | 'GET', url: string, body?: object, token = o.tokens.marketing) =>
  o.call(method, url, { token, body })

/** A voucher made by marketing through the staff API; answers its view. */
async function voucher(body: object) {
  const res = await staff('POST', '/vouchers', { name: 'Rules', type: 'FIXED', value: 10_000, ...body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; code: string }
}

async function product(idBrand: number, price: number) {
  const row = await createProduct(o.db(), {
    idBrand,
    sellingPrice: price,
    sizes: [{ ukuran: 'M', stock: 1000, sellingPrice: price }],
  })
  return { code: row.productCode, sku: `${row.productCode}-M` }
}

/** A member's bag of some products (one each). */
async function bagOf(m: Shopper, ...items: { code: string; sku: string }[]): Promise<Bag> {
  let bag: Bag = []
  for (const item of items) bag = await o.s.addToBag(m.token, item.code, item.sku)
  return bag
}

const promo = (m: Shopper, code: string, bag: Bag, language = 'en') =>
  o.s.call(
    'POST',
    '/api/v1/orders/promo',
    m.token,
    { kode_promo: code, products: o.s.ticked(bag) },
    { 'accept-language': language },
  )

const checkout = (m: Shopper, bag: Bag, code: string | null, language = 'en') =>
  o.s.call(
    'POST',
    '/api/v1/orders/checkout_new',
    m.token,
    {
      id_delivery_method: 1,
      id_payment: o.methodId,
      products: o.s.ticked(bag),
      ...(code ? { use_promo: true, kode_promo: code } : {}),
    },
    { 'accept-language': language },
  )

/** The refusal of `code` for this bag at the promo check, in English and in Indonesian. */
async function refusal(m: Shopper, code: string, bag: Bag) {
  const en = await promo(m, code, bag)
  const id = await promo(m, code, bag, 'id')
  return { status: en.statusCode, code: en.json().code, en: en.json().message, id: id.json().message }
}

const lineOf = (bag: Bag, item: { code: string }) =>
  bag.find((line) => line.product_code === item.code)!.id_line

/** Places the order and marks it paid (so the member may order again). */
async function placePaid(m: Shopper, bag: Bag, code: string | null) {
  const res = await checkout(m, bag, code)
  expect(res.statusCode, res.body).toBe(200)
  const id = res.json().data.id_sales_header as string
  const [h] = await o.db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id))
  await o.pay({ number: h!.salesOrderNumber, total: h!.totalBayar })
  return h!
}

const usedCount = async (id: number) =>
  (await o.db().select().from(vouchers).where(eq(vouchers.id, id)))[0]!.usedCount

beforeAll(async () => {
  o = await opsWorld()
  await createBrand(o.db(), { id: 5, name: 'Busana Man' })
  blouse = await product(9, 200_000)
  shirt = await product(5, 100_000)
  scarf = await product(5, 50_000)
  scarves = (await createCategory(o.db(), { idBrand: 5 })).id
  await addToCategory(o.db(), scarves, [scarf.code])
})

beforeEach(async () => {
  // Every call here comes from one address: its voucher tries are not what these tests are about.
  await o.db().delete(rateLimitWindows)
})

afterAll(async () => {
  await o?.t.close()
})

describe('staff: the rules of a voucher', () => {
  it('creates, reads, lists and edits the rules; a voucher without them gets the defaults', async () => {
    const plain = await voucher({ code: 'PLAINR1' })
    expect(plain).toMatchObject({
      per_customer_limit: 1,
      brands: [],
      categories: [],
      products: [],
      first_order_only: false,
    })
    const ruled = await voucher({
      code: 'RULED1',
      per_customer_limit: 3,
      brands: [9, 9],
      categories: [scarves],
      products: [shirt.code.toLowerCase()],
      first_order_only: true,
      min_purchase: 150_000,
    })
    // Each id once; a product code as the catalog stores it.
    expect(ruled).toMatchObject({
      per_customer_limit: 3,
      brands: [9],
      categories: [scarves],
      products: [shirt.code],
      first_order_only: true,
      min_purchase: 150_000,
    })
    const detail = await staff('GET', `/vouchers/${ruled.id}`)
    expect(detail.json().data).toMatchObject({ per_customer_limit: 3, brands: [9], first_order_only: true })
    const list = await staff('GET', '/vouchers?q=RULED1')
    expect(list.json().data[0]).toMatchObject({
      code: 'RULED1',
      categories: [scarves],
      products: [shirt.code],
    })

    const edited = await staff('PATCH', `/vouchers/${ruled.id}`, {
      brands: [],
      per_customer_limit: 2,
      first_order_only: false,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().data).toMatchObject({
      per_customer_limit: 2,
      brands: [],
      categories: [scarves],
      products: [shirt.code],
      first_order_only: false,
    })
  })

  it('refuses bad rules: 400 REQ001 naming the field, an unknown brand, category or product 422 STF162', async () => {
    const bad: [object, string][] = [
      [{ per_customer_limit: 0 }, 'per_customer_limit'],
      [{ per_customer_limit: 1.5 }, 'per_customer_limit'],
      [{ brands: 'nine' }, 'brands'],
      [{ categories: [-1] }, 'categories'],
      [{ products: [''] }, 'products'],
      [{ first_order_only: 'yes' }, 'first_order_only'],
    ]
    for (const [body, field] of bad) {
      const res = await staff('POST', '/vouchers', {
        code: 'BADRULE',
        name: 'Bad',
        type: 'FIXED',
        value: 1,
        ...body,
      })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe('REQ001')
      expect(res.json().message).toContain(field)
    }
    const unknown = await staff('POST', '/vouchers', {
      code: 'BADRULE',
      name: 'Bad',
      type: 'FIXED',
      value: 1,
      brands: [9, 777],
      categories: [888_888],
      products: ['NO-SUCH-PRODUCT'],
    })
    expect(unknown.statusCode, unknown.body).toBe(422)
    expect(unknown.json()).toMatchObject({
      code: 'STF162',
      message: 'No such brand 777, category 888888, product NO-SUCH-PRODUCT',
    })
    expect(await o.db().select().from(vouchers).where(eq(vouchers.code, 'BADRULE'))).toEqual([])
    const v = await voucher({ code: 'EDITBAD' })
    const patch = await staff('PATCH', `/vouchers/${v.id}`, { products: ['NOPE-1'] })
    expect(patch.json()).toMatchObject({ status: 422, code: 'STF162', message: 'No such product NOPE-1' })
  })

  it('is for owner and marketing only, as every voucher call', async () => {
    for (const role of ['warehouse', 'support', 'merchandiser'] as const) {
      const res = await staff(
        'POST',
        '/vouchers',
        { code: 'ROLEX1', name: 'R', type: 'FIXED', value: 1 },
        o.tokens[role],
      )
      expect(res.json(), role).toMatchObject({ status: 403, code: 'STF003' })
    }
    const owner = await staff(
      'POST',
      '/vouchers',
      { code: 'ROLEX1', name: 'R', type: 'FIXED', value: 1, brands: [9] },
      o.tokens.owner,
    )
    expect(owner.statusCode, owner.body).toBe(200)
  })
})

describe('the lines a voucher counts', () => {
  it('discounts only the lines of its brands, categories or products, and says which', async () => {
    await voucher({ code: 'BRAND9P', type: 'PERCENTAGE', value: 10, brands: [9] })
    await voucher({ code: 'SCARFP', type: 'PERCENTAGE', value: 10, categories: [scarves] })
    await voucher({ code: 'SHIRTP', type: 'PERCENTAGE', value: 10, products: [shirt.code] })
    await voucher({ code: 'MIXP', type: 'PERCENTAGE', value: 10, brands: [9], products: [shirt.code] })
    await voucher({ code: 'ALLP', type: 'PERCENTAGE', value: 10 })
    const m = await o.s.member()
    const bag = await bagOf(m, blouse, shirt, scarf) // 200 000 + 100 000 + 50 000
    const cases: [string, number, { code: string }[]][] = [
      ['BRAND9P', 20_000, [blouse]],
      ['SCARFP', 5_000, [scarf]],
      ['SHIRTP', 10_000, [shirt]],
      ['MIXP', 30_000, [blouse, shirt]],
      ['ALLP', 35_000, [blouse, shirt, scarf]],
    ]
    for (const [code, discount, counted] of cases) {
      const res = await promo(m, code, bag)
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200)
      expect(res.json().data, code).toMatchObject({
        total_promo: discount,
        voucher_subtotal: discount * 10,
      })
      expect([...res.json().data.voucher_lines].sort(), code).toEqual(
        counted.map((item) => lineOf(bag, item)).sort(),
      )
    }
    // The order takes the same discount.
    const order = await placePaid(m, bag, 'BRAND9P')
    expect(order.promoValue).toBe(20_000)
    expect(order.subtotal).toBe(350_000)
  })

  it('refuses a voucher none of whose lines is ticked (PRM007), in both languages', async () => {
    await voucher({ code: 'ONLY5', brands: [5] })
    const m = await o.s.member()
    const bag = await bagOf(m, blouse)
    expect(await refusal(m, 'ONLY5', bag)).toEqual({
      status: 422,
      code: 'PRM007',
      en: 'This voucher does not apply to any product in your order',
      id: 'Voucher ini tidak berlaku untuk produk mana pun di pesanan Anda',
    })
    const res = await checkout(m, bag, 'ONLY5')
    expect(res.json()).toMatchObject({ status: 422, code: 'PRM007' })
    expect(
      await o.db().select().from(salesHeaders).where(eq(salesHeaders.idPelanggan, m.idPelanggan)),
    ).toEqual([])
  })

  it('compares min_purchase with the lines it counts (PRM008), in both languages', async () => {
    await voucher({ code: 'MIN9', brands: [9], min_purchase: 250_000 })
    await voucher({ code: 'MINALL', min_purchase: 250_000 })
    const m = await o.s.member()
    const bag = await bagOf(m, blouse, shirt) // 200 000 of brand 9, 300 000 in all
    expect(await refusal(m, 'MIN9', bag)).toEqual({
      status: 422,
      code: 'PRM008',
      en: 'Minimum purchase of the products this voucher applies to is Rp 250.000',
      id: 'Minimal pembelian produk yang berlaku untuk voucher ini adalah Rp 250.000',
    })
    // Without brands, categories or products, the minimum is on every line, as before.
    expect((await promo(m, 'MINALL', bag)).json().data.total_promo).toBe(10_000)
    const more = await bagOf(m, blouse) // two blouses now: 400 000 of brand 9
    const res = await promo(m, 'MIN9', more)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ total_promo: 10_000, voucher_subtotal: 400_000 })
  })
})

describe('first_order_only', () => {
  it("accepts a customer's first order only; a cancelled order does not count (PRM009)", async () => {
    await voucher({ code: 'FIRSTONE', first_order_only: true })
    const m = await o.s.member()
    const bag = await bagOf(m, shirt)
    expect((await promo(m, 'FIRSTONE', bag)).statusCode).toBe(200)
    const first = await checkout(m, bag, null)
    expect(first.statusCode, first.body).toBe(200)
    const again = await bagOf(m, shirt)
    expect(await refusal(m, 'FIRSTONE', again)).toEqual({
      status: 422,
      code: 'PRM009',
      en: 'This voucher is for your first order only',
      id: 'Voucher ini hanya untuk pesanan pertama Anda',
    })
    // The order is cancelled (its payment window ran out): the next one is a first order again.
    await o.db().transaction((tx) =>
      cancelOrder(tx, orderHeaderStore, first.json().data.id_sales_header, {
        actor: 'system',
        now: Date.now(),
        note: null,
        from: ['Open'],
        moment: 'expired',
      }),
    )
    const placed = await placePaid(m, again, 'FIRSTONE')
    expect(placed.promoValue).toBe(10_000)
    const third = await bagOf(m, shirt)
    expect((await checkout(m, third, 'FIRSTONE')).json()).toMatchObject({ status: 422, code: 'PRM009' })
  })

  it('counts a guest by their verified phone: their orders as a guest', async () => {
    await voucher({ code: 'FIRSTGUEST', first_order_only: true })
    const guest = await createSignedInMember(o.db(), { isGuest: true })
    const bag = await bagOf(guest, shirt)
    expect((await promo(guest, 'FIRSTGUEST', bag)).statusCode).toBe(200)
    await createOrder(o.db(), { idPelanggan: guest.idPelanggan, isGuest: true, status: 'Success' })
    expect((await refusal(guest, 'FIRSTGUEST', bag)).code).toBe('PRM009')
  })
})

describe('per_customer_limit', () => {
  it('allows a member two uses of a limit 2, then refuses (PRM010); a cancel gives a use back', async () => {
    const v = await voucher({ code: 'TWICE', per_customer_limit: 2 })
    const m = await o.s.member()
    await placePaid(m, await bagOf(m, shirt), 'TWICE')
    // The second order is cancelled: its use is given back.
    const second = await checkout(m, await bagOf(m, shirt), 'TWICE')
    expect(second.statusCode, second.body).toBe(200)
    expect(await usedCount(v.id)).toBe(2)
    await o.db().transaction((tx) =>
      cancelOrder(tx, orderHeaderStore, second.json().data.id_sales_header, {
        actor: 'system',
        now: Date.now(),
        note: null,
        from: ['Open'],
        moment: 'expired',
      }),
    )
    expect(await usedCount(v.id)).toBe(1)
    await placePaid(m, await bagOf(m, shirt), 'TWICE')
    const bag = await bagOf(m, shirt)
    expect(await refusal(m, 'TWICE', bag)).toEqual({
      status: 409,
      code: 'PRM010',
      en: 'You have used this voucher 2 times, the most allowed per customer',
      id: 'Anda sudah menggunakan voucher ini 2 kali, batas maksimal per pelanggan',
    })
    const third = await checkout(m, bag, 'TWICE', 'id')
    expect(third.json()).toMatchObject({
      status: 409,
      code: 'PRM010',
      message: 'Anda sudah menggunakan voucher ini 2 kali, batas maksimal per pelanggan',
    })
    expect(await usedCount(v.id)).toBe(2)
    const uses = await o
      .db()
      .select()
      .from(voucherRedemptions)
      .where(and(eq(voucherRedemptions.voucherId, v.id), eq(voucherRedemptions.idPelanggan, m.idPelanggan)))
    expect(uses.map((use) => use.useNumber).sort()).toEqual([1, 2])
    // Another member has their own two uses.
    const other = await o.s.member()
    expect((await promo(other, 'TWICE', await bagOf(other, shirt))).statusCode).toBe(200)
  })

  it('keeps a voucher without rules as before: once per customer (PRM006)', async () => {
    const v = await voucher({ code: 'ONCEONLY' })
    const m = await o.s.member()
    await placePaid(m, await bagOf(m, blouse, shirt), 'ONCEONLY')
    const bag = await bagOf(m, shirt)
    expect(await refusal(m, 'ONCEONLY', bag)).toEqual({
      status: 409,
      code: 'PRM006',
      en: 'You have already used this voucher',
      id: 'Anda sudah pernah menggunakan voucher ini',
    })
    expect(await usedCount(v.id)).toBe(1)
  })

  it('eight parallel checkouts by one member with a limit-1 voucher make one use', async () => {
    const v = await voucher({ code: 'EIGHT1', per_customer_limit: 1 })
    const m = await o.s.member()
    const bag = await bagOf(m, shirt)
    const presses = await Promise.all(Array.from({ length: 8 }, () => checkout(m, bag, 'EIGHT1')))
    const placed = presses.filter((r) => r.statusCode === 200)
    expect(placed, presses.map((r) => r.body).join('\n')).toHaveLength(1)
    for (const r of presses.filter((p) => p.statusCode !== 200)) {
      // The presses queue on the member: the later ones find the first one's unpaid order, the use,
      // or (on PostgreSQL, where they run at once) the bag line the first one ordered gone.
      expect(r.statusCode, r.body).toBeLessThan(500)
      expect(['SON001', 'PRM006', 'CRT001'], r.body).toContain(r.json().code)
    }
    expect(await usedCount(v.id)).toBe(1)
    const order = placed[0]!.json().data.id_sales_header as string
    const [h] = await o.db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, order))
    expect(h!.promoValue).toBe(10_000)
    await o.pay({ number: h!.salesOrderNumber, total: h!.totalBayar })

    // Paid: eight more parallel presses, each with its own bag line, are all refused by the limit.
    const more = await bagOf(m, shirt)
    const again = await Promise.all(Array.from({ length: 8 }, () => checkout(m, more, 'EIGHT1')))
    for (const r of again) expect(r.json(), r.body).toMatchObject({ status: 409, code: 'PRM006' })
    expect(await usedCount(v.id)).toBe(1)
    expect(
      await o.db().select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, v.id)),
    ).toHaveLength(1)
  })

  it('refuses a second use in the same slot even from transactions that do not queue on the member', async () => {
    const [v] = await o
      .db()
      .insert(vouchers)
      .values({ code: 'RACE1', name: 'Race', type: 'FIXED', value: 1000 })
      .returning()
    const m = await o.s.member()
    const orders = await Promise.all(
      Array.from({ length: 8 }, () => createOrder(o.db(), { idPelanggan: m.idPelanggan, status: 'Paid' })),
    )
    const tries = await Promise.allSettled(
      orders.map((order) =>
        o.db().transaction((tx) => redeemVoucher(tx, v!.id, m.idPelanggan, order.idSalesHeader)),
      ),
    )
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of tries.filter((t) => t.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'PRM006' })
    }
    expect(await usedCount(v!.id)).toBe(1)
  })
})

describe('the cost on the hot path', () => {
  it('looks a plain voucher up in one statement; the rules ask only what they need', async () => {
    await voucher({ code: 'COSTPLAIN' })
    await voucher({ code: 'COSTBRAND', brands: [9], products: [shirt.code] })
    await voucher({ code: 'COSTCAT', categories: [scarves] })
    await voucher({ code: 'COSTFIRST', first_order_only: true })
    const m = await o.s.member()
    const lines = [
      { idLine: 1, idBrand: 9, productCode: blouse.code, price: 200_000, qty: 1 },
      { idLine: 2, idBrand: 5, productCode: scarf.code, price: 50_000, qty: 1 },
    ]
    const session = Object.getPrototypeOf((o.db() as unknown as { session: object }).session) as {
      prepareQuery: (...args: unknown[]) => unknown
    }
    const statements = vi.spyOn(session, 'prepareQuery')
    const cost = async (code: string) => {
      const hasOrders = vi.fn(async () => false)
      const inCategories = vi.fn((codes: readonly string[], ids: readonly number[]) =>
        productsInCategories(o.db(), codes, ids),
      )
      statements.mockClear()
      const applied = await applicableVoucher(o.db(), code, {
        idPelanggan: m.idPelanggan,
        lines,
        delivery: 0,
        now: Date.now(),
        hasOrders,
        inCategories,
      })
      return {
        statements: statements.mock.calls.length,
        hasOrders: hasOrders.mock.calls.length,
        inCategories: inCategories.mock.calls.length,
        lines: applied.lines,
      }
    }
    try {
      expect(await cost('COSTPLAIN')).toEqual({ statements: 1, hasOrders: 0, inCategories: 0, lines: [1, 2] })
      expect(await cost('COSTBRAND')).toEqual({ statements: 1, hasOrders: 0, inCategories: 0, lines: [1] })
      expect(await cost('COSTCAT')).toEqual({ statements: 2, hasOrders: 0, inCategories: 1, lines: [2] })
      expect(await cost('COSTFIRST')).toEqual({ statements: 1, hasOrders: 1, inCategories: 0, lines: [1, 2] })
    } finally {
      statements.mockRestore()
    }
  })
})
