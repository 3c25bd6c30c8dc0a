import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { count, eq, inArray } from 'drizzle-orm'
import type { OrderDetail } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  addBundleOptions,
  createBrand,
  createPaymentMethod,
  createProduct,
  stockOf as sellableStockOf,
} from '../../test/factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import {
  paymentNotifications,
  payments,
  salesHeaders,
  voucherRedemptions,
  vouchers,
} from '../../db/schema/index.ts'
import { sandboxPayments } from '../../providers/payments/sandbox.ts'
import { hasValidCrc, parseEmv } from '../../providers/payments/qris.ts'
import {
  notificationSignature,
  SANDBOX_SERVER_KEY,
  type PaymentProvider,
} from '../../providers/payments/index.ts'
import { shopper } from '../orders/orders.fixtures.ts'
import { orderHeaderStore } from '../orders/index.ts'
import { signedNotification } from './dev-payments.routes.ts'
import { runPaymentExpiry, type PaymentContext } from './payments.service.ts'
import { startPaymentExpiry } from '../../jobs/payment-expiry.ts'
import { ensureFirstStaff } from '../staff/index.ts'

/**
 * Payments through HTTP (decision 020): checkout charges the order, the order detail shows how to
 * pay, notifications are verified and applied once, and the expiry job returns stock and vouchers
 * once. The provider is the sandbox behind a switch that can make the next charges fail.
 */

let t: TestApp
const db = () => t.database.db
let s: ReturnType<typeof shopper>
const methods: Record<string, number> = {}
let failCharges = 0
const sandbox = sandboxPayments({ serverKey: SANDBOX_SERVER_KEY, publicUrl: 'http://localhost:3000' })
const flaky: PaymentProvider = {
  ...sandbox,
  async charge(request, signal) {
    if (failCharges > 0) {
      failCharges--
      throw new Error('sandbox: provider unavailable')
    }
    return sandbox.charge(request, signal)
  },
}
const silent = { warn() {}, info() {}, error() {} }
const ctx = (): PaymentContext => ({
  db: db(),
  payments: flaky,
  config: t.config,
  log: silent,
  headers: orderHeaderStore,
})

let shirt: { code: string; sku: string }

async function product(price: number, stock = 100) {
  const row = await createProduct(db(), {
    idBrand: 9,
    sellingPrice: price,
    sizes: [{ ukuran: 'M', stock, sellingPrice: price }],
  })
  return { code: row.productCode, sku: `${row.productCode}-M` }
}

const stockOf = (sku: string) => sellableStockOf(db(), sku)

const headerOf = async (id: string) =>
  (await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id)))[0]!

/** A new member orders `qty` shirts (or the lines `fill` puts in the bag) paying with `method`. */
async function place(
  method: string,
  options: { qty?: number; kodePromo?: string; item?: { code: string; sku: string } } = {},
) {
  const m = await s.member()
  const item = options.item ?? shirt
  const bag = await s.addToBag(m.token, item.code, item.sku, options.qty ?? 1)
  const res = await s.checkoutNew(m.token, {
    id_delivery_method: 1,
    id_payment: methods[method],
    products: s.ticked(bag),
    ...(options.kodePromo ? { use_promo: true, kode_promo: options.kodePromo } : {}),
  })
  expect(res.statusCode, res.body).toBe(200)
  const id = res.json().data.id_sales_header as string
  return { ...m, id, res, order: await headerOf(id) }
}

const notify = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payments/notification', payload: body, headers })

const auditCount = async (orderId: string) =>
  (
    await db()
      .select({ n: count() })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, orderId))
  )[0]!.n

beforeAll(async () => {
  t = await buildTestApp({ seed: false, providers: { payments: flaky } })
  s = shopper(t)
  await loadRegions(db(), { provinces: ['31'] })
  await seedShippingRates(db())
  await createBrand(db(), { id: 9 })
  const all: Array<[string, string, number]> = [
    ['bca_va', 'VIRTUAL-ACCOUNT', 1440],
    ['bni_va', 'VIRTUAL-ACCOUNT', 1440],
    ['bri_va', 'VIRTUAL-ACCOUNT', 1440],
    ['permata_va', 'VIRTUAL-ACCOUNT', 1440],
    ['mandiri_bill', 'VIRTUAL-ACCOUNT', 1440],
    ['gopay', 'E-WALLET', 15],
    ['shopeepay', 'E-WALLET', 15],
    ['qris', 'QRIS', 15],
  ]
  for (const [code, category, expiryMinutes] of all) {
    const row = await createPaymentMethod(db(), { code, name: code, category, expiryMinutes, feeFlat: 4000 })
    methods[code] = row.id
  }
  shirt = await product(150_000, 1000)
})

afterAll(async () => {
  await t?.close()
})

describe('checkout charges the order; the order detail shows how to pay', () => {
  it('issues a realistic virtual account, bill key, QRIS or e-wallet link per method, with How to Pay steps', async () => {
    const shapes: Record<string, RegExp> = {
      bca_va: /^39358\d{11}$/,
      bni_va: /^98812345\d{8}$/,
      bri_va: /^26215\d{13}$/,
      permata_va: /^8778\d{12}$/,
      mandiri_bill: /^\d{12}$/,
    }
    for (const code of Object.keys(methods)) {
      const { token, id, res, order } = await place(code)
      expect(Object.keys(res.json().data)).toEqual(['id_sales_header'])
      const detail = await s.detail(token, id)
      expect(detail.statusCode, detail.body).toBe(200)
      const { payment, tutorial_payment } = detail.json().data as OrderDetail
      expect(payment.payment_state, code).toBe('issued')
      expect(payment.payment_method_code).toBe(code)
      expect(tutorial_payment.length, code).toBeGreaterThan(0)
      if (shapes[code]) {
        expect(payment.rekening, code).toMatch(shapes[code]!)
        expect(payment.qr_code).toBeNull()
        expect(tutorial_payment.map((step) => step.judul)[0]).toMatch(/^ATM /)
        expect(tutorial_payment).toHaveLength(3)
        expect(tutorial_payment[0]!.deskripsi).toContain(payment.rekening!)
        expect(tutorial_payment[0]!.deskripsi).toMatch(/^1\. /)
      }
      if (code === 'mandiri_bill') {
        expect(payment.biller_code).toBe('70012')
        expect(tutorial_payment[0]!.deskripsi).toContain('70012')
      }
      if (code === 'qris') {
        const qr = payment.qr_string!
        expect(hasValidCrc(qr)).toBe(true)
        const fields = new Map(parseEmv(qr))
        expect(fields.get('00')).toBe('01')
        expect(fields.get('01')).toBe('12')
        expect(fields.get('53')).toBe('360')
        expect(fields.get('54')).toBe(String(order.totalBayar))
        expect(fields.get('62')).toContain(order.salesOrderNumber)
      }
      if (code === 'gopay' || code === 'shopeepay') {
        expect(payment.deeplink).toContain(`/dev/payments?order=${order.salesOrderNumber}`)
        expect(payment.qr_string).toBe(payment.deeplink)
      }
      if (payment.qr_string) {
        expect(payment.qr_code).toBe(`/api/v1/payments/${id}/qr.svg`)
        // An <img> sends no brand header.
        const image = await t.app.inject({ method: 'GET', url: payment.qr_code! })
        expect(image.statusCode).toBe(200)
        expect(image.headers['content-type']).toContain('image/svg+xml')
        expect(image.body).toMatch(/^<svg /)
      }
      // The same order charged again answers the same numbers.
      const again = await sandbox.charge(
        {
          idSalesHeader: id,
          orderId: order.salesOrderNumber,
          grossAmount: order.totalBayar,
          method: code as never,
          orderTime: order.orderDate,
          expiresAt: order.expiredTime,
          customer: { name: 'x', email: null, phone: '0812' },
        },
        AbortSignal.timeout(1000),
      )
      expect(again.rekening).toBe(payment.rekening)
      // Settled, so that /dev/payments later lists only what the later tests place.
      await notify(signedNotification(order.salesOrderNumber, order.totalBayar, 'pay', SANDBOX_SERVER_KEY))
    }
    const qr404 = await t.app.inject({ method: 'GET', url: '/api/v1/payments/not-an-id/qr.svg' })
    expect(qr404.statusCode).toBe(404)
  })

  it('answers How to Pay in Indonesian for ?lng=id, the i18next cookie or Accept-Language, English otherwise', async () => {
    const { token, id } = await place('bca_va')
    const judul = async (query: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/member/order_history/${id}?token=${token}${query}`,
        headers: { 'x-brand-id': '9', ...headers },
      })
      expect(res.statusCode, res.body).toBe(200)
      return (res.json().data as OrderDetail).tutorial_payment[0]!.deskripsi
    }
    expect(await judul('')).toContain('Insert your BCA card')
    expect(await judul('&lng=id')).toContain('Masukkan kartu ATM BCA')
    expect(await judul('', { cookie: 'theme=x; i18next=id' })).toContain('Masukkan')
    expect(await judul('', { 'accept-language': 'fr-FR, id;q=0.8, en;q=0.5' })).toContain('Masukkan')
    expect(await judul('&lng=en', { 'accept-language': 'id' })).toContain('Insert')
    expect(await judul('&lng=xx')).toContain('Insert')
  })

  it('keeps the order when the provider fails, and issues the payment when the order is read again', async () => {
    failCharges = 1
    const { token, id } = await place('bni_va')
    const [row] = await db().select().from(payments).where(eq(payments.idSalesHeader, id))
    expect(row).toMatchObject({ state: 'failed', lastError: 'sandbox: provider unavailable', attempts: 1 })
    expect((await headerOf(id)).status).toBe('Open')
    failCharges = 1
    const stillFailing = (await s.detail(token, id)).json().data as OrderDetail
    expect(stillFailing.payment).toMatchObject({ payment_state: 'pending', rekening: null })
    const detail = (await s.detail(token, id)).json().data as OrderDetail
    expect(detail.payment.payment_state).toBe('issued')
    expect(detail.payment.rekening).toMatch(/^98812345/)
    const [after] = await db().select().from(payments).where(eq(payments.idSalesHeader, id))
    expect(after).toMatchObject({ state: 'issued', attempts: 3, lastError: null })
  })

  it('charges an order placed before payments existed (no payment row) when it is read', async () => {
    const { token, id } = await place('permata_va')
    await db().delete(payments).where(eq(payments.idSalesHeader, id))
    const detail = (await s.detail(token, id)).json().data as OrderDetail
    expect(detail.payment.rekening).toMatch(/^8778/)
  })
})

describe('POST /api/v1/payments/notification', () => {
  it('refuses a forged signature (401), a wrong amount (422), an unknown order (404), a missing field (400): nothing changes, each is stored', async () => {
    const { order } = await place('bca_va')
    const number = order.salesOrderNumber
    const pay = signedNotification(number, order.totalBayar, 'pay', SANDBOX_SERVER_KEY)
    const forged = {
      ...pay,
      signature_key: notificationSignature(number, '200', pay.gross_amount!, 'guessed-key'),
    }
    const bad = await notify(forged)
    expect(bad.statusCode).toBe(401)
    expect(bad.json().code).toBe('PAY002')
    const tampered = await notify({ ...pay, transaction_status: 'pending', status_code: '201' })
    expect(tampered.statusCode).toBe(401)
    // A lower amount signed with the right key is still not this order's total.
    const cheap = signedNotification(number, order.totalBayar - 1000, 'pay', SANDBOX_SERVER_KEY)
    const wrong = await notify(cheap)
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().code).toBe('PAY003')
    const decimals: Record<string, string> = { ...pay, gross_amount: `${order.totalBayar}.50` }
    decimals.signature_key = notificationSignature(number, '200', decimals.gross_amount!, SANDBOX_SERVER_KEY)
    expect((await notify(decimals)).statusCode).toBe(422)
    const unknown = await notify(signedNotification('BSN-000000-NOSUCH00', 1000, 'pay', SANDBOX_SERVER_KEY))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('PAY004')
    const { signature_key: _drop, ...unsigned } = pay
    const missing = await notify(unsigned)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toContain('signature_key')
    expect((await notify([1, 2] as unknown as object)).statusCode).toBe(400)
    expect((await headerOf(order.idSalesHeader)).status).toBe('Open')
    expect(await auditCount(number)).toBe(5)
    const outcomes = await db()
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, number))
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([
      'bad_signature',
      'bad_signature',
      'malformed',
      'wrong_amount',
      'wrong_amount',
    ])
  })

  it('makes the order Paid once: a replay changes nothing, a late expire or cancel leaves it Paid', async () => {
    const { token, id, order } = await place('bri_va')
    const number = order.salesOrderNumber
    const stockBefore = await stockOf(shirt.sku)
    const pay = signedNotification(number, order.totalBayar, 'pay', SANDBOX_SERVER_KEY)
    // No brand header: a provider sends none.
    const first = await notify(pay)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toEqual({ outcome: 'paid', status: 'Paid' })
    const paidAt = (await headerOf(id)).paidAt
    expect(paidAt).toBeInstanceOf(Date)
    const replays = await Promise.all([notify(pay), notify(pay), notify(pay)])
    for (const r of replays) expect(r.json().data).toEqual({ outcome: 'unchanged', status: 'Paid' })
    const late = await notify(signedNotification(number, order.totalBayar, 'expire', SANDBOX_SERVER_KEY))
    expect(late.json().data).toEqual({ outcome: 'unchanged', status: 'Paid' })
    const cancel = { ...pay, transaction_status: 'cancel', status_code: '200' }
    expect((await notify(cancel)).json().data).toEqual({ outcome: 'unchanged', status: 'Paid' })
    const h = await headerOf(id)
    expect(h).toMatchObject({ status: 'Paid', cancelledAt: null })
    expect(h.paidAt).toEqual(paidAt)
    expect(await stockOf(shirt.sku)).toBe(stockBefore)
    expect(await auditCount(number)).toBe(6)
    const detail = (await s.detail(token, id)).json().data as OrderDetail
    expect(detail.sales_header.status).toBe('Paid')
  })

  it('issue 38 item 13: a pending notification after the settlement leaves the recorded status settlement', async () => {
    const { id, order } = await place('bri_va')
    const number = order.salesOrderNumber
    const amount = `${order.totalBayar}.00`
    const signed = (statusCode: string, transactionStatus: string) => ({
      order_id: number,
      status_code: statusCode,
      gross_amount: amount,
      transaction_status: transactionStatus,
      signature_key: notificationSignature(number, statusCode, amount, SANDBOX_SERVER_KEY),
    })
    const recorded = async () =>
      (await db().select().from(payments).where(eq(payments.idSalesHeader, id)))[0]!.transactionStatus
    expect((await notify(signed('201', 'pending'))).json().data).toEqual({
      outcome: 'pending',
      status: 'Open',
    })
    expect(await recorded()).toBe('pending')
    expect((await notify(signed('200', 'settlement'))).json().data).toEqual({
      outcome: 'paid',
      status: 'Paid',
    })
    expect(await recorded()).toBe('settlement')
    // Late and out of order: answered, stored for audit, but a final status is never overwritten.
    const late = await notify(signed('201', 'pending'))
    expect(late.statusCode, late.body).toBe(200)
    expect(late.json().data).toEqual({ outcome: 'unchanged', status: 'Paid' })
    expect(await recorded()).toBe('settlement')
    expect((await headerOf(id)).status).toBe('Paid')
  })

  it('cancels on expire and returns stock, bundle parts and the voucher use once; a settlement after that stays Cancel', async () => {
    const tee = await product(80_000, 10)
    const cap = await product(40_000, 10)
    const bundle = await createProduct(db(), {
      idBrand: 9,
      isBundling: true,
      maxBundling: 2,
      sellingPrice: 99_000,
      sizes: [{ ukuran: 'SET', stock: 10, sellingPrice: 99_000 }],
    })
    await addBundleOptions(db(), bundle.productCode, 1, [tee.code])
    await addBundleOptions(db(), bundle.productCode, 2, [cap.code])
    const m = await s.member()
    await s.addToBag(m.token, tee.code, tee.sku, 2)
    const bag = await s.addToBag(
      m.token,
      bundle.productCode,
      [
        { sku_product: tee.sku, qty: 1 },
        { sku_product: cap.sku, qty: 1 },
      ],
      2,
    )
    const v = await s.voucher({ code: 'PAYBACK10', value: 10_000, usageLimit: 5 })
    const res = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: methods.gopay,
      products: s.ticked(bag),
      use_promo: true,
      kode_promo: 'PAYBACK10',
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id_sales_header as string
    const order = await headerOf(id)
    expect([
      await stockOf(tee.sku),
      await stockOf(cap.sku),
      await stockOf(`${bundle.productCode}-SET`),
    ]).toEqual([6, 8, 8])
    const expire = signedNotification(order.salesOrderNumber, order.totalBayar, 'expire', SANDBOX_SERVER_KEY)
    const answers = await Promise.all([notify(expire), notify(expire)])
    expect(answers.map((a) => a.json().data.outcome).sort()).toEqual(['cancelled', 'unchanged'])
    expect((await headerOf(id)).status).toBe('Cancel')
    expect([
      await stockOf(tee.sku),
      await stockOf(cap.sku),
      await stockOf(`${bundle.productCode}-SET`),
    ]).toEqual([10, 10, 10])
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.id, v.id))
    expect(voucher!.usedCount).toBe(0)
    expect(
      await db().select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, v.id)),
    ).toEqual([])
    const late = await notify(
      signedNotification(order.salesOrderNumber, order.totalBayar, 'pay', SANDBOX_SERVER_KEY),
    )
    expect(late.json().data).toEqual({ outcome: 'paid_after_cancel', status: 'Cancel' })
    expect(await stockOf(tee.sku)).toBe(10)
    // The customer may order again, and use the voucher again.
    const again = await s.addToBag(m.token, tee.code, tee.sku)
    const next = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: methods.bca_va,
      products: s.ticked(again),
      use_promo: true,
      kode_promo: 'PAYBACK10',
    })
    expect(next.statusCode, next.body).toBe(200)
  })
})

describe('payment expiry', () => {
  it('cancels overdue Open orders once with two job runners racing, returning stock and voucher uses once', async () => {
    const item = await product(100_000, 20)
    await s.voucher({ code: 'RACE5', value: 5_000, usageLimit: 10 })
    const placed = [
      await place('qris', { item, qty: 2, kodePromo: 'RACE5' }),
      await place('gopay', { item, qty: 3, kodePromo: 'RACE5' }),
      await place('bca_va', { item, qty: 1 }),
    ]
    const notDue = await place('bca_va', { item, qty: 4 })
    expect(await stockOf(item.sku)).toBe(10)
    const [v] = await db().select().from(vouchers).where(eq(vouchers.code, 'RACE5'))
    expect(v!.usedCount).toBe(2)
    await db()
      .update(salesHeaders)
      .set({ expiredTime: new Date(Date.now() - 60_000) })
      .where(
        inArray(
          salesHeaders.idSalesHeader,
          placed.map((p) => p.id),
        ),
      )
    const runs = await Promise.all([
      runPaymentExpiry(ctx()),
      runPaymentExpiry(ctx()),
      runPaymentExpiry(ctx()),
    ])
    expect(runs.reduce((a, b) => a + b, 0)).toBe(3)
    expect(await runPaymentExpiry(ctx())).toBe(0)
    for (const p of placed) expect((await headerOf(p.id)).status).toBe('Cancel')
    expect((await headerOf(notDue.id)).status).toBe('Open')
    expect(await stockOf(item.sku)).toBe(16)
    const [after] = await db().select().from(vouchers).where(eq(vouchers.code, 'RACE5'))
    expect(after!.usedCount).toBe(0)
    // A settlement arriving after the deadline's cancellation does not revive the order.
    const late = placed[0]!.order
    const paid = await notify(
      signedNotification(late.salesOrderNumber, late.totalBayar, 'pay', SANDBOX_SERVER_KEY),
    )
    expect(paid.json().data.status).toBe('Cancel')
    expect(await stockOf(item.sku)).toBe(16)
  })

  it('runs as a job: a started runner cancels an overdue order on its own, and stops', async () => {
    const item = await product(70_000, 5)
    const { id } = await place('bca_va', { item, qty: 1 })
    await db()
      .update(salesHeaders)
      .set({ expiredTime: new Date(Date.now() - 1000) })
      .where(eq(salesHeaders.idSalesHeader, id))
    const info = vi.fn()
    const stop = startPaymentExpiry(
      { ...ctx(), log: { ...silent, info } },
      { firstRunMs: 1, intervalMs: 60_000 },
    )
    try {
      await vi.waitFor(async () => expect((await headerOf(id)).status).toBe('Cancel'), { timeout: 5000 })
      await vi.waitFor(() => expect(info).toHaveBeenCalledWith({ cancelled: 1 }, expect.any(String)))
    } finally {
      stop()
    }
    expect(await stockOf(item.sku)).toBe(5)
  })

  it('answers an Open order past its deadline as Cancel when it is read, before any job ran', async () => {
    const item = await product(60_000, 5)
    const { token, id } = await place('shopeepay', { item, qty: 2 })
    await db()
      .update(salesHeaders)
      .set({ expiredTime: new Date(Date.now() - 1000) })
      .where(eq(salesHeaders.idSalesHeader, id))
    const detail = (await s.detail(token, id)).json().data as OrderDetail
    expect(detail.sales_header.status).toBe('Cancel')
    expect(detail.payment.payment_state).toBe('issued')
    expect(await stockOf(item.sku)).toBe(5)
  })
})

describe('/dev/payments', () => {
  it('lists open sandbox payments and pays or expires them through the notification endpoint', async () => {
    const paying = await place('mandiri_bill')
    const expiring = await place('qris')
    const json = await t.app.inject({ method: 'GET', url: '/dev/payments.json' })
    expect(json.statusCode).toBe(200)
    const listed = json.json().data as Array<{
      sales_order_number: string
      rekening: string | null
      notifications: { pay: object }
    }>
    const numbers = listed.map((p) => p.sales_order_number)
    expect(numbers).toContain(paying.order.salesOrderNumber)
    expect(numbers).toContain(expiring.order.salesOrderNumber)
    const html = await t.app.inject({
      method: 'GET',
      url: `/dev/payments?order=${paying.order.salesOrderNumber}`,
    })
    expect(html.headers['content-type']).toContain('text/html')
    expect(html.headers['cache-control']).toBe('no-store')
    expect(html.body).toContain(`/dev/payments/${paying.order.salesOrderNumber}/pay`)
    expect(html.body).toContain('70012')
    expect(html.body).not.toContain(expiring.order.salesOrderNumber)
    // Each button's form carries the page's token.
    const token =
      /action="\/dev\/payments\/[^"]+\/pay"><input type="hidden" name="token" value="([^"]+)"/.exec(
        html.body,
      )![1]!

    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const pay = await t.app.inject({
      method: 'POST',
      url: `/dev/payments/${paying.order.salesOrderNumber}/pay`,
      headers: form,
      payload: `token=${encodeURIComponent(token)}`,
    })
    expect(pay.statusCode).toBe(303)
    expect(pay.headers.location).toContain('paid')
    expect((await headerOf(paying.id)).status).toBe('Paid')
    // A post from the page itself (same-origin Origin) needs no token.
    const expire = await t.app.inject({
      method: 'POST',
      url: `/dev/payments/${expiring.order.salesOrderNumber}/expire`,
      headers: { origin: 'http://localhost:80' },
    })
    expect(expire.statusCode).toBe(303)
    expect((await headerOf(expiring.id)).status).toBe('Cancel')
    const after = (await t.app.inject({ method: 'GET', url: '/dev/payments.json' })).json()
      .data as typeof listed
    expect(after.map((p) => p.sales_order_number)).not.toContain(paying.order.salesOrderNumber)
    const gone = await t.app.inject({
      method: 'POST',
      url: `/dev/payments/${paying.order.salesOrderNumber}/pay`,
      headers: form,
      payload: `token=${encodeURIComponent(token)}`,
    })
    expect(gone.headers.location).toContain('not%20open')
  })
})

describe('issue 26: what a stranger can do with the notification endpoint and the developer page', () => {
  const OWNER = { email: 'owner@busana.test', password: 'owner-password-1' }
  const from = (remoteAddress: string, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/notification',
      payload: body,
      headers,
      remoteAddress,
    })
  const storedFor = (orderId: string) =>
    db().select().from(paymentNotifications).where(eq(paymentNotifications.orderId, orderId))

  it('issue 26 item 2: refuses a body over 16 KB with 413 REQ005 and stores nothing', async () => {
    const { order } = await place('bca_va')
    const pay = signedNotification(order.salesOrderNumber, order.totalBayar, 'pay', SANDBOX_SERVER_KEY)
    const big = await notify({ ...pay, padding: 'x'.repeat(20 * 1024) })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toMatchObject({ status: 413, code: 'REQ005', data: null })
    expect(await storedFor(order.salesOrderNumber)).toEqual([])
    expect((await headerOf(order.idSalesHeader)).status).toBe('Open')
    // A real notification (well under 4 KB) still goes through.
    expect((await notify(pay)).json().data).toEqual({ outcome: 'paid', status: 'Paid' })
  })

  it('issue 26 item 2: keeps only the known fields of a refused notification, each cut to its bound', async () => {
    const orderId = `BSN-JUNK-${Date.now()}`
    const junk = {
      order_id: orderId,
      status_code: '200',
      gross_amount: '1000.00',
      transaction_status: 'settlement',
      signature_key: 'f'.repeat(128),
      status_message: 'm'.repeat(5000),
      filler: 'z'.repeat(8_000),
      nested: { deep: ['a'.repeat(1000)] },
    }
    const answer = await notify(junk)
    expect(answer.statusCode).toBe(401)
    const [row] = await storedFor(orderId)
    expect(row!.outcome).toBe('bad_signature')
    const body = row!.body as Record<string, string>
    expect(Object.keys(body).sort()).toEqual([
      'gross_amount',
      'order_id',
      'signature_key',
      'status_code',
      'status_message',
      'transaction_status',
    ])
    expect(body.status_message).toHaveLength(128)
    expect(JSON.stringify(body).length).toBeLessThan(1024)
  })

  it('issue 26 item 2: an address past 30 refused notifications in 15 minutes gets 429 and fills nothing more', async () => {
    const { order } = await place('bni_va')
    const orderId = `BSN-FLOOD-${Date.now()}`
    const forged = (n: number) => ({
      order_id: orderId,
      status_code: '200',
      gross_amount: `${n}.00`,
      transaction_status: 'settlement',
      signature_key: 'a'.repeat(128),
    })
    for (let n = 1; n <= 30; n++) expect((await from('127.0.0.2', forged(n))).statusCode).toBe(401)
    const over = await from('127.0.0.2', forged(31))
    expect(over.statusCode).toBe(429)
    expect(over.json().code).toBe('REQ006')
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(await storedFor(orderId)).toHaveLength(30)
    // Another address is not held back, and a genuine notification from the same one still pays.
    expect((await from('127.0.0.3', forged(32))).statusCode).toBe(401)
    const pay = signedNotification(order.salesOrderNumber, order.totalBayar, 'pay', SANDBOX_SERVER_KEY)
    expect((await from('127.0.0.2', pay)).json().data).toEqual({ outcome: 'paid', status: 'Paid' })
  })

  it('issue 26 item 4: refuses a sandbox-signed notification from a non-loopback peer or through a proxy hop', async () => {
    const { id, order } = await place('permata_va')
    const pay = signedNotification(order.salesOrderNumber, order.totalBayar, 'pay', SANDBOX_SERVER_KEY)
    const remote = await from('203.0.113.7', pay)
    expect(remote.statusCode).toBe(401)
    expect(remote.json().code).toBe('PAY002')
    const proxied = await from('127.0.0.1', pay, { 'x-forwarded-for': '203.0.113.7' })
    expect(proxied.statusCode).toBe(401)
    const tunnelled = await from('127.0.0.1', pay, { host: 'shop.example' })
    expect(tunnelled.statusCode).toBe(401)
    expect((await headerOf(id)).status).toBe('Open')
    expect((await storedFor(order.salesOrderNumber)).map((r) => r.outcome)).toEqual([
      'not_loopback',
      'not_loopback',
      'not_loopback',
    ])
    // The developer page's way (a direct request from this machine) still pays it.
    expect((await notify(pay)).json().data).toEqual({ outcome: 'paid', status: 'Paid' })
  })

  it('issue 26 item 4: refuses a notification whose status_code does not match its transaction_status', async () => {
    const { id, order } = await place('bri_va')
    const number = order.salesOrderNumber
    const amount = `${order.totalBayar}.00`
    const signed = (statusCode: string, transactionStatus: string) => ({
      order_id: number,
      status_code: statusCode,
      gross_amount: amount,
      transaction_status: transactionStatus,
      signature_key: notificationSignature(number, statusCode, amount, SANDBOX_SERVER_KEY),
    })
    // A pending notification (201, validly signed) with its unsigned status rewritten to settlement.
    const rewritten = await notify(signed('201', 'settlement'))
    expect(rewritten.statusCode).toBe(400)
    expect(rewritten.json()).toMatchObject({ code: 'REQ001' })
    expect(rewritten.json().message).toContain('status_code')
    expect((await notify(signed('202', 'capture'))).statusCode).toBe(400)
    expect((await notify(signed('200', 'expire'))).statusCode).toBe(400)
    expect((await notify(signed('201', 'deny'))).statusCode).toBe(400)
    expect((await headerOf(id)).status).toBe('Open')
    expect((await storedFor(number)).every((r) => r.outcome === 'status_mismatch')).toBe(true)
    // Midtrans' own pairs go through: 201 pending, then 200 settlement.
    expect((await notify(signed('201', 'pending'))).json().data).toEqual({
      outcome: 'pending',
      status: 'Open',
    })
    expect((await notify(signed('200', 'settlement'))).json().data).toEqual({
      outcome: 'paid',
      status: 'Paid',
    })
  })

  it('issue 26 item 5: a settlement after the expiry records the refund as due with its event, read back by the back office', async () => {
    await ensureFirstStaff(db(), { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password }, silent)
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/v1/auth/login', payload: OWNER })
    expect(login.statusCode, login.body).toBe(200)
    const staff = { authorization: `Bearer ${login.json().data.token as string}` }
    const adminOrder = async (number: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/v1/orders/${number}`, headers: staff })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as {
        status: string
        refund_amount: number | null
        refund_state: string | null
        events: Array<{ from: string | null; to: string; actor: string; note: string | null }>
      }
    }

    const { order } = await place('mandiri_bill')
    const number = order.salesOrderNumber
    const expire = await notify(signedNotification(number, order.totalBayar, 'expire', SANDBOX_SERVER_KEY))
    expect(expire.json().data).toEqual({ outcome: 'cancelled', status: 'Cancel' })
    expect(await adminOrder(number)).toMatchObject({
      status: 'Cancel',
      refund_amount: null,
      refund_state: null,
    })

    const pay = signedNotification(number, order.totalBayar, 'pay', SANDBOX_SERVER_KEY)
    const late = await notify(pay)
    expect(late.json().data).toEqual({ outcome: 'paid_after_cancel', status: 'Cancel' })
    const seen = await adminOrder(number)
    expect(seen).toMatchObject({ status: 'Cancel', refund_amount: order.totalBayar, refund_state: 'due' })
    expect(seen.events.at(-1)).toMatchObject({
      from: 'Cancel',
      to: 'Cancel',
      actor: 'payment',
      note: expect.stringContaining('refund due'),
    })
    // The same settlement again records nothing twice.
    expect((await notify(pay)).json().data).toEqual({ outcome: 'unchanged', status: 'Cancel' })
    const again = await adminOrder(number)
    expect(again.events).toHaveLength(seen.events.length)
    expect(again.refund_amount).toBe(order.totalBayar)

    // Cancelled by the expiry job (not a notification): the same.
    const { id: jobId, order: jobOrder } = await place('bca_va')
    await db()
      .update(salesHeaders)
      .set({ expiredTime: new Date(Date.now() - 60_000) })
      .where(eq(salesHeaders.idSalesHeader, jobId))
    await runPaymentExpiry(ctx())
    await notify(
      signedNotification(jobOrder.salesOrderNumber, jobOrder.totalBayar, 'pay', SANDBOX_SERVER_KEY),
    )
    expect(await adminOrder(jobOrder.salesOrderNumber)).toMatchObject({
      status: 'Cancel',
      refund_amount: jobOrder.totalBayar,
      refund_state: 'due',
    })
  })

  it('issue 26 item 8: refuses a cross-site form post to the developer payment page (403) and changes nothing', async () => {
    const { id, order } = await place('gopay')
    const url = `/dev/payments/${order.salesOrderNumber}/pay`
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...form, origin: 'https://evil.example' },
      payload: '',
    })
    expect(foreign.statusCode).toBe(403)
    const opaque = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...form, origin: 'null' },
      payload: '',
    })
    expect(opaque.statusCode).toBe(403)
    const referred = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...form, referer: 'https://evil.example/page.html' },
      payload: 'token=guessed',
    })
    expect(referred.statusCode).toBe(403)
    const bare = await t.app.inject({ method: 'POST', url })
    expect(bare.statusCode).toBe(403)
    // Said as the API says its errors: the envelope, what to send, in the caller's language.
    expect(bare.json()).toMatchObject({ status: 403, code: 'REQ009', data: null })
    expect(bare.json().message).toContain("field 'token'")
    const inIndonesian = await t.app.inject({ method: 'POST', url, headers: { 'accept-language': 'id' } })
    expect(inIndonesian.json().message).toContain('Ditolak')
    expect((await headerOf(id)).status).toBe('Open')
    expect(await auditCount(order.salesOrderNumber)).toBe(0)
    // The page's own form (its token) still pays, also where the Origin is not the API's own host
    // (split runs: the storefront on one port forwards the form to the API on another).
    const listed = (
      await t.app.inject({ method: 'GET', url: `/dev/payments.json?order=${order.salesOrderNumber}` })
    ).json().data as Array<{ form_tokens: { pay: string } }>
    const own = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...form, origin: 'http://127.0.0.1:3210' },
      payload: `token=${encodeURIComponent(listed[0]!.form_tokens.pay)}`,
    })
    expect(own.statusCode).toBe(303)
    expect((await headerOf(id)).status).toBe('Paid')
  })

  it('issue 26 item 9: qr.svg answers while the order waits for payment, and 404 once it is cancelled, expired or paid', async () => {
    const qr = (id: string) => t.app.inject({ method: 'GET', url: `/api/v1/payments/${id}/qr.svg` })
    const cancelled = await place('qris')
    expect((await qr(cancelled.id)).statusCode).toBe(200)
    await notify(
      signedNotification(
        cancelled.order.salesOrderNumber,
        cancelled.order.totalBayar,
        'expire',
        SANDBOX_SERVER_KEY,
      ),
    )
    const gone = await qr(cancelled.id)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().code).toBe('ORD001')

    const overdue = await place('qris')
    const waiting = await qr(overdue.id)
    expect(waiting.statusCode).toBe(200)
    expect(Number(/max-age=(\d+)/.exec(String(waiting.headers['cache-control']))![1])).toBeLessThanOrEqual(
      900,
    )
    await db()
      .update(salesHeaders)
      .set({ expiredTime: new Date(Date.now() - 1000) })
      .where(eq(salesHeaders.idSalesHeader, overdue.id))
    expect((await qr(overdue.id)).statusCode).toBe(404)

    const paid = await place('qris')
    await notify(
      signedNotification(paid.order.salesOrderNumber, paid.order.totalBayar, 'pay', SANDBOX_SERVER_KEY),
    )
    expect((await qr(paid.id)).statusCode).toBe(404)
  })
})
