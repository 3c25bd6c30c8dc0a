import { test as base, expect } from './fixtures/storefront.ts'
import { PaymentPages, placeOrder, settle } from './fixtures/payment.ts'

const test = base.extend<{ payment: PaymentPages }>({
  payment: async ({ page }, use) => use(new PaymentPages(page)),
})

test(
  'virtual account: waiting view, copy, How to Pay, see detail; Pay on /dev/payments; Check payment → success',
  { tag: '@split' },
  async ({ page, request, context, payment }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const id = await placeOrder(page, request, 'BCA Virtual Account', 'pay-va')

    // While Open the waiting view shows first: deadline with a live countdown, order, total, VA.
    const waiting = payment.waiting()
    await expect(waiting.getByRole('heading', { name: 'Waiting for payment confirmation' })).toBeVisible()
    await expect(waiting.getByTestId('order-deadline')).toContainText('WIB')
    const timer = waiting.getByRole('timer')
    await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/)
    const first = await timer.textContent()
    await expect(timer).not.toHaveText(first!)
    await expect(waiting.getByTestId('order-total')).toHaveText(/^Rp/)
    const account = waiting.getByTestId('payment-account')
    // The sandbox's BCA numbers: 39358 and 11 digits (decision 020).
    await expect(account).toHaveText(/^39358\d{11}$/)
    const number = (await account.textContent())!

    await waiting.getByRole('button', { name: 'Copy Virtual account number' }).click()
    await expect(page.getByText('Copied to Clipboard')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number)

    // How to Pay: one accordion per channel; the first opens on its steps.
    const tutorials = waiting.getByTestId('how-to-pay')
    await expect(tutorials).toHaveCount(3)
    const steps = tutorials.first().getByRole('listitem')
    await expect(steps.first()).toBeHidden()
    await tutorials.first().locator('summary').click()
    await expect(steps.first()).toBeVisible()
    await expect(tutorials.first()).toContainText(number)

    // see detail shows the whole order; Back to Payment returns.
    await waiting.getByRole('button', { name: 'See detail' }).click()
    await expect(page.getByTestId('order-detail').getByTestId('order-status')).toHaveText('Open')
    await page.getByRole('button', { name: 'Back to Payment' }).click()
    await expect(waiting).toBeVisible()

    // Paid elsewhere: the developer page's Pay button, in its own tab.
    const orderNumber = await payment.orderNumber()
    const dev = await context.newPage()
    // The developer page is a wide table made for a desk, not a phone.
    await dev.setViewportSize({ width: 1280, height: 800 })
    await dev.goto(`/dev/payments?order=${encodeURIComponent(orderNumber)}`)
    await dev
      .getByRole('row', { name: new RegExp(orderNumber) })
      .getByRole('button', { name: 'Pay' })
      .click()
    await expect(dev.getByRole('row', { name: new RegExp(orderNumber) })).toHaveCount(0)
    await dev.close()

    await payment.checkPayment().click()
    await expect(page).toHaveURL(new RegExp(`/member/order/${id}/success$`))
    await expect(payment.result().getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
    await expect(payment.result()).toContainText("We'll process your order within 24 hours.")

    // A result URL that disagrees with the order is replaced by the right one.
    await page.goto(`/member/order/${id}/waiting`)
    await expect(page).toHaveURL(new RegExp(`/member/order/${id}/success$`))
    await expect(payment.result()).toHaveAttribute('data-result', 'success')

    // Paid: the order page is the full detail with a blue chip (green is for delivered).
    await page.goto(`/member/order/${id}`)
    const chip = page.getByTestId('order-detail').getByTestId('order-status')
    await expect(chip).toHaveText('Paid')
    await expect(chip).toHaveClass(/sky/)
  },
)

test('an expired order: Check payment → failed; a succes link keeps its spelling', async ({
  page,
  request,
  payment,
}) => {
  const id = await placeOrder(page, request, 'Mandiri Virtual Account', 'pay-expire')
  const waiting = payment.waiting()
  // Mandiri: the biller code and the bill key.
  await expect(waiting.getByTestId('payment-biller')).toHaveText('70012')
  await expect(waiting.getByTestId('payment-account')).toHaveText(/^\d{12}$/)
  const orderNumber = await payment.orderNumber()

  // The product's succes link for an Open order lands on waiting, with its countdown.
  await page.goto(`/member/order/${id}/succes`)
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/waiting$`))
  await expect(payment.result().getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible()
  await expect(payment.result().getByRole('timer')).toHaveText(/^\d{2}:\d{2}:\d{2}$/)

  await settle(request, orderNumber, 'expire')
  await payment.checkPayment().click()
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/failed$`))
  await expect(payment.result().getByRole('heading', { name: 'Payment Failed!' })).toBeVisible()
  await expect(payment.result()).toContainText('Sorry your transaction has cancelled, please try again later')

  // A success link for a cancelled order is replaced by failed; the order page shows the red chip.
  await page.goto(`/member/order/${id}/success`)
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/failed$`))
  await page.goto(`/member/order/${id}`)
  const chip = page.getByTestId('order-detail').getByTestId('order-status')
  await expect(chip).toHaveText('Cancel')
  await expect(chip).toHaveClass(/red/)
})

test('QRIS: the QR image; paid from a succes link, Check payment stays in the succes spelling', async ({
  page,
  request,
  payment,
}) => {
  const id = await placeOrder(page, request, 'QRIS', 'pay-qris')
  const qr = payment.waiting().getByTestId('payment-qr')
  await expect(qr).toBeVisible()
  await expect(qr).toHaveAttribute('src', /\/api\/v1\/payments\/.+\/qr\.svg$/)
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(payment.waiting().getByTestId('how-to-pay').first()).toContainText('Any QRIS app')
  const orderNumber = await payment.orderNumber()

  // In Indonesian the page and How to Pay (asked with ?lng=) change language together.
  await page.goto(`/member/order/${id}?lng=id`)
  await expect(page.getByRole('heading', { name: 'Menunggu konfirmasi pembayaran' })).toBeVisible()
  await expect(payment.waiting().getByTestId('how-to-pay').first()).toContainText('Aplikasi QRIS apa pun')
  await page.goto(`/member/order/${id}?lng=en`)
  await expect(page.getByRole('heading', { name: 'Waiting for payment confirmation' })).toBeVisible()

  await page.goto(`/member/order/${id}/succes`)
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/waiting$`))
  // The waiting page has read the still Open order before the payment arrives.
  await expect(payment.result().getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible()
  await settle(request, orderNumber, 'pay')
  await payment.checkPayment().click()
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/succes$`))
  await expect(payment.result().getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
})

test(
  'GoPay: QR and the app link on phones; issue 26 item 10: paid in the app, back to the tab, the order goes to its success page',
  { tag: '@split' },
  async ({ page, request, payment }) => {
    const id = await placeOrder(page, request, 'GoPay', 'pay-gopay')
    const waiting = payment.waiting()
    await expect(waiting.getByTestId('payment-qr')).toBeVisible()
    const link = waiting.getByRole('link', { name: 'Pay in the GoPay app' })
    if ((page.viewportSize()?.width ?? 0) >= 1024) await expect(link).toBeHidden()
    else await expect(link).toHaveAttribute('href', /.+/)

    await settle(request, await payment.orderNumber(), 'pay')
    // The shopper comes back from the app: the tab turns visible, the order is read again and, now
    // Paid, thanks the shopper on its success page.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await expect(page).toHaveURL(new RegExp(`/member/order/${id}/success$`))
    await expect(payment.result().getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()

    // Thanked once: the order page now shows the paid order's detail.
    await page.getByRole('link', { name: 'View order' }).click()
    await expect(page).toHaveURL(new RegExp(`/member/order/${id}$`))
    await expect(page.getByTestId('order-detail').getByTestId('order-status')).toHaveText('Paid')
  },
)

test("issue 26 item 10: paid while the order page was away, the page reloaded (or opened by the app's link) showing Paid goes to the success page", async ({
  page,
  request,
  payment,
}) => {
  const id = await placeOrder(page, request, 'BCA Virtual Account', 'pay-reload')
  await settle(request, await payment.orderNumber(), 'pay')
  // The bank app's link back is this same order page: a reload is the same first load.
  await page.reload()
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/success$`))
  await expect(payment.result().getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  await expect(payment.result()).toContainText("We'll process your order within 24 hours.")
  // Thanked once: the order page, opened again, shows the paid order's detail.
  await page.goto(`/member/order/${id}`)
  await expect(page.getByTestId('order-detail').getByTestId('order-status')).toHaveText('Paid')
})

/** The time a countdown shows ('HH:MM:SS') in milliseconds. */
const shownLeft = (text: string) => {
  const [h, m, s] = text.split(':').map(Number) as [number, number, number]
  return ((h * 60 + m) * 60 + s) * 1000
}

test('issue 26 item 11: at the deadline the waiting view checks the payment once and moves to the failed result', async ({
  page,
  request,
  payment,
}) => {
  // The page's clock is ours to move (the server's is not: its expiry comes as the provider's).
  await page.clock.install()
  const id = await placeOrder(page, request, 'BCA Virtual Account', 'pay-deadline')
  const timer = payment.waiting().getByRole('timer')
  await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/)
  const left = shownLeft((await timer.textContent())!)

  // The payment expires at its deadline (the provider's expire notification, from the sandbox).
  await settle(request, await payment.orderNumber(), 'expire')
  const reads: string[] = []
  page.on('request', (asked) => {
    if (asked.url().includes(`/api/v1/member/order_history/${id}`)) reads.push(asked.url())
  })
  await page.clock.fastForward(left + 1_500)
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/failed$`))
  await expect(payment.result().getByRole('heading', { name: 'Payment Failed!' })).toBeVisible()
  await expect(payment.result()).toContainText('Sorry your transaction has cancelled, please try again later')
  // One check at 00:00:00 and the failed page's own read; nothing more as time goes on.
  await page.clock.runFor(10_000)
  expect(reads.length).toBeLessThanOrEqual(2)
})

test('issue 26 item 11: the waiting page checks once at 00:00:00 and stays while the server still waits', async ({
  page,
  request,
  payment,
}) => {
  await page.clock.install()
  const id = await placeOrder(page, request, 'BCA Virtual Account', 'pay-deadline-open')
  await page.goto(`/member/order/${id}/waiting`)
  const timer = payment.result().getByRole('timer')
  await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/)
  const left = shownLeft((await timer.textContent())!)

  const reads: string[] = []
  page.on('request', (asked) => {
    if (asked.url().includes(`/api/v1/member/order_history/${id}`)) reads.push(asked.url())
  })
  // A clock a little ahead of the server's: at 00:00:00 the page asks, the order is still Open.
  await page.clock.fastForward(left + 1_500)
  await expect(timer).toHaveText('00:00:00')
  await expect.poll(() => reads.length).toBe(1)
  await page.clock.runFor(10_000)
  expect(reads).toHaveLength(1)
  await expect(page).toHaveURL(new RegExp(`/member/order/${id}/waiting$`))
  await expect(payment.result().getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible()
})
