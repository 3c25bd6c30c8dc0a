import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, hydrated, productUrl, test } from './fixtures/storefront.ts'
import { KeyboardUser } from './fixtures/keyboard.ts'
import { AxeReport } from './fixtures/axe.ts'

/**
 * Issue 39: filter and sort on a listing and on search, at 390 px and 1280 px, in English and
 * Indonesian. The address carries the choice, so a shared link, Back and Forward show the same list;
 * the lists are checked against the API's own answer for the same filter.
 */

const LISTING = '/shop/9/category/new-drop'

/**
 * The codes of the first `n` cards shown, in order (a laptop's tall grid may already have loaded the
 * next page below them).
 */
const shownCodes = (page: Page, n = 10) =>
  page
    .getByTestId('product-card')
    .evaluateAll(
      (cards, count) => cards.slice(0, count).map((card) => card.getAttribute('data-product-code')),
      n,
    )

/** The first page of codes the API answers for a listing or search query (the truth to compare with). */
async function apiCodes(request: APIRequestContext, path: string, query: Record<string, string>) {
  const res = await request.get(`${path}?${new URLSearchParams(query)}`, { headers: { 'x-brand-id': '9' } })
  expect(res.ok()).toBe(true)
  const body = (await res.json()) as {
    data: Array<{ product_code: string } | { item: Array<{ product_code: string }> }>
    facets: { total: number }
  }
  const codes = body.data.flatMap((entry) =>
    ('item' in entry ? entry.item : [entry]).map((p) => p.product_code),
  )
  return { codes, total: body.facets.total }
}

const listingCodes = (request: APIRequestContext, filter: Record<string, string>) =>
  apiCodes(request, '/api/v1/pages/category', {
    category: 'new-drop',
    id_brand: '9',
    limit: '10',
    offset: '0',
    per_page: '1',
    ...filter,
  })

/** The overlay's "Show N products" once the pending choice's count is in; answers N. */
async function pendingTotal(apply: Locator, words: RegExp) {
  await expect(apply).toBeEnabled()
  await expect(apply).toHaveText(words)
  return Number((await apply.innerText()).replace(/\D/g, ''))
}

test('English listing: filter by size and price, sort by price, the shared link and Back', async ({
  page,
  context,
  request,
  store,
}) => {
  await page.goto(LISTING)
  const bar = page.getByTestId('filter-bar')
  const all = await listingCodes(request, {})
  await expect(bar.getByRole('status')).toHaveText(`${all.total} products`)

  // Filter: size L and up to Rp 250.000, counted as the shopper chooses.
  await bar.getByRole('button', { name: 'Filter', exact: true }).click()
  const overlay = page.getByRole('dialog', { name: 'Filter' })
  await expect(overlay).toBeVisible()
  expect(await store.bodyScrollLocked()).toBe(true)
  await overlay.getByRole('button', { name: /^L \(\d+\)$/ }).click()
  await expect(overlay.getByRole('button', { name: /^L \(/ })).toHaveAttribute('aria-pressed', 'true')
  await overlay.getByRole('textbox', { name: 'Highest price' }).fill('250000')
  const apply = overlay.getByTestId('filter-apply')
  const expected = await listingCodes(request, { size: 'L', max_price: '250000' })
  expect(await pendingTotal(apply, new RegExp(`^Show ${expected.total} products?$`, 'i'))).toBe(
    expected.total,
  )
  await apply.click()
  await expect(overlay).toBeHidden()
  expect(await store.bodyScrollLocked()).toBe(false)
  await expect(page).toHaveURL(/\?size=L&max_price=250000$/)
  await expect(bar.getByRole('status')).toHaveText(`${expected.total} products`)
  await expect(bar.getByRole('button', { name: 'Filter, 2 chosen' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove filter L' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove filter Up to Rp 250.000' })).toBeVisible()
  await expect.poll(() => shownCodes(page)).toEqual(expected.codes)

  // Sort by price, low to high: a radio group under Sort.
  await bar.getByRole('button', { name: /^Sort/ }).click()
  await page
    .getByRole('radiogroup', { name: 'Sort by' })
    .getByRole('radio', { name: 'Price: low to high' })
    .click()
  await expect(page).toHaveURL(/\?size=L&max_price=250000&sort=price_asc$/)
  await expect(page.getByRole('radiogroup')).toBeHidden()
  const sorted = await listingCodes(request, { size: 'L', max_price: '250000', sort: 'price_asc' })
  await expect.poll(() => shownCodes(page)).toEqual(sorted.codes)
  // The canonical URL stays the plain listing; the filtered address is not indexed.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${LISTING}$`))
  await store.expectNoHorizontalOverflow()

  // The shared link: rendered on the server with the same list, in a new page.
  const shared = page.url()
  const html = await (await request.get(shared)).text()
  expect(html).toContain(`data-product-code="${sorted.codes[0]}"`)
  expect(html).toContain('noindex, follow')
  const friend = await context.newPage()
  await friend.goto(shared)
  await hydrated(friend)
  await expect.poll(() => shownCodes(friend)).toEqual(sorted.codes)
  await expect(friend.getByRole('button', { name: 'Remove filter L' })).toBeVisible()
  await friend.close()

  // Back: the filter without the sort; Back again: the plain listing; Forward: the filter again.
  await page.goBack()
  await expect(page).toHaveURL(/\?size=L&max_price=250000$/)
  await expect.poll(() => shownCodes(page)).toEqual(expected.codes)
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`${LISTING}$`))
  await expect(bar.getByRole('status')).toHaveText(`${all.total} products`)
  await expect(page.getByTestId('filter-chips')).toBeHidden()
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  await page.goForward()
  await expect(page).toHaveURL(/\?size=L&max_price=250000$/)
  await expect.poll(() => shownCodes(page)).toEqual(expected.codes)
})

test('Indonesian search: filter by size and a price range, sort by price, the shared link and Back', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/search?query=kemeja&lng=id')
  const bar = page.getByTestId('filter-bar')
  await bar.getByRole('button', { name: 'Filter', exact: true }).click()
  const overlay = page.getByRole('dialog', { name: 'Filter' })
  await overlay.getByRole('button', { name: /^M \(\d+\)$/ }).click()
  await overlay.getByRole('button', { name: /^Rp 250\.000 – 500\.000 \(\d+\)$/ }).click()
  await expect(overlay.getByRole('textbox', { name: 'Harga terendah' })).toHaveValue('250.000')
  const filter = { size: 'M', min_price: '250000', max_price: '500000' }
  const expected = await apiCodes(request, '/api/v1/pages/search', { key: 'kemeja', limit: '10', ...filter })
  const apply = overlay.getByTestId('filter-apply')
  expect(await pendingTotal(apply, new RegExp(`^Lihat ${expected.total} produk$`, 'i'))).toBe(expected.total)
  await apply.click()
  await expect(page).toHaveURL(/\?query=kemeja&lng=id&size=M&min_price=250000&max_price=500000$/)
  await expect(bar.getByRole('status')).toHaveText(`${expected.total} produk`)
  await expect(page.getByRole('button', { name: 'Hapus filter Rp 250.000 – Rp 500.000' })).toBeVisible()
  await expect.poll(() => shownCodes(page)).toEqual(expected.codes)

  await bar.getByRole('button', { name: /^Urutkan/ }).click()
  await page.getByRole('radio', { name: 'Harga: tinggi ke rendah' }).click()
  await expect(page).toHaveURL(/&sort=price_desc$/)
  const sorted = await apiCodes(request, '/api/v1/pages/search', {
    key: 'kemeja',
    limit: '10',
    ...filter,
    sort: 'price_desc',
  })
  await expect.poll(() => shownCodes(page)).toEqual(sorted.codes)

  const friend = await context.newPage()
  await friend.goto(page.url())
  await hydrated(friend)
  await expect.poll(() => shownCodes(friend)).toEqual(sorted.codes)
  await expect(friend.getByRole('button', { name: /^Urutkan/ })).toContainText('Harga: tinggi ke rendah')
  await friend.close()

  await page.goBack()
  await expect(page).toHaveURL(/max_price=500000$/)
  await expect.poll(() => shownCodes(page)).toEqual(expected.codes)
})

test('keyboard only: the overlay, its choices, Show, Escape, a chip and the sort; axe on the open overlay', async ({
  page,
}, testInfo) => {
  await page.goto(LISTING)
  const keys = new KeyboardUser(page)
  const axe = new AxeReport(page, testInfo)
  const bar = page.getByTestId('filter-bar')
  const filterButton = bar.getByRole('button', { name: /^Filter/ })
  await keys.tabTo(filterButton, { max: 120 })
  await keys.press('Enter')
  const overlay = page.getByRole('dialog', { name: 'Filter' })
  await expect(overlay).toBeVisible()
  await expect(overlay.getByRole('button', { name: 'Close filter' })).toBeFocused()
  // Scanned once its counts are in (the page carries only the total; the overlay asks as it opens).
  const size = overlay.getByRole('button', { name: /^M \(\d+\)$/ })
  await expect(size).toBeVisible()
  await axe.check('filter overlay')

  await keys.tabTo(size)
  await keys.press('Space')
  await expect(size).toHaveAttribute('aria-pressed', 'true')
  const apply = overlay.getByTestId('filter-apply')
  await expect(apply).toBeEnabled()
  await keys.tabTo(apply)
  await keys.press('Enter')
  await expect(page).toHaveURL(/\?size=M$/)
  await expect(overlay).toBeHidden()
  await expect(bar.getByRole('button', { name: 'Filter, 1 chosen' })).toBeFocused()

  // Escape closes without applying; focus returns to Filter.
  await keys.press('Enter')
  await expect(overlay).toBeVisible()
  await keys.press('Escape')
  await expect(overlay).toBeHidden()
  await expect(page).toHaveURL(/\?size=M$/)
  await expect(bar.getByRole('button', { name: 'Filter, 1 chosen' })).toBeFocused()

  // Sort: Enter opens the radios at the chosen one, the arrows choose, Enter closes.
  const sort = bar.getByRole('button', { name: /^Sort/ })
  await keys.tabTo(sort)
  await keys.press('Enter')
  await expect(page.getByRole('radio', { name: 'Recommended' })).toBeFocused()
  await axe.check('sort menu')
  await keys.press('ArrowDown')
  await expect(page).toHaveURL(/\?size=M&sort=price_asc$/)
  await keys.press('Enter')
  await expect(page.getByRole('radiogroup')).toBeHidden()
  await expect(sort).toBeFocused()

  // A chip goes with Enter.
  await keys.tabTo(page.getByRole('button', { name: 'Remove filter M' }))
  await keys.press('Enter')
  await expect(page).toHaveURL(/\?sort=price_asc$/)
  await axe.done()
})

test('an empty result offers to remove the last filter; the product page names its colour', async ({
  page,
}) => {
  await page.goto(`${LISTING}?size=L&min_price=999999999`)
  await expect(page.getByRole('heading', { name: 'No products match these filters' })).toBeVisible()
  await expect(page.getByTestId('filter-bar').getByRole('status')).toHaveText('0 products')
  await page.getByRole('button', { name: 'Remove From Rp 999.999.999' }).click()
  await expect(page).toHaveURL(/\?size=L$/)
  await expect(page.getByTestId('product-card').first()).toBeVisible()

  // The demo's sage-green pleated skirt is in the green family.
  await page.goto(productUrl({ code: 'PRP-1060', name: 'Rok Plisket Midi Hijau Sage' }))
  await expect(page.getByTestId('product-colour')).toHaveText(/Colour\s*Green/)
  await page.goto(`${productUrl({ code: 'PRP-1060', name: 'Rok Plisket Midi Hijau Sage' })}?lng=id`)
  await expect(page.getByTestId('product-colour')).toHaveText(/Warna\s*Hijau/)
})
