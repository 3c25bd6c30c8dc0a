import { test, expect } from './fixtures/storefront.ts'
import { registerMember, storeSession } from './fixtures/account.ts'
import { PaymentPages, placeOrder, settle } from './fixtures/payment.ts'
import { freshWaybill, OrderPages, staffAction, staffToken } from './fixtures/orders.ts'

test('a paid order shipped and delivered by staff: the list, its chips, Track Order and View Details', async ({
  page,
  request,
}) => {
  const id = await placeOrder(page, request, 'BCA Virtual Account', 'orders')
  const number = await new PaymentPages(page).orderNumber()
  await settle(request, number, 'pay')
  const token = await staffToken(request)
  const waybill = freshWaybill()
  await staffAction(request, token, number, 'ship', { courier: 'jne', no_resi: waybill })

  const orders = new OrderPages(page)
  await page.goto('/member/order')
  const row = orders.row(number)
  await expect(row.getByTestId('order-status')).toHaveText('Delivery')
  await expect(row.getByTestId('order-status')).toHaveClass(/amber/)
  await expect(row).toContainText(number)
  await expect(row).toContainText('Total Amount')
  await expect(row).toContainText(/Rp/)
  await expect(row).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/)

  // Track Order: the popup names the courier and waybill; the timeline starts with the shop's
  // hand-over to the courier (the courier's own first event comes hours later).
  await row.getByRole('button', { name: 'Track Order' }).click()
  const track = orders.trackDialog()
  await expect(track.getByTestId('track-waybill')).toHaveText(waybill)
  await expect(track.getByTestId('track-courier')).toHaveText(/JNE/)
  await expect(track.getByTestId('track-entry').first()).toContainText(waybill)
  await page.keyboard.press('Escape')
  await expect(track).toBeHidden()

  // Delivered: Success (green), and the timeline shows its entries, newest first with date and time.
  await staffAction(request, token, number, 'deliver')
  await page.reload()
  await expect(row.getByTestId('order-status')).toHaveText('Success')
  await expect(row.getByTestId('order-status')).toHaveClass(/green/)
  await row.getByRole('button', { name: 'Track Order' }).click()
  await orders.expectTimelineLoaded()
  const entries = track.getByTestId('track-entry')
  await expect(entries.first()).toContainText(/\d{2} [A-Z][a-z]+ \d{4}\s*\d{2}:\d{2}/)
  await track.getByRole('button', { name: 'Close' }).click()
  await expect(track).toBeHidden()

  // View Details: the full detail with the waybill and its own Track Order.
  await row.getByRole('link', { name: 'View Details' }).click()
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}$`))
  const detail = page.getByTestId('order-detail')
  await expect(detail.getByRole('heading', { name: 'Transaction details' })).toBeVisible()
  await expect(detail.getByTestId('order-status')).toHaveText('Success')
  await expect(detail.getByTestId('order-shipment')).toContainText(waybill)
  // The order's way so far, oldest first: placed, paid, shipped, delivered.
  await expect(detail.getByTestId('order-progress').getByRole('listitem')).toHaveText([
    /^Placed/,
    /^Paid/,
    /^Shipped/,
    /^Delivered/,
  ])
  await detail.getByRole('button', { name: 'Track Order' }).click()
  await orders.expectTimelineLoaded()
})

test("/member leads to My Order; a new member's order list is empty: the product's line and SHOP NOW", async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'no-orders')
  await storeSession(page, member.user)
  // Phones get the member menu at /member; at 1024 px and wider /member redirects to /member/order.
  await page.goto('/member')
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    const menu = page.getByRole('navigation', { name: 'Account menu' })
    for (const name of ['My Order', 'Wishlist', 'Account Info', 'Address', 'Logout'])
      await expect(menu.getByRole(name === 'Logout' ? 'button' : 'link', { name })).toBeVisible()
    await menu.getByRole('link', { name: 'My Order' }).click()
  }
  await expect(page).toHaveURL(/\/member\/order$/)
  const empty = page.getByTestId('orders-empty')
  await expect(empty).toContainText("You haven't placed any orders yet.")
  await empty.getByRole('link', { name: 'SHOP NOW' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test(
  'a visitor at /tracking finds an order by number: masked detail, entries added and removed',
  { tag: '@split' },
  async ({ page, request, browser }) => {
    // Someone else's order, placed in their own browser.
    const buyer = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
    const buyerPage = await buyer.newPage()
    await placeOrder(buyerPage, request, 'BCA Virtual Account', 'tracked')
    const number = await new PaymentPages(buyerPage).orderNumber()
    await buyer.close()

    const orders = new OrderPages(page)
    await page.goto('/tracking')
    await expect(page).toHaveTitle(/Track Order/)
    await expect(page.getByRole('heading', { level: 1, name: 'Track Order' })).toBeVisible()
    await expect(page.getByTestId('own-orders')).toHaveCount(0)

    // The only entry empty: submit disabled. A second entry can be added, then removed.
    const inputs = orders.lookupInputs()
    await expect(inputs).toHaveCount(1)
    await expect(orders.submit()).toBeDisabled()
    await expect(page.getByRole('button', { name: /^Remove order number/ })).toHaveCount(0)
    await page.getByRole('button', { name: '+ Add order number' }).click()
    await expect(inputs).toHaveCount(2)
    await expect(inputs.nth(1)).toBeFocused()
    await expect(orders.submit()).toBeDisabled()
    await page.getByRole('button', { name: 'Remove order number 2' }).click()
    await expect(inputs).toHaveCount(1)
    await expect(orders.submit()).toBeDisabled()

    // One real number (typed lower-case) and one that matches nothing.
    await inputs.first().fill(number.toLowerCase())
    await expect(orders.submit()).toBeEnabled()
    await page.getByRole('button', { name: '+ Add order number' }).click()
    await inputs.nth(1).fill('BSN-000000-NOTHERE1')
    const lookedUp = page.waitForResponse((r) => r.url().includes('/api/v1/member/order_guest_list'))
    await orders.submit().click()
    expect((await lookedUp).status()).toBe(200)
    const row = orders.row(number)
    await expect(row.getByTestId('order-status')).toHaveText('Open')
    await expect(page.getByTestId('lookup-missing')).toHaveText('No order found for BSN-000000-NOTHERE1.')

    // The detail modal: the phone reduced to its last 4 digits, no street address.
    await row.getByRole('button', { name: 'View Details' }).click()
    const detail = orders.detailDialog()
    await expect(detail.getByTestId('order-number')).toHaveText(number)
    await expect(detail.getByTestId('order-line').first()).toBeVisible()
    await expect(detail.getByTestId('guest-phone')).toHaveText(/^[^0-9]*\*+[^0-9]*\d{4}$/)
    await expect(detail.getByTestId('guest-phone')).toContainText('7890')
    await expect(detail).not.toContainText('Melati')
    await expect(detail.getByTestId('order-total')).toHaveText(/^Rp/)
    await page.keyboard.press('Escape')
    await expect(detail).toBeHidden()
  },
)
