import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SearchResponseSchema } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createProduct } from '../../test/factories.ts'
import { clearResponseCache, PUBLIC_CACHE_CONTROL } from '../../plugins/http-cache.ts'
import { products } from '../../db/schema/index.ts'
import { queryWords, typoBudget } from './search.service.ts'

let t: TestApp

/** Optimal string alignment distance, as the textbook gives it: the reference for osa_distance. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!
      row[j] = Math.min(
        d[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1)
    }
  return d[a.length]![b.length]!
}

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
  // For typo tolerance: words of 5 to 8 letters take one typo, from 9 letters two.
  await createProduct(db, {
    idBrand: 9,
    productCode: 'BLS-001',
    productName: 'Blus Polkadot Lengan Balon',
    productNameAlt: 'Polkadot Balloon Sleeve Blouse',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'ROK-001',
    productName: 'Rok Plisket Polkadot',
    productNameAlt: 'Polkadot Pleated Skirt',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'SLD-001',
    productName: 'Selendang Batik Tulis',
    productNameAlt: 'Hand-drawn Batik Shawl',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'SWT-001',
    productName: 'Sweter Turtleneck',
    productNameAlt: 'Turtleneck Sweater',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'JKT-001',
    productName: 'Jaket Kulit',
    productNameAlt: 'Leather Jacket',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'TEE-001',
    productName: 'Kaus Garis',
    productNameAlt: 'Striped Tee',
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'SDL-001',
    productName: 'Sandal Tali',
    productNameAlt: 'Strap Sandals',
  })
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

  it('finds a misspelled word (one typo)', async () => {
    expect(
      codes(await search('kemja'))
        .slice(0, 2)
        .sort(),
    ).toEqual(['KMJ-001', 'KMJ-002'])
    expect(codes(await search('oversied'))[0]).toBe('KMJ-001')
    expect(codes(await search('flanel shirt'))[0]).toBe('KMJ-002')
    expect(codes(await search('culotes'))).toEqual(['CLN-001'])
  })

  describe('typo tolerance: one typo from 5 letters, two from 9', () => {
    const found = async (key: string) => {
      const res = await search(key)
      return res.statusCode === 404 ? [] : codes(res).sort()
    }
    const polkadot = ['BLS-001', 'ROK-001']

    it('takes an adjacent transposition inside a word and at its end', async () => {
      expect(await found('pokladot')).toEqual(polkadot)
      expect(await found('polkadto')).toEqual(polkadot)
      expect(await found('plikset')).toEqual(['ROK-001'])
      expect(await found('lengna')).toEqual(['BLS-001'])
      expect(await found('bluose')).toEqual(['BLS-001'])
      expect(await found('sweatre')).toEqual(['SWT-001'])
      expect(await found('kluit')).toEqual(['JKT-001'])
    })

    it('takes a deletion, an insertion and a substitution', async () => {
      expect(await found('polkdot')).toEqual(polkadot)
      expect(await found('selendng')).toEqual(['SLD-001'])
      expect(await found('sleve')).toEqual(['BLS-001'])
      expect(await found('jakett')).toEqual(['JKT-001'])
      expect(await found('skirrt')).toEqual(['ROK-001'])
      expect(await found('polkadat')).toEqual(polkadot)
      expect(await found('batok')).toEqual(['SLD-001'])
      expect(await found('leathar')).toEqual(['JKT-001'])
    })

    it('takes two typos in a word of 9 letters or more', async () => {
      expect(await found('selnedagn')).toEqual(['SLD-001'])
      expect(await found('tutrlenekc')).toEqual(['SWT-001'])
      expect(await found('polkaaddot')).toEqual(polkadot)
    })

    it('refuses a second typo under 9 letters and any typo under 5', async () => {
      for (const key of ['pokladto', 'bluosa', 'lnegna', 'jkaett', 'blsu', 'rko', 'tlai', 'sandwich']) {
        const res = await search(key)
        expect(res.statusCode, key).toBe(404)
        expect(res.json().code, key).toBe('CAT003')
      }
      // Short words still match exactly and as prefixes.
      expect(await found('rok')).toEqual(['ROK-001'])
      expect(codes(await search('blu'))).toContain('BLS-001')
    })

    it('needs every word of the query, each within its own budget', async () => {
      expect(await found('pokladot skrit')).toEqual(['ROK-001'])
      expect(await found('blus pokladot')).toEqual(['BLS-001'])
      expect(await found('pokladot sleve ballon')).toEqual(['BLS-001'])
      expect(await found('pokladot zebra')).toEqual([])
    })

    it('ranks an exact word first, then a prefix, then a typo', async () => {
      expect(codes(await search('kulot'))).toEqual(['CLN-001', 'JKT-001'])
      expect(codes(await search('kulit'))).toEqual(['JKT-001', 'CLN-001'])
      expect(codes(await search('strip'))).toEqual(['TEE-001', 'SDL-001'])
      expect(codes(await search('strap'))).toEqual(['SDL-001'])
    })

    it('follows renamed products', async () => {
      const db = t.database.db
      await createProduct(db, { idBrand: 9, productCode: 'KMN-001', productName: 'Produk Baru' })
      expect(await found('kimnoo')).toEqual([])
      await db
        .update(products)
        .set({ productName: 'Kimono Batik' })
        .where(eq(products.productCode, 'KMN-001'))
      expect(await found('kimnoo')).toEqual(['KMN-001'])
    })

    it('counts typos by optimal string alignment (osa_distance in the database)', async () => {
      const alphabet = 'abcde'
      const pick = (n: number) => Array.from({ length: n }, () => alphabet[(Math.random() * 5) | 0]).join('')
      const pairs = Array.from({ length: 300 }, () => [
        pick(1 + ((Math.random() * 9) | 0)),
        pick(1 + ((Math.random() * 9) | 0)),
      ])
      pairs.push(['polkadot', 'pokladot'], ['ca', 'abc'], ['kemja', 'kemeja'], ['', 'abc'])
      const result = await t.database.db.execute(sql`
        select osa_distance(a, b, m) as d from unnest(
          ${`{${pairs.map(([a]) => `"${a}"`).join(',')}}`}::text[],
          ${`{${pairs.map(([, b]) => `"${b}"`).join(',')}}`}::text[],
          ${`{${pairs.map((_, i) => 1 + (i % 3)).join(',')}}`}::integer[]
        ) with ordinality as p (a, b, m, i) order by i`)
      const got = (result as unknown as { rows: { d: number }[] }).rows.map((r) => Number(r.d))
      expect(got).toEqual(pairs.map(([a, b], i) => Math.min(osa(a!, b!), 2 + (i % 3))))
    })
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
    expect(past.json()).toMatchObject({ status: 200, message: 'Success', data: [], total_pages: 3 })
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

  it('gives no typo under 5 letters, one from 5, two from 9', () => {
    expect(['rok', 'blus', 'balon', 'polkadot', 'selendang', 'turtleneck'].map(typoBudget)).toEqual([
      0, 0, 1, 1, 2, 2,
    ])
  })

  it('keeps tsquery syntax out of the words', () => {
    expect(queryWords("kemeja:* & !linen | (x) <-> 'y'")).toEqual(['kemeja', 'linen', 'x', 'y'])
  })
})
