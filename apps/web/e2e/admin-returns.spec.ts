import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect } from './fixtures/storefront.ts'
import { registerMember } from './fixtures/account.ts'
import { addPrimaryAddress, asShopper } from './fixtures/checkout.ts'
import { freshWaybill, staffAction, staffToken } from './fixtures/orders.ts'
import { settle } from './fixtures/payment.ts'
import { BackOffice } from './fixtures/admin.ts'
import { AxeReport } from './fixtures/axe.ts'
import { STAFF } from './fixtures/staff.ts'

/**
 * Staff work returns through the back office (issue 40): the owner approves a refund return,
 * counts its parcel (one unit not accepted, with the reason, the rest into the selling warehouse)
 * and records the bank transfer; then works a size exchange to shipped at phone width. The returns
 * are asked for through the buyer API on delivered orders; axe on every new screen.
 */

const shotsDir = '../../test-results/admin/'
const BRAND = { 'x-brand-id': '9' }
/** The demo's bucket hat (one size) and the sage pleated skirt (S to L in stock, XL sold out). */
const HAT = 'PRP-1081'
const SKIRT = 'PRP-1060'

let staff: Promise<string> | undefined
async function asStaff(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const call = async () =>
    request.post(`/api/admin/v1${path}`, {
      headers: { authorization: `Bearer ${await (staff ??= staffToken(request))}` },
      data,
    })
  let answer = await call()
  if (answer.status() === 401) {
    staff = undefined
    answer = await call()
  }
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true)
  return answer
}

interface Variant {
  sku_product: string
  ukuran: string
  status_variant: string
}

async function sizesOf(request: APIRequestContext, code: string): Promise<Variant[]> {
  const answer = await request.get(`/api/v1/pages/product?product_code=${code}`, { headers: BRAND })
  expect(answer.ok(), await answer.text()).toBe(true)
  return ((await answer.json()) as { data: { data: { variant: Variant[] } } }).data.data.variant.filter(
    (v) => v.status_variant === 'available',
  )
}

/**
 * A fresh member buys `qty` of `sku` with BCA Virtual Account (refunded by bank transfer), pays at
 * the sandbox, and staff ship and deliver it (the warehouse first receives the units, so the stock
 * is left as found).
 */
async function deliveredOrder(
  request: APIRequestContext,
  code: string,
  sku: string,
  qty: number,
  tag: string,
) {
  const member = await registerMember(request, tag)
  const token = member.user.token
  await addPrimaryAddress(request, token)
  await asStaff(request, '/stock/adjust', {
    sku_product: sku,
    delta: qty,
    reason: 'received',
    note: 'e2e: the units a returns journey orders',
  })
  const line = { product_code: code, sku_product: sku, qty }
  // The bag takes one unit at a time; the same sku again adds to its line.
  for (let unit = 0; unit < qty; unit++) {
    const added = await request.post('/api/v1/cart/add', { ...asShopper(token), data: { ...line, qty: 1 } })
    expect(added.ok(), await added.text()).toBe(true)
  }
  const bag = await request.get('/api/v1/cart', asShopper(token))
  const idLine = ((await bag.json()) as { data: { id_line: number; sku_product: string }[] }).data.find(
    (item) => item.sku_product === sku,
  )!.id_line
  const quote = await request.post('/api/v1/orders/cart_new', {
    ...asShopper(token),
    data: { products: [line] },
  })
  expect(quote.ok(), await quote.text()).toBe(true)
  const courier = ((await quote.json()) as { data: { jenis_paket_list: { id: number; tarif: number }[] } })
    .data.jenis_paket_list[0]!
  const payments = await request.get('/api/v1/orders/payment', {
    headers: BRAND,
    params: { token, delivery_price: courier.tarif, total_transaction: 1_000_000 },
  })
  const payment = ((await payments.json()) as { data: { id_payment: number; name: string }[] }).data.find(
    (p) => /BCA Virtual Account/.test(p.name),
  )!
  const placed = await request.post('/api/v1/orders/checkout_new', {
    ...asShopper(token),
    data: {
      id_delivery_method: courier.id,
      id_payment: payment.id_payment,
      products: [{ ...line, id_line: idLine }],
    },
  })
  expect(placed.ok(), await placed.text()).toBe(true)
  const id = ((await placed.json()) as { data: { id_sales_header: string } }).data.id_sales_header
  const order = await request.get(`/api/v1/member/order_history/${id}`, asShopper(token))
  const number = ((await order.json()) as { data: { sales_header: { sales_order_number: string } } }).data
    .sales_header.sales_order_number
  await settle(request, number, 'pay')
  const session = await staffToken(request)
  await staffAction(request, session, number, 'ship', { courier: 'jne', no_resi: freshWaybill() })
  await staffAction(request, session, number, 'deliver')
  return { id, number, token }
}

/** The buyer asks for a return through the member API; answers its number. */
async function askReturn(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const answer = await request.post('/api/v1/member/returns', { ...asShopper(token), data: body })
  expect(answer.ok(), await answer.text()).toBe(true)
  return ((await answer.json()) as { data: { return_number: string } }).data.return_number
}

/** The page does not scroll sideways (phone widths). */
const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)

test('staff approve a return, count its parcel, record the bank transfer, and ship a size exchange', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000)
  const tag = `rtn${Date.now().toString(36)}`
  // A refund: two hats back, too big, to be paid by bank transfer.
  const hat = (await sizesOf(request, HAT))[0]!
  const refundOrder = await deliveredOrder(request, HAT, hat.sku_product, 2, `${tag}a`)
  const refundNumber = await askReturn(request, refundOrder.token, {
    id_sales_header: refundOrder.id,
    resolution: 'REFUND',
    lines: [{ sku_product: hat.sku_product, qty: 2, reason: 'TOO_BIG' }],
    refund_account: { bank: 'BCA', number: '1234567890', holder: 'Sari Retur' },
    note: `Kebesaran, mohon dana dikembalikan (${tag})`,
  })
  // An exchange: a skirt in the first size for the next one.
  const [small, larger] = await sizesOf(request, SKIRT)
  const exchangeOrder = await deliveredOrder(request, SKIRT, small!.sku_product, 1, `${tag}b`)
  const exchangeNumber = await askReturn(request, exchangeOrder.token, {
    id_sales_header: exchangeOrder.id,
    resolution: 'EXCHANGE',
    lines: [
      { sku_product: small!.sku_product, qty: 1, reason: 'TOO_SMALL', exchange_sku: larger!.sku_product },
    ],
  })

  const office = await BackOffice.signedIn(browser, STAFF)
  const admin = office.page
  const context = admin.context()
  const axe = new AxeReport(admin, testInfo)

  // The home counts returns to review; its link opens the queue filtered.
  const review = admin.getByTestId('todo-returns-review')
  await expect(review.getByTestId('todo-returns-review-count')).not.toHaveText('0')
  await expect(admin.getByTestId('todo-returns-refund')).toBeVisible()
  await admin.screenshot({ path: `${shotsDir}home-returns-1280.png`, fullPage: true })
  await review.getByRole('link').click()
  await expect(admin.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible()
  await expect(admin).toHaveURL(/\/admin\/returns\?status=REQUESTED$/)
  await expect(admin.getByRole('button', { name: /^To review \(\d+\)$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(admin.getByLabel('State', { exact: true })).toHaveValue('REQUESTED')

  // A search by the order finds the refund alone, with its reason, the parcel not sent yet and its age.
  await admin.getByRole('searchbox', { name: 'Search' }).fill(refundOrder.number)
  await admin.getByRole('searchbox', { name: 'Search' }).press('Enter')
  const row = admin.locator('tbody tr')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(refundNumber)
  await expect(row).toContainText('Too big')
  await expect(row).toContainText('Not sent yet')
  await expect(row).toContainText('min ago')
  await axe.check('bo returns queue')
  await admin.screenshot({ path: `${shotsDir}returns-1280.png`, fullPage: true })

  // The return's page: its line, the note, the order it came from, the estimate.
  await row.getByRole('link', { name: refundNumber }).click()
  await expect(admin.getByRole('heading', { level: 1, name: `Return ${refundNumber}` })).toBeVisible()
  await expect(admin.getByTestId('return-lines')).toContainText('Too big')
  await expect(admin.getByTestId('buyer-note')).toContainText(tag)
  await expect(admin.getByRole('link', { name: `Order ${refundOrder.number}` })).toBeVisible()
  await expect(admin.getByTestId('refund-state')).toHaveText('Estimate')
  // The owner sees the whole account number to transfer to.
  await expect(admin.getByTestId('refund-account-number')).toHaveText('1234567890')
  await axe.check('bo return to review')

  // Approve, confirmed.
  await admin.getByRole('button', { name: 'Approve' }).click()
  const approve = admin.getByRole('dialog', { name: `Approve return ${refundNumber}?` })
  await axe.check('bo return approve dialog')
  await approve.getByRole('button', { name: 'Approve' }).click()
  await expect(approve).toBeHidden()
  await expect(admin.getByRole('main')).toContainText('Approved')

  // The parcel arrives: one hat accepted, the other not (with the reason), into the selling warehouse.
  const receive = admin.getByTestId('receive-form')
  const line = receive.getByRole('group')
  await expect(line.getByLabel('Accepted of 2')).toHaveValue('2')
  const warehouse = line.getByLabel('Into warehouse')
  if (await warehouse.count()) await expect(warehouse.locator('option:checked')).toContainText('(selling)')
  await line.getByLabel('Accepted of 2').fill('1')
  await expect(admin.getByRole('button', { name: 'Count what arrived' })).toBeDisabled()
  await line.getByLabel('Why 1 not accepted').fill('Dipakai, label dilepas')
  await axe.check('bo return receive form')
  await admin.screenshot({ path: `${shotsDir}return-receive-1280.png`, fullPage: true })
  await admin.getByRole('button', { name: 'Count what arrived' }).click()
  const received = admin.getByRole('dialog', { name: `Record what arrived for ${refundNumber}?` })
  await expect(received).toContainText('1 of 2 units accepted back into stock.')
  await received.getByRole('button', { name: 'Record the receipt' }).click()
  await expect(received).toBeHidden()
  await expect(admin.getByTestId('return-lines')).toContainText('Accepted: 1 of 2')
  await expect(admin.getByTestId('return-lines')).toContainText('Not accepted: Dipakai, label dilepas')
  await expect(admin.getByTestId('refund-state')).toHaveText('To pay')

  // The bank transfer, recorded with its reference and confirmed.
  await admin.getByLabel('Transfer reference').fill(`TRF-${tag}`)
  await admin.getByRole('button', { name: 'Record the bank transfer' }).click()
  const refund = admin.getByRole('dialog', { name: /^Record Rp [\d.]+ as paid back\?$/ })
  await refund.getByRole('button', { name: 'Record the refund' }).click()
  await expect(refund).toBeHidden()
  await expect(admin.getByTestId('refund-state')).toHaveText('Paid back')
  await expect(admin.getByRole('main')).toContainText(`TRF-${tag}`)
  await expect(admin.getByTestId('return-events')).toContainText('Refunded')
  // What the buyer was told at each step, as on the order's page.
  const told = admin.getByRole('list', { name: 'Messages to the buyer' })
  await expect(told).toContainText('Return approved')
  await expect(told).toContainText('Return refunded')
  await axe.check('bo return refunded')
  await admin.screenshot({ path: `${shotsDir}return-refunded-1280.png`, fullPage: true })
  // The order's page lists its return.
  await admin.getByRole('link', { name: `Order ${refundOrder.number}` }).click()
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${refundOrder.number}` })).toBeVisible()
  await expect(admin.getByTestId('order-returns')).toContainText(refundNumber)
  await expect(admin.getByTestId('order-returns')).toContainText('Refunded')

  // At phone width: the exchange, from the queue to shipped.
  await admin.setViewportSize({ width: 390, height: 844 })
  await admin.goto('/admin/returns')
  await admin.getByRole('searchbox', { name: 'Search' }).fill(exchangeNumber)
  await admin.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(admin.locator('tbody tr')).toHaveCount(1)
  await noSideways(admin)
  await admin.screenshot({ path: `${shotsDir}returns-390.png`, fullPage: true })
  await admin.getByRole('link', { name: exchangeNumber }).click()
  await expect(admin.getByRole('heading', { level: 1, name: `Return ${exchangeNumber}` })).toBeVisible()
  await expect(admin.getByTestId('return-lines')).toContainText(`For size ${larger!.ukuran}`)
  await admin.getByRole('button', { name: 'Approve' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByTestId('return-lines')).toContainText('1 held for the buyer')
  await admin.getByRole('button', { name: 'Count what arrived' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Record the receipt' }).click()
  await expect(admin.getByTestId('return-lines')).toContainText('Accepted: 1 of 1')
  const waybill = freshWaybill()
  await admin.getByLabel('Courier').fill('jne')
  await admin.getByLabel('Waybill number').fill(waybill)
  await noSideways(admin)
  await axe.check('bo return exchange to ship (390)')
  await admin.screenshot({ path: `${shotsDir}return-exchange-390.png`, fullPage: true })
  await admin.getByRole('button', { name: 'Ship the new size' }).click()
  const ship = admin.getByRole('dialog', { name: `Ship the new size of ${exchangeNumber}?` })
  await expect(ship).toContainText(waybill)
  await ship.getByRole('button', { name: 'Ship it' }).click()
  await expect(ship).toBeHidden()
  await expect(admin.getByRole('main')).toContainText('New size shipped')
  await expect(admin.getByTestId('exchange-parcel')).toContainText(waybill)

  // The return rules, in Indonesian at phone width: the owner may change them.
  // The menu is folded on a phone: the language is chosen inside it.
  await admin.getByRole('button', { name: 'Menu' }).click()
  await office.chooseLanguage('id')
  // (Within the app: a new page load would start in English again, as useEnglish asks.)
  await admin.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Retur' }).click()
  await admin.getByRole('link', { name: 'Aturan retur' }).click()
  await expect(admin.getByRole('heading', { level: 1, name: 'Aturan retur' })).toBeVisible()
  await expect(admin.getByLabel('Batas waktu retur (hari setelah diterima)')).toBeEnabled()
  await expect(admin.getByLabel('Alamat')).not.toHaveValue('')
  await noSideways(admin)
  await axe.check('bo return rules (390, id)')
  await admin.screenshot({ path: `${shotsDir}return-rules-390-id.png`, fullPage: true })
  await admin.setViewportSize({ width: 1280, height: 900 })
  await admin.getByRole('link', { name: '← Retur' }).click()
  await expect(admin.getByRole('heading', { level: 1, name: 'Retur' })).toBeVisible()
  await admin.getByRole('button', { name: /^Disetujui \(\d+\)$/ }).click()
  await expect(admin).toHaveURL(/status=APPROVED/)
  await admin.getByRole('button', { name: 'Semua' }).click()
  await expect(admin.locator('tbody tr').filter({ hasText: exchangeNumber })).toContainText(
    'Ukuran baru dikirim',
  )
  await axe.check('bo returns queue (id)')
  await admin.screenshot({ path: `${shotsDir}returns-1280-id.png`, fullPage: true })
  await axe.done()
  await context.close()
})
