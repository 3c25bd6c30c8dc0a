import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { OrderGuestDetail, StaffOrder, TrackingResponse } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createPaymentMethod, createProduct } from '../../test/factories.ts'
import { createSignedInMember, GAMBIR_ADDRESS } from '../../test/member-factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import { orderEvents, productReviews, salesHeaders, vouchers } from '../../db/schema/index.ts'
import { SANDBOX_SERVER_KEY } from '../../providers/payments/index.ts'
import { sandboxPayments } from '../../providers/payments/sandbox.ts'
import type { TrackingProvider, TrackingResult } from '../../providers/tracking/tracking.ts'
import { sandboxTracking } from '../../providers/tracking/sandbox.ts'
import { signedNotification } from '../payments/dev-payments.routes.ts'
import { createStaff, ensureFirstStaff } from '../staff/staff.service.ts'
import { shopper } from './orders.fixtures.ts'
import { runDeliveryCheck } from './tracking.service.ts'

/**
 * Orders after payment (issue 10) through HTTP: the caller's own history, lookups by number with
 * masking, the staff API moving orders by the state machine with events, and tracking by order or
 * waybill from a provider that the test can steer.
 */

let t: TestApp
const db = () => t.database.db
let s: ReturnType<typeof shopper>
let methodId: number
let shirt: { code: string; sku: string }

/** The sandbox, or a scripted answer / failure when a test sets one. */
let scripted: ((waybill: string) => TrackingResult) | 'fail' | null = null
let providerCalls = 0
const sandbox = sandboxTracking()
const steerable: TrackingProvider = {
  name: 'steerable',
  async track(request, signal, now) {
    providerCalls++
    if (scripted === 'fail') throw new Error('courier down')
    if (scripted) return scripted(request.waybill)
    return sandbox.track(request, signal, now)
  },
}

const OWNER = { email: 'owner@busana.test', password: 'owner-password-1' }
const staffCall = (method: 'POST', url: string, token: string | null, body?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  })
async function staffToken(email = OWNER.email, password = OWNER.password) {
  const res = await staffCall('POST', '/api/admin/v1/auth/login', null, { email, password })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.token as string
}
let owner: string

/** A new member (Gambir address) places an order for one shirt; answers its id and number. */
async function placeOrder(m?: { idPelanggan: number; token: string }) {
  const member = m ?? (await s.member())
  const bag = await s.addToBag(member.token, shirt.code, shirt.sku, 1)
  const res = await s.checkoutNew(member.token, {
    id_delivery_method: 1,
    id_payment: methodId,
    products: s.ticked(bag),
  })
  expect(res.statusCode, res.body).toBe(200)
  const id = res.json().data.id_sales_header as string
  const [h] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id))
  return { member, id, number: h!.salesOrderNumber, total: h!.totalBayar }
}

async function pay(order: { number: string; total: number }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/notification',
    payload: signedNotification(order.number, order.total, 'pay', SANDBOX_SERVER_KEY),
  })
  expect(res.statusCode, res.body).toBe(200)
}

const ship = (number: string, no_resi: string, courier?: string, token = owner) =>
  staffCall('POST', `/api/admin/v1/orders/${number}/ship`, token, {
    no_resi,
    ...(courier ? { courier } : {}),
  })
const deliver = (number: string, token = owner) =>
  staffCall('POST', `/api/admin/v1/orders/${number}/deliver`, token)
const cancel = (number: string, reason: string, token = owner) =>
  staffCall('POST', `/api/admin/v1/orders/${number}/cancel`, token, { reason })
const track = (id: string, token: string | null = null, query = '') =>
  s.call('GET', `/api/v1/member/tracking/${encodeURIComponent(id)}${query}`, token)

let waybills = 0
const waybill = () => `JNE${String(Date.now()).slice(-8)}${String(++waybills).padStart(3, '0')}`

beforeAll(async () => {
  t = await buildTestApp({ seed: false, providers: { tracking: steerable } })
  s = shopper(t)
  await loadRegions(db(), { provinces: ['31'] })
  await seedShippingRates(db())
  await createBrand(db(), { id: 9 })
  methodId = (await createPaymentMethod(db(), { code: 'bca_va', name: 'BCA Virtual Account', feeFlat: 4000 }))
    .id
  const row = await createProduct(db(), {
    idBrand: 9,
    sellingPrice: 150_000,
    sizes: [{ ukuran: 'M', stock: 1000, sellingPrice: 150_000 }],
  })
  shirt = { code: row.productCode, sku: `${row.productCode}-M` }
  await ensureFirstStaff(
    db(),
    { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
    {
      info() {},
      warn() {},
    },
  )
  owner = await staffToken()
})

afterAll(async () => {
  await t?.close()
})

describe('GET /api/v1/member/order_history', () => {
  it("lists only the caller's orders, newest first, paged, with the list item's fields", async () => {
    const a = await s.member()
    const first = await placeOrder(a)
    await pay(first)
    const second = await placeOrder(a)
    const other = await placeOrder()

    const res = await s.call('GET', '/api/v1/member/order_history', a.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const body = res.json()
    expect(body.total_pages).toBe(1)
    expect(body.data.map((o: { id_sales_header: string }) => o.id_sales_header)).toEqual([
      second.id,
      first.id,
    ])
    expect(body.data[0]).toMatchObject({
      status: 'Open',
      status_message: 'Waiting for payment',
      sales_order_number: second.number,
      total: second.total,
      no_resi: null,
      paket: 'JNE REG',
    })
    expect(body.data[0].order_date).toMatch(/\+07:00$/)
    expect(body.data[1].status).toBe('Paid')
    expect(JSON.stringify(body.data)).not.toContain(other.id)

    const page2 = await s.call('GET', '/api/v1/member/order_history?current_page=2&max_record=1', a.token)
    expect(page2.json().total_pages).toBe(2)
    expect(page2.json().data.map((o: { id_sales_header: string }) => o.id_sales_header)).toEqual([first.id])

    expect((await s.call('GET', '/api/v1/member/order_history', null)).statusCode).toBe(401)
    expect((await s.call('GET', '/api/v1/member/order_history?max_record=500', a.token)).statusCode).toBe(400)
  })

  it("answers 404 for another customer's order detail, and a new member's list is empty", async () => {
    const mine = await placeOrder()
    const stranger = await s.member()
    const res = await s.detail(stranger.token, mine.id)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('ORD001')
    const empty = await s.call('GET', '/api/v1/member/order_history', stranger.token)
    expect(empty.json()).toMatchObject({ data: [], total_pages: 0 })
  })

  it("a phone guest's session lists the guest's own orders", async () => {
    const guest = await createSignedInMember(db(), { isGuest: true })
    const member = await s.member()
    await placeOrder(member)
    const res = await s.call('GET', '/api/v1/member/order_history', guest.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual([])
  })
})

describe('lookups by order number: order_guest_list and order_guest/{number}', () => {
  it('lists the orders of the numbers given, comma-separated or repeated, leaving out unknown ones', async () => {
    const a = await placeOrder()
    const b = await placeOrder()
    const res = await s.call(
      'GET',
      `/api/v1/member/order_guest_list?order_id=${a.number},BSN-000000-ZZZZZZZZ&order_id=${b.number.toLowerCase()}&order_id=nonsense`,
      null,
    )
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data as Array<Record<string, unknown>>
    expect(data.map((o) => o.sales_order_number)).toEqual([a.number, b.number])
    expect(data[0]).not.toHaveProperty('id_sales_header')
    expect(data[0]).toMatchObject({ status: 'Open', total: a.total, no_resi: null })

    expect((await s.call('GET', '/api/v1/member/order_guest_list', null)).statusCode).toBe(400)
    const eleven = Array.from({ length: 11 }, (_, i) => `BSN-261123-${String(i).padStart(8, '0')}`).join(',')
    expect((await s.call('GET', `/api/v1/member/order_guest_list?order_id=${eleven}`, null)).statusCode).toBe(
      400,
    )
  })

  it('shows a stranger the order masked, and its owner in full', async () => {
    const order = await placeOrder()
    const stranger = await s.call('GET', `/api/v1/member/order_guest/${order.number}`, null)
    expect(stranger.statusCode, stranger.body).toBe(200)
    const masked = stranger.json().data as OrderGuestDetail
    expect(masked.masked).toBe(true)
    expect(masked.sales_header).toMatchObject({
      sales_order_number: order.number,
      total_bayar: order.total,
      id_sales_header: '',
    })
    expect(masked.sales_line).toHaveLength(1)
    expect(masked.shipping.no_hp).toMatch(/^\*+\d{4}$/)
    expect(masked.shipping.no_hp.slice(-4)).toBe(GAMBIR_ADDRESS.hpPenerima.slice(-4))
    expect(masked.shipping.alamat_lengkap).toBe('')
    expect(masked.shipping.kode_pos).toBe('')
    expect(masked.shipping.city).toMatch(/Jakarta Pusat/i)
    expect(masked.shipping.district).toMatch(/Gambir/i)
    expect(masked.shipping.subdistrict).toBe('')
    expect(masked.shipping.penerima).toBe('S*** R***')
    expect(masked.payment.rekening).toBeNull()
    expect(masked.tutorial_payment).toEqual([])
    expect(stranger.body).not.toContain(GAMBIR_ADDRESS.alamatLengkap)
    expect(stranger.body).not.toContain(GAMBIR_ADDRESS.hpPenerima)

    const own = await s.call('GET', `/api/v1/member/order_guest/${order.number}`, order.member.token)
    const full = own.json().data as OrderGuestDetail
    expect(full.masked).toBe(false)
    expect(full.sales_header.id_sales_header).toBe(order.id)
    expect(full.shipping.alamat_lengkap).toBe(GAMBIR_ADDRESS.alamatLengkap)
    expect(full.shipping.no_hp).toBe(GAMBIR_ADDRESS.hpPenerima)
    expect(full.payment.rekening).toMatch(/^\d+$/)

    const unknown = await s.call('GET', '/api/v1/member/order_guest/BSN-000000-ZZZZZZZZ', null)
    expect(unknown.statusCode).toBe(404)
    expect((await s.call('GET', '/api/v1/member/order_guest/%00', null)).statusCode).toBe(400)
  })

  it('rate-limits lookups per address', async () => {
    const limited = await buildTestApp({ seed: false, providers: { tracking: steerable } })
    try {
      let last = 0
      for (let i = 0; i < 61; i++) {
        const res = await limited.app.inject({
          method: 'GET',
          url: '/api/v1/member/order_guest_list?order_id=BSN-000000-ZZZZZZZZ',
          headers: { 'x-brand-id': '9' },
        })
        last = res.statusCode
        if (i < 60) expect(last).toBe(200)
      }
      expect(last).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('the staff API moves orders by the state machine', () => {
  it('signs staff in with a token; wrong passwords and unknown e-mails answer alike; roles are checked', async () => {
    const wrong = await staffCall('POST', '/api/admin/v1/auth/login', null, {
      email: OWNER.email,
      password: 'nope',
    })
    const unknown = await staffCall('POST', '/api/admin/v1/auth/login', null, {
      email: 'who@x.test',
      password: 'nope',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().code).toBe('STF001')

    const order = await placeOrder()
    await pay(order)
    expect((await ship(order.number, waybill(), undefined, 'not-a-token')).json().code).toBe('STF002')
    const memberToken = order.member.token
    expect((await ship(order.number, waybill(), undefined, memberToken)).statusCode).toBe(401)
    await createStaff(db(), {
      email: 'marketing@busana.test',
      password: 'marketing-pass-1',
      role: 'marketing',
    })
    const marketer = await staffToken('marketing@busana.test', 'marketing-pass-1')
    const refused = await ship(order.number, waybill(), undefined, marketer)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('STF003')
  })

  it('ships a paid order, then delivers it, keeping every move as an event; lines open for review', async () => {
    const order = await placeOrder()
    const early = await ship(order.number, waybill())
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({
      code: 'ORD002',
      message: 'An order in status Open cannot become Delivery',
    })
    await pay(order)

    const resi = waybill()
    const shipped = await ship(order.number.toLowerCase(), resi)
    expect(shipped.statusCode, shipped.body).toBe(200)
    const view = shipped.json().data as StaffOrder
    expect(view).toMatchObject({ status: 'Delivery', courier: 'jne', no_resi: resi })
    expect(view.shipped_at).toMatch(/\+07:00$/)
    // A retried request with the same waybill changes nothing; another waybill is refused.
    expect((await ship(order.number, resi)).statusCode).toBe(200)
    expect((await ship(order.number, waybill())).statusCode).toBe(409)

    const list = await s.call('GET', '/api/v1/member/order_history', order.member.token)
    expect(list.json().data[0]).toMatchObject({
      status: 'Delivery',
      no_resi: resi,
      status_message: 'On its way',
    })

    const delivered = await deliver(order.number)
    expect(delivered.statusCode, delivered.body).toBe(200)
    const done = delivered.json().data as StaffOrder
    expect(done.status).toBe('Success')
    expect(done.events.map((e) => [e.from, e.to, e.actor])).toEqual([
      [null, 'Open', 'customer'],
      ['Open', 'Paid', 'payment'],
      ['Paid', 'Delivery', `staff:${OWNER.email}`],
      ['Delivery', 'Success', `staff:${OWNER.email}`],
    ])
    expect(done.events[2]!.note).toBe(`JNE ${resi}`)
    expect((await deliver(order.number)).statusCode).toBe(200)
    const detail = (await s.detail(order.member.token, order.id)).json().data
    expect(detail.status_history.map((step: { status: string }) => step.status)).toEqual([
      'Open',
      'Paid',
      'Delivery',
      'Success',
    ])
    expect(detail.status_history[2].waktu).toBe(view.shipped_at)
    const reviews = await db().select().from(productReviews).where(eq(productReviews.idSalesHeader, order.id))
    expect(reviews).toHaveLength(1)
    expect(reviews[0]).toMatchObject({
      status: 'OPEN',
      productCode: shirt.code,
      idPelanggan: order.member.idPelanggan,
    })

    // Never backwards, never out of Success.
    expect((await ship(order.number, waybill())).json().code).toBe('ORD002')
    expect((await cancel(order.number, 'changed mind')).json().code).toBe('ORD002')
  })

  it('refuses a delivery before shipping, a waybill used by another order, and a courier the shop lacks', async () => {
    const a = await placeOrder()
    const b = await placeOrder()
    await pay(a)
    await pay(b)
    expect((await deliver(a.number)).json().code).toBe('ORD002')
    const resi = waybill()
    expect((await ship(a.number, resi)).statusCode).toBe(200)
    const taken = await ship(b.number, resi)
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('ORD003')
    const courier = await ship(b.number, waybill(), 'dhl')
    expect(courier.statusCode).toBe(400)
    expect(courier.json().message).toMatch(/courier/)
    const bad = await ship(b.number, 'x y')
    expect(bad.statusCode).toBe(400)
    expect((await ship('BSN-000000-ZZZZZZZZ', waybill())).statusCode).toBe(404)
    const sicepat = await ship(b.number, waybill(), 'sicepat')
    expect(sicepat.json().data.courier).toBe('sicepat')
  })

  it('cancels a paid order with a refund due, giving back stock and the voucher use', async () => {
    await db()
      .insert(vouchers)
      .values({ code: 'STAFFCANCEL', name: 'Staff cancel', type: 'FIXED', value: 10_000 })
    const m = await s.member()
    const bag = await s.addToBag(m.token, shirt.code, shirt.sku, 2)
    const before = await s.stockOf(shirt.sku)
    const placed = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: methodId,
      products: s.ticked(bag),
      use_promo: true,
      kode_promo: 'STAFFCANCEL',
    })
    expect(placed.statusCode, placed.body).toBe(200)
    const id = placed.json().data.id_sales_header as string
    const [h] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id))
    await pay({ number: h!.salesOrderNumber, total: h!.totalBayar })
    expect(await s.stockOf(shirt.sku)).toBe(before - 2)

    expect((await cancel(h!.salesOrderNumber, '')).statusCode).toBe(400)
    const res = await cancel(h!.salesOrderNumber, 'Out of stock in the warehouse')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      status: 'Cancel',
      refund_amount: h!.totalBayar,
      refund_state: 'due',
    })
    expect(await s.stockOf(shirt.sku)).toBe(before)
    const [v] = await db().select().from(vouchers).where(eq(vouchers.code, 'STAFFCANCEL'))
    expect(v!.usedCount).toBe(0)
    const events = await db().select().from(orderEvents).where(eq(orderEvents.idSalesHeader, id))
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'Paid',
      toStatus: 'Cancel',
      note: 'Out of stock in the warehouse',
    })
    // Once only.
    expect((await cancel(h!.salesOrderNumber, 'again please')).json().code).toBe('ORD002')
    expect(await s.stockOf(shirt.sku)).toBe(before)
  })

  it('cancels an unpaid order without a refund, and it no longer blocks checkout', async () => {
    const order = await placeOrder()
    const res = await cancel(order.number, 'Customer asked by phone')
    expect(res.json().data).toMatchObject({ status: 'Cancel', refund_amount: null, refund_state: null })
    await placeOrder(order.member)
  })
})

describe('GET /api/v1/member/tracking/{id}', () => {
  async function shippedOrder() {
    const order = await placeOrder()
    await pay(order)
    const resi = waybill()
    expect((await ship(order.number, resi)).statusCode).toBe(200)
    return { ...order, resi }
  }

  it("answers the owner's timeline by order id and anyone's by waybill, newest first, without the number for strangers", async () => {
    const order = await shippedOrder()
    // Shipped a day ago on a 2-3 day service: the sandbox has moved it along, and it is delivered on
    // a later WIB day. (Two days ago, it could already be delivered by the evening, WIB.)
    await db()
      .update(salesHeaders)
      .set({ shippedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(salesHeaders.idSalesHeader, order.id))
    const own = await track(order.id, order.member.token)
    expect(own.statusCode, own.body).toBe(200)
    const body = own.json() as TrackingResponse
    expect(body.tracking).toMatchObject({
      status: 'Delivery',
      sales_order_number: order.number,
      no_resi: order.resi,
      courier: 'JNE',
      paket: 'JNE REG',
    })
    expect(body.data.length).toBeGreaterThanOrEqual(3)
    const times = body.data.map((entry) => Date.parse(entry.waktu))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(times.every((time) => time <= Date.now())).toBe(true)
    expect(body.data.at(-1)!.keterangan).toContain(order.resi)
    expect(body.data[0]!.waktu).toMatch(/\+07:00$/)

    const byWaybill = await track(order.resi, null)
    expect(byWaybill.statusCode, byWaybill.body).toBe(200)
    expect(byWaybill.json().tracking.sales_order_number).toBeNull()
    expect(byWaybill.json().data).toEqual(body.data)

    const id = await track(order.id, null)
    expect(id.statusCode).toBe(401)
    const stranger = await s.member()
    expect((await track(order.id, stranger.token)).json().code).toBe('ORD001')
    expect((await track('JNE000000000000', null)).json().code).toBe('TRK002')
    expect((await track('../../etc', null)).statusCode).toBe(404)

    const id_ = await track(order.id, order.member.token, '?lng=id')
    expect(id_.json().data.at(-1).keterangan).toMatch(/diserahkan/)
  })

  it('moves the order to Success when the courier reports delivery, and the delivery check does it unasked', async () => {
    const order = await shippedOrder()
    await db()
      .update(salesHeaders)
      .set({ shippedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(salesHeaders.idSalesHeader, order.id))
    const res = await track(order.resi, null)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().tracking).toMatchObject({ status: 'Success', delivered: true })
    const [h] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, order.id))
    expect(h!.status).toBe('Success')
    const events = await db().select().from(orderEvents).where(eq(orderEvents.idSalesHeader, order.id))
    expect(events.at(-1)).toMatchObject({ fromStatus: 'Delivery', toStatus: 'Success', actor: 'courier' })

    const other = await shippedOrder()
    await db()
      .update(salesHeaders)
      .set({ shippedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(salesHeaders.idSalesHeader, other.id))
    const ctx = { db: db(), tracking: steerable, config: t.config, log: { info() {}, warn() {} } }
    expect(await runDeliveryCheck(ctx)).toBeGreaterThanOrEqual(1)
    const [o] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, other.id))
    expect(o!.status).toBe('Success')
    expect(await runDeliveryCheck(ctx)).toBe(0)
  })

  it('shows the shop confirming a delivery the courier has not reported, and 404 before shipping', async () => {
    const order = await shippedOrder()
    await deliver(order.number)
    const res = await track(order.id, order.member.token)
    expect(res.json().tracking.status).toBe('Success')
    expect(res.json().data[0].keterangan).toBe('Delivery confirmed by the shop')
    const unshipped = await placeOrder()
    expect((await track(unshipped.id, unshipped.member.token)).json().code).toBe('TRK002')
  })

  it('answers 503 TRK001 when the courier cannot be asked, and reuses a recent answer', async () => {
    const order = await shippedOrder()
    scripted = 'fail'
    try {
      const res = await track(order.resi, null)
      expect(res.statusCode).toBe(503)
      expect(res.json().code).toBe('TRK001')
    } finally {
      scripted = null
    }
    const calls = providerCalls
    expect((await track(order.resi, null)).statusCode).toBe(200)
    expect((await track(order.resi, null)).statusCode).toBe(200)
    expect(providerCalls).toBe(calls + 1)
  })
})

describe('staff sign-in limits and a cancel racing a payment', () => {
  it('slows the sixth try on one account from one address, even with the right password (issue 26 item 3)', async () => {
    await createStaff(db(), { email: 'clerk@busana.test', password: 'clerk-password-1', role: 'warehouse' })
    for (let i = 0; i < 5; i++) {
      const res = await staffCall('POST', '/api/admin/v1/auth/login', null, {
        email: 'clerk@busana.test',
        password: `wrong-${i}`,
      })
      expect(res.statusCode).toBe(401)
    }
    const slowed = await staffCall('POST', '/api/admin/v1/auth/login', null, {
      email: 'clerk@busana.test',
      password: 'clerk-password-1',
    })
    expect(slowed.statusCode).toBe(429)
    expect(slowed.headers['retry-after']).toBeDefined()
  })

  it('counts only the tries since the last right password: signing in often is never limited (issue 26 item 3)', async () => {
    await createStaff(db(), { email: 'busy@busana.test', password: 'busy-password-1', role: 'warehouse' })
    let address = 0
    const login = (password: string, ip = '10.77.1.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/v1/auth/login',
        remoteAddress: ip,
        payload: { email: 'busy@busana.test', password },
      })
    // From one address: the right password ends the streak of wrong ones each time.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(`wrong-${round}-${i}`)).statusCode).toBe(401)
      expect((await login('busy-password-1')).statusCode).toBe(200)
    }
    // Wrong passwords from other addresses (one each) do not keep the account's owner out.
    for (let i = 0; i < 10; i++) {
      expect((await login(`wrong-last-${i}`, `10.77.0.${++address}`)).statusCode).toBe(401)
    }
    expect((await login('busy-password-1')).statusCode).toBe(200)
  })

  it('makes an Open order the provider reports paid Paid first, then cancels it with a refund due', async () => {
    const paidAtProvider = await buildTestApp({
      seed: false,
      providers: {
        tracking: steerable,
        payments: {
          ...sandboxPayments({ serverKey: SANDBOX_SERVER_KEY, publicUrl: 'http://localhost:3000' }),
          status: async () => null,
          cancel: async () => ({ transactionStatus: 'settlement', fraudStatus: 'accept' }) as never,
        },
      },
    })
    try {
      const other = shopper(paidAtProvider)
      await loadRegions(paidAtProvider.database.db, { provinces: ['31'] })
      await seedShippingRates(paidAtProvider.database.db)
      await createBrand(paidAtProvider.database.db, { id: 9 })
      const method = await createPaymentMethod(paidAtProvider.database.db, { code: 'bca_va', name: 'BCA VA' })
      const row = await createProduct(paidAtProvider.database.db, {
        idBrand: 9,
        sellingPrice: 100_000,
        sizes: [{ ukuran: 'M', stock: 5, sellingPrice: 100_000 }],
      })
      await createStaff(paidAtProvider.database.db, {
        email: 'boss@busana.test',
        password: 'boss-password-1',
        role: 'owner',
      })
      const login = await paidAtProvider.app.inject({
        method: 'POST',
        url: '/api/admin/v1/auth/login',
        payload: { email: 'boss@busana.test', password: 'boss-password-1' },
      })
      const m = await other.member()
      const bag = await other.addToBag(m.token, row.productCode, `${row.productCode}-M`, 1)
      const placed = await other.checkoutNew(m.token, {
        id_delivery_method: 1,
        id_payment: method.id,
        products: other.ticked(bag),
      })
      expect(placed.statusCode, placed.body).toBe(200)
      const [h] = await paidAtProvider.database.db
        .select()
        .from(salesHeaders)
        .where(eq(salesHeaders.idSalesHeader, placed.json().data.id_sales_header))
      const res = await paidAtProvider.app.inject({
        method: 'POST',
        url: `/api/admin/v1/orders/${h!.salesOrderNumber}/cancel`,
        headers: { authorization: `Bearer ${login.json().data.token}` },
        payload: { reason: 'Customer asked by phone' },
      })
      expect(res.statusCode, res.body).toBe(200)
      const view = res.json().data as StaffOrder
      expect(view).toMatchObject({ status: 'Cancel', refund_amount: h!.totalBayar, refund_state: 'due' })
      expect(view.events.map((e) => e.to)).toEqual(['Open', 'Paid', 'Cancel'])
      expect(await other.stockOf(`${row.productCode}-M`)).toBe(5)
    } finally {
      await paidAtProvider.close()
    }
  })
})

describe('the first staff account', () => {
  it('is the configured owner, whose password a restart with another ADMIN_PASSWORD resets', async () => {
    const log = { info() {}, warn() {} }
    await ensureFirstStaff(
      db(),
      { ADMIN_EMAIL: 'reset@busana.test', ADMIN_PASSWORD: 'first-password-1' },
      log,
    )
    await staffToken('reset@busana.test', 'first-password-1')
    await ensureFirstStaff(
      db(),
      { ADMIN_EMAIL: 'reset@busana.test', ADMIN_PASSWORD: 'second-password-2' },
      log,
    )
    const old = await staffCall('POST', '/api/admin/v1/auth/login', null, {
      email: 'reset@busana.test',
      password: 'first-password-1',
    })
    expect(old.statusCode).toBe(401)
    await staffToken('reset@busana.test', 'second-password-2')
  })

  it('is created with a one-time password when none is configured, and only once', async () => {
    const fresh = await buildTestApp({ seed: false })
    try {
      const lines: Array<{ obj: Record<string, unknown>; msg: string }> = []
      const log = {
        info: () => {},
        warn: (obj: object, msg: string) => void lines.push({ obj: obj as never, msg }),
      }
      const first = await ensureFirstStaff(fresh.database.db, {}, log)
      expect(await ensureFirstStaff(fresh.database.db, {}, log)).toEqual({ state: 'existing' })
      expect(lines).toHaveLength(1)
      expect(first.state).toBe('created')
      const password = first.state === 'created' ? first.password : ''
      expect(password.length).toBeGreaterThanOrEqual(16)
      // Answered for the start's notice, never written to the log (issue 43).
      expect(JSON.stringify(lines)).not.toContain(password)
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/v1/auth/login',
        payload: { email: 'admin@busana.local', password },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data.staff.role).toBe('owner')
    } finally {
      await fresh.close()
    }
  })
})
