import type { Page, TestInfo } from '@playwright/test'
import { test as base, expect, demo, productUrl } from './fixtures/storefront.ts'
import { storeGuestSession, storeSession } from './fixtures/account.ts'
import { AxeReport } from './fixtures/axe.ts'
import { RED_PNG } from './fixtures/reviews.ts'
import { freshWaybill } from './fixtures/orders.ts'
import {
  asStaff,
  deliveredOrder,
  receiveOne,
  ReturnPages,
  staffReturn,
  variantsOf,
} from './fixtures/returns.ts'

/*
 * Returns and size exchanges, the buyer's side (issue 40), at phone and laptop widths: delivered
 * orders are made through the API (checkout, the sandbox's payment, staff ship and deliver), the
 * buyer asks in the storefront, and staff moves (approve, receive, refund, ship) go through the
 * staff API to show the buyer's later states. Axe scans every new screen.
 */
const test = base.extend<{ returns: ReturnPages; axe: AxeReport }>({
  returns: async ({ page }, use) => {
    // A delivered order waits for a review: the reviews journeys own that reminder, which would
    // otherwise pop up over these screens (over the form on a phone).
    await page.route('**/api/v1/pages/notification?**', (route) =>
      route.fulfill({ json: { status: 200, message: 'OK', data: { total_rating: 0 } } }),
    )
    await use(new ReturnPages(page))
  },
  axe: async ({ page }, use, testInfo) => {
    const report = new AxeReport(page, testInfo)
    await use(report)
    await report.done()
  },
})

/** A full-page picture of the screen beside the run's results, to look at. */
const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true })

/** The hat's only size (ALL SIZE): a single-variant product. */
async function hatSku(request: Parameters<typeof variantsOf>[0]) {
  return (await variantsOf(request, demo.singleVariant.code))[0]!.sku_product
}

test.describe('a member, consented to analytics', () => {
  test.use({ analyticsConsent: 'granted' })

  test('returns one of two hats for a refund by bank transfer with a photo, cancels a second request, and sees the refund', async ({
    page,
    request,
    returns,
    axe,
  }, testInfo) => {
    // An order, a return, staff moves to the refund and a second request: more than one step's time.
    test.slow()
    // Nothing leaves the machine: the analytics vendors' scripts are answered here.
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
    )
    const sku = await hatSku(request)
    const order = await deliveredOrder(request, {
      as: 'member',
      code: demo.singleVariant.code,
      sku,
      qty: 2,
      payment: /BCA Virtual Account/,
      tag: 'return-va',
    })
    await storeSession(page, { token: order.token, id_pelanggan: order.id_pelanggan })

    // The delivered order offers the return, until when.
    await page.goto(`/member/order/${order.id}`)
    await expect(returns.orderReturns()).toContainText(/Within 7 days of delivery: until \d{1,2} \w{3} \d{4}/)
    await axe.check('order with returns')
    await returns.startLink().click()
    await expect(page).toHaveURL(new RegExp(`/member/order/${order.id}/return$`))

    // The form: refund first; the hat, one of two, DEFECT needs a photo; a virtual account needs the bank account.
    const form = returns.form()
    await expect(form.getByRole('radio', { name: /^Refund/ })).toBeChecked()
    await form.getByRole('checkbox', { name: new RegExp(demo.singleVariant.name) }).check()
    const line = returns.line(demo.singleVariant.name)
    await expect(line.getByLabel('How many')).toHaveValue('1')
    await line.getByLabel('Reason').selectOption('DEFECT')
    await expect(form.getByTestId('refund-account')).toBeVisible()
    await returns.submit().click()
    await expect(form.getByText('Add at least one photo that shows the problem.')).toBeVisible()
    await expect(form.getByText('Enter the bank.')).toBeVisible()
    await axe.check('return request with problems')
    await form
      .getByTestId('return-photo-input')
      .setInputFiles({ name: 'tear.png', mimeType: 'image/png', buffer: RED_PNG })
    await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible()
    await form.getByLabel('Bank', { exact: true }).fill('BCA')
    await form.getByLabel('Account number').fill('1234 5678 90')
    await form.getByLabel('Account holder').fill('Sari Checkout')
    await form.getByLabel('Note (optional)').fill('The brim came unstitched.')
    await shot(page, testInfo, 'return-request')
    await returns.submit().click()

    // Its own page: number, Requested, the piece, the photo, the estimate to the masked account.
    const first = await returns.returnNumber()
    await expect(returns.status()).toHaveText('Requested')
    const view = page.getByTestId('return-page')
    await expect(view.getByTestId('return-page-line')).toContainText('Defective')
    await expect(view.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', /^\/media\/return\//)
    await expect(view.getByTestId('return-refund')).toContainText('Bank transfer to BCA')
    await expect(view.getByTestId('return-refund')).not.toContainText('1234567890')
    await expect(view.getByTestId('return-timeline')).toContainText('Requested')
    await axe.check('return requested')
    await shot(page, testInfo, 'return-requested')

    // Listed on the order; the second hat can still be returned: a second request, cancelled.
    await view.getByRole('link', { name: `Order ${order.number}` }).click()
    await expect(returns.orderReturns().getByTestId('order-return').filter({ hasText: first })).toContainText(
      'Requested',
    )
    await returns.startLink().click()
    await form.getByRole('checkbox', { name: new RegExp(demo.singleVariant.name) }).check()
    // One hat is left to return: no count to choose.
    await expect(returns.line(demo.singleVariant.name).getByLabel('How many')).toHaveCount(0)
    await returns.line(demo.singleVariant.name).getByLabel('Reason').selectOption('CHANGED_MIND')
    await form.getByLabel('Bank', { exact: true }).fill('BCA')
    await form.getByLabel('Account number').fill('1234567890')
    await form.getByLabel('Account holder').fill('Sari Checkout')
    await returns.submit().click()
    const second = await returns.returnNumber()
    expect(second).not.toBe(first)
    await view.getByRole('button', { name: 'Cancel this request' }).click()
    const confirm = page.getByRole('dialog', { name: 'Cancel this request?' })
    await axe.check('cancel confirm')
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click()
    await expect(confirm).toBeHidden()
    await expect(returns.status()).toHaveText('Cancelled')
    await expect(view.getByRole('button', { name: 'Cancel this request' })).toHaveCount(0)

    // Staff approve the first: where to send it, and the waybill of the parcel sent back.
    await staffReturn(request, first, 'approve')
    await page.goto(`/member/returns/${first}`)
    await expect(returns.status()).toHaveText('Approved: send the parcel')
    await expect(view.getByTestId('return-ship-to')).toContainText('Busana Returns')
    const waybill = view.getByTestId('return-waybill')
    await waybill.getByLabel('Courier').fill('JNE')
    await waybill.getByLabel('Waybill number').fill('x')
    await waybill.getByRole('button', { name: 'Save waybill' }).click()
    await expect(waybill.getByText('Enter the waybill: 6 to 40 letters, digits or dashes.')).toBeVisible()
    const sentBack = freshWaybill()
    await waybill.getByLabel('Waybill number').fill(sentBack)
    await waybill.getByRole('button', { name: 'Save waybill' }).click()
    await expect(view.getByTestId('return-buyer-parcel')).toContainText(`JNE ${sentBack}`)
    await axe.check('return approved')
    await shot(page, testInfo, 'return-approved')

    // Staff receive it and the owner records the transfer: refunded, reported once to analytics.
    await staffReturn(request, first, 'receive', { lines: [{ sku_product: sku, accepted_qty: 1 }] })
    await staffReturn(request, first, 'refund', { reference: `TRF-${Date.now()}` })
    await page.goto(`/member/returns/${first}`)
    await expect(returns.status()).toHaveText('Refunded')
    await expect(view.getByTestId('return-refund')).toContainText('Paid back')
    await expect(view.getByTestId('return-page-line')).toContainText('Accepted: 1 of 1')
    const amountText = (await view.getByTestId('return-refund-amount').textContent())!
    const refunds = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
          .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
          .map((entry) => Array.from(entry as ArrayLike<unknown>))
          .filter((call) => call[0] === 'event' && call[1] === 'refund')
          .map((call) => call[2]),
      )
    await expect.poll(refunds).toHaveLength(1)
    const [event] = (await refunds()) as { transaction_id: string; value: number; currency: string }[]
    expect(event).toMatchObject({ transaction_id: order.number, currency: 'IDR' })
    expect(event!.value).toBeGreaterThan(0)
    // The amount shown first (the delivery fee, refunded for a defect, is inside it).
    expect(amountText.replace(/\D/g, '')).toMatch(new RegExp(`^${event!.value}`))
    await axe.check('return refunded')
    await shot(page, testInfo, 'return-refunded')
    // A reload does not report the refund twice.
    await page.reload()
    await expect(returns.status()).toHaveText('Refunded')
    expect(await refunds()).toHaveLength(0)

    // The list of returns, from the account menu.
    await page.goto('/member/returns')
    const rows = page.getByTestId('return-row')
    await expect(rows.filter({ hasText: first })).toContainText('Refunded')
    await expect(rows.filter({ hasText: second })).toContainText('Cancelled')
    if (returns.isLaptop) {
      await expect(
        page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Returns' }),
      ).toHaveAttribute('aria-current', 'page')
    }
    await axe.check('returns list')
    await shot(page, testInfo, 'returns-list')
  })
})

test('a member swaps a piece for another size, sees the new size, and follows its parcel', async ({
  page,
  request,
  returns,
  axe,
}, testInfo) => {
  test.slow()
  // Two sizes that can be bought now; each journey's order and exchange leave their stock as found.
  const sizes = (await variantsOf(request, demo.onSale.code)).filter((v) => v.status_variant === 'available')
  expect(sizes.length).toBeGreaterThanOrEqual(2)
  const [bought, wanted] = sizes as [(typeof sizes)[0], (typeof sizes)[0]]
  await receiveOne(request, wanted.sku_product)
  const order = await deliveredOrder(request, {
    as: 'member',
    code: demo.onSale.code,
    sku: bought.sku_product,
    payment: /BCA Virtual Account/,
    tag: 'return-swap',
  })
  await storeSession(page, { token: order.token, id_pelanggan: order.id_pelanggan })

  await page.goto(`/member/order/${order.id}/return`)
  const form = returns.form()
  await form.getByRole('radio', { name: /Exchange for another size/ }).check()
  // An exchange asks for no bank account.
  await expect(form.getByTestId('refund-account')).toHaveCount(0)
  await form.getByRole('checkbox', { name: new RegExp(demo.onSale.name) }).check()
  const line = returns.line(demo.onSale.name)
  await line.getByLabel('Reason').selectOption('TOO_SMALL')
  await returns.submit().click()
  await expect(line.getByText('Choose the size you want instead.')).toBeVisible()
  await line.getByLabel('New size').selectOption({ label: wanted.ukuran })
  await axe.check('exchange request')
  await shot(page, testInfo, 'exchange-request')
  await returns.submit().click()

  const number = await returns.returnNumber()
  const view = page.getByTestId('return-page')
  await expect(view.getByRole('heading', { level: 1 })).toContainText(`Exchange ${number}`)
  await expect(view.getByTestId('return-new-size')).toHaveText(`New size: ${wanted.ukuran}`)
  await expect(view.getByTestId('return-refund')).toHaveCount(0)

  // Staff approve, receive and ship the new size: the buyer follows its parcel.
  await staffReturn(request, number, 'approve')
  await staffReturn(request, number, 'receive', {
    lines: [{ sku_product: bought.sku_product, accepted_qty: 1 }],
  })
  const parcel = freshWaybill()
  await staffReturn(request, number, 'ship', { no_resi: parcel, courier: 'jne' })
  await page.goto(`/member/returns/${number}`)
  await expect(returns.status()).toHaveText('New size shipped')
  const shipped = view.getByTestId('return-exchange-parcel')
  await expect(shipped).toContainText(parcel)
  // The courier's timeline opens in place, the shop's hand-over with the waybill at its end.
  await view.getByRole('button', { name: 'Track the parcel' }).click()
  const timeline = view.getByTestId('return-exchange-tracking')
  await expect(timeline.getByRole('listitem').last()).toContainText(parcel)
  await axe.check('exchange shipped')
  await shot(page, testInfo, 'exchange-shipped')
})

test('a guest by phone returns through the order lookup, in Indonesian, refunded to GoPay on receipt', async ({
  page,
  request,
  context,
  baseURL,
  returns,
  axe,
}, testInfo) => {
  test.slow()
  const order = await deliveredOrder(request, {
    as: 'guest',
    code: demo.singleVariant.code,
    sku: await hatSku(request),
    payment: /GoPay/,
    tag: 'return-guest',
  })
  await storeGuestSession(page, { token: order.token, id_pelanggan: order.id_pelanggan }, order.phone!)
  await context.addCookies([{ name: 'i18next', value: 'id', url: baseURL! }])

  // The lookup lists the guest's own orders; the order's detail offers the return.
  await page.goto('/tracking')
  await page
    .locator(`[data-testid="order-row"][data-order-number="${order.number}"]`)
    .getByRole('link', { name: 'Lihat Detail' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/member/order/${order.id}$`))
  await returns.orderReturns().getByRole('link', { name: 'Kembalikan atau tukar' }).click()

  const form = returns.form()
  await expect(form.getByRole('radio', { name: /Pengembalian dana.*Kembali ke GoPay/ })).toBeChecked()
  await form.getByRole('checkbox', { name: new RegExp(demo.singleVariant.name) }).check()
  await returns.line(demo.singleVariant.name).getByLabel('Alasan').selectOption('TOO_BIG')
  // An e-wallet is refunded by the provider: no bank account, and TOO_BIG needs no photo.
  await expect(form.getByTestId('refund-account')).toHaveCount(0)
  await axe.check('return request (id, guest)')
  await shot(page, testInfo, 'guest-request-id')
  await form.getByRole('button', { name: 'Kirim pengajuan' }).click()

  const number = await returns.returnNumber()
  const view = page.getByTestId('return-page')
  await expect(returns.status()).toHaveText('Diajukan')
  await expect(view.getByTestId('return-refund')).toContainText('Kembali ke GoPay')
  await axe.check('return requested (id, guest)')

  // Staff approve and receive: the provider refunds at receipt.
  await staffReturn(request, number, 'approve')
  await staffReturn(request, number, 'receive', {
    lines: [{ sku_product: order.sku, accepted_qty: 1 }],
  })
  await page.goto(`/member/returns/${number}`)
  await expect(returns.status()).toHaveText('Dana dikembalikan')
  await expect(view.getByTestId('return-refund')).toContainText('Sudah dikembalikan')
  await shot(page, testInfo, 'guest-refunded-id')

  // The order lists it; nothing more of it can be returned.
  await page.goto(`/member/order/${order.id}`)
  await expect(returns.orderReturns().getByTestId('order-return')).toContainText(number)
  await expect(returns.orderReturns().getByRole('link', { name: 'Kembalikan atau tukar' })).toHaveCount(0)
})

test('a final-sale product says so by its price, in both languages', async ({
  page,
  request,
  context,
  baseURL,
}, testInfo) => {
  // A product no other journey looks at: staff mark it final sale (idempotent, so both widths may).
  const code = 'PRP-1047'
  await asStaff(request, 'patch', `/products/${code}`, { final_sale: true })
  const product = await request.get(`/api/v1/pages/product?product_code=${code}`, {
    headers: { 'x-brand-id': '9' },
  })
  const name = ((await product.json()) as { data: { data: { product_name: string } } }).data.data.product_name
  const url = productUrl({ code, name })
  // The staff change reaches the page cache through the change poll.
  await expect
    .poll(async () => {
      await page.goto(url)
      return page.getByTestId('final-sale').count()
    })
    .toBe(1)
  await expect(page.getByTestId('final-sale')).toHaveText('Final sale — this piece cannot be returned')
  await page.screenshot({ path: testInfo.outputPath(`final-sale-${testInfo.project.name}.png`) })
  await context.addCookies([{ name: 'i18next', value: 'id', url: baseURL! }])
  await page.goto(url)
  await expect(page.getByTestId('final-sale')).toHaveText('Final sale — produk ini tidak dapat dikembalikan')
})
