import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import type { CategoryGroup, ListingFacets, ProductCard } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  addToCategory,
  createBrand,
  createCategory,
  createPaymentMethod,
  createProduct,
  createSegment,
  setStock,
} from '../../test/factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import { products, salesHeaders, variants } from '../../db/schema/index.ts'
import { shopper } from '../orders/orders.fixtures.ts'

/**
 * Filter and sort of listings and search (issue 39): each parameter, their combinations, the facets
 * against a hand-counted listing, a size selling out between two calls, and the 400s.
 *
 * The listing 'koleksi' of brand 9 (prices in thousands; stock in brackets):
 *   A1 black  S(5) M(0) L(3)  150, struck 200 (on sale, 25 % off)   segment X
 *   A2 blue   M(2) L(1)       300                                  segment X
 *   A3 black  S(0) M(0)       90, struck '0'                        segment X
 *   A4 red    XL(4)           450, struck 500 (on sale, 10 %)        segment X
 *   A5 blue   28(3) 120, 30(2) 180: a price range (struck 250 is not shown on a range)
 *   A6 —      M(5)            80, the product is sold out
 *   A7 green  L(2)            200, COMING-SOON
 *   A8 black  M(5)            a draft: never listed
 *   A9 white  S(1) M(1)       60, struck 120 (on sale, 50 %)
 */
let t: TestApp
let s: ReturnType<typeof shopper>
let paymentId = 0
const db = () => t.database.db

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-brand-id': '9', ...headers } })

interface ListingAnswer {
  data: CategoryGroup[]
  total_pages: number
  facets: ListingFacets
}
const listing = async (query = '', headers: Record<string, string> = {}): Promise<ListingAnswer> => {
  const res = await get(`/api/v1/pages/category?category=koleksi&limit=20${query}`, headers)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const codesOf = (answer: { data: CategoryGroup[] }) =>
  answer.data.flatMap((group) => group.item.map((card: ProductCard) => card.product_code))

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  s = shopper(t)
  await loadRegions(db(), { provinces: ['31'] })
  await seedShippingRates(db())
  await createBrand(db(), { id: 9 })
  paymentId = (await createPaymentMethod(db(), { code: 'bca_va', name: 'BCA Virtual Account' })).id
  const category = await createCategory(db(), { idBrand: 9, name: 'koleksi', title: 'Koleksi' })
  const segment = await createSegment(db(), { categoryId: category.id, name: 'X', priority: 1 })
  const p = (
    productCode: string,
    values: Omit<Parameters<typeof createProduct>[1], 'productCode' | 'idBrand'>,
  ) => createProduct(db(), { idBrand: 9, productCode, ...values })
  await p('A1', {
    productName: 'Kemeja Hitam',
    colourFamily: 'black',
    sellingPrice: 150_000,
    hargaCoret: '200000',
    sizes: [
      { ukuran: 'S', stock: 5 },
      { ukuran: 'M', stock: 0 },
      { ukuran: 'L', stock: 3 },
    ],
  })
  await p('A2', {
    productName: 'Kemeja Biru',
    colourFamily: 'blue',
    sellingPrice: 300_000,
    sizes: [
      { ukuran: 'M', stock: 2 },
      { ukuran: 'L', stock: 1 },
    ],
  })
  await p('A3', {
    productName: 'Kaos Hitam',
    colourFamily: 'black',
    sellingPrice: 90_000,
    hargaCoret: '0',
    sizes: [
      { ukuran: 'S', stock: 0 },
      { ukuran: 'M', stock: 0 },
    ],
  })
  await p('A4', {
    productName: 'Gaun Merah',
    colourFamily: 'red',
    sellingPrice: 450_000,
    hargaCoret: '500000',
    sizes: [{ ukuran: 'XL', stock: 4 }],
  })
  await p('A5', {
    productName: 'Celana Biru',
    colourFamily: 'blue',
    sellingPrice: 120_000,
    startPrice: 120_000,
    endPrice: 180_000,
    hargaCoret: '250000',
    sizes: [
      { ukuran: '28', stock: 3, sellingPrice: 120_000 },
      { ukuran: '30', stock: 2, sellingPrice: 180_000 },
    ],
  })
  await p('A6', {
    productName: 'Rok Habis',
    sellingPrice: 80_000,
    status: 'sold',
    sizes: [{ ukuran: 'M', stock: 5 }],
  })
  await p('A7', {
    productName: 'Jaket Hijau',
    colourFamily: 'green',
    sellingPrice: 200_000,
    productLable: 'COMING-SOON',
    sizes: [{ ukuran: 'L', stock: 2 }],
  })
  await p('A8', {
    productName: 'Draf Hitam',
    colourFamily: 'black',
    publishedAt: null,
    sizes: [{ ukuran: 'M', stock: 5 }],
  })
  await p('A9', {
    productName: 'Blus Putih',
    colourFamily: 'white',
    sellingPrice: 60_000,
    hargaCoret: '120000',
    sizes: [
      { ukuran: 'S', stock: 1 },
      { ukuran: 'M', stock: 1 },
    ],
  })
  await addToCategory(db(), category.id, ['A1', 'A2', 'A3', 'A4'], { segmentId: segment.id })
  await addToCategory(db(), category.id, ['A5', 'A6', 'A7', 'A8', 'A9'], { startPosition: 10 })
})

afterAll(async () => {
  await t?.close()
})

describe('GET /api/v1/pages/category with a filter (issue 39)', () => {
  it('answers the facets of the whole listing beside data, hand-counted', async () => {
    const answer = await listing()
    expect(codesOf(answer)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A9'])
    expect(answer.data.map((g) => g.name)).toEqual(['X', ''])
    expect(answer.facets).toEqual({
      total: 8,
      // Buyable now: A1 S and L; A2 M and L; A9 S and M; A4 XL; A5 28 and 30. A3 has no stock, A6 is
      // sold out and A7 is coming soon: their sizes are listed with nothing to buy.
      size: [
        { value: 'S', count: 2 },
        { value: 'M', count: 2 },
        { value: 'L', count: 2 },
        { value: 'XL', count: 1 },
        { value: '28', count: 1 },
        { value: '30', count: 1 },
      ],
      colour: [
        { value: 'black', count: 2 },
        { value: 'white', count: 1 },
        { value: 'red', count: 1 },
        { value: 'green', count: 1 },
        { value: 'blue', count: 2 },
      ],
      price: { min: 60_000, max: 450_000 },
      on_sale: 3,
    })
  })

  it('filters by size: a product matches when one of the sizes can be bought now', async () => {
    const answer = await listing('&size=M,L')
    expect(codesOf(answer)).toEqual(['A1', 'A2', 'A9'])
    // A filter keeps today's order and its segments.
    expect(answer.data.map((g) => g.name)).toEqual(['X', ''])
    expect(answer.facets).toEqual({
      total: 3,
      // Counted without the size filter itself, so the shopper sees what another size would give.
      size: [
        { value: 'S', count: 2 },
        { value: 'M', count: 2 },
        { value: 'L', count: 2 },
        { value: 'XL', count: 1 },
        { value: '28', count: 1 },
        { value: '30', count: 1 },
      ],
      colour: [
        { value: 'black', count: 1 },
        { value: 'white', count: 1 },
        { value: 'red', count: 0 },
        { value: 'green', count: 0 },
        { value: 'blue', count: 1 },
      ],
      price: { min: 60_000, max: 300_000 },
      on_sale: 2,
    })
    // One listing whatever the spelling: lower case, other order, repeated parameters.
    expect(codesOf(await listing('&size=l,m'))).toEqual(['A1', 'A2', 'A9'])
    expect(codesOf(await listing('&size=L&size=M'))).toEqual(['A1', 'A2', 'A9'])
  })

  it('combines size and price; each facet counts the other chosen filters', async () => {
    const answer = await listing('&size=M,L&max_price=200000')
    expect(codesOf(answer)).toEqual(['A1', 'A9'])
    expect(answer.facets).toEqual({
      total: 2,
      size: [
        { value: 'S', count: 2 },
        { value: 'M', count: 1 },
        { value: 'L', count: 1 },
        { value: 'XL', count: 0 },
        { value: '28', count: 1 },
        { value: '30', count: 1 },
      ],
      colour: [
        { value: 'black', count: 1 },
        { value: 'white', count: 1 },
        { value: 'red', count: 0 },
        { value: 'green', count: 0 },
        { value: 'blue', count: 0 },
      ],
      price: { min: 60_000, max: 300_000 },
      on_sale: 2,
    })
  })

  it('matches a price range when any of its sizes is inside, on the price paid now', async () => {
    expect(codesOf(await listing('&min_price=170000&max_price=190000'))).toEqual(['A5'])
    expect(codesOf(await listing('&min_price=400000'))).toEqual(['A4'])
    expect(codesOf(await listing('&max_price=60000'))).toEqual(['A9'])
  })

  it('filters by colour and on sale', async () => {
    expect(codesOf(await listing('&colour=black,blue'))).toEqual(['A1', 'A2', 'A3', 'A5'])
    expect(codesOf(await listing('&colour=BLUE'))).toEqual(['A2', 'A5'])
    // Struck prices only: a range never shows its struck price, '0' is none.
    const sale = await listing('&on_sale=YES')
    expect(codesOf(sale)).toEqual(['A1', 'A4', 'A9'])
    expect(sale.facets.total).toBe(3)
    expect(codesOf(await listing('&on_sale=NO'))).toHaveLength(8)
    expect(codesOf(await listing('&on_sale=YES&colour=white&size=S'))).toEqual(['A9'])
  })

  it('sorts by price, discount and newest, in one group; filtered pages follow the filter', async () => {
    const up = await listing('&sort=price_asc')
    expect(codesOf(up)).toEqual(['A9', 'A6', 'A3', 'A5', 'A1', 'A7', 'A2', 'A4'])
    expect(up.data.map((g) => [g.name, g.img1])).toEqual([['', '']])
    expect(codesOf(await listing('&sort=price_desc'))).toEqual([
      'A4',
      'A2',
      'A7',
      'A5',
      'A1',
      'A3',
      'A6',
      'A9',
    ])
    // Largest percentage first, then today's order.
    expect(codesOf(await listing('&sort=discount'))).toEqual(['A9', 'A1', 'A4', 'A2', 'A3', 'A5', 'A6', 'A7'])
    expect(codesOf(await listing('&sort=newest'))).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A9'])

    // Endless scrolling follows the filter: pages of 2 over 3 matches.
    const first = await get('/api/v1/pages/category?category=koleksi&limit=2&size=M,L&sort=price_asc')
    const second = await get(
      '/api/v1/pages/category?category=koleksi&limit=2&offset=2&size=M,L&sort=price_asc',
    )
    const past = await get('/api/v1/pages/category?category=koleksi&limit=2&page=3&size=M,L&sort=price_asc')
    expect([first, second, past].map((r) => [codesOf(r.json()), r.json().total_pages])).toEqual([
      [['A9', 'A1'], 2],
      [['A2'], 2],
      [[], 2],
    ])
    expect(past.json().facets.total).toBe(3)
  })

  it('answers an empty page with its facets when the filter leaves nothing', async () => {
    const none = await listing('&size=XL&colour=black')
    expect(none.data).toEqual([])
    expect(none.total_pages).toBe(0)
    expect(none.facets.total).toBe(0)
    expect(none.facets.size.find((f) => f.value === 'XL')).toEqual({ value: 'XL', count: 0 })
    expect(none.facets.colour.find((f) => f.value === 'red')).toEqual({ value: 'red', count: 1 })
  })

  it('refuses a bad sort, size, colour or price with a 400 naming the field, in both languages', async () => {
    const cases: [string, string][] = [
      ['&sort=cheapest', 'sort'],
      ['&size=QQQ', 'size'],
      ['&size=M%3Cscript', 'size'],
      ['&size=', 'size'],
      ['&colour=teal', 'colour'],
      ['&min_price=-1', 'min_price'],
      ['&min_price=abc', 'min_price'],
      ['&max_price=1.5', 'max_price'],
      ['&min_price=300000&max_price=100000', 'max_price'],
      [`&size=${Array.from({ length: 21 }, (_, i) => String(20 + i)).join(',')}`, 'size'],
    ]
    for (const [query, field] of cases) {
      const res = await get(`/api/v1/pages/category?category=koleksi${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json(), query).toMatchObject({ status: 400, code: 'REQ001', data: null })
      expect(res.json().message, query).toContain(`'${field}`)
      const id = await get(`/api/v1/pages/category?category=koleksi${query}`, { 'accept-language': 'id' })
      expect(id.json().message, query).toMatch(new RegExp(`^(Parameter kueri|Kolom) '${field}`))
      expect(id.json().message, query).not.toMatch(/must|such as|no product/)
    }
    // The same on search.
    const search = await get('/api/v1/pages/search?key=kemeja&sort=cheapest')
    expect(search.statusCode).toBe(400)
    expect(search.json().message).toContain("'sort'")
  })

  it('drops a size that sells out from the filter at once, through the same cache invalidation', async () => {
    // Read twice: the second answer comes from the cache.
    expect(codesOf(await listing('&size=M'))).toEqual(['A2', 'A9'])
    expect(codesOf(await listing('&size=M'))).toEqual(['A2', 'A9'])
    expect((await listing()).facets.size.find((f) => f.value === 'M')).toEqual({ value: 'M', count: 2 })

    // A member buys the last A9 in M.
    const m = await s.member()
    const bag = await s.addToBag(m.token, 'A9', 'A9-M')
    const data = await s.checkoutData(m.token, bag)
    const res = await s.checkoutNew(m.token, {
      id_delivery_method: data.jenis_paket_list[0]!.id,
      id_payment: paymentId,
      use_promo: false,
      products: s.ticked(bag),
      id_warehouse: 1,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await s.stockOf('A9-M')).toBe(0)

    const after = await listing('&size=M')
    expect(codesOf(after)).toEqual(['A2'])
    expect(after.facets.size.find((f) => f.value === 'M')).toEqual({ value: 'M', count: 1 })
    const card = (await listing()).data.flatMap((g) => g.item).find((c) => c.product_code === 'A9')!
    expect(card.variant.find((v) => v.ukuran === 'M')!.status_variant).toBe('sold')

    // Paid, the order counts for the popular sort; A9 then leads.
    await db()
      .update(salesHeaders)
      .set({ status: 'Paid' })
      .where(eq(salesHeaders.idSalesHeader, res.json().data.id_sales_header))
    const popular = await listing('&sort=popular')
    expect(codesOf(popular)[0]).toBe('A9')
    expect(codesOf(popular).slice(1)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'])
  })
})

describe('product_listing_facts (migrations 0024, 0027)', () => {
  it('follows every write of products, variants and the sellable stock, in the writing statement', async () => {
    const facts = async (code: string) =>
      (
        (await db().execute(
          sql`select sizes, buyable, min_price, max_price, on_sale, colour_family from product_listing_facts where product_code = ${code}`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows[0]
    const code = 'F1'
    await createProduct(db(), {
      idBrand: 9,
      productCode: code,
      sellingPrice: 100_000,
      hargaCoret: '150000',
      colourFamily: 'pink',
      sizes: [
        { ukuran: 's', stock: 0 },
        { ukuran: 'M', stock: 4 },
      ],
    })
    expect(await facts(code)).toEqual({
      sizes: ['M', 'S'],
      buyable: ['M'],
      min_price: 100_000,
      max_price: 100_000,
      on_sale: true,
      colour_family: 'pink',
    })
    await setStock(db(), `${code}-s`, 2)
    await db()
      .update(variants)
      .set({ sellingPrice: 90_000 })
      .where(eq(variants.skuProduct, `${code}-M`))
    expect(await facts(code)).toMatchObject({ buyable: ['M', 'S'], min_price: 90_000, max_price: 100_000 })
    // The stock is inventory's sellable_stock (migration 0027): a size that sells out leaves the
    // buyable sizes, and comes back with its units.
    await setStock(db(), `${code}-M`, 0)
    expect(await facts(code)).toMatchObject({ buyable: ['S'] })
    await setStock(db(), `${code}-M`, 3)
    expect(await facts(code)).toMatchObject({ buyable: ['M', 'S'] })
    await db()
      .update(products)
      .set({ status: 'sold', hargaCoret: '0', colourFamily: null })
      .where(eq(products.productCode, code))
    expect(await facts(code)).toMatchObject({ buyable: [], on_sale: false, colour_family: null })
    await db().delete(variants).where(eq(variants.productCode, code))
    expect(await facts(code)).toMatchObject({ sizes: [], min_price: 100_000, max_price: 100_000 })
    await db().delete(products).where(eq(products.productCode, code))
    expect(await facts(code)).toBeUndefined()
  })
})

describe('GET /api/v1/pages/search with a filter (issue 39)', () => {
  const search = (query: string) => get(`/api/v1/pages/search?${query}`)

  it('filters and sorts search results, with facets; a key that finds nothing is still Nothing Found', async () => {
    const all = await search('key=kemeja')
    expect(all.statusCode).toBe(200)
    expect(
      all
        .json()
        .data.map((c: ProductCard) => c.product_code)
        .sort(),
    ).toEqual(['A1', 'A2'])
    expect(all.json().facets).toMatchObject({ total: 2, price: { min: 150_000, max: 300_000 }, on_sale: 1 })

    const blue = await search('key=kemeja&colour=blue')
    expect(blue.json().data.map((c: ProductCard) => c.product_code)).toEqual(['A2'])
    expect(blue.json().facets.colour).toEqual([
      { value: 'black', count: 1 },
      { value: 'blue', count: 1 },
    ])
    const sorted = await search('key=kemeja&sort=price_desc')
    expect(sorted.json().data.map((c: ProductCard) => c.product_code)).toEqual(['A2', 'A1'])

    // The filter leaves nothing: an empty page the shopper can widen, not 'Nothing Found'.
    const none = await search('key=kemeja&size=XL')
    expect(none.statusCode).toBe(200)
    expect(none.json()).toMatchObject({ data: [], total_pages: 0, facets: { total: 0 } })
    // The key finds nothing: 404 CAT003 whatever the filter.
    expect((await search('key=zzzqqq&size=M')).statusCode).toBe(404)
    expect((await search('key=zzzqqq')).json().code).toBe('CAT003')
  })
})
