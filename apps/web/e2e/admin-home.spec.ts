import type { Page } from '@playwright/test'
import { test, expect } from './fixtures/storefront.ts'
import { placeOrderAs, settle } from './fixtures/payment.ts'
import { freshWaybill, staffAction, staffToken } from './fixtures/orders.ts'
import { BackOffice } from './fixtures/admin.ts'
import { STAFF } from './fixtures/staff.ts'

const shotsDir = '../../test-results/admin/'

/** The numbers of every order of a filter, as the staff API lists them (the browser's staff session). */
async function listed(page: Page, filter: string): Promise<string[]> {
  const numbers: string[] = []
  for (let pageNo = 1; ; pageNo++) {
    const res = await page.request.get(`/api/admin/v1/orders?${filter}&per_page=200&page=${pageNo}`)
    expect(res.status(), await res.text()).toBe(200)
    const body = (await res.json()) as { data: { sales_order_number: string }[]; total_pages: number }
    numbers.push(...body.data.map((order) => order.sales_order_number))
    if (pageNo >= body.total_pages) return numbers.sort()
  }
}

/**
 * A home count as shown, read when nobody else's order moved meanwhile: other journeys pay, ship and
 * cancel orders at the same time, so the number is taken between two equal lists of the orders it
 * counts, and must be their size.
 */
async function countShown(
  page: Page,
  tile: string,
  filter: string,
): Promise<{ shown: number; orders: string[] }> {
  let result = { shown: -1, orders: [] as string[] }
  await expect(async () => {
    const before = await listed(page, filter)
    await page.reload()
    const shown = Number(await page.getByTestId(`todo-${tile}-count`).textContent())
    const after = await listed(page, filter)
    expect(after).toEqual(before)
    expect(shown).toBe(before.length)
    result = { shown, orders: before }
  }).toPass({ timeout: 30_000 })
  return result
}

/** The count after `mine` left it: lower by one, moved only by what others did meanwhile. */
function expectDroppedBy(
  mine: string,
  before: { shown: number; orders: string[] },
  after: { shown: number; orders: string[] },
) {
  expect(before.orders).toContain(mine)
  expect(after.orders).not.toContain(mine)
  const newcomers = after.orders.filter((n) => !before.orders.includes(n)).length
  const goneByOthers = before.orders.filter((n) => !after.orders.includes(n) && n !== mine).length
  expect(after.shown).toBe(before.shown - 1 + newcomers - goneByOthers)
}

for (const { width, height, name } of [
  { width: 1280, height: 800, name: 'laptop' },
  { width: 390, height: 844, name: 'phone' },
]) {
  test(`at ${width} px the owner opens the back office on what to do and how the shop sells, ships the oldest paid order, and "to ship" drops`, async ({
    page,
    request,
    browser,
  }) => {
    // A shopper pays an order: it waits to be shipped.
    const { number } = await placeOrderAs(page, request, 'BCA Virtual Account', `admin-home-${name}`)
    await settle(request, number, 'pay')

    // The owner lands on the overview: the counts, the periods and the 30-day chart.
    const phone = width < 1024
    const context = await browser.newContext({
      viewport: { width, height },
      ...(phone && { isMobile: true, hasTouch: true }),
    })
    const office = new BackOffice(await context.newPage())
    await office.useEnglish()
    await office.signIn(STAFF.email, STAFF.password)
    const home = office.page
    await expect(home.getByRole('heading', { level: 2, name: 'To do now' })).toBeVisible()
    for (const tile of ['to-ship', 'expiring', 'refunds', 'low-stock', 'reviews', 'invitations']) {
      await expect(home.getByTestId(`todo-${tile}`)).toBeVisible()
    }
    await expect(home.getByRole('heading', { level: 2, name: 'How we are selling' })).toBeVisible()
    for (const period of ['Today', 'Last 7 days', 'Last 30 days']) {
      await expect(home.getByRole('heading', { level: 3, name: period, exact: true })).toBeVisible()
    }
    // The demo's months of orders: the chart draws bars, and its table holds the same 30 days.
    await expect(home.getByTestId('sales-chart').locator('.recharts-bar-rectangle').first()).toBeVisible()
    await home.getByText('The figures as a table').click()
    await expect(home.getByTestId('sales-table').getByRole('row')).toHaveCount(31)
    await expect(home.getByTestId('period-30d')).toContainText('Rp ')
    // Nothing scrolls sideways (the table scrolls inside its own frame).
    expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    const before = await countShown(home, 'to-ship', 'status=Paid')
    expect(before.orders).toContain(number)
    await home.screenshot({ path: `${shotsDir}home-${width}.png`, fullPage: true })

    // "To ship" opens the Paid orders, oldest payment first; the shopper's order is among them.
    await home.getByRole('link', { name: `${before.shown} Paid orders to ship` }).click()
    await expect(home).toHaveURL(/\/admin\/orders\?status=Paid&sort=oldest$/)
    await expect(home.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    const row = home.getByRole('row').filter({ hasText: number })
    await expect(row).toContainText('Paid')

    // The owner ships it with a waybill.
    await row.getByRole('link', { name: number }).click()
    await expect(home.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
    await home.getByLabel('Courier').fill('jne')
    await home.getByLabel('Waybill number').fill(freshWaybill())
    await home.getByRole('button', { name: 'Ship with this waybill' }).click()
    await expect(home.getByRole('main')).toContainText('Shipped')

    // Back on the overview (on a phone through the folded menu) the number has dropped by that
    // order, and moved only by what others paid or shipped meanwhile, which the two lists tell.
    if (phone) await home.getByRole('button', { name: 'Menu' }).click()
    await office.menu().getByRole('link', { name: 'Overview' }).click()
    await expect(home.getByRole('heading', { level: 2, name: 'To do now' })).toBeVisible()
    expectDroppedBy(number, before, await countShown(home, 'to-ship', 'status=Paid'))
    await context.close()
  })
}

test('the owner follows "refunds due" to a cancelled paid order and records the refund; the count drops', async ({
  page,
  request,
  browser,
}) => {
  // A paid order cancelled by staff: its money is owed back.
  const { number } = await placeOrderAs(page, request, 'BCA Virtual Account', 'admin-refund')
  await settle(request, number, 'pay')
  await staffAction(request, await staffToken(request), number, 'cancel', {
    reason: 'Buyer changed their mind',
  })

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const office = new BackOffice(await context.newPage())
  await office.useEnglish()
  await office.signIn(STAFF.email, STAFF.password)
  const home = office.page
  const before = await countShown(home, 'refunds', 'refund=due')
  await home.getByTestId('todo-refunds').getByRole('link').click()
  await expect(home).toHaveURL(/\/admin\/orders\?refund=due$/)
  await home.getByRole('row').filter({ hasText: number }).getByRole('link', { name: number }).click()
  await expect(home.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
  await expect(home.getByRole('main')).toContainText('Refund due')
  await home.getByLabel('Transfer reference').fill('BCA 20261127-0042')
  await home.getByRole('button', { name: 'Record the refund as paid' }).click()
  await expect(home.getByRole('main')).toContainText('Refunded')
  await expect(home.getByRole('main')).toContainText('Refund paid: BCA 20261127-0042')
  await expect(home.getByRole('button', { name: 'Record the refund as paid' })).toBeHidden()

  await office.menu().getByRole('link', { name: 'Overview' }).click()
  await expect(home.getByRole('heading', { level: 2, name: 'To do now' })).toBeVisible()
  expectDroppedBy(number, before, await countShown(home, 'refunds', 'refund=due'))
  await context.close()
})
