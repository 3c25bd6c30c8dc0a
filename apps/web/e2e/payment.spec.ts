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

  // The spec's succes link for an Open order lands on waiting, with its countdown.
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
  'GoPay: QR and the app link on phones; paid elsewhere, the order reloads when the tab is visible again',
  { tag: '@split' },
  async ({ page, request, payment }) => {
    await placeOrder(page, request, 'GoPay', 'pay-gopay')
    const waiting = payment.waiting()
    await expect(waiting.getByTestId('payment-qr')).toBeVisible()
    const link = waiting.getByRole('link', { name: 'Pay in the GoPay app' })
    if ((page.viewportSize()?.width ?? 0) >= 1024) await expect(link).toBeHidden()
    else await expect(link).toHaveAttribute('href', /.+/)

    await settle(request, await payment.orderNumber(), 'pay')
    // The shopper comes back from the app: the tab turns visible and the order is read again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await expect(page.getByTestId('order-detail').getByTestId('order-status')).toHaveText('Paid')
    await expect(waiting).toBeHidden()
  },
)
