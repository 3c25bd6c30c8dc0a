import type { Page } from '@playwright/test'
import { demo, expect, productUrl, test } from './fixtures/storefront.ts'

/**
 * The first view (issue 12, decision 031): the page's largest picture (the home page's first
 * banner, the product's first gallery image) is asked for at high priority from <head>, before the
 * parser reaches it, and never lazily; the stylesheet comes before the JavaScript module preloads.
 */

/** The server's HTML, as the browser's preload scanner first sees it. */
async function serverHtml(page: Page, path: string) {
  const answer = await page.request.get(path)
  expect(answer.status()).toBe(200)
  const html = await answer.text()
  return html.slice(0, html.indexOf('</head>'))
}

/** The single high-priority image of the page: eager, and preloaded at high priority in <head>. */
async function expectPreloadedHero(page: Page, path: string) {
  const head = await serverHtml(page, path)
  const preloads = [...head.matchAll(/<link[^>]*rel="preload"[^>]*>/g)].map((m) => m[0])
  const high = preloads.filter((link) => /as="image"/.test(link) && /fetchpriority="high"/i.test(link))
  expect(high, 'one image preload at high priority').toHaveLength(1)
  const href = /href="([^"]+)"/.exec(high[0]!)![1]!

  const stylesheet = head.indexOf('rel="stylesheet"')
  expect(stylesheet, 'the stylesheet is in <head>').toBeGreaterThan(-1)
  const modulePreload = head.indexOf('rel="modulepreload"')
  if (modulePreload > -1) expect(stylesheet, 'the stylesheet before the scripts').toBeLessThan(modulePreload)

  await page.goto(path)
  const hero = page.locator('main img[fetchpriority="high"]')
  await expect(hero).toHaveCount(1)
  await expect(hero).toHaveAttribute('src', href)
  await expect(hero).not.toHaveAttribute('loading', 'lazy')
  await expect(hero).toBeInViewport()
  // Nothing else in the page competes at high priority.
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1)

  const media = await page.request.get(href)
  expect(media.headers()['content-type']).toContain('image/svg+xml')
  expect(media.headers()['cache-control']).toContain('immutable')
}

test('the home page asks first for its first banner, at high priority', async ({ page }) => {
  await expectPreloadedHero(page, '/')
})

test("the product page asks first for the gallery's first image, at high priority", async ({ page }) => {
  await expectPreloadedHero(page, productUrl(demo.comingSoon))
})
