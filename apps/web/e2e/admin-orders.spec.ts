import { test, expect } from './fixtures/storefront.ts'
import { PaymentPages, placeOrder, settle } from './fixtures/payment.ts'
import { freshWaybill, OrderPages } from './fixtures/orders.ts'
import { BackOffice } from './fixtures/admin.ts'
import { STAFF } from './fixtures/staff.ts'

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
