import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, sql } from 'drizzle-orm'
import { createProduct, createPaymentMethod } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { openDatabase, type Database } from '../../db/client.ts'
import {
  domainEvents,
  eventDeliveries,
  orderUpdates,
  outboxMessages,
  payments,
  salesHeaders,
} from '../../db/schema/index.ts'
import { parseConfig } from '../../config.ts'
import { outboxMessaging } from '../../providers/messaging/outbox.ts'
import { outboxMail } from '../../providers/mail/outbox.ts'
import type { MailMessage, MailProvider } from '../../providers/mail/index.ts'
import type { MessagingProvider, PhoneMessage } from '../../providers/messaging/index.ts'
import { SANDBOX_SERVER_KEY } from '../../providers/payments/index.ts'
import { signedNotification } from '../payments/dev-payments.routes.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { queueOrderUpdate } from './queue.ts'
import { loadOrderMessageFacts, orderBuyer } from '../orders/index.ts'
import { backoffMs, MAX_ATTEMPTS, sendDueOrderUpdates, type OrderUpdateContext } from './sender.ts'
import { orderUpdateSettings } from './settings.ts'
import { settleOrderEvents } from './order-updates.fixtures.ts'

/**
 * Order updates (issue 28, decision 048) through the calls that move orders: each moment is queued
 * in the move's transaction for the buyer's phone and e-mail, in the order's language, and the
 * sender delivers it once: with two senders at once, after a process died mid-send, and through a
 * failing provider, which never touches the order.
 */

let o: Ops
const db = () => o.db()
const silent = { warn() {}, info() {}, error() {} }

/** A provider pair that records what it is given and can be made to fail. */
function recorder() {
  const phone: PhoneMessage[] = []
  const mail: MailMessage[] = []
  let failing = 0
  const messaging: MessagingProvider = {
    name: 'recorder',
    async send(message) {
      if (failing > 0) {
        failing--
        throw new Error('messaging provider answered HTTP 503')
      }
      phone.push(message)
    },
  }
  const mailer: MailProvider = {
    name: 'recorder',
    async send(message) {
      mail.push(message)
    },
  }
  return {
    phone,
    mail,
    fail(times: number) {
      failing = times
    },
    ctx: (extra: Partial<OrderUpdateContext> = {}): OrderUpdateContext => ({
      db: db(),
      loadOrder: loadOrderMessageFacts,
      messaging,
      mail: mailer,
      shopUrl: 'https://busana.example',
      log: silent,
      ...extra,
    }),
  }
}

let shirt: { code: string; sku: string }
const methods: Record<string, number> = {}

/** A member (with an e-mail) orders a shirt in `language`, paying with `method`. */
async function place(method = 'bca_va', language = 'id', member?: { idPelanggan: number; token: string }) {
  const m = member ?? (await o.s.member())
  const bag = await o.s.addToBag(m.token, shirt.code, shirt.sku)
  const res = await o.s.call(
    'POST',
    '/api/v1/orders/checkout_new',
    m.token,
    { id_delivery_method: 1, id_payment: methods[method] ?? o.methodId, products: o.s.ticked(bag) },
    { 'accept-language': language },
  )
  expect(res.statusCode, res.body).toBe(200)
  const id = res.json().data.id_sales_header as string
  const [h] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id))
  return { member: m, id, number: h!.salesOrderNumber, total: h!.totalBayar, header: h! }
}

/** The order's messages, once the events of its moves so far have been handed to order updates. */
const rowsOf = async (id: string) => {
  await settleOrderEvents(db())
  return db()
    .select()
    .from(orderUpdates)
    .where(eq(orderUpdates.idSalesHeader, id))
    .orderBy(asc(orderUpdates.id))
}

/** The sender's run, after the events job has queued what the moves so far call for. */
const sendDue: typeof sendDueOrderUpdates = async (ctx, options) => {
  await settleOrderEvents(ctx.db)
  return sendDueOrderUpdates(ctx, options)
}

const staffCall = (path: string, body: object) =>
  o.call('POST', `/orders/${path}`, { token: o.tokens.owner, body })

beforeAll(async () => {
  o = await opsWorld()
  const row = await createProduct(db(), {
    idBrand: 9,
    productCode: 'UPD-SHIRT',
    sellingPrice: 179_000,
    sizes: [{ ukuran: 'M', stock: 500, sellingPrice: 179_000 }],
  })
  shirt = { code: row.productCode, sku: `${row.productCode}-M` }
  methods.bca_va = o.methodId
  methods.qris = (
    await createPaymentMethod(db(), { code: 'qris', name: 'QRIS', category: 'QRIS', expiryMinutes: 15 })
  ).id
})
afterAll(async () => {
  await o.t.close()
})

describe('order updates, moment by moment', () => {
  it('placed: queued with the way to pay, in the order language, to WhatsApp and e-mail; sent once', async () => {
    const r = recorder()
    const order = await place('bca_va', 'id')
    expect(order.header.language).toBe('id')
    const rows = await rowsOf(order.id)
    expect(rows.map((row) => [row.moment, row.channel, row.language, row.state])).toEqual([
      ['placed', 'WHATSAPP', 'id', 'pending'],
      ['placed', 'EMAIL', 'id', 'pending'],
    ])
    expect(rows[0]!.recipient).toBe(order.header.buyerPhone)
    expect(rows[1]!.recipient).toBe(order.header.buyerEmail)

    const result = await sendDue(r.ctx())
    expect(result.sent).toBeGreaterThanOrEqual(2)
    const [payment] = await db().select().from(payments).where(eq(payments.idSalesHeader, order.id))
    const text = r.phone.find((m) => m.idempotencyKey === rows[0]!.idempotencyKey)!
    expect(text.channel).toBe('WHATSAPP')
    expect(text.to).toBe(order.header.buyerPhone)
    expect(text.body).toContain(order.number)
    expect(text.body).toContain(payment!.rekening!)
    expect(text.body).toContain('WIB')
    expect(text.body).toContain(`https://busana.example/member/order/${order.id}`)
    const mail = r.mail.find((m) => m.idempotencyKey === rows[1]!.idempotencyKey)!
    expect(mail.to).toBe(order.header.buyerEmail)
    expect(mail.html).toContain(payment!.rekening!)
    expect(mail.html).toContain('lang="id"')
    expect(mail.text).toContain(payment!.rekening!)
    // No token of any kind in what leaves: the links are plain pages that ask for sign-in.
    expect(`${text.body}${mail.html}${mail.text}`).not.toMatch(/token=|[?&](key|session|otp)=/i)

    const sent = await rowsOf(order.id)
    expect(sent.map((row) => row.state)).toEqual(['sent', 'sent'])
    expect(sent[0]!.body).toBe(text.body)
    // Sending again finds nothing due.
    expect((await sendDue(r.ctx())).sent).toBe(0)
  })

  it('paid, shipped and delivered: one message per moment and channel, with the waybill and the review link', async () => {
    const r = recorder()
    const order = await place('bca_va', 'en')
    await sendDue(r.ctx())
    await o.pay(order)
    // A replayed notification changes nothing and queues nothing more.
    await o.pay(order)
    let rows = await rowsOf(order.id)
    expect(rows.filter((row) => row.moment === 'paid').map((row) => row.channel)).toEqual([
      'WHATSAPP',
      'EMAIL',
    ])

    const ship = await staffCall(`${order.number}/ship`, { courier: 'jne', no_resi: 'JNE-UPD-000123' })
    expect(ship.statusCode, ship.body).toBe(200)
    const deliver = await staffCall(`${order.number}/deliver`, {})
    expect(deliver.statusCode, deliver.body).toBe(200)
    rows = await rowsOf(order.id)
    expect(rows.map((row) => `${row.moment}:${row.channel}:${row.language}`)).toEqual([
      'placed:WHATSAPP:en',
      'placed:EMAIL:en',
      'paid:WHATSAPP:en',
      'paid:EMAIL:en',
      'shipped:WHATSAPP:en',
      'shipped:EMAIL:en',
      'delivered:WHATSAPP:en',
      'delivered:EMAIL:en',
    ])
    await sendDue(r.ctx())
    const byKey = (moment: string, channel: string) => {
      const row = rows.find((x) => x.moment === moment && x.channel === channel)!
      return channel === 'EMAIL'
        ? r.mail.find((m) => m.idempotencyKey === row.idempotencyKey)!.text
        : r.phone.find((m) => m.idempotencyKey === row.idempotencyKey)!.body
    }
    expect(byKey('paid', 'WHATSAPP')).toContain(order.number)
    expect(byKey('shipped', 'WHATSAPP')).toContain('JNE-UPD-000123')
    expect(byKey('shipped', 'WHATSAPP')).toContain(`https://busana.example/member/order/${order.id}`)
    expect(byKey('shipped', 'EMAIL')).toContain('JNE-UPD-000123')
    expect(byKey('delivered', 'WHATSAPP')).toContain('https://busana.example/member/review')
    expect(byKey('delivered', 'EMAIL')).toContain('https://busana.example/member/review')
    expect((await rowsOf(order.id)).every((row) => row.state === 'sent')).toBe(true)
  })

  it("a guest without e-mail hears by phone only; the waybill's link is /tracking with the order number", async () => {
    const r = recorder()
    const guest = await createSignedInMember(db(), { isGuest: true })
    const bag = await o.s.addToBag(guest.token, shirt.code, shirt.sku)
    const res = await o.s.checkoutGuest(guest.token, {
      buyer_name: 'Budi Santoso',
      buyer_email: '',
      buyer_phone: '089999999999',
      penerima: 'Budi Santoso',
      hp_penerima: '081298765432',
      alamat_lengkap: 'Jl. Tanah Abang II No. 7, RT 03/RW 04, dekat masjid',
      destination_code: '31.71.01',
      id_address_village: '31.71.01.1001',
      kode_pos: '10110',
      id_delivery_method: 1,
      id_payment: o.methodId,
      products: o.s.ticked(bag),
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id_sales_header as string
    const [h] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id))
    await o.pay({ number: h!.salesOrderNumber, total: h!.totalBayar })
    await staffCall(`${h!.salesOrderNumber}/ship`, { no_resi: 'JNT-GUEST-0042' })
    const rows = await rowsOf(id)
    expect(rows.map((row) => `${row.moment}:${row.channel}`)).toEqual([
      'placed:WHATSAPP',
      'paid:WHATSAPP',
      'shipped:WHATSAPP',
    ])
    await sendDue(r.ctx())
    const shipped = r.phone.find((m) => m.idempotencyKey === rows[2]!.idempotencyKey)!
    expect(shipped.body).toContain('JNT-GUEST-0042')
    expect(shipped.body).toContain(`https://busana.example/tracking?order=${h!.salesOrderNumber}`)
  })

  it('issue 38: a guest verified only by phone gets no e-mail at a typed address; a name with markup or a link is a 400', async () => {
    const r = recorder()
    const guest = await createSignedInMember(db(), { isGuest: true })
    const bag = await o.s.addToBag(guest.token, shirt.code, shirt.sku)
    const body = {
      buyer_name: 'Pelanggan. *PEMBAYARAN GAGAL* bayar ulang di evil.example/pay',
      buyer_email: 'stranger@example.test',
      penerima: 'Budi Santoso',
      hp_penerima: '081298765432',
      alamat_lengkap: 'Jl. Tanah Abang II No. 7, RT 03/RW 04, dekat masjid',
      destination_code: '31.71.01',
      id_address_village: '31.71.01.1001',
      kode_pos: '10110',
      id_delivery_method: 1,
      id_payment: o.methodId,
      products: o.s.ticked(bag),
    }
    const refused = await o.s.checkoutGuest(guest.token, body)
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'REQ001' })
    expect(refused.json().message).toContain('buyer_name')
    for (const name of ['Budi *LUNAS*', 'Budi evil.example/pay', 'Budi_', 'Budi ~x~', 'www.evil.example']) {
      const res = await o.s.checkoutGuest(guest.token, { ...body, buyer_name: name })
      expect(res.statusCode, name).toBe(400)
    }
    const penerima = await o.s.checkoutGuest(guest.token, { ...body, buyer_name: 'Budi', penerima: 'x `y`' })
    expect(penerima.statusCode).toBe(400)
    expect(penerima.json().message).toContain('penerima')

    const res = await o.s.checkoutGuest(guest.token, { ...body, buyer_name: "R.A. Kartini-Ma'ruf" })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id_sales_header as string
    const [h] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id))
    // The address is kept on the order for customer care, but no message goes to it.
    expect(h!.buyerEmail).toBe('stranger@example.test')
    await o.pay({ number: h!.salesOrderNumber, total: h!.totalBayar })
    const rows = await rowsOf(id)
    expect(rows.map((row) => `${row.moment}:${row.channel}`)).toEqual(['placed:WHATSAPP', 'paid:WHATSAPP'])
    // A row queued for the typed address before the rule (or re-sent by staff) is given up unsent.
    await db()
      .insert(orderUpdates)
      .values({
        idSalesHeader: id,
        moment: 'cancelled',
        channel: 'EMAIL',
        recipient: 'stranger@example.test',
        language: 'en',
        idempotencyKey: `cancelled-old-${id}`,
      })
    const result = await sendDue(r.ctx())
    expect(r.mail.filter((m) => m.to === 'stranger@example.test')).toEqual([])
    expect(r.phone.filter((m) => m.body.includes(h!.salesOrderNumber))).toHaveLength(2)
    expect(result.failed).toBeGreaterThanOrEqual(1)
    const [old] = (await rowsOf(id)).filter((row) => row.channel === 'EMAIL')
    expect(old).toMatchObject({ state: 'failed', attempts: 1 })
    expect(old!.lastError).toContain('not verified')
  })

  it('cancelled by staff after payment says a refund is due; expired says so; money after a cancel is a refund', async () => {
    const r = recorder()
    const paid = await place('bca_va', 'en')
    await o.pay(paid)
    const cancel = await staffCall(`${paid.number}/cancel`, { reason: 'Out of stock at the warehouse' })
    expect(cancel.statusCode, cancel.body).toBe(200)

    const late = await place('qris', 'id')
    // The provider reports the deadline passed unpaid (as the expiry job's own check ends too).
    const expire = await o.t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/notification',
      payload: signedNotification(late.number, late.total, 'expire', SANDBOX_SERVER_KEY),
    })
    expect(expire.statusCode, expire.body).toBe(200)
    // The money comes anyway: the order stays cancelled and its total is owed back.
    await o.pay(late)

    await sendDue(r.ctx())
    const textOf = async (id: string, moment: string) => {
      const [row] = await db()
        .select()
        .from(orderUpdates)
        .where(
          and(
            eq(orderUpdates.idSalesHeader, id),
            eq(orderUpdates.moment, moment),
            eq(orderUpdates.channel, 'WHATSAPP'),
          ),
        )
      expect(row, `${moment} of ${id}`).toBeDefined()
      expect(row!.state).toBe('sent')
      return r.phone.find((m) => m.idempotencyKey === row!.idempotencyKey)!.body
    }
    const cancelled = await textOf(paid.id, 'cancelled')
    expect(cancelled).toContain(paid.number)
    expect(cancelled).toContain('Rp')
    const expired = await textOf(late.id, 'expired')
    expect(expired).toContain(late.number)
    const refund = await textOf(late.id, 'refund')
    expect(refund).toContain(late.number)
    expect((await rowsOf(late.id)).map((row) => row.moment)).toEqual([
      'placed',
      'placed',
      'expired',
      'expired',
      'refund',
      'refund',
    ])
  })
})

describe('what the shop turns off', () => {
  it('reads ORDER_UPDATES_PHONE and ORDER_UPDATES_OFF; refuses a word it does not know at start', () => {
    const settings = orderUpdateSettings({
      ORDER_UPDATES_PHONE: 'SMS',
      ORDER_UPDATES_OFF: 'delivered, placed:email,email',
    })
    expect(settings.phoneChannel).toBe('SMS')
    expect(settings.off.has('delivered:phone')).toBe(true)
    expect(settings.off.has('placed:email')).toBe(true)
    expect(settings.off.has('paid:email')).toBe(true)
    expect(settings.off.has('paid:phone')).toBe(false)
    expect(() => parseConfig({ NODE_ENV: 'test', ORDER_UPDATES_OFF: 'shipped:fax' })).toThrow(
      /ORDER_UPDATES_OFF/,
    )
    expect(() => parseConfig({ NODE_ENV: 'test', ORDER_UPDATES_PHONE: 'PIGEON' })).toThrow(
      /ORDER_UPDATES_PHONE/,
    )
    expect(orderUpdateSettings(parseConfig({ NODE_ENV: 'test' }))).toMatchObject({ phoneChannel: 'WHATSAPP' })
    expect(orderUpdateSettings(parseConfig({ NODE_ENV: 'test' })).off.size).toBe(0)
  })

  it('queues only the moments and channels that are on, by SMS when the shop says so', async () => {
    const order = await place('bca_va', 'en')
    const settings = orderUpdateSettings({
      ORDER_UPDATES_PHONE: 'SMS',
      ORDER_UPDATES_OFF: 'paid:email,shipped',
    })
    await db().transaction(async (tx) => {
      expect(
        await queueOrderUpdate(
          tx,
          { idSalesHeader: order.id, moment: 'paid', buyer: await orderBuyer(tx, order.id) },
          settings,
        ),
      ).toBe(1)
      expect(
        await queueOrderUpdate(
          tx,
          { idSalesHeader: order.id, moment: 'shipped', buyer: await orderBuyer(tx, order.id) },
          settings,
        ),
      ).toBe(0)
      // Queued once: the same moment again writes nothing.
      expect(
        await queueOrderUpdate(
          tx,
          { idSalesHeader: order.id, moment: 'paid', buyer: await orderBuyer(tx, order.id) },
          settings,
        ),
      ).toBe(0)
    })
    const rows = (await rowsOf(order.id)).filter((row) => row.moment !== 'placed')
    expect(rows.map((row) => `${row.moment}:${row.channel}`)).toEqual(['paid:SMS'])
  })

  it('writes nothing when the move rolls back', async () => {
    const order = await place('bca_va', 'en')
    await expect(
      db().transaction(async (tx) => {
        await queueOrderUpdate(tx, {
          idSalesHeader: order.id,
          moment: 'paid',
          buyer: await orderBuyer(tx, order.id),
        })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await rowsOf(order.id)).filter((row) => row.moment === 'paid')).toHaveLength(0)
  })
})

describe('never lost, never twice', () => {
  it('a failing provider: the order moves anyway, the message is retried with growing waits, then given up', async () => {
    const r = recorder()
    const order = await place('bca_va', 'en')
    await sendDue(r.ctx())
    r.fail(100)
    await o.pay(order)
    // The paid message is queued before the clock below starts.
    await settleOrderEvents(db())
    const [paidOrder] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, order.id))
    expect(paidOrder!.status).toBe('Paid')

    let now = Date.now()
    const result = await sendDue(r.ctx(), { now: () => now })
    expect(result.retrying).toBe(1)
    let [phone] = (await rowsOf(order.id)).filter(
      (row) => row.moment === 'paid' && row.channel === 'WHATSAPP',
    )
    expect(phone).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'messaging provider answered HTTP 503',
    })
    expect(phone!.nextAttemptAt.getTime()).toBe(now + backoffMs(1))
    // Not due before its wait is over.
    expect((await sendDue(r.ctx(), { now: () => now + 1_000 })).retrying).toBe(0)

    // The provider comes back: the next attempt sends it, once.
    r.fail(0)
    now += backoffMs(1)
    expect((await sendDue(r.ctx(), { now: () => now })).sent).toBe(1)
    ;[phone] = (await rowsOf(order.id)).filter((row) => row.moment === 'paid' && row.channel === 'WHATSAPP')
    expect(phone).toMatchObject({ state: 'sent', attempts: 2, lastError: null })
    expect(r.phone.filter((m) => m.idempotencyKey === phone!.idempotencyKey)).toHaveLength(1)

    // A provider that stays down: after MAX_ATTEMPTS the message is failed (staff can re-send it).
    await staffCall(`${order.number}/ship`, { no_resi: 'JNE-DOWN-000777' })
    r.fail(1000)
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await sendDue(r.ctx(), { now: () => now })
      now += backoffMs(attempt)
    }
    const shipped = (await rowsOf(order.id)).find(
      (row) => row.moment === 'shipped' && row.channel === 'WHATSAPP',
    )!
    expect(shipped).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS })
    const [shippedOrder] = await db()
      .select()
      .from(salesHeaders)
      .where(eq(salesHeaders.idSalesHeader, order.id))
    expect(shippedOrder!.status).toBe('Delivery')
  })

  it('a process that died between sending and recording it: sent again with the same key, kept once', async () => {
    const order = await place('bca_va', 'en')
    const outbox = {
      messaging: outboxMessaging(db(), silent as never),
      mail: outboxMail(db(), silent as never),
    }
    const ctx: OrderUpdateContext = {
      db: db(),
      loadOrder: loadOrderMessageFacts,
      ...outbox,
      shopUrl: 'https://busana.example',
      log: silent,
    }
    const [row] = (await rowsOf(order.id)).filter((x) => x.channel === 'WHATSAPP')
    // The dead process: it claimed the message and the gateway got it, then nothing was recorded.
    const now = Date.now()
    await db()
      .update(orderUpdates)
      .set({ state: 'sending', attempts: 1, claimedUntil: new Date(now + 60_000) })
      .where(eq(orderUpdates.id, row!.id))
    await outbox.messaging.send({
      channel: 'WHATSAPP',
      to: row!.recipient,
      body: 'first try',
      idempotencyKey: row!.idempotencyKey,
    })
    // While its claim lasts nobody else takes it.
    await sendDue(ctx, { now: () => now + 1_000 })
    expect((await rowsOf(order.id)).find((x) => x.id === row!.id)!.state).toBe('sending')
    // Once the claim has run out another process sends it, with the same key.
    await sendDue(ctx, { now: () => now + 61_000 })
    expect((await rowsOf(order.id)).find((x) => x.id === row!.id)).toMatchObject({
      state: 'sent',
      attempts: 2,
    })
    const stored = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.idempotencyKey, row!.idempotencyKey))
    expect(stored).toHaveLength(1)
  })

  it('queues from the events of the moves: an event handed over again queues nothing more', async () => {
    const order = await place('bca_va', 'en')
    const published = await db()
      .select()
      .from(domainEvents)
      .where(sql`${domainEvents.payload}->>'id_sales_header' = ${order.id}`)
    expect(published.map((event) => event.topic)).toEqual(['order.placed'])
    expect((await rowsOf(order.id)).map((row) => row.moment)).toEqual(['placed', 'placed'])
    const [delivery] = await db()
      .select()
      .from(eventDeliveries)
      .where(eq(eventDeliveries.eventId, published[0]!.id))
    expect(delivery).toMatchObject({ subscriber: 'order_updates.queue', state: 'done', attempts: 1 })
    // A process that queued and died before marking it done: the delivery is handed over again.
    await db()
      .update(eventDeliveries)
      .set({ state: 'pending', nextAttemptAt: new Date(0) })
      .where(eq(eventDeliveries.eventId, published[0]!.id))
    expect((await rowsOf(order.id)).map((row) => row.moment)).toEqual(['placed', 'placed'])
    const [again] = await db()
      .select()
      .from(eventDeliveries)
      .where(eq(eventDeliveries.eventId, published[0]!.id))
    expect(again).toMatchObject({ state: 'done', attempts: 2 })
  })

  it('two processes sending at once send each message once', async () => {
    // A second connection to the same database where there can be one (PostgreSQL); PGlite has one.
    let second: Database | null = null
    if (o.t.config.DATABASE_URL) {
      second = await openDatabase({ url: o.t.config.DATABASE_URL, dataDir: 'memory://' })
    }
    // What earlier tests left queued goes first, so the race below is over these orders' messages.
    await sendDue(recorder().ctx())
    const r1 = recorder()
    const r2 = recorder()
    const orders = []
    for (let i = 0; i < 8; i++) orders.push(await place('bca_va', i % 2 ? 'en' : 'id'))
    for (const order of orders) await o.pay(order)
    await settleOrderEvents(db())
    const [a, b] = await Promise.all([
      sendDueOrderUpdates(r1.ctx(), { batch: 3 }),
      sendDueOrderUpdates(second ? r2.ctx({ db: second.db }) : r2.ctx(), { batch: 3 }),
    ])
    const keys = [...r1.phone, ...r2.phone]
      .map((m) => m.idempotencyKey)
      .concat([...r1.mail, ...r2.mail].map((m) => m.idempotencyKey))
    expect(new Set(keys).size).toBe(keys.length)
    expect(a.sent + b.sent).toBe(keys.length)
    const rows = (await Promise.all(orders.map((order) => rowsOf(order.id)))).flat()
    expect(rows).toHaveLength(32)
    expect(rows.every((row) => row.state === 'sent')).toBe(true)
    expect(keys.sort()).toEqual(rows.map((row) => row.idempotencyKey).sort())
    await second?.close()
  })
})
