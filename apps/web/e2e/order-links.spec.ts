import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { test, expect } from './fixtures/storefront.ts'
import { Account, PASSWORD } from './fixtures/account.ts'
import { PaymentPages, placeOrder } from './fixtures/payment.ts'
import { OrderPages } from './fixtures/orders.ts'

/**
 * The links an order update carries (issue 28; decision 048): the order page for whoever placed
 * it, which asks a signed-out shopper to sign in first, and /tracking?order= for guests.
 */

// In the repository's screenshots/ (ignored by git), which no run empties as it does test-results/.
const shotsDir = fileURLToPath(new URL('../../../screenshots/order-links/', import.meta.url))

/** An order placed by a new member in a browser of their own: its id, number and the member's e-mail. */
async function orderElsewhere(browser: Browser, page: Page, request: APIRequestContext, tag: string) {
  const buyer = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const buyerPage = await buyer.newPage()
  const id = await placeOrder(buyerPage, request, 'BCA Virtual Account', tag)
  const number = await new PaymentPages(buyerPage).orderNumber()
  const token = await buyerPage.evaluate(
    () => JSON.parse(localStorage.getItem('auth-storage') ?? 'null')?.state?.user?.token as string,
  )
  await buyer.close()
  const profile = await request.get(`/api/v1/member/profile?token=${token}`, {
    headers: { 'x-brand-id': '9' },
  })
  expect(profile.ok(), await profile.text()).toBe(true)
  const email = ((await profile.json()) as { data: { email: string } }).data.email
  return { id, number, email }
}

test('a signed-out shopper opening their order link signs in on the dialog it opens and lands on that order', async ({
  page,
  request,
  browser,
}, testInfo) => {
  mkdirSync(shotsDir, { recursive: true })
  const order = await orderElsewhere(browser, page, request, 'order-link')

  // The link in the WhatsApp message, opened on a phone where nobody is signed in: home, with Login.
  await page.goto(`/member/order/${order.id}`)
  await expect(page).toHaveURL(/\/$/)
  const account = new Account(page)
  const dialog = account.dialog()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('auth-return-line')).toHaveText(
    'Log in to see your order. Ordered as a guest? Continue as guest with the phone number you ordered with.',
  )
  await page.screenshot({ path: `${shotsDir}sign-in-from-order-link-${testInfo.project.name}.png` })

  await account.login(order.email, PASSWORD)
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/member/order/${order.id}$`))
  await account.dismissCampaign()
  await expect(new PaymentPages(page).waiting()).toBeVisible()
  await expect(page.getByTestId('order-number')).toHaveText(order.number)
})

test('closing the sign-in an order link opened leaves the shopper home', async ({ page }) => {
  await page.goto('/member/order/00000000-0000-4000-8000-000000000000')
  await expect(page).toHaveURL(/\/$/)
  const account = new Account(page)
  await expect(account.dialog()).toBeVisible()
  await account.dialog().getByRole('button', { name: 'Close' }).click()
  await expect(account.dialog()).toBeHidden()
  await expect(page).toHaveURL(/\/$/)
  // A reload does not ask again: the entry forgot the sign-in it asked for.
  await page.reload()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a guest’s tracking link /tracking?order= shows that order at once', async ({
  page,
  request,
  browser,
}, testInfo) => {
  mkdirSync(shotsDir, { recursive: true })
  const order = await orderElsewhere(browser, page, request, 'tracking-link')

  const orders = new OrderPages(page)
  const lookedUp = page.waitForResponse((r) => r.url().includes('/api/v1/member/order_guest_list'))
  await page.goto(`/tracking?order=${encodeURIComponent(order.number.toLowerCase())}`)
  expect((await lookedUp).status()).toBe(200)
  await expect(orders.lookupInputs()).toHaveCount(1)
  await expect(orders.lookupInputs().first()).toHaveValue(order.number)
  const row = orders.row(order.number)
  await expect(row.getByTestId('order-status')).toHaveText('Open')
  await expect(page.getByTestId('lookup-missing')).toHaveCount(0)
  await page.screenshot({ path: `${shotsDir}tracking-link-${testInfo.project.name}.png`, fullPage: true })
})
