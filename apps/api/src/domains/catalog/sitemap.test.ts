import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  SitemapPagesResponseSchema,
  SitemapResponseSchema,
  SitemapUrlsResponseSchema,
} from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addToCategory, createBrand, createCategory, createProduct } from '../../test/factories.ts'
import { PUBLIC_CACHE_CONTROL } from '../../plugins/http-cache.ts'
import { articles, contentPages, products } from '../../db/schema/index.ts'

let t: TestApp
const get = (url: string, brand = '9') =>
  t.app.inject({ method: 'GET', url, headers: { 'x-brand-id': brand } })

const older = new Date('2026-01-02T03:04:05.000Z')
const newer = new Date('2026-03-04T05:06:07.000Z')

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  const db = t.database.db
  await createBrand(db, { id: 9, name: 'Busana', slug: 'busana' })
  await createBrand(db, { id: 5, name: 'Sister', slug: 'sister' })
  await createBrand(db, { id: 14, name: 'Empty', slug: 'empty' })
  const tops = await createCategory(db, { idBrand: 9, name: 'tops', title: 'Tops', priority: 1 })
  const news = await createCategory(db, { idBrand: 9, name: 'new-in', title: 'New in', priority: 0 })
  await createCategory(db, { idBrand: 9, name: 'empty', title: 'Nothing yet', priority: 2 })
  await createCategory(db, { idBrand: 5, name: 'dresses', title: 'Dresses' })
  // Two colours of one master (the master itself listed too): one canonical page, the newest change.
  await createProduct(db, {
    idBrand: 9,
    productCode: 'KMJ-000',
    productName: 'Kemeja Linen',
    updatedAt: older,
  })
  await createProduct(db, {
    idBrand: 9,
    productCode: 'KMJ-002',
    productName: 'Kemeja Linen Sage',
    canonicalProductCode: 'KMJ-000',
    canonicalProductMasterName: 'Kemeja Linen',
    updatedAt: newer,
  })
  // A colour whose master is not a product of its own: its canonical path all the same.
  await createProduct(db, {
    idBrand: 9,
    productCode: 'CLN-002',
    productName: 'Celana Kulot Hitam',
    canonicalProductCode: 'CLN-000',
    canonicalProductMasterName: ' Celana  Kulot ',
    updatedAt: older,
  })
  await createProduct(db, { idBrand: 9, productCode: 'ATS-001', productName: 'Atasan Rib', updatedAt: older })
  await createProduct(db, { idBrand: 5, productCode: 'DRS-001', productName: 'Gaun Midi', updatedAt: newer })
  await addToCategory(db, tops.id, ['KMJ-000', 'KMJ-002'])
  await addToCategory(db, news.id, ['ATS-001'])
})
afterAll(() => t.close())

describe('GET /api/v1/pages/sitemap', () => {
  it('gives every brand with its listings, canonical product pages and newest change', async () => {
    const res = await get('/api/v1/pages/sitemap')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    const body = SitemapResponseSchema.parse(res.json())
    expect(body.data).toEqual([
      { id_brand: 5, name: 'Sister', listings: 1, products: 1, lastmod: newer.toISOString() },
      { id_brand: 9, name: 'Busana', listings: 3, products: 3, lastmod: newer.toISOString() },
      { id_brand: 14, name: 'Empty', listings: 0, products: 0, lastmod: null },
    ])
  })

  it('is the same whatever the calling brand', async () => {
    expect((await get('/api/v1/pages/sitemap', '5')).json().data).toEqual(
      (await get('/api/v1/pages/sitemap')).json().data,
    )
  })
})

describe('GET /api/v1/pages/sitemap/urls', () => {
  it("lists the brand's listings by priority, then one canonical path per product page", async () => {
    const res = await get('/api/v1/pages/sitemap/urls')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    const body = SitemapUrlsResponseSchema.parse(res.json())
    expect(body.total_pages).toBe(1)
    expect(body.data).toEqual([
      { type: 'listing', path: '/shop/9/category/new-in', lastmod: older.toISOString() },
      { type: 'listing', path: '/shop/9/category/tops', lastmod: newer.toISOString() },
      { type: 'listing', path: '/shop/9/category/empty', lastmod: null },
      { type: 'product', path: '/shop/product/ats-001/atasan-rib', lastmod: older.toISOString() },
      { type: 'product', path: '/shop/product/cln-000/celana-kulot', lastmod: older.toISOString() },
      { type: 'product', path: '/shop/product/kmj-000/kemeja-linen', lastmod: newer.toISOString() },
    ])
  })

  it('cuts windows across listings and products, the same URLs in the same order', async () => {
    const all = (await get('/api/v1/pages/sitemap/urls')).json().data as unknown[]
    const windows = []
    for (let offset = 0; offset < 8; offset += 2) {
      const res = await get(`/api/v1/pages/sitemap/urls?offset=${offset}&limit=2`)
      expect(res.statusCode).toBe(200)
      expect(res.json().total_pages).toBe(3)
      windows.push(...(res.json().data as unknown[]))
    }
    expect(windows).toEqual(all)
  })

  it('takes another brand by id_brand, and the brand header by default', async () => {
    const paths = (url: string, brand?: string) =>
      get(url, brand).then((res) => (res.json().data as { path: string }[]).map((u) => u.path))
    const sister = ['/shop/5/category/dresses', '/shop/product/drs-001/gaun-midi']
    expect(await paths('/api/v1/pages/sitemap/urls?id_brand=5')).toEqual(sister)
    expect(await paths('/api/v1/pages/sitemap/urls', '5')).toEqual(sister)
    expect(await paths('/api/v1/pages/sitemap/urls?id_brand=14')).toEqual([])
  })

  it('follows a product change: its new lastmod after an update', async () => {
    await t.database.db
      .update(products)
      .set({ productName: 'Atasan Rib' })
      .where(eq(products.productCode, 'ATS-001'))
    const [row] = await t.database.db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.productCode, 'ATS-001'))
    expect(row!.updatedAt.getTime()).toBeGreaterThan(newer.getTime())
  })

  it('refuses a bad window or brand with a 400 naming the field', async () => {
    for (const query of ['limit=0', 'limit=5001', 'offset=-1', 'id_brand=7', 'id_brand=x']) {
      const res = await get(`/api/v1/pages/sitemap/urls?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().errors?.[0]?.field, query).toBe(query.split('=')[0])
    }
  })

  it('is listed in the OpenAPI document', async () => {
    const res = await get('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const paths = Object.keys(res.json().paths)
    expect(paths).toContain('/api/v1/pages/sitemap')
    expect(paths).toContain('/api/v1/pages/sitemap/urls')
    expect(paths).toContain('/api/v1/pages/sitemap/pages')
  })
})

describe('GET /api/v1/pages/sitemap/pages', () => {
  it("lists the shell's pages: help, stores, about, the articles (newest first) and content pages", async () => {
    const db = t.database.db
    const text = { judulEn: 'T', judulId: 'T', kontenEn: '<p>x</p>', kontenId: '<p>x</p>' }
    await db.insert(articles).values([
      { slug: 'linen-days', publishedAt: older, ...text },
      { slug: 'batik-five-ways', publishedAt: newer, ...text },
    ])
    await db.insert(contentPages).values([
      { id: 'about', ...text },
      { id: 'terms-and-conditions', ...text },
    ])
    const res = await get('/api/v1/pages/sitemap/pages', '5')
    expect(res.statusCode).toBe(200)
    const body = SitemapPagesResponseSchema.parse(res.json())
    expect(body.data).toEqual([
      { type: 'page', path: '/help/faq', lastmod: null },
      { type: 'page', path: '/our-store', lastmod: null },
      { type: 'page', path: '/about-us', lastmod: null },
      { type: 'page', path: '/article', lastmod: newer.toISOString() },
      { type: 'page', path: '/article/batik-five-ways', lastmod: newer.toISOString() },
      { type: 'page', path: '/article/linen-days', lastmod: older.toISOString() },
      // The about text is /about-us, not a page of its own.
      { type: 'page', path: '/pages/terms-and-conditions', lastmod: null },
    ])
  })
})
