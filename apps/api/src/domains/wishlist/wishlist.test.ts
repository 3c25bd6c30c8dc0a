import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_WISHLIST_ITEMS, type ProductCard } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { clearResponseCache } from '../../plugins/http-cache.ts'
import {
  addBundleOptions,
  addRelated,
  addToCategory,
  createBrand,
  createCategory,
  createHomeSlider,
  createProduct,
} from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { wishlistItems } from '../../db/schema/index.ts'

let t: TestApp
const db = () => t.database.db

function call(method: 'GET' | 'POST' | 'DELETE', path: string, token: string | null, body?: unknown) {
  const url = token ? `${path}${path.includes('?') ? '&' : '?'}token=${token}` : path
  return t.app.inject({
    method,
    url,
    headers: { 'x-brand-id': '9' },
    ...(body === undefined ? {} : { payload: body as object }),
  })
}

async function wishlist(token: string): Promise<ProductCard[]> {
  const res = await call('GET', '/api/v2/member/wishlist', token)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('private, no-store')
  return res.json().data
}

const addOne = (token: string, code: string) =>
  call('POST', '/api/v2/member/wishlist', token, { product_code: code })
const removeOne = (token: string, code: string) => call('DELETE', `/api/v2/member/wishlist/${code}`, token)

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await createBrand(db(), { id: 9 })
  await createBrand(db(), { id: 5 })
})

afterAll(async () => {
  await t?.close()
})

describe('wishlist calls', () => {
  it.each([
    ['GET', '/api/v2/member/wishlist'],
    ['POST', '/api/v2/member/wishlist'],
    ['DELETE', '/api/v2/member/wishlist/ABC-1'],
  ] as const)('%s %s without a token: 401 CLE001', async (method, path) => {
    const res = await call(method, path, null, method === 'POST' ? {} : undefined)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('CLE001')
  })

  it('adds (idempotently), lists newest first across brands, and removes (idempotently)', async () => {
    const m = await createSignedInMember(db())
    const a = await createProduct(db(), { idBrand: 9 })
    const b = await createProduct(db(), { idBrand: 5 })
    const added = await addOne(m.token, a.productCode)
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toMatchObject({
      message: 'Added to My Wishlist',
      data: { product_code: a.productCode },
    })
    expect((await addOne(m.token, a.productCode)).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 5))
    // Codes are case-insensitive, as on the product route.
    expect((await addOne(m.token, b.productCode.toLowerCase())).json().data.product_code).toBe(b.productCode)

    const list = await wishlist(m.token)
    expect(list.map((c) => [c.product_code, c.id_brand, c.is_wishlist])).toEqual([
      [b.productCode, 5, true],
      [a.productCode, 9, true],
    ])

    const removed = await removeOne(m.token, a.productCode)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toMatchObject({
      message: 'Remove from My Wishlist',
      data: { product_code: a.productCode },
    })
    expect((await removeOne(m.token, a.productCode)).statusCode).toBe(200)
    // A JSON content type with an empty body is no body.
    const emptyBody = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/member/wishlist/${b.productCode}?token=${m.token}`,
      headers: { 'x-brand-id': '9', 'content-type': 'application/json' },
    })
    expect(emptyBody.statusCode, emptyBody.body).toBe(200)
    expect(await wishlist(m.token)).toEqual([])
  })

  it('refuses an unknown product with 404 CAT001 and a bad code with 400', async () => {
    const m = await createSignedInMember(db())
    const unknown = await addOne(m.token, 'NOPE-404')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('CAT001')
    const bad = await addOne(m.token, 'not a code!')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain("'product_code'")
  })

  it('refuses a product past MAX_WISHLIST_ITEMS with 422 WSH001', async () => {
    const m = await createSignedInMember(db())
    const many = await Promise.all(Array.from({ length: 3 }, () => createProduct(db(), { idBrand: 9 })))
    // Fill the wishlist up to one below the limit directly (products without variants or media).
    const filler = await Promise.all(
      Array.from({ length: MAX_WISHLIST_ITEMS - 1 }, () =>
        createProduct(db(), { idBrand: 9, sizes: [], media: [] }),
      ),
    )
    await db()
      .insert(wishlistItems)
      .values(filler.map((p) => ({ idPelanggan: m.idPelanggan, productCode: p.productCode })))
    expect((await addOne(m.token, many[0]!.productCode)).statusCode).toBe(200)
    const full = await addOne(m.token, many[1]!.productCode)
    expect(full.statusCode).toBe(422)
    expect(full.json().code).toBe('WSH001')
    // Adding one already there is still fine.
    expect((await addOne(m.token, many[0]!.productCode)).statusCode).toBe(200)
  })
})

describe('is_wishlist on catalog reads', () => {
  it('is true on the product for its member only; visitors and others get false', async () => {
    const m = await createSignedInMember(db())
    const other = await createSignedInMember(db())
    const p = await createProduct(db(), { idBrand: 9 })
    const related = await createProduct(db(), { idBrand: 9 })
    const option = await createProduct(db(), { idBrand: 9 })
    await addRelated(db(), p.productCode, [related.productCode])
    await addBundleOptions(db(), p.productCode, 1, [option.productCode])
    await addOne(m.token, p.productCode)
    await addOne(m.token, related.productCode)

    const read = (token: string | null) =>
      call('GET', `/api/v1/pages/product?product_code=${p.productCode}`, token)
    const mine = await read(m.token)
    expect(mine.headers['cache-control']).toBe('private, no-store')
    const product = mine.json().data.data
    expect(product.is_wishlist).toBe(true)
    expect(product.related_product[0].is_wishlist).toBe(true)
    expect(product.bundling_option_1[0].is_wishlist).toBe(false)

    expect((await read(other.token)).json().data.data.is_wishlist).toBe(false)
    const visitor = await read(null)
    expect(visitor.headers['cache-control']).toMatch(/^public/)
    expect(visitor.json().data.data.is_wishlist).toBe(false)
    // After the member's read, the public answer is still the visitor's (nothing personal cached).
    expect((await read(null)).json().data.data.is_wishlist).toBe(false)
    // A Bearer header personalises too, and is never cached nor served from the public cache.
    const bearer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pages/product?product_code=${p.productCode}`,
      headers: { 'x-brand-id': '9', authorization: `Bearer ${m.token}` },
    })
    expect(bearer.headers['cache-control']).toBe('private, no-store')
    expect(bearer.json().data.data.is_wishlist).toBe(true)
    expect((await read(null)).json().data.data.is_wishlist).toBe(false)
    // An unknown token is answered like a visitor, privately.
    const stale = await read('not-a-token')
    expect(stale.statusCode).toBe(200)
    expect(stale.headers['cache-control']).toBe('private, no-store')
    expect(stale.json().data.data.is_wishlist).toBe(false)
  })

  it('flags cards on the home and category answers for a signed-in member', async () => {
    clearResponseCache(t.database)
    const m = await createSignedInMember(db())
    const a = await createProduct(db(), { idBrand: 9 })
    const b = await createProduct(db(), { idBrand: 9 })
    const category = await createCategory(db(), { idBrand: 9 })
    await addToCategory(db(), category.id, [a.productCode, b.productCode])
    await createHomeSlider(db(), {
      idBrand: 9,
      categoryName: category.name,
      productCodes: [a.productCode, b.productCode],
    })
    await addOne(m.token, b.productCode)

    const flags = (cards: ProductCard[]) => cards.map((c) => [c.product_code, c.is_wishlist])
    const home = await call('GET', '/api/v1/pages/home', m.token)
    expect(flags(home.json().data.slider[0].item)).toEqual([
      [a.productCode, false],
      [b.productCode, true],
    ])
    const page = await call('GET', `/api/v1/pages/category?category=${category.name}`, m.token)
    expect(flags(page.json().data[0].item)).toEqual([
      [a.productCode, false],
      [b.productCode, true],
    ])
    const publicHome = await call('GET', '/api/v1/pages/home', null)
    expect(flags(publicHome.json().data.slider[0].item)).toEqual([
      [a.productCode, false],
      [b.productCode, false],
    ])
  })

  it('flags search results for a signed-in member', async () => {
    const m = await createSignedInMember(db())
    const zebra = await createProduct(db(), { idBrand: 9, productName: 'Kemeja Zebra Linen' })
    await addOne(m.token, zebra.productCode)
    const mine = await call('GET', '/api/v1/pages/search?key=zebra', m.token)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().data.map((c: ProductCard) => [c.product_code, c.is_wishlist])).toEqual([
      [zebra.productCode, true],
    ])
    const visitor = await call('GET', '/api/v1/pages/search?key=zebra', null)
    expect(visitor.json().data[0].is_wishlist).toBe(false)
  })
})
