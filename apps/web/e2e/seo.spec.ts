import type { Page } from '@playwright/test'
import { demo, expect, productUrl, test } from './fixtures/storefront.ts'

/**
 * Found by search engines (issue 12, decision 029): robots.txt and the sitemap; product pages carry
 * JSON-LD Product and Open Graph tags, listings a BreadcrumbList; every public page has what
 * Lighthouse's SEO audits look for (title, description, canonical, hreflang, html lang, links
 * crawlers can follow).
 */

type Json = Record<string, unknown>

/** The JSON-LD blocks of the server's HTML, each parsed (they must be valid JSON). */
function jsonLdOf(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Json,
  )
}

const attribute = (page: Page, selector: string, name: string) =>
  page.locator(selector).first().getAttribute(name)

/** What Lighthouse's SEO audits check on a page, once it is hydrated. */
async function expectSeoBasics(page: Page) {
  expect(await page.locator('html').getAttribute('lang')).toMatch(/^(en|id)$/)
  expect((await page.title()).trim()).not.toBe('')
  expect((await attribute(page, 'meta[name="description"]', 'content'))?.trim()).toBeTruthy()
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  const canonical = await attribute(page, 'link[rel="canonical"]', 'href')
  expect(canonical).toMatch(/^https?:\/\//)
  // One alternate per language and x-default, all absolute.
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]))
  expect(alternates.map(([lang]) => lang)).toEqual(['en', 'id', 'x-default'])
  for (const [, href] of alternates) expect(href).toMatch(/^https?:\/\//)
  // Every link has an href a crawler can follow.
  const hrefs = await page.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  for (const href of hrefs) expect(href ?? '', 'a crawlable href').toMatch(/^(\/|https?:|mailto:|tel:|#)/)
  return canonical!
}

test('a product page tells search engines and link previews what it sells', async ({ page }) => {
  const response = await page.goto(productUrl(demo.onSale))
  expect(response?.status()).toBe(200)
  const html = await response!.text()
  await expect(page.getByRole('heading', { level: 1, name: demo.onSale.name })).toBeVisible()
  const canonical = await expectSeoBasics(page)

  const [product, ...others] = jsonLdOf(html)
  expect(others).toEqual([])
  expect(product).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: demo.onSale.name,
    sku: demo.onSale.code,
    url: canonical,
    brand: { '@type': 'Brand', name: expect.any(String) },
    offers: {
      '@type': 'Offer',
      price: 119_000,
      priceCurrency: 'IDR',
      availability: 'https://schema.org/InStock',
      url: canonical,
    },
  })
  const images = product!.image as string[]
  expect(images.length).toBeGreaterThan(0)
  for (const image of images) expect(image).toMatch(/^https?:\/\//)
  expect(String(product!.description)).not.toMatch(/[<>]/)

  // Open Graph and the card of link previews.
  const og = (name: string) => attribute(page, `meta[property="og:${name}"]`, 'content')
  expect(await og('type')).toBe('product')
  expect(await og('title')).toBe(await page.title())
  expect(await og('url')).toBe(canonical)
  expect(await og('image')).toBe(images[0])
  expect(await og('description')).toBe(await attribute(page, 'meta[name="description"]', 'content'))
  expect(await attribute(page, 'meta[name="twitter:card"]', 'content')).toBe('summary_large_image')
  // The image is really there.
  expect((await page.request.get(images[0]!.replace(/^https?:\/\/[^/]+/, ''))).status()).toBe(200)

  // The sitemap lists the page under its canonical URL.
  const sitemap = await page.request.get('/sitemap.xml')
  expect(await sitemap.text()).toContain(`<loc>${canonical}</loc>`)
})

test('availability follows the product: sold out and coming soon are OutOfStock', async ({ page }) => {
  for (const product of [demo.soldOut, demo.comingSoon]) {
    const response = await page.goto(productUrl(product))
    const [ld] = jsonLdOf(await response!.text())
    expect((ld!.offers as Json).availability, product.code).toBe('https://schema.org/OutOfStock')
  }
})

test('a listing carries its BreadcrumbList, canonical and description', async ({ page, store }) => {
  const response = await page.goto('/shop/9/category/new-drop?utm_source=ig')
  expect(response?.status()).toBe(200)
  await expect(store.cards().first()).toBeVisible()
  const canonical = await expectSeoBasics(page)
  expect(new URL(canonical).pathname).toBe('/shop/9/category/new-drop')
  expect(canonical).not.toContain('utm_source')
  const [breadcrumbs, ...others] = jsonLdOf(await response!.text())
  expect(others).toEqual([])
  const home = new URL('/', canonical).toString()
  expect(breadcrumbs).toEqual({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: home },
      { '@type': 'ListItem', position: 2, name: 'New Drop', item: canonical },
    ],
  })

  // In Indonesian by URL: its own canonical, the crumbs in Indonesian.
  const id = await page.goto('/shop/9/category/new-drop?lng=id')
  expect(await attribute(page, 'link[rel="canonical"]', 'href')).toBe(`${canonical}?lng=id`)
  const [crumbsId] = jsonLdOf(await id!.text())
  expect((crumbsId!.itemListElement as Json[])[0]).toMatchObject({ name: 'Beranda' })
})

test('the home page passes the same checks', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'New Drop' }).first()).toBeVisible()
  expect(await page.locator('html').getAttribute('lang')).toMatch(/^(en|id)$/)
  expect((await attribute(page, 'meta[name="description"]', 'content'))?.trim()).toBeTruthy()
  const hrefs = await page.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  for (const href of hrefs) expect(href ?? '', 'a crawlable href').toMatch(/^(\/|https?:|mailto:|tel:|#)/)
})

test('robots.txt and the sitemap answer crawlers', { tag: '@split' }, async ({ request }) => {
  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8')
  expect(robots.headers()['cache-control']).toContain('public')
  const text = await robots.text()
  for (const path of ['/member', '/cart', '/checkout', '/api/', '/dev/', '/admin']) {
    expect(text).toContain(`Disallow: ${path}\n`)
  }
  const sitemapUrl = /^Sitemap: (https?:\/\/\S+\/sitemap\.xml)$/m.exec(text)?.[1]
  expect(sitemapUrl).toBeTruthy()

  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8')
  const xml = await sitemap.text()
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!)
  const origin = new URL(sitemapUrl!).origin
  expect(locs[0]).toBe(`${origin}/`)
  for (const loc of locs) expect(loc.startsWith(`${origin}/`)).toBe(true)
  expect(new Set(locs).size).toBe(locs.length)
  // Listings of every brand, products, and catalogue dates.
  expect(locs).toContain(`${origin}/shop/9/category/new-drop`)
  expect(locs.some((loc) => /\/shop\/(?!9\/)\d+\/category\//.test(loc))).toBe(true)
  expect(locs.filter((loc) => loc.includes('/shop/product/')).length).toBeGreaterThan(10)
  expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/)
})
