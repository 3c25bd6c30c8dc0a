import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { OrderDetail } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createPaymentMethod, createProduct } from '../../test/factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import { paymentRefunds, salesHeaders } from '../../db/schema/index.ts'
import { shopper } from '../../domains/orders/orders.fixtures.ts'
import { orderHeaderStore } from '../../domains/orders/index.ts'
import { runPaymentExpiry } from '../../domains/payments/payments.service.ts'
import { refundPayment } from '../../domains/payments/refunds.ts'
import { signedNotification } from '../../domains/payments/dev-payments.routes.ts'
import { createPayments, notificationSignature } from './index.ts'
import { midtransPayments, midtransTime } from './midtrans.ts'
import type { ChargeRequest, PaymentMethodCode } from './payments.ts'
import { qrisPayload } from './qris.ts'
import { SANDBOX_QRIS_MERCHANT } from './sandbox.ts'

/**
 * The Midtrans adapter against a local fake speaking the Core API as Midtrans documents it:
 * POST /v2/charge (bank_transfer → va_numbers or permata_va_number, echannel → bill_key and
 * biller_code, gopay/shopeepay → actions, qris → qr_string), GET /v2/{order_id}/status (407 for an
 * expired transaction), POST /v2/{order_id}/cancel (412 once settled), POST
 * /v2/{order_id}/refund/online/direct (issue 40: a settled transaction, refund_key, amount, reason;
 * 200 with refund_chargeback_id, the refunds listed by status); errors may come as HTTP 200 with a
 * status_code of 400 or more in the body; Basic auth of the server key.
 */

const SERVER_KEY = 'SB-Mid-server-fake-key'
let server: Server
let url = ''
const received: {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: Record<string, unknown>
}[] = []
interface FakeTransaction {
  transaction_id: string
  order_id: string
  gross_amount: string
  payment_type: string
  transaction_status: string
  fraud_status: string
  extra: Record<string, unknown>
}
const transactions = new Map<string, FakeTransaction>()
let outage = false
/** Refunds made per order_id, as the status answer lists them. */
const refundsMade = new Map<
  string,
  { refund_chargeback_id: number; refund_key: string; refund_amount: string }[]
>()
let refundIds = 0
/** The next refunds the provider denies (a wallet that refuses, ShopeePay at night). */
let refundRefusals = 0
/** Whether a refund_key already used is refused (the answer to the first was lost). */
let refuseReusedKeys = false

const statusCodeOf = (status: string) =>
  ({ settlement: '200', capture: '200', cancel: '200', pending: '201', deny: '202', expire: '407' })[
    status
  ] ?? '200'

function answer(
  method: string,
  path: string,
  body: Record<string, unknown>,
): { status: number; body: unknown } {
  if (outage) return { status: 503, body: '<html>Service Unavailable</html>' }
  if (path === '/v2/charge' && method === 'POST') {
    const details = body.transaction_details as { order_id: string; gross_amount: number }
    if (transactions.has(details.order_id)) {
      return {
        status: 200,
        body: {
          status_code: '406',
          status_message:
            'The request could not be completed due to a conflict with the current state of the target resource, please try again',
          id: randomUUID(),
        },
      }
    }
    const id = randomUUID()
    const type = String(body.payment_type)
    const extra: Record<string, unknown> = {}
    if (type === 'bank_transfer') {
      const bank = (body.bank_transfer as { bank: string }).bank
      if (bank === 'permata') extra.permata_va_number = '8778000002332015'
      else extra.va_numbers = [{ bank, va_number: bank === 'bca' ? '91019021579' : '9888812345678901' }]
    } else if (type === 'echannel') {
      Object.assign(extra, { bill_key: '861219487152', biller_code: '70012' })
    } else if (type === 'gopay') {
      extra.actions = [
        { name: 'generate-qr-code', method: 'GET', url: `${url}/v2/gopay/${id}/qr-code` },
        {
          name: 'deeplink-redirect',
          method: 'GET',
          url: `https://simulator.sandbox.midtrans.com/gopay/partner/app/payment-pin?id=${id}`,
        },
        { name: 'get-status', method: 'GET', url: `${url}/v2/${id}/status` },
        { name: 'cancel', method: 'POST', url: `${url}/v2/${id}/cancel` },
      ]
    } else if (type === 'shopeepay') {
      extra.actions = [
        {
          name: 'deeplink-redirect',
          method: 'GET',
          url: `https://api.sandbox.midtrans.com/v2/shopeepay/redirect?reference=${id}`,
        },
      ]
    } else if (type === 'qris') {
      extra.qr_string = qrisPayload(SANDBOX_QRIS_MERCHANT, details.gross_amount, details.order_id)
      extra.acquirer = 'gopay'
      extra.actions = [{ name: 'generate-qr-code', method: 'GET', url: `${url}/v2/qris/${id}/qr-code` }]
    } else {
      return { status: 400, body: { status_code: '400', status_message: 'payment_type is not supported' } }
    }
    const t: FakeTransaction = {
      transaction_id: id,
      order_id: details.order_id,
      gross_amount: `${details.gross_amount}.00`,
      payment_type: type,
      transaction_status: 'pending',
      fraud_status: 'accept',
      extra,
    }
    transactions.set(details.order_id, t)
    return {
      status: 200,
      body: {
        status_code: '201',
        status_message: `Success, ${type} transaction is created`,
        currency: 'IDR',
        transaction_time: '2026-11-23 19:00:00',
        ...snapshot(t),
      },
    }
  }
  const refund = /^\/v2\/([^/]+)\/refund\/online\/direct$/.exec(path)
  if (refund && method === 'POST') return refundAnswer(decodeURIComponent(refund[1]!), body)
  const match = /^\/v2\/([^/]+)\/(status|cancel)$/.exec(path)
  if (!match) return { status: 404, body: { status_code: '404', status_message: 'not found' } }
  const t = transactions.get(decodeURIComponent(match[1]!))
  if (!t) return { status: 200, body: { status_code: '404', status_message: "Transaction doesn't exist." } }
  if (match[2] === 'cancel') {
    if (t.transaction_status !== 'pending') {
      return {
        status: 200,
        body: { status_code: '412', status_message: 'Merchant cannot modify the status of the transaction' },
      }
    }
    t.transaction_status = 'cancel'
  }
  return {
    status: 200,
    body: {
      status_code: statusCodeOf(t.transaction_status),
      status_message: 'Success, transaction is found',
      ...snapshot(t),
    },
  }
}

const snapshot = (t: FakeTransaction) => ({
  transaction_id: t.transaction_id,
  order_id: t.order_id,
  gross_amount: t.gross_amount,
  payment_type: t.payment_type,
  transaction_status: t.transaction_status,
  fraud_status: t.fraud_status,
  ...t.extra,
  ...(refundsMade.has(t.order_id) ? { refunds: refundsMade.get(t.order_id) } : {}),
})

/** A direct refund: only a settled (or partly refunded) transaction, at most what is left of it. */
function refundAnswer(orderId: string, body: Record<string, unknown>): { status: number; body: unknown } {
  const t = transactions.get(orderId)
  if (!t) return { status: 200, body: { status_code: '404', status_message: "Transaction doesn't exist." } }
  const made = refundsMade.get(orderId) ?? []
  const key = String(body.refund_key)
  const amount = Number(body.amount)
  if (made.some((r) => r.refund_key === key)) {
    if (refuseReusedKeys)
      return { status: 200, body: { status_code: '406', status_message: 'Duplicate refund_key' } }
    const earlier = made.find((r) => r.refund_key === key)!
    return {
      status: 200,
      body: { status_code: '200', status_message: 'Success, refund request is approved', ...earlier },
    }
  }
  if (!['settlement', 'partial_refund'].includes(t.transaction_status)) {
    return {
      status: 200,
      body: { status_code: '412', status_message: 'Transaction status cannot be updated' },
    }
  }
  if (refundRefusals > 0) {
    refundRefusals--
    return {
      status: 200,
      body: { status_code: '202', status_message: 'Refund is denied by the payment provider' },
    }
  }
  const left = Number(t.gross_amount) - made.reduce((sum, r) => sum + Number(r.refund_amount), 0)
  if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
    return {
      status: 200,
      body: { status_code: '412', status_message: 'Refund amount is more than what is left' },
    }
  }
  const row = { refund_chargeback_id: ++refundIds, refund_key: key, refund_amount: `${amount}.00` }
  refundsMade.set(orderId, [...made, row])
  t.transaction_status = amount === left ? 'refund' : 'partial_refund'
  return {
    status: 200,
    body: {
      status_code: '200',
      status_message: 'Success, refund request is approved',
      transaction_id: t.transaction_id,
      order_id: t.order_id,
      gross_amount: t.gross_amount,
      payment_type: t.payment_type,
      transaction_status: t.transaction_status,
      ...row,
    },
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      const path = new URL(req.url ?? '/', 'http://x').pathname
      received.push({ method: req.method ?? '', path, headers: req.headers, body })
      const expected = `Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`
      const result =
        req.headers.authorization === expected
          ? answer(req.method ?? '', path, body)
          : { status: 401, body: { status_code: '401', status_message: 'Unknown Merchant server_key/id' } }
      res.writeHead(result.status, { 'content-type': 'application/json' })
      res.end(typeof result.body === 'string' ? result.body : JSON.stringify(result.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

const provider = (key = SERVER_KEY) =>
  midtransPayments({ url, serverKey: key, returnUrl: (id) => `https://shop.example/member/order/${id}` })
const signal = () => AbortSignal.timeout(2000)
let sequence = 0
const request = (method: PaymentMethodCode, grossAmount = 125_000): ChargeRequest => ({
  idSalesHeader: '11111111-2222-3333-4444-555555555555',
  orderId: `BSN-261123-TEST${String(++sequence).padStart(4, '0')}`,
  grossAmount,
  method,
  orderTime: new Date('2026-11-23T12:00:00Z'),
  expiresAt: new Date('2026-11-24T12:00:00Z'),
  customer: { name: 'Siti Rahma Putri', email: 'siti@example.test', phone: '081234567890' },
})

describe('midtransPayments', () => {
  it('charges each method with the deadline as custom_expiry and Basic auth, and reads how to pay', async () => {
    const bca = await provider().charge(request('bca_va'), signal())
    const sent = received.at(-1)!
    expect(sent.path).toBe('/v2/charge')
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`)
    expect(sent.body).toMatchObject({
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'bca' },
      transaction_details: { order_id: expect.stringMatching(/^BSN-/), gross_amount: 125_000 },
      customer_details: {
        first_name: 'Siti',
        last_name: 'Rahma Putri',
        email: 'siti@example.test',
        phone: '081234567890',
      },
      custom_expiry: { order_time: '2026-11-23 19:00:00 +0700', expiry_duration: 1440, unit: 'minute' },
    })
    expect(bca).toMatchObject({ rekening: '91019021579', billerCode: null, deeplink: null })
    expect((await provider().charge(request('bni_va'), signal())).rekening).toBe('9888812345678901')
    expect((await provider().charge(request('bri_va'), signal())).rekening).toBe('9888812345678901')
    expect((await provider().charge(request('permata_va'), signal())).rekening).toBe('8778000002332015')
    const mandiri = await provider().charge(request('mandiri_bill'), signal())
    expect(received.at(-1)!.body).toMatchObject({
      payment_type: 'echannel',
      echannel: { bill_info1: 'Payment for:' },
    })
    expect(mandiri).toMatchObject({ rekening: '861219487152', billerCode: '70012' })
    const gopay = await provider().charge(
      { ...request('gopay'), expiresAt: new Date('2026-11-23T12:15:00Z') },
      signal(),
    )
    expect(received.at(-1)!.body).toMatchObject({
      payment_type: 'gopay',
      gopay: {
        enable_callback: true,
        callback_url: 'https://shop.example/member/order/11111111-2222-3333-4444-555555555555',
      },
      custom_expiry: { expiry_duration: 15, unit: 'minute' },
    })
    expect(gopay.deeplink).toMatch(/^https:\/\/simulator\.sandbox\.midtrans\.com\/gopay\//)
    expect(gopay.qrUrl).toMatch(/\/v2\/gopay\/.+\/qr-code$/)
    const shopee = await provider().charge(request('shopeepay'), signal())
    expect(received.at(-1)!.body).toMatchObject({
      payment_type: 'shopeepay',
      shopeepay: { callback_url: expect.any(String) },
    })
    expect(shopee.deeplink).toContain('/v2/shopeepay/redirect')
    const qris = await provider().charge(request('qris', 99_000), signal())
    expect(received.at(-1)!.body).toMatchObject({ payment_type: 'qris', qris: { acquirer: 'gopay' } })
    expect(qris.qrString).toMatch(/^000201/)
    expect(qris.qrUrl).toMatch(/\/v2\/qris\/.+\/qr-code$/)
  })

  it('answers a repeated charge (406 in the body) with the transaction it already has', async () => {
    const first = request('bca_va')
    await provider().charge(first, signal())
    const again = await provider().charge(first, signal())
    expect(again.rekening).toBe('91019021579')
    expect(received.at(-1)!.path).toBe(`/v2/${first.orderId}/status`)
  })

  it('reads status (407: expired; 404: none) and cancels a pending transaction; a settled one stays settled', async () => {
    const r = request('bni_va')
    await provider().charge(r, signal())
    expect(await provider().status(r.orderId, signal())).toEqual({
      transactionStatus: 'pending',
      statusCode: '201',
      grossAmount: '125000.00',
      fraudStatus: 'accept',
    })
    transactions.get(r.orderId)!.transaction_status = 'expire'
    expect((await provider().status(r.orderId, signal()))?.transactionStatus).toBe('expire')
    expect((await provider().status('BSN-NOSUCH', signal()))?.transactionStatus).toBe('not_found')
    const c = request('bri_va')
    await provider().charge(c, signal())
    expect((await provider().cancel(c.orderId, signal()))?.transactionStatus).toBe('cancel')
    expect(received.at(-1)).toMatchObject({ method: 'POST', path: `/v2/${c.orderId}/cancel` })
    const p = request('permata_va')
    await provider().charge(p, signal())
    transactions.get(p.orderId)!.transaction_status = 'settlement'
    expect((await provider().cancel(p.orderId, signal()))?.transactionStatus).toBe('settlement')
  })

  it('throws on a wrong key, an error in the body, a body that is not JSON, and when the signal aborts', async () => {
    await expect(provider('wrong').charge(request('bca_va'), signal())).rejects.toThrow(/midtrans: 401/)
    await expect(
      provider().charge({ ...request('bca_va'), method: 'ovo' as never }, signal()),
    ).rejects.toThrow()
    outage = true
    await expect(provider().status('BSN-1', signal())).rejects.toThrow(/midtrans: 503/)
    outage = false
    const hang = createServer(() => {})
    await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve))
    const slow = midtransPayments({
      url: `http://127.0.0.1:${(hang.address() as AddressInfo).port}`,
      serverKey: 'k',
      returnUrl: () => '',
    })
    await expect(slow.status('BSN-1', AbortSignal.timeout(50))).rejects.toThrow()
    hang.closeAllConnections()
    await new Promise((resolve) => hang.close(resolve))
  })

  it('refunds through the direct refund call with the key, amount and reason; only status_code 200 is a refund', async () => {
    const r = request('qris', 150_000)
    await provider().charge(r, signal())
    const ask = { refundKey: 'RTN-261128-AAAAAAAA', amount: 50_000, reason: 'Return RTN-261128-AAAAAAAA' }
    // Not settled yet: Midtrans refuses (412), with its message.
    await expect(provider().refund(r.orderId, ask, signal())).rejects.toThrow(
      'midtrans: 412 Transaction status cannot be updated',
    )
    transactions.get(r.orderId)!.transaction_status = 'settlement'
    const done = await provider().refund(r.orderId, ask, signal())
    const sent = received.findLast((x) => x.path.endsWith('/refund/online/direct'))!
    expect(sent).toMatchObject({
      method: 'POST',
      path: `/v2/${r.orderId}/refund/online/direct`,
      body: { refund_key: 'RTN-261128-AAAAAAAA', amount: 50_000, reason: 'Return RTN-261128-AAAAAAAA' },
    })
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`)
    expect(done.reference).toMatch(/^\d+$/)
    expect(transactions.get(r.orderId)!.transaction_status).toBe('partial_refund')
    // The same key again: the same refund, not a second one.
    expect(await provider().refund(r.orderId, ask, signal())).toEqual(done)
    expect(refundsMade.get(r.orderId)).toHaveLength(1)
    // A retry Midtrans refuses because the key was used (the first answer was lost): the status
    // lists the refund with our key, and its id is the answer.
    refuseReusedKeys = true
    expect(await provider().refund(r.orderId, ask, signal())).toEqual(done)
    expect(received.at(-1)!.path).toBe(`/v2/${r.orderId}/status`)
    refuseReusedKeys = false
    // A refusal (202, HTTP 200) throws with Midtrans' words; more than is left is refused too.
    refundRefusals = 1
    const next = { refundKey: 'RTN-261128-BBBBBBBB', amount: 100_000, reason: 'Return' }
    await expect(provider().refund(r.orderId, next, signal())).rejects.toThrow(
      'midtrans: 202 Refund is denied by the payment provider',
    )
    await expect(provider().refund(r.orderId, { ...next, amount: 100_001 }, signal())).rejects.toThrow(
      /midtrans: 412/,
    )
    await provider().refund(r.orderId, next, signal())
    expect(transactions.get(r.orderId)!.transaction_status).toBe('refund')
    await expect(provider('wrong').refund(r.orderId, next, signal())).rejects.toThrow(/midtrans: 401/)
  })

  it("writes custom_expiry's order_time on the shop's clock", () => {
    expect(midtransTime(new Date('2026-11-23T17:30:05Z'))).toBe('2026-11-24 00:30:05 +0700')
  })
})

describe('the API with PAYMENT_PROVIDER=midtrans', () => {
  let t: TestApp
  let s: ReturnType<typeof shopper>
  let va: { id: number }
  let item: { productCode: string }
  const db = () => t.database.db
  const headerOf = async (id: string) =>
    (await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id)))[0]!
  const notify = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/payments/notification', payload: body })

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      env: { PAYMENT_PROVIDER: 'midtrans', MIDTRANS_SERVER_KEY: SERVER_KEY, MIDTRANS_API_URL: url },
    })
    s = shopper(t)
    await loadRegions(db(), { provinces: ['31'] })
    await seedShippingRates(db())
    await createBrand(db(), { id: 9 })
    va = await createPaymentMethod(db(), { code: 'bca_va', name: 'BCA Virtual Account', feeFlat: 4000 })
    item = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock: 50 }] })
  })
  afterAll(async () => {
    await t?.close()
  })

  async function place() {
    const m = await s.member()
    const bag = await s.addToBag(m.token, item.productCode, `${item.productCode}-M`)
    const res = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(bag),
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id_sales_header as string
    return { ...m, id, order: await headerOf(id) }
  }

  it('charges at checkout, and acts on the status Midtrans answers rather than on what a notification claims', async () => {
    const { token, id, order } = await place()
    const detail = (await s.detail(token, id)).json().data as OrderDetail
    expect(detail.payment).toMatchObject({ rekening: '91019021579', payment_state: 'issued' })
    expect(transactions.get(order.salesOrderNumber)?.gross_amount).toBe(`${order.totalBayar}.00`)
    // Signed with the real key, claiming settlement, while Midtrans still says pending.
    const claim = signedNotification(order.salesOrderNumber, order.totalBayar, 'pay', SERVER_KEY)
    const early = await notify(claim)
    expect(early.statusCode, early.body).toBe(200)
    expect(early.json().data).toEqual({ outcome: 'pending', status: 'Open' })
    expect(received.at(-1)!.path).toBe(`/v2/${order.salesOrderNumber}/status`)
    // The sandbox key is not Midtrans' key.
    const sandboxSigned = signedNotification(
      order.salesOrderNumber,
      order.totalBayar,
      'pay',
      'sandbox-server-key',
    )
    expect((await notify(sandboxSigned)).statusCode).toBe(401)
    transactions.get(order.salesOrderNumber)!.transaction_status = 'settlement'
    expect((await notify(claim)).json().data).toEqual({ outcome: 'paid', status: 'Paid' })
    expect((await headerOf(id)).status).toBe('Paid')
    outage = true
    const down = await notify(claim)
    outage = false
    expect(down.statusCode).toBe(503)
    expect(down.json().code).toBe('PAY005')
  })

  it('issue 26 item 4: refuses a Midtrans-signed notification whose status_code does not match its transaction_status; accepts Midtrans from any address', async () => {
    const { id, order } = await place()
    const number = order.salesOrderNumber
    const amount = `${order.totalBayar}.00`
    const signed = (statusCode: string, transactionStatus: string) => ({
      order_id: number,
      status_code: statusCode,
      gross_amount: amount,
      transaction_status: transactionStatus,
      signature_key: notificationSignature(number, statusCode, amount, SERVER_KEY),
    })
    const asked = received.length
    // A genuine pending notification (201) with its unsigned status rewritten to settlement.
    const rewritten = await notify(signed('201', 'settlement'))
    expect(rewritten.statusCode).toBe(400)
    expect(rewritten.json().code).toBe('REQ001')
    expect(received.length).toBe(asked)
    expect((await headerOf(id)).status).toBe('Open')
    // Midtrans' servers are not this machine: a matching notification from them is acted on.
    transactions.get(number)!.transaction_status = 'settlement'
    const fromMidtrans = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/notification',
      payload: signed('200', 'settlement'),
      remoteAddress: '203.0.113.40',
      headers: { 'x-forwarded-for': '203.0.113.40' },
    })
    expect(fromMidtrans.json().data).toEqual({ outcome: 'paid', status: 'Paid' })
  })

  it('expiry asks Midtrans first: a pending transaction is cancelled there and here, a settled one makes the order Paid', async () => {
    const pending = await place()
    const settled = await place()
    transactions.get(settled.order.salesOrderNumber)!.transaction_status = 'settlement'
    for (const p of [pending, settled]) {
      await db()
        .update(salesHeaders)
        .set({ expiredTime: new Date(Date.now() - 1000) })
        .where(eq(salesHeaders.idSalesHeader, p.id))
    }
    const ctx = {
      db: db(),
      payments: createPayments(t.config),
      config: t.config,
      log: { warn() {}, info() {} },
      headers: orderHeaderStore,
    }
    expect(await runPaymentExpiry(ctx)).toBe(1)
    expect((await headerOf(pending.id)).status).toBe('Cancel')
    expect(transactions.get(pending.order.salesOrderNumber)!.transaction_status).toBe('cancel')
    expect((await headerOf(settled.id)).status).toBe('Paid')
  })

  it('refundPayment through Midtrans: a refusal is stored as failed, the retry with the same key refunds once, and a done key is not asked again', async () => {
    const { id, order } = await place()
    const number = order.salesOrderNumber
    transactions.get(number)!.transaction_status = 'settlement'
    const ctx = {
      db: db(),
      payments: createPayments(t.config),
      config: t.config,
      log: { warn() {}, info() {} },
    }
    const ask = {
      idSalesHeader: id,
      orderId: number,
      refundKey: 'RTN-261128-MIDTRANS',
      amount: 40_000,
      reason: 'Return RTN-261128-MIDTRANS',
    }
    const rowOf = async () =>
      (await db().select().from(paymentRefunds).where(eq(paymentRefunds.refundKey, ask.refundKey)))[0]!
    refundRefusals = 1
    expect(await refundPayment(ctx, ask)).toEqual({
      state: 'failed',
      reference: null,
      error: 'midtrans: 202 Refund is denied by the payment provider',
    })
    expect(await rowOf()).toMatchObject({
      idSalesHeader: id,
      provider: 'midtrans',
      state: 'failed',
      attempts: 1,
      amount: 40_000,
      lastError: 'midtrans: 202 Refund is denied by the payment provider',
      reference: null,
    })
    const done = await refundPayment(ctx, ask)
    expect(done).toEqual({ state: 'done', reference: expect.stringMatching(/^\d+$/), error: null })
    expect(received.at(-1)).toMatchObject({
      path: `/v2/${number}/refund/online/direct`,
      body: { refund_key: 'RTN-261128-MIDTRANS', amount: 40_000, reason: 'Return RTN-261128-MIDTRANS' },
    })
    expect(await rowOf()).toMatchObject({
      state: 'done',
      attempts: 2,
      reference: done.reference,
      lastError: null,
    })
    const asked = received.length
    expect(await refundPayment(ctx, ask)).toEqual(done)
    expect(received.length).toBe(asked)
    expect(refundsMade.get(number)).toEqual([
      { refund_chargeback_id: Number(done.reference), refund_key: ask.refundKey, refund_amount: '40000.00' },
    ])
  })
})
