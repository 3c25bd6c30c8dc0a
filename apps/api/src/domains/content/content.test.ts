import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  AboutResponseSchema,
  ArticleResponseSchema,
  ArticlesResponseSchema,
  ContentPageResponseSchema,
  ErrorEnvelopeSchema,
  FaqAnswerResponseSchema,
  FaqCategoriesResponseSchema,
  FaqQuestionsResponseSchema,
  OfflineStoreResponseSchema,
} from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { articles, contentPages, faqItems, products, stores } from '../../db/schema/index.ts'
import { XSS_PAYLOADS, expectHarmless } from '../../safe-html.fixtures.ts'
import { clearResponseCache } from '../../plugins/http-cache.ts'

let t: TestApp
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-brand-id': '9', ...headers } })
const indonesian = { 'accept-language': 'id-ID,id;q=0.9' }

beforeAll(async () => {
  t = await buildTestApp()
})

afterAll(async () => {
  await t?.close()
})

describe('help FAQ', () => {
  it('lists categories, then questions, then an answer, in the shopper language', async () => {
    const categories = FaqCategoriesResponseSchema.parse((await get('/api/v1/pages/kategori_bantuan')).json())
    expect(categories.data.map((c) => c.category_code)).toEqual(['orders', 'payment', 'shipping', 'returns'])
    expect(categories.data[2]?.name).toBe('Shipping')

    const inId = FaqCategoriesResponseSchema.parse(
      (await get('/api/v1/pages/kategori_bantuan', indonesian)).json(),
    )
    expect(inId.data[2]?.name).toBe('Pengiriman')

    const questions = await get('/api/v1/pages/bantuan?category_code=shipping')
    expect(questions.statusCode).toBe(200)
    expect(questions.headers['cache-control']).toContain('public')
    expect(questions.headers.vary).toContain('accept-language')
    const list = FaqQuestionsResponseSchema.parse(questions.json()).data
    expect(list[0]).toEqual({ slug: 'shipping-time', name: 'How long does delivery take?' })

    const answer = FaqAnswerResponseSchema.parse(
      (await get('/api/v1/pages/bantuan/shipping-time?category_code=shipping', indonesian)).json(),
    )
    expect(answer.data.name).toBe('Berapa lama waktu pengiriman?')
    expect(answer.data.konten).toMatch(/^<p>Kami mengirim dari Jakarta/)
  })

  it('answers 404 for an unknown category or question, and for a question of another category', async () => {
    for (const [url, code] of [
      ['/api/v1/pages/bantuan?category_code=nope', 'CNT001'],
      ['/api/v1/pages/bantuan/nope', 'CNT002'],
      ['/api/v1/pages/bantuan/shipping-time?category_code=payment', 'CNT002'],
    ] as const) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(ErrorEnvelopeSchema.parse(res.json()).code).toBe(code)
    }
    const inId = await get('/api/v1/pages/bantuan/nope', indonesian)
    expect(inId.json().message).toBe('Pertanyaan tidak ditemukan')
  })

  it('refuses malformed codes and slugs with a 400 naming the field', async () => {
    for (const url of [
      '/api/v1/pages/bantuan',
      '/api/v1/pages/bantuan?category_code=%3Cscript%3E',
      `/api/v1/pages/bantuan?category_code=${'a'.repeat(121)}`,
      '/api/v1/pages/bantuan/..%2F..%2Fetc',
      '/api/v1/pages/artikel/%27%20or%201%3D1',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().code).toBe('REQ001')
    }
  })
})

describe('articles, about and content pages', () => {
  it('lists articles newest first with judul, icon, konten and slug; reads one by slug', async () => {
    const list = ArticlesResponseSchema.parse((await get('/api/v1/pages/artikel')).json()).data
    expect(list.length).toBeGreaterThanOrEqual(5)
    expect(list[0]?.slug).toBe('linen-for-tropical-days')
    const dates = list.map((a) => a.published_at)
    expect([...dates].sort().reverse()).toEqual(dates)

    const one = ArticleResponseSchema.parse(
      (await get('/api/v1/pages/artikel/denim-care-guide', indonesian)).json(),
    ).data
    expect(one.judul).toBe('Panduan merawat denim')
    expect(one.icon).toMatch(/^\/media\/v1\/p\//)
    const missing = await get('/api/v1/pages/artikel/no-such-article')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('CNT003')
  })

  it('answers the about text as data.about and content pages by id', async () => {
    const about = AboutResponseSchema.parse((await get('/api/v1/pages/about')).json())
    expect(about.data.about).toContain('Busana is a group of Indonesian fashion brands')
    const terms = ContentPageResponseSchema.parse(
      (await get('/api/v1/pages/page/terms-and-conditions', indonesian)).json(),
    )
    expect(terms.data).toMatchObject({ id: 'terms-and-conditions', judul: 'Syarat dan Ketentuan' })
    const missing = await get('/api/v1/pages/page/nope')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('CNT004')
  })
})

describe('offline stores', () => {
  it("lists the brand's stores with only an allow-listed map URL and our own iframe", async () => {
    const res = await get('/api/v3/offline-store?page=1')
    expect(res.statusCode).toBe(200)
    const page = OfflineStoreResponseSchema.parse(res.json())
    expect(page.total_pages).toBe(2)
    expect(page.data.length).toBe(20)
    const senayan = page.data.find((s) => s.name === 'Prepps Senayan City')
    expect(senayan?.map_url).toBe('https://maps.google.com/maps?q=-6.2273,106.7973&z=16&output=embed')
    expect(senayan?.map_embed).toMatch(/^<iframe src="https:\/\/maps\.google\.com\/maps\?q=/)
    expect(senayan?.map_embed).not.toContain('style=')
    const makassar = page.data.find((s) => s.city === 'Makassar')
    expect(makassar).toMatchObject({ map_url: null, map_embed: '' })
  })

  it('pages through every store of the brand, 20 a page, in a stable order, also by keyword', async () => {
    const inDatabase = await t.database.db.select({ id: stores.id }).from(stores).where(eq(stores.idBrand, 9))
    expect(inDatabase.length).toBeGreaterThan(20)
    for (const keyword of ['', 'prepps']) {
      const pages = []
      for (const n of [1, 2, 3]) {
        const res = await get(`/api/v3/offline-store?page=${n}&keyword=${keyword}`)
        expect(res.statusCode, `page ${n}`).toBe(200)
        pages.push(OfflineStoreResponseSchema.parse(res.json()))
      }
      const [first, second, past] = pages
      expect(pages.map((p) => p.total_pages)).toEqual([2, 2, 2])
      expect(first!.data).toHaveLength(20)
      expect(second!.data).toHaveLength(inDatabase.length - 20)
      // Past the last page: an empty page, not an error.
      expect(past!.data).toEqual([])
      const ids = [...first!.data, ...second!.data].map((s) => s.id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.toSorted()).toEqual(inDatabase.map((s) => s.id).toSorted())
    }
  })

  it('finds stores by keyword in name, address or city (case-insensitive, literal), by brand', async () => {
    const bandung = OfflineStoreResponseSchema.parse(
      (await get('/api/v3/offline-store?keyword=bandung')).json(),
    )
    expect(bandung.data.map((s) => s.name)).toEqual(['Prepps Paris Van Java'])
    const sister = OfflineStoreResponseSchema.parse(
      (await get('/api/v3/offline-store?keyword=bandung&id_brand=18')).json(),
    )
    expect(sister.data.map((s) => s.name)).toEqual(['Senja Denim Braga'])
    for (const keyword of ['%25', '_', 'zzz-nowhere']) {
      const none = OfflineStoreResponseSchema.parse(
        (await get(`/api/v3/offline-store?keyword=${keyword}`)).json(),
      )
      expect(none.data, keyword).toEqual([])
      expect(none.total_pages).toBe(0)
    }
  })

  it('refuses a bad page, brand or keyword with a 400', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=1001',
      'page=abc',
      'id_brand=99',
      `keyword=${'k'.repeat(101)}`,
      'keyword=a%0Ab',
    ]) {
      const res = await get(`/api/v3/offline-store?${query}`)
      expect(res.statusCode, query).toBe(400)
    }
  })
})

describe('stored HTML never reaches a page with script (known XSS payloads in every HTML field)', () => {
  it('sanitises FAQ answers, articles, about, content pages and product descriptions when served', async () => {
    const db = t.database.db
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      // Written around the sanitiser, as a hand edit or an import would.
      const html = `<p>Safe text ${index}</p>${payload}`
      await db.update(faqItems).set({ kontenEn: html }).where(eq(faqItems.slug, 'shipping-time'))
      await db.update(articles).set({ kontenEn: html }).where(eq(articles.slug, 'denim-care-guide'))
      await db.update(contentPages).set({ kontenEn: html }).where(eq(contentPages.id, 'about'))
      await db.update(contentPages).set({ kontenEn: html }).where(eq(contentPages.id, 'privacy-policy'))
      await db.update(products).set({ description: html }).where(eq(products.productCode, 'PRP-1001'))
      clearResponseCache(t.database) // the product answer is cached (plugins/http-cache.ts)

      const served = [
        (await get('/api/v1/pages/bantuan/shipping-time')).json().data.konten,
        (await get('/api/v1/pages/artikel/denim-care-guide')).json().data.konten,
        (await get('/api/v1/pages/artikel'))
          .json()
          .data.find((a: { slug: string }) => a.slug === 'denim-care-guide').konten,
        (await get('/api/v1/pages/about')).json().data.about,
        (await get('/api/v1/pages/page/privacy-policy')).json().data.konten,
        (await get('/api/v1/pages/product?product_code=PRP-1001')).json().data.data.description,
      ] as string[]
      for (const konten of served) {
        expect(konten, payload).toContain(`Safe text ${index}`)
        expectHarmless(konten, payload)
      }
    }
  })

  it('answers only an allow-listed map URL from a hostile map field', async () => {
    const db = t.database.db
    const [store] = await db.select().from(stores).where(eq(stores.name, 'Prepps Malioboro'))
    const hostile = [
      '<script>alert(1)</script>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="https://evil.example/maps/embed?pb=1"></iframe>',
      '<iframe src="https://www.google.com.evil.example/maps/embed?pb=1"></iframe>',
      '<iframe src="https://www.google.com/url?q=https://evil.example"></iframe>',
      '<iframe src="http://www.google.com/maps/embed?pb=1"></iframe>',
      '<iframe src="https://maps.google.com/maps?q=1"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<img src=x onerror=alert(1)>',
    ]
    for (const mapEmbed of hostile) {
      await db.update(stores).set({ mapEmbed }).where(eq(stores.id, store!.id))
      const data = OfflineStoreResponseSchema.parse(
        (await get('/api/v3/offline-store?keyword=malioboro')).json(),
      ).data
      expect(data[0], mapEmbed).toMatchObject({ map_url: null, map_embed: '' })
    }
    // A frame with extra attributes and a quote-breaking src: only the parsed, re-serialised URL comes out.
    await db
      .update(stores)
      .set({
        mapEmbed:
          '<iframe onload="alert(1)" style="x" src="https://www.google.com/maps/embed?pb=!1m1&quot;onload=&quot;alert(1)"></iframe>',
      })
      .where(eq(stores.id, store!.id))
    const [one] = OfflineStoreResponseSchema.parse(
      (await get('/api/v3/offline-store?keyword=malioboro')).json(),
    ).data
    expect(one?.map_url).toBe('https://www.google.com/maps/embed?pb=!1m1%22onload=%22alert(1)')
    expect(one?.map_embed).toBe(
      '<iframe src="https://www.google.com/maps/embed?pb=!1m1%22onload=%22alert(1)" title="Prepps Malioboro" ' +
        'width="600" height="450" loading="lazy" referrerpolicy="no-referrer-when-downgrade" ' +
        'sandbox="allow-scripts allow-same-origin allow-popups"></iframe>',
    )
  })
})
