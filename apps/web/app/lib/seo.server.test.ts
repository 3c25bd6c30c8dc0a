// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../storefront-config.ts'
import { SitemapUrlsQuerySchema, type SitemapBrand, type SitemapUrl } from '@busana/contract/schemas'
import { buildStorefrontServer, type StorefrontServerOptions } from '../../storefront-server.ts'
import { robotsTxt } from './seo.server.ts'

const config = parseConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
  PUBLIC_URL: 'https://shop.example.id/',
  BRAND_ID: '9',
  MIDTRANS_SERVER_KEY: 'a-secret-key-for-the-test-only',
})

const render: StorefrontServerOptions['render'] = async () =>
  new Response('<h1>Nothing here</h1>', { status: 404, headers: { 'content-type': 'text/html' } })

const lastmod = '2026-03-04T05:06:07.000Z'
const brands: SitemapBrand[] = [
  { id_brand: 5, name: 'Sister', listings: 1, products: 1, lastmod },
  { id_brand: 9, name: 'Busana', listings: 2, products: 3, lastmod },
  { id_brand: 14, name: 'Empty', listings: 0, products: 0, lastmod: null },
]
/** Each brand's URLs as the API lists them: listings, then products. */
const urlsOf = (brand: SitemapBrand): SitemapUrl[] => [
  ...Array.from({ length: brand.listings }, (_, i) => ({
    type: 'listing' as const,
    path: `/shop/${brand.id_brand}/category/cat-${i}`,
    lastmod: i === 0 ? null : lastmod,
  })),
  ...Array.from({ length: brand.products }, (_, i) => ({
    type: 'product' as const,
    path: `/shop/product/p${brand.id_brand}-${i}/name-&-${i}`,
    lastmod,
  })),
]

/** The shell's pages as the API lists them (help, stores, about, articles, a content page). */
const shellPages: SitemapUrl[] = [
  { type: 'page', path: '/help/faq', lastmod: null },
  { type: 'page', path: '/article', lastmod },
  { type: 'page', path: '/article/linen-&-heat', lastmod },
  { type: 'page', path: '/pages/terms-and-conditions', lastmod: null },
]

/** A stand-in for the API's three sitemap calls; it notes every window asked for. */
const windows: { brand: number; offset: number; limit: number; header: string }[] = []
let apiDown = false
async function sitemapApi(api: FastifyInstance) {
  api.get('/api/v1/pages/sitemap', async (_request, reply) => {
    if (apiDown) return reply.status(500).send({ status: 500, message: 'down', code: 'SRV001', data: null })
    return { status: 200, message: 'Success', data: brands }
  })
  api.get('/api/v1/pages/sitemap/pages', async (_request, reply) => {
    if (apiDown) return reply.status(500).send({ status: 500, message: 'down', code: 'SRV001', data: null })
    return { status: 200, message: 'Success', data: shellPages }
  })
  api.get('/api/v1/pages/sitemap/urls', async (request) => {
    const header = String(request.headers['x-brand-id'])
    const query = SitemapUrlsQuerySchema.parse(request.query)
    const brand = brands.find((b) => b.id_brand === (query.id_brand ?? Number(header)))!
    windows.push({ brand: brand.id_brand, offset: query.offset, limit: query.limit, header })
    const all = urlsOf(brand)
    return {
      status: 200,
      message: 'Success',
      data: all.slice(query.offset, query.offset + query.limit),
      total_pages: Math.ceil(all.length / query.limit),
    }
  })
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])

describe('robots.txt', () => {
  it('opens the shop, closes the personal, checkout, API, developer and staff paths, names the sitemap', () => {
    expect(robotsTxt('https://shop.example.id/')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /member',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /api/',
        'Disallow: /dev/',
        'Disallow: /admin',
        '',
        'Sitemap: https://shop.example.id/sitemap.xml',
        '',
      ].join('\n'),
    )
  })
})

describe('the storefront mounting the API: robots.txt and sitemaps', () => {
  let app: FastifyInstance
  let small: FastifyInstance
  beforeAll(async () => {
    const mountApi = async (root: FastifyInstance) => void (await root.register(sitemapApi))
    app = (await buildStorefrontServer({ config, logger: false, render, mountApi })).app
    // Three URLs per file and two per API call: the index and windows across a file show.
    small = (
      await buildStorefrontServer({
        config,
        logger: false,
        render,
        mountApi,
        sitemapMaxUrls: 3,
        sitemapPageSize: 2,
      })
    ).app
  })
  afterAll(async () => {
    await app.close()
    await small.close()
  })

  it('answers /robots.txt as cacheable plain text with the security headers', async () => {
    const res = await app.inject({ url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
    expect(res.body).toContain('Disallow: /checkout\n')
    expect(res.body).toContain('Sitemap: https://shop.example.id/sitemap.xml\n')
  })

  it('lists the home page and the shell pages, then every listing and product of every brand, absolute, in one urlset', async () => {
    windows.length = 0
    const res = await app.inject({ url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    expect(locs(res.body)).toEqual([
      'https://shop.example.id/',
      'https://shop.example.id/help/faq',
      'https://shop.example.id/article',
      'https://shop.example.id/article/linen-&amp;-heat',
      'https://shop.example.id/pages/terms-and-conditions',
      'https://shop.example.id/shop/9/category/cat-0',
      'https://shop.example.id/shop/9/category/cat-1',
      'https://shop.example.id/shop/product/p9-0/name-&amp;-0',
      'https://shop.example.id/shop/product/p9-1/name-&amp;-1',
      'https://shop.example.id/shop/product/p9-2/name-&amp;-2',
      'https://shop.example.id/shop/5/category/cat-0',
      'https://shop.example.id/shop/product/p5-0/name-&amp;-0',
    ])
    // lastmod from the catalogue where there is one; none for the home page or an empty listing.
    expect(res.body).toContain(
      `<url><loc>https://shop.example.id/shop/9/category/cat-1</loc><lastmod>${lastmod}</lastmod></url>`,
    )
    expect(res.body).toContain('<url><loc>https://shop.example.id/shop/9/category/cat-0</loc></url>')
    expect(res.body).toContain('<url><loc>https://shop.example.id/</loc></url>')
    expect(windows.every((w) => w.header === '9')).toBe(true)
  })

  it('past the limit, /sitemap.xml is an index of files per brand, each within the limit', async () => {
    const res = await small.inject({ url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(res.body).toContain(
      `<sitemap><loc>https://shop.example.id/sitemaps/9-1.xml</loc><lastmod>${lastmod}</lastmod></sitemap>`,
    )
    const files = locs(res.body)
    // Brand 9: the home page, 4 shell pages, 2 listings and 3 products = 10 URLs, 4 files of 3.
    expect(files).toEqual([
      'https://shop.example.id/sitemaps/9-1.xml',
      'https://shop.example.id/sitemaps/9-2.xml',
      'https://shop.example.id/sitemaps/9-3.xml',
      'https://shop.example.id/sitemaps/9-4.xml',
      'https://shop.example.id/sitemaps/5-1.xml',
    ])
    // The files together hold exactly what the one urlset holds, in the same order.
    windows.length = 0
    const all: string[] = []
    for (const file of files) {
      const part = await small.inject({ url: new URL(file!).pathname })
      expect(part.statusCode).toBe(200)
      expect(part.headers['content-type']).toBe('application/xml; charset=utf-8')
      expect(part.headers['cache-control']).toBe('public, max-age=3600')
      expect(part.body).toContain('<urlset')
      expect(locs(part.body).length).toBeLessThanOrEqual(3)
      all.push(...locs(part.body).map(String))
    }
    // No API call asks for more than the page size.
    expect(Math.max(...windows.map((w) => w.limit))).toBeLessThanOrEqual(2)
    expect(all).toEqual(locs((await app.inject({ url: '/sitemap.xml' })).body))
  })

  it('answers an unknown sitemap file with the not-found page', async () => {
    for (const url of ['/sitemaps/9-5.xml', '/sitemaps/14-1.xml', '/sitemaps/7-1.xml', '/sitemaps/x.xml']) {
      expect((await small.inject({ url })).statusCode, url).toBe(404)
    }
  })

  it('answers 503, not kept, when the API fails', async () => {
    apiDown = true
    try {
      const res = await app.inject({ url: '/sitemap.xml' })
      expect(res.statusCode).toBe(503)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['retry-after']).toBe('300')
    } finally {
      apiDown = false
    }
  })
})

describe('the storefront alone, through API_URL: robots.txt and sitemaps', () => {
  let api: FastifyInstance
  let app: FastifyInstance
  beforeAll(async () => {
    api = Fastify()
    await api.register(sitemapApi)
    const address = await api.listen({ port: 0, host: '127.0.0.1' })
    app = (await buildStorefrontServer({ config, logger: false, render, apiUrl: address })).app
  })
  afterAll(async () => {
    await app.close()
    await api.close()
  })

  it('serves robots.txt and the same sitemap from the remote API', async () => {
    const robots = await app.inject({ url: '/robots.txt' })
    expect(robots.statusCode).toBe(200)
    expect(robots.body).toContain('Sitemap: https://shop.example.id/sitemap.xml')
    const res = await app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    const { gunzipSync } = await import('node:zlib')
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body
    expect(locs(body)).toHaveLength(12)
    expect(locs(body)[0]).toBe('https://shop.example.id/')
  })
})
