import type { Browser, Page, TestInfo } from '@playwright/test'
import { test, expect } from './fixtures/storefront.ts'
import { placeOrderAs, settle } from './fixtures/payment.ts'
import { BackOffice } from './fixtures/admin.ts'
import { faqQuestion } from './fixtures/admin-accounts.ts'
import { productOfOwn } from './fixtures/admin-ops.ts'
import { STAFF } from './fixtures/staff.ts'
import { AxeReport } from './fixtures/axe.ts'

/**
 * axe-core on every back-office screen, at phone (390 px) and laptop (1280 px) widths (issue 29):
 * WCAG 2.0–2.2 A/AA and best practices. A critical or serious violation fails the journey; each
 * journey prints and attaches its table of screen × violations by impact. Named without the
 * `admin-` prefix so the phone project runs it too.
 */

/**
 * A page of a browser of its own as this project's device (390 or 1280 px): the back office is
 * no storefront document (no hydration mark), and its signed-out check of the session answers 401.
 */
async function officePage(browser: Browser, testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })
  return context.newPage()
}

/** The owner signed in, in English, at this project's width. */
async function ownerOffice(browser: Browser, testInfo: TestInfo) {
  const office = new BackOffice(await officePage(browser, testInfo))
  await office.useEnglish()
  await office.signIn(STAFF.email, STAFF.password)
  return office
}

/** A full-page picture of the screen as it is now, attached to the journey's report. */
async function picture(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true })
  await testInfo.attach(`${name}-${testInfo.project.name}.png`, { body, contentType: 'image/png' })
}

/**
 * Opens a screen by its address and waits for its heading and its data. At every width the page
 * itself never scrolls sideways (WCAG 1.4.10 reflow): wide tables scroll inside their frame.
 */
async function openScreen(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path)
  await expect(page.locator('#main').getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.getByText('Loading…')).toHaveCount(0)
  // What sticks out past the right edge, outermost first, to name in the failure.
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    return Array.from(document.querySelectorAll('#main *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 4)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
  })
  expect.soft(wide, `${path} scrolls sideways`).toEqual([])
}

test('axe: back office signed out: sign-in and the invitation page', async ({ browser }, testInfo) => {
  const page = await officePage(browser, testInfo)
  const axe = new AxeReport(page, testInfo)
  await new BackOffice(page).useEnglish()
  await page.goto('/admin/login')
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible()
  // The page names the language it is shown in (WCAG 3.1.1; axe only checks that lang is valid).
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await axe.check('bo sign-in')
  // A wrong password: the refusal shows beside the form.
  await page.getByLabel('E-mail').fill(STAFF.email)
  await page.getByLabel('Password').fill('not-the-password-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await axe.check('bo sign-in refused')
  await page.goto('/admin/accept-invite#token=not-a-real-token')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await axe.check('bo accept invite')
  await axe.done()
  await page.context().close()
})

test('axe: back office home, menu, orders, packing slips, an order and the reviews', async ({
  page,
  request,
  browser,
  store,
}, testInfo) => {
  test.slow()
  // A paid order, placed the way a shopper places it (docs/product/shopping.md).
  const { member, number } = await placeOrderAs(page, request, 'BCA Virtual Account', 'bo-axe-order')
  await settle(request, number, 'pay')

  const office = await ownerOffice(browser, testInfo)
  const admin = office.page
  const axe = new AxeReport(admin, testInfo)
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible()
  await axe.check('bo home')
  if (!store.isLaptop) {
    // On a phone the menu folds behind its button.
    await admin.getByRole('button', { name: 'Menu' }).click()
    await expect(office.menu()).toBeVisible()
    await axe.check('bo menu open')
  }
  await openScreen(admin, `/admin/orders?q=${number}`, 'Orders')
  await expect(admin.getByRole('row').filter({ hasText: number })).toHaveCount(1)
  await axe.check('bo orders')
  await admin.getByRole('checkbox', { name: `Choose order ${number}` }).check()
  await admin.getByRole('link', { name: 'Packing slips (1)' }).click()
  await expect(admin.getByRole('article', { name: `Packing slip ${number}` })).toBeVisible()
  await axe.check('bo packing slips')
  await openScreen(admin, `/admin/orders/${number}`, `Order ${number}`)
  await axe.check('bo order')
  await picture(admin, testInfo, 'order')
  // The reviews (issue 30): the demo's published reviews, then a filter that leaves none.
  await openScreen(admin, '/admin/reviews', 'Reviews')
  await expect(admin.getByRole('img', { name: /of 5 stars$/ }).first()).toBeVisible()
  await axe.check('bo reviews')
  await picture(admin, testInfo, 'reviews')
  await openScreen(admin, '/admin/reviews?rating=1&q=no-such-review-anywhere', 'Reviews')
  await expect(admin.getByTestId('reviews-empty')).toBeVisible()
  await axe.check('bo reviews empty')
  await openScreen(admin, `/admin/members?q=${encodeURIComponent(member.email)}`, 'Members')
  await axe.check('bo members')
  await admin.getByRole('link', { name: member.name }).click()
  await expect(admin.getByRole('heading', { level: 1, name: member.name })).toBeVisible()
  await expect(admin.getByText('Loading…')).toHaveCount(0)
  await axe.check('bo member')
  await admin.getByRole('button', { name: 'Disable' }).click()
  await expect(admin.getByRole('dialog', { name: `Disable ${member.name}?` })).toBeVisible()
  await axe.check('bo confirm dialog')
  await axe.done()
  await admin.context().close()
})

test('axe: back office catalogue: products, a product, categories, menus, carousels', async ({
  browser,
  request,
}, testInfo) => {
  test.slow()
  const product = await productOfOwn(request)
  const { page } = await ownerOffice(browser, testInfo)
  const axe = new AxeReport(page, testInfo)
  await openScreen(page, '/admin/products', 'Products')
  await axe.check('bo products')
  await openScreen(page, '/admin/products/new', 'New product')
  await axe.check('bo new product')
  await openScreen(page, `/admin/products/${product.code}`, product.name)
  await axe.check('bo product')
  await picture(page, testInfo, 'product')
  await openScreen(page, '/admin/categories')
  await axe.check('bo categories')
  await openScreen(page, '/admin/menus')
  await axe.check('bo menus')
  await openScreen(page, '/admin/sliders', 'Home carousels')
  await axe.check('bo carousels')
  await axe.done()
  await page.context().close()
})

test('axe: back office stock and vouchers, with the adjust and import dialogs', async ({
  browser,
}, testInfo) => {
  test.slow()
  const { page } = await ownerOffice(browser, testInfo)
  const axe = new AxeReport(page, testInfo)
  await openScreen(page, '/admin/stock', 'Stock')
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await axe.check('bo stock')
  await picture(page, testInfo, 'stock')
  await page
    .getByRole('button', { name: /^Adjust / })
    .first()
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await axe.check('bo adjust dialog')
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('button', { name: 'Import CSV' }).click()
  await expect(page.getByRole('dialog', { name: 'Import stock from CSV' })).toBeVisible()
  await axe.check('bo import dialog')
  await openScreen(page, '/admin/stock/adjustments')
  await axe.check('bo stock adjustments')
  await openScreen(page, '/admin/vouchers', 'Vouchers')
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await axe.check('bo vouchers')
  await page.getByRole('row').nth(1).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: /^Voucher / })).toBeVisible()
  await expect(page.getByText('Loading…')).toHaveCount(0)
  await axe.check('bo voucher')
  await openScreen(page, '/admin/vouchers/new', 'New voucher')
  await axe.check('bo new voucher')
  await axe.done()
  await page.context().close()
})

test('axe: back office content: every section and the edit dialog', async ({
  browser,
  request,
}, testInfo) => {
  test.slow()
  const { category, question } = await faqQuestion(request)
  const { page } = await ownerOffice(browser, testInfo)
  const axe = new AxeReport(page, testInfo)
  for (const section of ['faq', 'articles', 'about', 'pages', 'stores', 'campaign']) {
    await openScreen(page, `/admin/content/${section}`, 'Content')
    await axe.check(`bo content ${section}`)
  }
  await openScreen(page, '/admin/content/faq', 'Content')
  await page.getByRole('combobox', { name: 'Show the questions of' }).selectOption(category.category_code)
  await page.getByRole('button', { name: `Edit question: ${question.name_en}` }).click()
  await expect(page.getByRole('dialog', { name: `Edit question: ${question.name_en}` })).toBeVisible()
  await axe.check('bo faq edit dialog')
  await axe.done()
  await page.context().close()
})

test('axe: back office shipping, staff, audit, my account and a missing screen', async ({
  browser,
}, testInfo) => {
  test.slow()
  const { page } = await ownerOffice(browser, testInfo)
  const axe = new AxeReport(page, testInfo)
  await openScreen(page, '/admin/shipping', 'Shipping rates')
  await axe.check('bo shipping')
  await page
    .getByRole('table', { name: 'Fares per kg of every zone' })
    .getByRole('link', { name: 'Maluku and Papua' })
    .click()
  await expect(page.getByRole('region', { name: 'Maluku and Papua' })).toBeVisible()
  await axe.check('bo shipping zone')
  await openScreen(page, '/admin/staff', 'Staff')
  await axe.check('bo staff')
  await openScreen(page, '/admin/audit', 'Audit log')
  await axe.check('bo audit')
  await openScreen(page, '/admin/account', 'My account')
  await axe.check('bo account')
  await openScreen(page, '/admin/no-such-screen')
  await axe.check('bo not found')
  await axe.done()
  await page.context().close()
})
