import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { BUNDLE_MESSAGES, MAX_CART_LINES, MAX_LINE_QTY, type CartLine } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  addBundleOptions,
  createBrand,
  createProduct,
  setStock,
  type ProductFixture,
} from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { products } from '../../db/schema/index.ts'

let t: TestApp
const db = () => t.database.db

/** Process warnings raised while this file runs (pg's deprecations among them). */
const warnings: string[] = []
const onWarning = (warning: Error) => warnings.push(warning.message)
process.on('warning', onWarning)

/** A member call with the token as the product's query parameter (or none). */
function call(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown) {
  const url = token ? `${path}?token=${token}` : path
  return t.app.inject({
    method,
    url,
    headers: { 'x-brand-id': '9' },
    ...(body === undefined ? {} : { payload: body as object }),
  })
}

async function bag(token: string): Promise<CartLine[]> {
  const res = await call('GET', '/api/v1/cart', token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

async function add(token: string, productCode: string, sku: string | { sku_product: string; qty: number }[]) {
  return call('POST', '/api/v1/cart/add', token, { product_code: productCode, sku_product: sku, qty: 1 })
}

async function addOk(
  token: string,
  productCode: string,
  sku: string | { sku_product: string; qty: number }[],
) {
  const res = await add(token, productCode, sku)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { message: string; data: CartLine[] }
}

const update = (token: string, items: { id_line: unknown; qty: unknown }[]) =>
  call('POST', '/api/v1/cart/update', token, { items })

/** A product with sizes; returns its code and the sku of each size. */
async function product(fixture: Partial<ProductFixture> = {}) {
  const row = await createProduct(db(), { idBrand: 9, ...fixture })
  const sku = (ukuran: string) => `${row.productCode}-${ukuran}`
  return { code: row.productCode, sku }
}

/** A bundle of `max` pieces with one own variant (SET) and the given options in slot 1 and 2. */
async function bundle(options: {
  max: number
  limit?: number
  slot1: string[]
  slot2?: string[]
  stock?: number
}) {
  const row = await createProduct(db(), {
    idBrand: 9,
    isBundling: true,
    maxBundling: options.max,
    limitQtyBundling: options.limit ?? 0,
    sellingPrice: 349_000,
    sizes: [{ ukuran: 'SET', stock: options.stock ?? 60 }],
  })
  await addBundleOptions(db(), row.productCode, 1, options.slot1)
  if (options.slot2) await addBundleOptions(db(), row.productCode, 2, options.slot2)
  return { code: row.productCode, sku: `${row.productCode}-SET` }
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await createBrand(db(), { id: 9, name: 'Prepps' })
  await createBrand(db(), { id: 5, name: 'Lune' })
})

afterAll(async () => {
  process.off('warning', onWarning)
  await t?.close()
})

describe('authentication', () => {
  it.each([
    ['GET', '/api/v1/cart'],
    ['POST', '/api/v1/cart/add'],
    ['POST', '/api/v1/cart/update'],
    ['POST', '/api/v1/cart/remove'],
    ['POST', '/api/v1/orders/add_to_cart'],
  ] as const)('%s %s without a token: 401 CLE001', async (method, path) => {
    const res = await call(method, path, null, method === 'POST' ? {} : undefined)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'CLE001', data: null })
  })

  it('refuses an unknown token with 401 CLE001', async () => {
    const res = await call('GET', '/api/v1/cart', 'not-a-token')
    expect(res.statusCode).toBe(401)
  })

  it('accepts a Bearer token and answers private, no-store', async () => {
    const m = await createSignedInMember(db())
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { 'x-brand-id': '9', authorization: `Bearer ${m.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.json()).toMatchObject({ status: 200, data: [] })
  })
})

describe('add, update and remove', () => {
  it('adds a sku, increments it on a second add, and answers the whole bag with a message', async () => {
    const m = await createSignedInMember(db())
    const p = await product({
      sellingPrice: 199_000,
      sizes: [
        { ukuran: 'S', stock: 5 },
        { ukuran: 'M', stock: 5, sellingPrice: 209_000 },
      ],
      media: [
        { type: 'image', url: '/img/a-1.jpg' },
        { type: 'video', url: '/img/a.mp4', src: '/img/a-poster.jpg' },
        { type: 'image', url: '/img/a-2.jpg' },
      ],
    })
    const first = await addOk(m.token, p.code, p.sku('M'))
    expect(first.message).toBe('Product added to your bag')
    expect(first.data).toHaveLength(1)
    const second = await addOk(m.token, p.code, p.sku('M'))
    expect(second.data).toHaveLength(1)
    const [line] = await bag(m.token)
    expect(line).toMatchObject({
      id_brand: 9,
      brand_name: 'Prepps',
      product_code: p.code,
      sku_product: p.sku('M'),
      ukuran: 'M',
      qty: '2',
      price: 209_000,
      url_image: ['/img/a-1.jpg', '/img/a-2.jpg'],
      max_qty: 5,
      available: true,
    })
    expect(line!.bundling).toBeUndefined()
  })

  it('keeps lines of several brands in one bag, newest first, each with its brand', async () => {
    const m = await createSignedInMember(db())
    const prepps = await product({ idBrand: 9 })
    const lune = await product({ idBrand: 5 })
    await addOk(m.token, prepps.code, prepps.sku('M'))
    await addOk(m.token, lune.code, lune.sku('M'))
    // The bag is the customer's whatever brand header the call carries.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cart?token=${m.token}`,
      headers: { 'x-brand-id': '5' },
    })
    const lines = res.json().data as CartLine[]
    expect(lines.map((l) => [l.product_code, l.id_brand, l.brand_name])).toEqual([
      [lune.code, 5, 'Lune'],
      [prepps.code, 9, 'Prepps'],
    ])
  })

  it('updates quantities and removes lines with their messages', async () => {
    const m = await createSignedInMember(db())
    const a = await product()
    const b = await product()
    await addOk(m.token, a.code, a.sku('M'))
    const lines = (await addOk(m.token, b.code, b.sku('M'))).data
    const idA = lines.find((l) => l.product_code === a.code)!.id_line
    const idB = lines.find((l) => l.product_code === b.code)!.id_line

    const updated = await update(m.token, [
      { id_line: idA, qty: 3 },
      { id_line: String(idB), qty: '2' },
    ])
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().message).toBe('Bag updated')
    expect((await bag(m.token)).map((l) => [l.id_line, l.qty])).toEqual([
      [idB, '2'],
      [idA, '3'],
    ])

    const removed = await call('POST', '/api/v1/cart/remove', m.token, { id_line: idA })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().message).toBe('Item removed from your bag')
    expect(removed.json().data.map((l: CartLine) => l.id_line)).toEqual([idB])
  })

  it("answers 404 CRT001 for another customer's line, an unknown or a huge id, changing nothing", async () => {
    const owner = await createSignedInMember(db())
    const other = await createSignedInMember(db())
    const p = await product()
    const [line] = (await addOk(owner.token, p.code, p.sku('M'))).data
    const mine = (await addOk(other.token, p.code, p.sku('M'))).data[0]!

    for (const id of [line!.id_line, 987_654, 99_999_999_999]) {
      const up = await update(other.token, [{ id_line: id, qty: 2 }])
      expect(up.statusCode, up.body).toBe(404)
      expect(up.json()).toMatchObject({ code: 'CRT001', message: 'Item not found in your bag' })
      const rm = await call('POST', '/api/v1/cart/remove', other.token, { id_line: id })
      expect(rm.statusCode).toBe(404)
      expect(rm.json().code).toBe('CRT001')
    }
    // All or nothing: the member's own line in the same call is not changed either.
    const mixed = await update(other.token, [
      { id_line: mine.id_line, qty: 3 },
      { id_line: line!.id_line, qty: 3 },
    ])
    expect(mixed.statusCode).toBe(404)
    expect((await bag(other.token))[0]!.qty).toBe('1')
    expect((await bag(owner.token))[0]!.qty).toBe('1')
  })

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['above the line limit', MAX_LINE_QTY + 1],
    ['huge', 1e12],
    ['non-numeric', 'abc'],
    ['a numeric string with a fraction', '1.5'],
    ['missing', undefined],
  ])('refuses a %s quantity with a 400 naming the field', async (_name, qty) => {
    const m = await createSignedInMember(db())
    const p = await product()
    const [line] = (await addOk(m.token, p.code, p.sku('M'))).data
    const res = await update(m.token, [{ id_line: line!.id_line, qty }])
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'REQ001' })
    expect(res.json().message).toContain("'items.0.qty'")
  })

  it('refuses add quantities other than 1, bad ids and a line listed twice with 400', async () => {
    const m = await createSignedInMember(db())
    const p = await product()
    const [line] = (await addOk(m.token, p.code, p.sku('M'))).data
    const two = await call('POST', '/api/v1/cart/add', m.token, {
      product_code: p.code,
      sku_product: p.sku('M'),
      qty: 2,
    })
    expect(two.statusCode).toBe(400)
    expect(two.json().message).toContain("'qty'")
    const badId = await call('POST', '/api/v1/cart/remove', m.token, { id_line: 'x' })
    expect(badId.statusCode).toBe(400)
    expect(badId.json().message).toContain("'id_line'")
    const twice = await update(m.token, [
      { id_line: line!.id_line, qty: 2 },
      { id_line: line!.id_line, qty: 3 },
    ])
    expect(twice.statusCode).toBe(400)
    expect(twice.json().message).toContain("'items.1.id_line'")
    const badSku = await call('POST', '/api/v1/cart/add', m.token, {
      product_code: p.code,
      sku_product: 'has spaces',
      qty: 1,
    })
    expect(badSku.statusCode).toBe(400)
    expect(badSku.json().message).toContain("'sku_product'")
  })

  // z.coerce took these as numbers (true → 1, [7] → 7, null / '' / [] → 0).
  const notWholeNumbers = [
    ['true', true],
    ['a list of one number', [7]],
    ['null', null],
    ['an empty string', ''],
    ['an empty list', []],
  ] as const

  it.each(notWholeNumbers)(
    'refuses %s as id_line of update and remove with 400 naming the field',
    async (_name, id) => {
      const m = await createSignedInMember(db())
      const p = await product()
      await addOk(m.token, p.code, p.sku('M'))
      const updated = await update(m.token, [{ id_line: id, qty: 2 }])
      expect(updated.statusCode, updated.body).toBe(400)
      expect(updated.json()).toMatchObject({ code: 'REQ001' })
      expect(updated.json().message).toContain("'items.0.id_line'")
      const removed = await call('POST', '/api/v1/cart/remove', m.token, { id_line: id })
      expect(removed.statusCode, removed.body).toBe(400)
      expect(removed.json()).toMatchObject({ code: 'REQ001' })
      expect(removed.json().message).toContain("'id_line'")
      const [line] = await bag(m.token)
      expect(line!.qty).toBe('1')
    },
  )

  it('still takes id_line as a number or a string of digits', async () => {
    const m = await createSignedInMember(db())
    const p = await product()
    const [line] = (await addOk(m.token, p.code, p.sku('M'))).data
    const updated = await update(m.token, [{ id_line: String(line!.id_line), qty: '2' }])
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().data[0].qty).toBe('2')
    const removed = await call('POST', '/api/v1/cart/remove', m.token, { id_line: String(line!.id_line) })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().data).toEqual([])
  })

  it('lets a phone guest use the bag', async () => {
    const guest = await createSignedInMember(db(), { isGuest: true })
    const p = await product()
    await addOk(guest.token, p.code, p.sku('M'))
    expect(await bag(guest.token)).toHaveLength(1)
  })

  it('refuses unknown products and skus of another product with 404 CRT004', async () => {
    const m = await createSignedInMember(db())
    const a = await product()
    const b = await product()
    const unknown = await add(m.token, 'NOPE-1', 'NOPE-1-M')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('CRT004')
    const foreign = await add(m.token, a.code, b.sku('M'))
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().code).toBe('CRT004')
    // The product code is case-insensitive, as on the product route.
    await addOk(m.token, a.code.toLowerCase(), a.sku('M'))
  })
})

describe('stock', () => {
  it('never lets a line ask for more than the stock, on add and on update', async () => {
    const m = await createSignedInMember(db())
    const p = await product({ sizes: [{ ukuran: 'M', stock: 2 }] })
    await addOk(m.token, p.code, p.sku('M'))
    const [line] = (await addOk(m.token, p.code, p.sku('M'))).data
    const third = await add(m.token, p.code, p.sku('M'))
    expect(third.statusCode).toBe(422)
    expect(third.json().code).toBe('CRT002')
    expect(third.json().message).toMatch(/2 available/)
    const up = await update(m.token, [{ id_line: line!.id_line, qty: 3 }])
    expect(up.statusCode).toBe(422)
    expect(up.json().code).toBe('CRT002')
    expect((await bag(m.token))[0]).toMatchObject({ qty: '2', max_qty: 2 })
  })

  it('refuses sold variants, sold products and COMING-SOON products with 422 CRT003', async () => {
    const m = await createSignedInMember(db())
    const p = await product({
      sizes: [
        { ukuran: 'S', stock: 0 },
        { ukuran: 'M', stock: 4 },
      ],
    })
    const soldOut = await add(m.token, p.code, p.sku('S'))
    expect(soldOut.statusCode).toBe(422)
    expect(soldOut.json().code).toBe('CRT003')
    const sold = await product({ status: 'sold' })
    expect((await add(m.token, sold.code, sold.sku('M'))).json().code).toBe('CRT003')
    const soon = await product({ productLable: 'COMING-SOON' })
    expect((await add(m.token, soon.code, soon.sku('M'))).json().code).toBe('CRT003')
    expect(await bag(m.token)).toEqual([])
  })

  it('shows a line that can no longer be bought as unavailable, and allows lowering only', async () => {
    const m = await createSignedInMember(db())
    const p = await product({ sizes: [{ ukuran: 'M', stock: 5 }] })
    await addOk(m.token, p.code, p.sku('M'))
    const [line] = (await addOk(m.token, p.code, p.sku('M'))).data
    await db().update(products).set({ productLable: 'COMING-SOON' }).where(eq(products.productCode, p.code))
    expect((await bag(m.token))[0]).toMatchObject({ available: false, max_qty: 0 })
    const raise = await update(m.token, [{ id_line: line!.id_line, qty: 3 }])
    expect(raise.json().code).toBe('CRT003')
    const lower = await update(m.token, [{ id_line: line!.id_line, qty: 1 }])
    expect(lower.statusCode, lower.body).toBe(200)
  })

  it('lets a quantity be lowered after the stock fell below it', async () => {
    const m = await createSignedInMember(db())
    const p = await product({ sizes: [{ ukuran: 'M', stock: 5 }] })
    let lines: CartLine[] = []
    for (let i = 0; i < 4; i++) lines = (await addOk(m.token, p.code, p.sku('M'))).data
    await setStock(db(), p.sku('M'), 2)
    expect((await bag(m.token))[0]).toMatchObject({ qty: '4', max_qty: 2, available: true })
    const lower = await update(m.token, [{ id_line: lines[0]!.id_line, qty: 3 }])
    expect(lower.statusCode).toBe(200)
  })

  it('sums the demand of a plain line and bundle parts on the same variant', async () => {
    const m = await createSignedInMember(db())
    const tee = await product({ sizes: [{ ukuran: 'M', stock: 3 }] })
    const cap = await product({ sizes: [{ ukuran: 'ALL', stock: 10 }] })
    const b = await bundle({ max: 2, slot1: [tee.code], slot2: [cap.code] })
    await addOk(m.token, tee.code, tee.sku('M'))
    const plain = (await addOk(m.token, tee.code, tee.sku('M'))).data[0]!
    const value = [
      { sku_product: tee.sku('M'), qty: 1 },
      { sku_product: cap.sku('ALL'), qty: 1 },
    ]
    // 2 plain + 1 in the bundle = 3: fits.
    await addOk(m.token, b.code, value)
    // A second bundle would need a fourth tee.
    const more = await add(m.token, b.code, value)
    expect(more.statusCode).toBe(422)
    expect(more.json().code).toBe('CRT002')
    const check = await call('POST', '/api/v1/orders/add_to_cart', m.token, {
      product: b.code,
      variant: null,
      bundling: value,
    })
    expect(check.json().code).toBe('CRT002')
    // Raising the plain line would too.
    const up = await update(m.token, [{ id_line: plain.id_line, qty: 3 }])
    expect(up.json().code).toBe('CRT002')

    const lines = await bag(m.token)
    const bundleLine = lines.find((l) => l.product_code === b.code)!
    expect(bundleLine).toMatchObject({ qty: '1', max_qty: 1 })
    expect(lines.find((l) => l.id_line === plain.id_line)).toMatchObject({ qty: '2', max_qty: 2 })
  })

  it('counts a bundle part asked twice per bundle against the stock', async () => {
    const m = await createSignedInMember(db())
    const tee = await product({ sizes: [{ ukuran: 'M', stock: 3 }] })
    const b = await bundle({ max: 2, slot1: [tee.code] })
    const value = [{ sku_product: tee.sku('M'), qty: 2 }]
    const [line] = (await addOk(m.token, b.code, value)).data
    expect(line).toMatchObject({ max_qty: 1 })
    const again = await add(m.token, b.code, value)
    expect(again.json().code).toBe('CRT002')
  })

  it('refuses more than MAX_CART_LINES lines and a line above MAX_LINE_QTY with 422 CRT005', async () => {
    const m = await createSignedInMember(db())
    const big = await product({ sizes: [{ ukuran: 'M', stock: 500 }] })
    const [line] = (await addOk(m.token, big.code, big.sku('M'))).data
    expect((await update(m.token, [{ id_line: line!.id_line, qty: MAX_LINE_QTY }])).statusCode).toBe(200)
    const over = await add(m.token, big.code, big.sku('M'))
    expect(over.statusCode).toBe(422)
    expect(over.json().code).toBe('CRT005')

    const many = await Promise.all(Array.from({ length: MAX_CART_LINES }, () => product()))
    for (const p of many.slice(0, MAX_CART_LINES - 1)) await addOk(m.token, p.code, p.sku('M'))
    expect(await bag(m.token)).toHaveLength(MAX_CART_LINES)
    const full = await add(m.token, many.at(-1)!.code, many.at(-1)!.sku('M'))
    expect(full.statusCode).toBe(422)
    expect(full.json()).toMatchObject({
      code: 'CRT005',
      message: expect.stringContaining(String(MAX_CART_LINES)),
    })
  })
})

describe('bundles', () => {
  async function setup(limit = 0) {
    const m = await createSignedInMember(db())
    const tee = await product({ sizes: [{ ukuran: 'S' }, { ukuran: 'M' }] })
    const shirt = await product({ sizes: [{ ukuran: 'L' }] })
    const outsider = await product()
    const b = await bundle({ max: 3, limit, slot1: [tee.code], slot2: [shirt.code] })
    return { m, tee, shirt, outsider, b }
  }
  const check = (token: string, product: string, bundling: unknown) =>
    call('POST', '/api/v1/orders/add_to_cart', token, { product, variant: null, bundling })

  it('refuses a bundle under or over max_bundling with the product’s messages', async () => {
    const { m, tee, shirt, b } = await setup()
    const under = [
      { sku_product: tee.sku('M'), qty: 1 },
      { sku_product: shirt.sku('L'), qty: 1 },
    ]
    const over = [
      { sku_product: tee.sku('M'), qty: 2 },
      { sku_product: shirt.sku('L'), qty: 2 },
    ]
    for (const res of [await check(m.token, b.code, under), await add(m.token, b.code, under)]) {
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ code: 'BND001', message: BUNDLE_MESSAGES.under(3).en })
      expect(res.json().message).toBe('Pembelian belum mencapai 3 pcs')
    }
    for (const res of [await check(m.token, b.code, over), await add(m.token, b.code, over)]) {
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({
        code: 'BND002',
        message: 'Pembelian maksimal produk bundling ini adalah 3 pcs',
      })
    }
    expect(await bag(m.token)).toEqual([])
  })

  it('checks then adds an exact bundle as one line with its parts; the same composition increments it', async () => {
    const { m, tee, shirt, b } = await setup()
    const value = [
      { sku_product: tee.sku('M'), qty: 2 },
      { sku_product: shirt.sku('L'), qty: 1 },
    ]
    const ok = await check(m.token, b.code, value)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ status: 200, data: true })
    expect(await bag(m.token)).toEqual([])

    const added = await addOk(m.token, b.code, value)
    expect(added.message).toBe('Product added to your bag')
    const [line] = added.data
    expect(line).toMatchObject({
      product_code: b.code,
      sku_product: b.sku,
      ukuran: 'SET',
      qty: '1',
      price: 349_000,
      available: true,
    })
    expect(line!.bundling).toEqual([
      { name: expect.any(String), product_code: tee.code, sku_product: tee.sku('M'), ukuran: 'M', qty: 2 },
      {
        name: expect.any(String),
        product_code: shirt.code,
        sku_product: shirt.sku('L'),
        ukuran: 'L',
        qty: 1,
      },
    ])

    // The same pieces, split and in another order: the same line.
    const same = await addOk(m.token, b.code, [
      { sku_product: shirt.sku('L'), qty: 1 },
      { sku_product: tee.sku('M'), qty: 1 },
      { sku_product: tee.sku('M'), qty: 1 },
    ])
    expect(same.data).toHaveLength(1)
    expect(same.data[0]!.qty).toBe('2')

    // Another size is another line.
    const other = await addOk(m.token, b.code, [
      { sku_product: tee.sku('S'), qty: 2 },
      { sku_product: shirt.sku('L'), qty: 1 },
    ])
    expect(other.data).toHaveLength(2)
  })

  it('refuses a part that is not one of the bundle options with 422 BND003', async () => {
    const { m, tee, outsider, b } = await setup()
    const res = await add(m.token, b.code, [
      { sku_product: tee.sku('M'), qty: 2 },
      { sku_product: outsider.sku('M'), qty: 1 },
    ])
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('BND003')
    const unknown = await check(m.token, b.code, [{ sku_product: 'NOPE-M', qty: 3 }])
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('CRT004')
  })

  it('requires each slot at exactly limit_qty_bundling when it is set', async () => {
    const { m, tee, shirt, b } = await setup(1)
    const twoOfOne = await add(m.token, b.code, [
      { sku_product: tee.sku('M'), qty: 2 },
      { sku_product: shirt.sku('L'), qty: 1 },
    ])
    expect(twoOfOne.statusCode).toBe(422)
    expect(twoOfOne.json().code).toBe('BND003')
    const ok = await addOk(m.token, b.code, [
      { sku_product: tee.sku('M'), qty: 1 },
      { sku_product: tee.sku('S'), qty: 1 },
      { sku_product: shirt.sku('L'), qty: 1 },
    ])
    expect(ok.data[0]!.bundling).toHaveLength(3)
  })

  it('refuses the wrong kind of value with 422 BND004, and sold parts with 422 CRT003', async () => {
    const { m, tee, shirt, b } = await setup()
    const plainForBundle = await add(m.token, b.code, b.sku)
    expect(plainForBundle.statusCode).toBe(422)
    expect(plainForBundle.json().code).toBe('BND004')
    const listForPlain = await add(m.token, tee.code, [{ sku_product: tee.sku('M'), qty: 1 }])
    expect(listForPlain.json().code).toBe('BND004')
    const checkPlain = await check(m.token, tee.code, [{ sku_product: tee.sku('M'), qty: 1 }])
    expect(checkPlain.json().code).toBe('BND004')

    await setStock(db(), shirt.sku('L'), 0)
    const sold = await check(m.token, b.code, [
      { sku_product: tee.sku('M'), qty: 2 },
      { sku_product: shirt.sku('L'), qty: 1 },
    ])
    expect(sold.statusCode).toBe(422)
    expect(sold.json().code).toBe('CRT003')
  })

  it('refuses a COMING-SOON bundle with 422 CRT003', async () => {
    const { m, tee, shirt, b } = await setup()
    await db().update(products).set({ productLable: 'COMING-SOON' }).where(eq(products.productCode, b.code))
    const res = await add(m.token, b.code, [
      { sku_product: tee.sku('M'), qty: 2 },
      { sku_product: shirt.sku('L'), qty: 1 },
    ])
    expect(res.json().code).toBe('CRT003')
  })

  it('refuses a malformed bundle value with 400 naming the field', async () => {
    const { m, b } = await setup()
    const empty = await check(m.token, b.code, [])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain("'bundling'")
    const zero = await check(m.token, b.code, [{ sku_product: 'X-M', qty: 0 }])
    expect(zero.statusCode).toBe(400)
    expect(zero.json().message).toContain("'bundling.0.qty'")
  })
})

describe('stock check of the bundle panel', () => {
  const checkStock = (token: string | null, body: object) =>
    call('POST', '/api/v1/cart/check_stock', token, body)

  it('answers whether the panel may hold qty instead of old_qty, counting the bag for a shopper', async () => {
    const m = await createSignedInMember(db())
    const tee = await product({ sizes: [{ ukuran: 'M', stock: 3 }] })
    const sku = tee.sku('M')
    const ask = async (token: string | null, qty: number, old: number, total: number) => {
      const res = await checkStock(token, { sku_product: sku, qty, old_qty: old, total_cart_qty: total })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as boolean
    }
    expect(await ask(null, 1, 0, 0)).toBe(true)
    expect(await ask(null, 3, 2, 2)).toBe(true)
    // Two other slots hold 2 of it already: a third slot at 2 would need 4.
    expect(await ask(null, 2, 0, 2)).toBe(false)
    await addOk(m.token, tee.code, sku)
    await addOk(m.token, tee.code, sku)
    expect(await ask(null, 2, 0, 0)).toBe(true)
    expect(await ask(m.token, 2, 0, 0)).toBe(false)
    expect(await ask(m.token, 1, 0, 0)).toBe(true)
    // Lowering is always allowed; an invalid token counts as a visitor.
    expect(await ask(m.token, 1, 2, 2)).toBe(true)
    expect(await ask('not-a-token', 2, 0, 0)).toBe(true)
  })

  it('answers false for a sold variant, 404 CRT004 for an unknown one and 400 for bad numbers', async () => {
    const tee = await product({ sizes: [{ ukuran: 'M', stock: 0 }] })
    const sold = await checkStock(null, { sku_product: tee.sku('M'), qty: 1, old_qty: 0, total_cart_qty: 0 })
    expect(sold.json().data).toBe(false)
    const unknown = await checkStock(null, { sku_product: 'NOPE-M', qty: 1, old_qty: 0, total_cart_qty: 0 })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('CRT004')
    const bad = await checkStock(null, { sku_product: tee.sku('M'), qty: 'x', old_qty: 0, total_cart_qty: 0 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain("'qty'")
  })

  it.each(['qty', 'old_qty', 'total_cart_qty'] as const)(
    'refuses true, [7], null, "" and [] as %s with 400 naming the field',
    async (field) => {
      const tee = await product({ sizes: [{ ukuran: 'M', stock: 5 }] })
      const good = { sku_product: tee.sku('M'), qty: 1, old_qty: 0, total_cart_qty: 0 }
      for (const value of [true, [7], null, '', []]) {
        const res = await checkStock(null, { ...good, [field]: value })
        expect(res.statusCode, `${JSON.stringify(value)}: ${res.body}`).toBe(400)
        expect(res.json()).toMatchObject({ code: 'REQ001' })
        expect(res.json().message).toContain(`'${field}'`)
      }
      // Numbers and strings of digits still pass.
      const digits = await checkStock(null, { ...good, [field]: field === 'qty' ? '2' : '0' })
      expect(digits.statusCode, digits.body).toBe(200)
    },
  )
})

describe('the database connection', () => {
  it('never sends a query on a transaction while another runs on it (pg deprecates it; pg 9 refuses)', async () => {
    // Listened since this file loaded: Node prints a deprecation once per process, so every test of
    // this file counts.
    const m = await createSignedInMember(db())
    const tee = await product({ sizes: [{ ukuran: 'M', stock: 9 }] })
    const b = await bundle({ max: 2, slot1: [tee.code] })
    const [line] = (await addOk(m.token, tee.code, tee.sku('M'))).data
    await addOk(m.token, b.code, [{ sku_product: tee.sku('M'), qty: 2 }])
    expect((await update(m.token, [{ id_line: line!.id_line, qty: 2 }])).statusCode).toBe(200)
    await new Promise((resolve) => setImmediate(resolve))
    expect(warnings.filter((w) => w.includes('already executing'))).toEqual([])
  })
})
