import { demo, expect, productUrl, test } from './fixtures/storefront.ts'

test('the junior home shows the junior section; any other child id goes home', async ({ page, store }) => {
  await page.goto('/prepps-jr')
  await expect(page).toHaveURL(/\/prepps-jr$/)
  await expect(store.cards().first()).toBeVisible()
  const codes = await store
    .cards()
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-code')))
  expect(codes.length).toBeGreaterThan(0)
  expect(codes.every((code) => code?.startsWith('PJR-'))).toBe(true)

  await page.goto('/not-a-child-section?utm_source=ig')
  await expect(page).toHaveURL(/\/\?utm_source=ig$/)
})

test('an unknown path shows Nothing to see here! with a 404 and a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Nothing to see here!' })).toBeVisible()
  await page.getByRole('link', { name: /home/i }).first().click()
  await expect(page).toHaveURL(/\/$/)
})

test('an unknown product is a 404 page', async ({ page }) => {
  const response = await page.goto('/shop/product/nope-000/nothing')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Nothing to see here!' })).toBeVisible()
})

test('tracking parameters are carried on internal navigation', async ({ page }) => {
  await page.goto('/?utm_source=ig&utm_medium=story&session_id=abc123')
  await page.getByRole('link', { name: /View All New Drop/i }).click()
  await expect(page).toHaveURL(
    /\/shop\/9\/category\/new-drop\?utm_source=ig&utm_medium=story&session_id=abc123$/,
  )
})

test('a sold-out product shows OUT OF STOCK and cannot be added', async ({ page, store }) => {
  await page.goto(productUrl(demo.soldOut))
  const main = page.getByRole('main')
  await expect(store.productHeader().getByTestId('product-badge')).toHaveText('OUT OF STOCK')
  await expect(main.getByRole('button', { name: 'Add to bag' })).toBeDisabled()
})

test('a coming-soon product counts down on the UTC+7 clock and cannot be added', async ({ page, store }) => {
  await page.goto(productUrl(demo.comingSoon))
  const main = page.getByRole('main')
  const countdown = main.getByTestId('product-countdown')
  await expect(countdown).toBeVisible()
  await expect(countdown).toContainText('WIB')
  // While a countdown runs the badge gives way to it (docs/product/shopping.md: badge priority).
  await expect(store.productHeader().getByTestId('product-badge')).toHaveCount(0)
  const seconds = countdown.getByTestId('countdown-value').last()
  const first = await seconds.textContent()
  await expect(seconds).not.toHaveText(first ?? '')
  await expect(main.getByRole('button', { name: 'Add to bag' })).toBeDisabled()
})

test('a visitor choosing Add to bag or the wishlist gets the sign-in dialog, which locks the page', async ({
  page,
  store,
}) => {
  await page.goto(productUrl(demo.singleVariant))
  const main = page.getByRole('main')
  // A single variant is preselected, so Add to bag is ready at once.
  await expect(main.getByRole('radio', { name: 'ALL SIZE' })).toBeChecked()
  await main.getByRole('button', { name: 'Add to bag' }).click()
  const dialog = page.getByRole('dialog', { name: 'Login' })
  await expect(dialog).toBeVisible()
  expect(await store.bodyScrollLocked()).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(await store.bodyScrollLocked()).toBe(false)

  await main.getByRole('button', { name: 'Add to wishlist' }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()
})

test('public pages are rendered on the server with their data', { tag: '@split' }, async ({ request }) => {
  const listing = await (await request.get('/shop/9/category/new-drop')).text()
  expect(listing.match(/data-testid="product-card"/g)).toHaveLength(10)
  const product = await (await request.get(productUrl(demo.onSale))).text()
  expect(product).toContain(`<title>${demo.onSale.name} | Prepps</title>`)
  expect(product).toContain('rel="canonical"')
  expect(product).toContain(demo.onSale.price)
  // A public page is kept for a few seconds and served to the next visitor from memory, with a
  // CSP nonce of its own in its inline scripts (decision 024).
  const again = await request.get(productUrl(demo.onSale))
  expect(again.headers()['x-page-cache']).toBe('hit')
  const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1]
  const withoutNonces = (html: string) => html.replaceAll(`nonce="${nonceOf(html)}"`, 'nonce=""')
  const kept = await again.text()
  expect(nonceOf(kept)).not.toBe(nonceOf(product))
  expect(withoutNonces(kept)).toBe(withoutNonces(product))
  const search = await (await request.get('/search?query=kemeja')).text()
  expect(search).toContain('Showing result for')
})
