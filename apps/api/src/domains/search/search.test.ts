import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SearchResponseSchema } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createProduct } from '../../test/factories.ts'
import { clearResponseCache, PUBLIC_CACHE_CONTROL } from '../../plugins/http-cache.ts'
import { queryWords } from './search.service.ts'

let t: TestApp

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-brand-id': '9', ...headers } })
const search = (key: string, extra = '') => get(`/api/v1/pages/search?key=${encodeURIComponent(key)}${extra}`)
const codes = (res: { json(): { data: { product_code: string }[] } }) =>
  res.json().data.map((p) => p.product_code)

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  const db = t.database.db
  await createBrand(db, { id: 9 })
  await createBrand(db, { id: 5 })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'KMJ-001',
    productName: 'Kemeja Linen Oversized',
    productNameAlt: 'Oversized Linen Shirt',
    descriptionWithoutTags: 'A relaxed shirt in washed linen.',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'KMJ-002',
    productName: 'Kemeja Flanel Kotak',
    productNameAlt: 'Checked Flannel Shirt',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'CLN-001',
    productName: 'Celana Kulot',
    productNameAlt: 'Culottes',
    descriptionWithoutTags: 'Wide trousers, pairs with any kemeja.',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'DRS-001',
    productName: 'Gaun Midi',
    productNameAlt: 'Midi Dress',
  })
  // Many tops for paging.
  for (let i = 0; i < 23; i++) {
    await createProduct(db, {
      idBrand: 9,
      productCode: `TOP-${String(i).padStart(3, '0')}`,
      productName: `Atasan Rajut ${i}`,
      productNameAlt: `Knit Top ${i}`,
    })
  }
  // Another brand's shirt: not found from brand 9.
  await createProduct(db, {
    idBrand: 5,
    productCode: 'SIS-001',
    productName: 'Kemeja Sister',
    productNameAlt: 'Sister Shirt',
  })
})
afterAll(() => t.close())
beforeEach(() => clearResponseCache(t.database))

describe('GET /api/v1/pages/search', () => {
  it('finds by the Indonesian name, name hits first, description hits after', async () => {
    const res = await search('kemeja')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(SearchResponseSchema.safeParse(body).success).toBe(true)
    expect(body).toMatchObject({ status: 200, message: 'Success', total_pages: 1 })
    expect(codes(res).slice(0, 2).sort()).toEqual(['KMJ-001', 'KMJ-002'])
    // The trousers mention 'kemeja' only in their description: found, ranked after the shirts.
    expect(codes(res)).toContain('CLN-001')
    expect(codes(res).indexOf('CLN-001')).toBeGreaterThan(1)
  })

  it('finds by the English name', async () => {
    expect(codes(await search('flannel shirt'))[0]).toBe('KMJ-002')
    expect(codes(await search('Midi Dress'))).toEqual(['DRS-001'])
    expect(codes(await search('culottes'))).toEqual(['CLN-001'])
  })

  it('finds a misspelled word by trigram similarity', async () => {
    expect(
      codes(await search('kemja'))
        .slice(0, 2)
        .sort(),
    ).toEqual(['KMJ-001', 'KMJ-002'])
    expect(codes(await search('oversied'))[0]).toBe('KMJ-001')
    expect(codes(await search('flanel shirt'))[0]).toBe('KMJ-002')
    expect(codes(await search('culotes'))).toEqual(['CLN-001'])
  })

  it('matches word prefixes (the popup searches while typing)', async () => {
    expect(
      codes(await search('kem'))
        .slice(0, 2)
        .sort(),
    ).toEqual(['KMJ-001', 'KMJ-002'])
    expect(codes(await search('linen ov'))[0]).toBe('KMJ-001')
  })

  it('ranks an exact name first', async () => {
    expect(codes(await search('Kemeja Flanel Kotak'))[0]).toBe('KMJ-002')
  })

  it("searches only the calling brand's products", async () => {
    const res = await search('sister')
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('CAT003')
  })

  it('pages results with total_pages and an empty page past the end', async () => {
    const first = await search('atasan rajut')
    expect(first.json().total_pages).toBe(3)
    expect(codes(first)).toHaveLength(10)
    const third = await search('atasan rajut', '&current_page=3')
    expect(codes(third)).toHaveLength(3)
    const all = [...codes(first), ...codes(await search('atasan rajut', '&current_page=2')), ...codes(third)]
    expect(new Set(all).size).toBe(23)
    const past = await search('atasan rajut', '&current_page=4')
    expect(past.statusCode).toBe(200)
    expect(past.json()).toEqual({ status: 200, message: 'Success', data: [], total_pages: 3 })
    const small = await search('knit top', '&limit=5')
    expect(small.json().total_pages).toBe(5)
  })

  it('answers 404 CAT003 Nothing Found when nothing matches', async () => {
    for (const key of [
      'zzzzqqqq',
      'sister',
      '!!!',
      '%%%',
      "' or ''='",
      "'; drop table products; --",
      'q',
      '日本語のテキスト',
    ]) {
      const res = await search(key)
      expect(res.statusCode, key).toBe(404)
      expect(res.json()).toEqual({ status: 404, message: 'Nothing Found', code: 'CAT003', data: null })
    }
  })

  it('sends public cache headers and revalidates with the ETag', async () => {
    const res = await search('kemeja')
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    const again = await search('  KEMEJA ', '')
    expect(again.headers.etag).toBe(res.headers.etag)
    const revalidated = await get('/api/v1/pages/search?key=kemeja', {
      'if-none-match': res.headers.etag as string,
    })
    expect(revalidated.statusCode).toBe(304)
    const privateRes = await search('kemeja', '&token=abc')
    expect(privateRes.headers['cache-control']).toBe('private, no-store')
  })

  it.each([
    ['key', ''],
    ['key', '&key='],
    ['key', '&key=%20'],
    ['key', `&key=${'x'.repeat(101)}`],
    ['key', '&key=a%00b'],
    ['key', '&key=a&key=b'],
    ['limit', '&key=kemeja&limit=0'],
    ['limit', '&key=kemeja&limit=51'],
    ['limit', '&key=kemeja&limit=1&limit=2'],
    ['current_page', '&key=kemeja&current_page=0'],
    ['current_page', '&key=kemeja&current_page=-3'],
    ['current_page', '&key=kemeja&current_page=99999999999999999999'],
  ])('rejects a bad %s with a 400 naming it (%s)', async (field, query) => {
    const res = await get(`/api/v1/pages/search?x=1${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 400, code: 'REQ001', data: null })
    expect(res.json().message).toContain(`'${field}'`)
  })
})

describe('GET /api/v1/pages/product_suggestion', () => {
  it('answers the best matches, 5 by default', async () => {
    const res = await get('/api/v1/pages/product_suggestion?key=knit')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toHaveLength(5)
    expect(res.json().total_pages).toBeUndefined()
    const one = await get('/api/v1/pages/product_suggestion?key=oversized&limit=1')
    expect(one.json().data.map((p: { product_code: string }) => p.product_code)).toEqual(['KMJ-001'])
  })

  it('answers 404 CAT003 when nothing matches and 400 on a bad limit', async () => {
    const none = await get('/api/v1/pages/product_suggestion?key=qqqqzzzz')
    expect(none.statusCode).toBe(404)
    expect(none.json().code).toBe('CAT003')
    const bad = await get('/api/v1/pages/product_suggestion?key=kemeja&limit=21')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain("'limit'")
  })
})

describe('search garbage never yields a 500', () => {
  const values = [
    '',
    '-1',
    '99999999999999999999',
    '1e308',
    "'; drop table products; --",
    '%00',
    '%5C',
    '%25%5F',
    ':*&|!()<->',
    '%E2%80%AE%F0%9F%98%80',
    '%ED%A0%80',
    'x'.repeat(5000),
    '__proto__',
  ]
  it('answers every parameter and garbage value with a 2xx or 4xx envelope', async () => {
    for (const endpoint of ['/api/v1/pages/search', '/api/v1/pages/product_suggestion']) {
      for (const param of ['key', 'limit', 'current_page', 'token']) {
        for (const value of values) {
          for (const extra of ['', `&${param}=${value}`, '&key=kemeja']) {
            const url = `${endpoint}?${param}=${value}${extra}`
            const res = await get(url)
            expect(res.statusCode, url).toBeLessThan(500)
            if (res.statusCode >= 400)
              expect(res.json()).toMatchObject({ status: res.statusCode, data: null })
          }
        }
      }
    }
  })

  it('keeps tsquery syntax out of the words', () => {
    expect(queryWords("kemeja:* & !linen | (x) <-> 'y'")).toEqual(['kemeja', 'linen', 'x', 'y'])
  })
})
