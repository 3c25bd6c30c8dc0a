import { test, expect } from './fixtures/storefront.ts'
import { PaymentPages, placeOrder, settle } from './fixtures/payment.ts'
import { freshWaybill, OrderPages } from './fixtures/orders.ts'
import { BackOffice } from './fixtures/admin.ts'
import { STAFF } from './fixtures/staff.ts'
import { AxeReport } from './fixtures/axe.ts'

const shotsDir = '../../test-results/admin/'

test(
  'a clerk finds a paid order in the back office, prints its slip and ships it; the shopper tracks it',
  { tag: ['@split', '@nginx'] },
  async ({ page, request, browser }) => {
    // A shopper pays an order.
    await placeOrder(page, request, 'BCA Virtual Account', 'admin-ship')
    const number = await new PaymentPages(page).orderNumber()
    await settle(request, number, 'pay')

    // The back office lists it as paid; a search by its number finds it alone.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const office = new BackOffice(await context.newPage())
    await office.useEnglish()
    await office.signIn(STAFF.email, STAFF.password)
    await office.open('Orders')
    await office.page.getByRole('searchbox', { name: 'Search' }).fill(number)
    await office.page.getByRole('searchbox', { name: 'Search' }).press('Enter')
    const rows = office.page.getByRole('row').filter({ hasText: number })
    await expect(rows).toHaveCount(1)
    await expect(rows).toContainText('Paid')
    await office.page.screenshot({ path: `${shotsDir}orders.png`, fullPage: true })

    // Its packing slip lists the hat for the packer.
    await office.page.getByRole('checkbox', { name: `Choose order ${number}` }).check()
    await office.page.getByRole('link', { name: 'Packing slips (1)' }).click()
    const slip = office.page.getByRole('article', { name: `Packing slip ${number}` })
    await expect(slip).toContainText('Ship to')
    await expect(slip.getByRole('row')).toHaveCount(2)
    await office.page.screenshot({ path: `${shotsDir}packing-slips.png`, fullPage: true })
    await office.page.goBack()

    // The clerk opens it and ships it with a waybill.
    await office.page.getByRole('link', { name: number }).click()
    await expect(office.page.getByRole('heading', { name: `Order ${number}` })).toBeVisible()
    const waybill = freshWaybill()
    await office.page.getByLabel('Courier').fill('jne')
    await office.page.getByLabel('Waybill number').fill(waybill)
    await office.page.getByRole('button', { name: 'Ship with this waybill' }).click()
    await expect(office.page.getByTestId('waybill')).toHaveText(waybill)
    await expect(office.page.getByRole('main')).toContainText('Shipped')
    await office.page.screenshot({ path: `${shotsDir}order.png`, fullPage: true })

    // The shopper sees it on the way, with the waybill in Track Order.
    const orders = new OrderPages(page)
    await page.goto('/member/order')
    const row = orders.row(number)
    await expect(row.getByTestId('order-status')).toHaveText('Delivery')
    await row.getByRole('button', { name: 'Track Order' }).click()
    await expect(orders.trackDialog().getByTestId('track-waybill')).toHaveText(waybill)
    await context.close()
  },
)

test('a clerk works through paid orders by the longest wait since payment and exports the day’s orders as CSV', async ({
  page,
  request,
  browser,
}) => {
  // Two shoppers (their e-mails share a tag the search finds) order; the second pays first.
  const tag = `queue${Date.now().toString(36)}`
  await placeOrder(page, request, 'BCA Virtual Account', tag)
  const first = await new PaymentPages(page).orderNumber()
  const secondShopper = await browser.newContext()
  const secondPage = await secondShopper.newPage()
  await placeOrder(secondPage, request, 'BCA Virtual Account', tag)
  const second = await new PaymentPages(secondPage).orderNumber()
  await settle(request, second, 'pay')
  await settle(request, first, 'pay')
  await secondShopper.close()

  // The home's "to ship" link: Paid orders, the payment waiting longest first.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const office = new BackOffice(await context.newPage())
  await office.useEnglish()
  await office.signIn(STAFF.email, STAFF.password)
  await office.page.goto('/admin/orders?status=Paid&sort=oldest')
  await expect(office.page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(office.page.getByLabel('Status')).toHaveValue('Paid')
  await expect(office.page.getByLabel('Sort by')).toHaveValue('oldest')
  await expect(office.page.getByRole('option', { name: 'Longest since payment first' })).toBeAttached()
  await office.page.getByRole('searchbox', { name: 'Search' }).fill(tag)
  await office.page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  const rows = office.page.locator('tbody tr')
  await expect(rows).toHaveCount(2)
  // Paid second but placed first: the first order waits less, so it comes second.
  await expect(rows.nth(0)).toContainText(second)
  await expect(rows.nth(1)).toContainText(first)
  await expect(rows.nth(0).getByTestId('order-waiting')).toHaveText(/^waiting \d+ min$/)
  await expect(office.page).toHaveURL(/[?&]sort=oldest/)
  // Without the status, oldest means the order date: the first order first.
  await office.page.getByLabel('Status').selectOption('')
  await expect(rows.nth(0)).toContainText(first)
  await expect(rows.nth(1)).toContainText(second)

  // Today's orders (the shop's date, UTC+7) with the search, as a CSV download.
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10)
  await expect(office.page.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
  await office.page.getByLabel('From', { exact: true }).fill(today)
  await office.page.getByLabel('Until', { exact: true }).fill(today)
  await office.page.screenshot({ path: `${shotsDir}orders-filters-1280.png`, fullPage: true })
  const download = office.page.waitForEvent('download')
  await office.page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`orders-${today}-${today}.csv`)
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8')
  expect(text.charCodeAt(0)).toBe(0xfeff)
  const [header, ...lines] = text.slice(1).trimEnd().split('\n')
  expect(header).toBe(
    'order_number,order_date_wib,paid_date_wib,status,buyer_name,phone,email,brand,line,sku,product_name,size,' +
      'qty,unit_price,line_total,subtotal,shipping_fare,packing_fee,payment_fee,voucher_code,discount,total,' +
      'payment_method,courier,waybill,refund_amount,refund_state',
  )
  expect(lines.map((line) => line.split(',')[0])).toEqual([first, second])

  // In Indonesian at phone width the controls stay usable and the page does not scroll sideways.
  await office.chooseLanguage('id')
  await office.page.setViewportSize({ width: 390, height: 844 })
  await expect(office.page.getByRole('heading', { level: 1, name: 'Pesanan' })).toBeVisible()
  await expect(office.page.getByLabel('Urutkan')).toHaveValue('oldest')
  await expect(office.page.getByRole('button', { name: 'Ekspor CSV' })).toBeEnabled()
  await office.page.screenshot({ path: `${shotsDir}orders-filters-390-id.png`, fullPage: true })
  expect(await office.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  )
  await context.close()
})

/** The Orders screen's words in each language (issue 43's steps). */
const ORDERS_WORDS = {
  en: { title: 'Orders', filters: 'Filters', sort: 'Sort by', brand: 'Brand', brandId: 'Brand 9' },
  id: { title: 'Pesanan', filters: 'Filter', sort: 'Urutkan', brand: 'Merek', brandId: 'Merek 9' },
} as const

for (const width of [390, 1280] as const) {
  for (const language of ['en', 'id'] as const) {
    test(`orders at ${width} px in ${language}: the filters fold behind a counted button, the brand is named (issue 43)`, async ({
      browser,
    }, testInfo) => {
      const words = ORDERS_WORDS[language]
      const height = width === 390 ? 844 : 800
      const context = await browser.newContext({ viewport: { width, height } })
      const office = new BackOffice(await context.newPage())
      await office.page.addInitScript((lang) => localStorage.setItem('busana-admin-language', lang), language)
      await office.signIn(STAFF.email, STAFF.password)
      const axe = new AxeReport(office.page, testInfo)

      // Two settings in the address: the main brand (the demo's orders are mostly its), oldest first.
      await office.page.goto('/admin/orders?id_brand=9&sort=oldest')
      await expect(office.page.getByRole('heading', { level: 1, name: words.title })).toBeVisible()
      const toggle = office.page.getByRole('button', { name: `${words.filters} (2)`, exact: true })
      await expect(toggle).toBeVisible()
      await expect(toggle).toHaveAttribute('aria-controls', 'orders-filters')
      const rows = office.page.locator('tbody tr')
      await expect(rows.first()).toBeVisible()
      if (width === 390) {
        // Folded on a phone: no filter field before the orders, the first order in the first screenful.
        await expect(toggle).toHaveAttribute('aria-expanded', 'false')
        await expect(office.page.getByLabel(words.sort, { exact: true })).toBeHidden()
        const box = (await rows.first().boundingBox())!
        expect(box.y + box.height, 'the first order ends within the first screenful').toBeLessThanOrEqual(
          height,
        )
        await axe.check(`orders folded ${width} ${language}`)
        await office.page.screenshot({ path: `${shotsDir}orders-folded-${width}-${language}.png` })
        await toggle.click()
      }
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      // The filters the address holds are the ones shown; the brand by its name, with its id.
      await expect(office.page.getByLabel(words.sort, { exact: true })).toHaveValue('oldest')
      const brand = office.page.getByLabel(words.brand, { exact: true })
      await expect(brand).toHaveValue('9')
      await expect(brand.locator('option:checked')).toHaveText('Prepps (9)')
      await expect(brand.locator('option', { hasText: words.brandId })).toHaveCount(0)
      await axe.check(`orders filters open ${width} ${language}`)
      // Folding again at a desk's width too, on demand; the address keeps the filters.
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(office.page).toHaveURL(/sort=oldest/)
      await expect(office.page).toHaveURL(/id_brand=9/)
      await axe.done()
      await context.close()
    })
  }
}
