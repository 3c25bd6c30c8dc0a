import type { Page } from '@playwright/test'
import { demo, expect, productUrl, test } from './fixtures/storefront.ts'

/**
 * The first view (issue 12, decision 031): the page's largest picture (the home page's first
 * banner, the product's first gallery image) is asked for at high priority from <head>, before the
 * parser reaches it, and never lazily; the stylesheet is the only other thing <head> asks for. The
 * page's JavaScript starts once that picture is in (the hydration gate), and the page then hydrates.
 */

/** The server's HTML, as the browser's preload scanner first sees it: <head>, and the whole page. */
async function serverHtml(page: Page, path: string) {
  const answer = await page.request.get(path)
  expect(answer.status()).toBe(200)
  const html = await answer.text()
  return { head: html.slice(0, html.indexOf('</head>')), html }
}

/** The single high-priority image of the page: eager, and preloaded at high priority in <head>. */
async function expectPreloadedHero(page: Page, path: string) {
  const { head, html } = await serverHtml(page, path)
  const preloads = [...head.matchAll(/<link[^>]*rel="preload"[^>]*>/g)].map((m) => m[0])
  const high = preloads.filter((link) => /as="image"/.test(link) && /fetchpriority="high"/i.test(link))
  expect(high, 'one image preload at high priority').toHaveLength(1)
  const href = /href="([^"]+)"/.exec(high[0]!)![1]!

  expect(head.indexOf('rel="stylesheet"'), 'the stylesheet is in <head>').toBeGreaterThan(-1)
  expect(html, 'no script is preloaded before the gate').not.toContain('rel="modulepreload"')
  expect(html, 'the scripts wait for the gate').toContain('data-deferred="modulepreload"')
  expect(html, 'the bootstrap waits for the gate').toContain('type="text/x-deferred-module"')

  await page.goto(path)
  const hero = page.locator('main img[fetchpriority="high"]')
  await expect(hero).toHaveCount(1)
  await expect(hero).toHaveAttribute('src', href)
  await expect(hero).not.toHaveAttribute('loading', 'lazy')
  await expect(hero).toBeInViewport()
  // Nothing else in the page competes at high priority.
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1)

  // The scripts were asked for only once the picture was in: the gate made the preloads real then.
  const order = await page.evaluate((src) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const picture = entries.find((e) => new URL(e.name).pathname === src)
    const scripts = entries.filter((e) => /\.js$/.test(new URL(e.name).pathname))
    return {
      pictureEnd: picture?.responseEnd ?? null,
      scripts: scripts.length,
      firstScript: Math.min(...scripts.map((e) => e.startTime)),
    }
  }, href)
  expect(order.pictureEnd, 'the picture was fetched').not.toBeNull()
  expect(order.scripts, 'the scripts were fetched').toBeGreaterThan(0)
  expect(order.firstScript, 'the first script starts after the picture is in').toBeGreaterThanOrEqual(
    order.pictureEnd!,
  )

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

test("regions below the first screen keep the server's HTML until their code is in, then work", async ({
  page,
}) => {
  // The footer's code, held back: the page hydrates, renders again (session, overlays' host) and
  // the footer must stay as the server wrote it (decision 040).
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  await page.route(/\/assets\/site-footer-[\w-]+\.js$/, async (route) => {
    asked = true
    await held
    await route.continue()
  })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  const footer = page.locator('footer')
  const aboutUs = footer.getByRole('link', { name: 'About Us' })
  await expect(aboutUs).toBeVisible()
  // Long enough for the overlays' host to load on idle and the root to render again.
  await page.waitForTimeout(2_500)
  expect(asked, 'the footer loads its code apart').toBe(true)
  await expect(aboutUs).toBeVisible()
  await expect(footer.locator('a[href^="/"]').first()).toBeVisible()

  release()
  // Hydrated: a link of the footer navigates in the page (no full load: the mark stays).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  await expect(async () => {
    await aboutUs.click()
    await expect(page).toHaveURL(/\/about-us$/, { timeout: 2_000 })
  }).toPass()
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
})
