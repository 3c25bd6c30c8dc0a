import { fileURLToPath } from 'node:url'
import { test, expect } from './fixtures/storefront.ts'
import { Account, PASSWORD, registerMember, storeSession } from './fixtures/account.ts'
import { ownerHeaders } from './fixtures/admin-accounts.ts'
import { BackOffice } from './fixtures/admin.ts'
import { STAFF } from './fixtures/staff.ts'
import { productOfOwn } from './fixtures/admin-ops.ts'
import { messagesTo, type Stored } from './fixtures/outbox.ts'

/**
 * Issue 42: a visitor asks to be told when a sold-out size is back, signs in, and the press
 * completes; staff restock the size; her WhatsApp (the developer outbox) and her e-mail hold one
 * message each with the product's link, and the link opens the product with the size buyable.
 */

const shotsDir = fileURLToPath(new URL('../../../screenshots/alerts/', import.meta.url))

test('issue 42: a visitor asks for a sold-out size, signs in, staff restock, the message links to the size buyable', async ({
  page,
  request,
  browser,
}) => {
  test.slow()
  const product = await productOfOwn(request)
  const { email, phone } = await registerMember(request, 'alerts')
  const account = new Account(page)
  const width = account.isLaptop ? 1280 : 390

  // The size is sold out: choosing it offers to tell her when it is back, not Add to bag.
  await page.goto(product.path)
  const main = page.getByRole('main')
  const size = main
    .getByRole('radiogroup', { name: 'Size' })
    .getByRole('radio', { name: 'ALL SIZE, sold out' })
  await size.check()
  const ask = main.getByRole('button', { name: "Tell me when it's back" })
  await expect(ask).toBeVisible()
  await expect(main.getByRole('button', { name: 'Add to bag' })).toHaveCount(0)
  await ask.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shotsDir}sold-out-size-${width}.png` })

  // A visitor is asked to sign in first; the press completes after it.
  await ask.click()
  await expect(account.dialog()).toBeVisible()
  await account.login(email, PASSWORD)
  await account.dismissCampaign()
  await expect(main.getByText("We'll tell you when it's back").first()).toBeVisible()
  const turnOff = main.getByRole('button', { name: 'Turn off' })
  await expect(turnOff).toBeVisible()
  await turnOff.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shotsDir}asked-${width}.png` })

  // The back office's product page shows who waits for which size, so the merchandiser knows.
  const office = new BackOffice(
    await browser.newContext({ viewport: page.viewportSize() }).then((c) => c.newPage()),
  )
  await office.useEnglish()
  await office.signIn(STAFF.email, STAFF.password, `/admin/products/${product.code}`)
  const card = office.page.locator('section', {
    has: office.page.getByRole('heading', { name: 'Waiting for a restock' }),
  })
  await expect(card.getByRole('row', { name: /ALL SIZE/ })).toContainText('1')
  await card.scrollIntoViewIfNeeded()
  await office.page.screenshot({ path: `${shotsDir}back-office-waiting-${width}.png` })
  await office.page.context().close()

  // Staff restock the size (a delivery counted in).
  const restock = await request.post('/api/admin/v1/stock/adjust', {
    headers: await ownerHeaders(request),
    data: { sku_product: product.sku, id_warehouse: 1, delta: 3, reason: 'received' },
  })
  expect(restock.ok(), await restock.text()).toBe(true)

  // One WhatsApp and one e-mail, with the product's link.
  const isAlert = (m: Stored) => m.body.includes('is back in stock')
  const [whatsapp] = await messagesTo(request, phone, isAlert)
  expect(whatsapp!.channel).toBe('WHATSAPP')
  expect(whatsapp!.body).toContain(product.name)
  expect(whatsapp!.body).toContain('Rp 99.000')
  const [mail] = await messagesTo(request, email, isAlert)
  expect(mail!.subject).toBe(`Back in stock: ${product.name}`)
  const link = whatsapp!.body.match(/https?:\/\/\S+/)?.[0]
  expect(link).toBeTruthy()
  const path = new URL(link!).pathname
  expect(path).toBe(product.path)

  // The link opens the product with the size buyable.
  await page.goto(path)
  const radio = main
    .getByRole('radiogroup', { name: 'Size' })
    .getByRole('radio', { name: 'ALL SIZE', exact: true })
  await expect(radio).toBeChecked()
  const add = main.getByRole('button', { name: 'Add to bag' })
  await expect(add).toBeEnabled()
  await add.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shotsDir}back-in-stock-${width}.png` })

  // Spent: her alerts list is empty again.
  const token = (await account.storedSession())?.state?.user?.token as string
  const alerts = await request.get(`/api/v1/member/alerts?token=${token}`, { headers: { 'x-brand-id': '9' } })
  expect(((await alerts.json()) as { data: unknown[] }).data).toEqual([])
})

test("issue 42: a member watches a kept product's price from her wishlist, sees her alerts there, turns one off, and can switch the messages off", async ({
  page,
  request,
  store,
}) => {
  const product = await productOfOwn(request)
  const { user } = await registerMember(request, 'watch')
  const headers = { 'x-brand-id': '9' }
  const kept = await request.post(`/api/v2/member/wishlist?token=${user.token}`, {
    headers,
    data: { product_code: product.code },
  })
  expect(kept.ok(), await kept.text()).toBe(true)
  const asked = await request.post(`/api/v1/member/alerts?token=${user.token}`, {
    headers,
    data: { product_code: product.code, sku_product: product.sku, kind: 'BACK_IN_STOCK' },
  })
  expect(asked.ok(), await asked.text()).toBe(true)
  await storeSession(page, user)
  const width = store.isLaptop ? 1280 : 390

  await page.goto('/member/wishlist')
  const main = page.getByRole('main')
  const watch = main.getByRole('button', { name: `Tell me when the price drops: ${product.name}` })
  await expect(watch).toHaveAttribute('aria-pressed', 'false')
  await watch.click()
  await expect(watch).toHaveAttribute('aria-pressed', 'true')
  const alerts = main.getByRole('region', { name: 'Your alerts' })
  await expect(alerts).toContainText('Back in stock')
  await expect(alerts).toContainText('Price drop')
  await store.expectNoHorizontalOverflow()
  await alerts.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shotsDir}wishlist-alerts-${width}.png`, fullPage: true })

  await alerts
    .getByRole('button', { name: `Turn off the back-in-stock alert for ${product.name}, size ALL SIZE` })
    .click()
  await expect(alerts).not.toContainText('Back in stock')
  const left = await request.get(`/api/v1/member/alerts?token=${user.token}`, { headers })
  expect(((await left.json()) as { data: { kind: string }[] }).data.map((a) => a.kind)).toEqual([
    'PRICE_DROP',
  ])

  // The account page's switch turns the messages off (and the profile says so).
  await page.goto('/member/account-info')
  const messages = main.getByRole('switch', {
    name: 'Messages about my alerts (back in stock, price drops)',
  })
  await expect(messages).toBeChecked()
  // The shopper taps the switch's words (the input itself is drawn by its track).
  await main.getByText('Messages about my alerts (back in stock, price drops)').click()
  await expect(messages).not.toBeChecked()
  await expect
    .poll(async () => {
      const profile = await request.get(`/api/v1/member/profile?token=${user.token}`, { headers })
      return ((await profile.json()) as { data: { marketing_messages: boolean } }).data.marketing_messages
    })
    .toBe(false)
  await main.getByText('Messages about my alerts (back in stock, price drops)').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shotsDir}account-switch-${width}.png` })
})
