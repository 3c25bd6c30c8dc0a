import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, desc, eq } from 'drizzle-orm'
import {
  ERROR_MESSAGES_ID,
  errors,
  type AdminOrderDetail,
  type AdminOrderMessage,
  type AppError,
} from '@busana/contract/schemas'
import { createOrder, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { orderUpdates, staffAuditLog } from '../../db/schema/index.ts'
import { resendOrderUpdate, sendDueOrderUpdates } from '../order-updates/index.ts'
import { settleOrderEvents } from '../order-updates/order-updates.fixtures.ts'
import { recorderOn } from '../order-updates/order-updates.fixtures.ts'
import { opsWorld, type Ops } from './admin.fixtures.ts'

/**
 * The messages to the buyer on the back office's order page (issue 28, decision 048): the detail
 * lists them with channel and state, never their keys; staff with orders.message re-send one as a
 * new pending row naming the original, audited in the same transaction, refused while the message
 * or an earlier re-send of it is still on its way, and refused for another order's message. The
 * sender then delivers the re-send once, under a key of its own.
 */

let o: Ops
const db = () => o.db()
const recorder = () => recorderOn(db)

let shirt: { code: string; sku: string }
/** Placed, paid and shipped (messages queued by each move); every message sent. */
let shipped: { id: string; number: string }
/** Placed only; its messages not sent yet. */
let placed: { id: string; number: string }
const WAYBILL = 'JNE-MSG-0000777'

/** The sender's run, after the events job has queued what the moves so far call for. */
const sendDue: typeof sendDueOrderUpdates = async (ctx, options) => {
  await settleOrderEvents(ctx.db)
  return sendDueOrderUpdates(ctx, options)
}
const detail = async (number: string, token = o.tokens.owner) => {
  await settleOrderEvents(db())
  const res = await o.call('GET', `/orders/${number}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as AdminOrderDetail
}
const resend = (number: string, id: number | string, token: string | null = o.tokens.support) =>
  o.call('POST', `/orders/${number}/messages/${id}/resend`, { token })
const stored = (id: number) =>
  db()
    .select()
    .from(orderUpdates)
    .where(eq(orderUpdates.id, id))
    .then((rows) => rows[0]!)
const messageOf = async (number: string, moment: string, channel: string) =>
  (await detail(number)).messages.find(
    (m) => m.moment === moment && m.channel === channel && m.resend_of === null,
  )!

beforeAll(async () => {
  o = await opsWorld()
  const row = await createProduct(db(), {
    idBrand: 9,
    productCode: 'MSG-SHIRT',
    sizes: [{ ukuran: 'M', stock: 100, sellingPrice: 150_000 }],
  })
  shirt = { code: row.productCode, sku: `${row.productCode}-M` }
  const first = await o.placeOrder(shirt.code, shirt.sku)
  await o.pay(first)
  const ship = await o.call('POST', `/orders/${first.number}/ship`, {
    token: o.tokens.warehouse,
    body: { courier: 'jne', no_resi: WAYBILL },
  })
  expect(ship.statusCode, ship.body).toBe(200)
  shipped = first
  await sendDue(recorder().ctx())
  placed = await o.placeOrder(shirt.code, shirt.sku)
  await settleOrderEvents(db())
  // Its messages stay pending through the sender's runs below: due tomorrow.
  await db()
    .update(orderUpdates)
    .set({ nextAttemptAt: new Date(Date.now() + 86_400_000) })
    .where(eq(orderUpdates.idSalesHeader, placed.id))
})

afterAll(async () => {
  await o?.t.close()
})

describe('the messages on the order page', () => {
  it('lists every message of the order, oldest first, with its state and the text sent, never its key', async () => {
    const res = await o.call('GET', `/orders/${shipped.number}`, { token: o.tokens.support })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).not.toMatch(/idempotency|claimed/i)
    const { messages } = res.json().data as AdminOrderDetail
    expect(messages.map((m) => `${m.moment}:${m.channel}:${m.state}`)).toEqual([
      'placed:WHATSAPP:sent',
      'placed:EMAIL:sent',
      'paid:WHATSAPP:sent',
      'paid:EMAIL:sent',
      'shipped:WHATSAPP:sent',
      'shipped:EMAIL:sent',
    ])
    const ids = messages.map((m) => m.id)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    const text = messages.find((m) => m.moment === 'shipped' && m.channel === 'WHATSAPP')!
    expect(text).toMatchObject({
      attempts: 1,
      last_error: null,
      requested_by: 'system',
      resend_of: null,
    })
    expect(text.body).toContain(WAYBILL)
    expect(text.sent_at).toMatch(/\+07:00$/)
    expect(text.created_at).toMatch(/\+07:00$/)
    expect(messages.find((m) => m.channel === 'EMAIL')!.subject).toBeTruthy()

    // An order whose messages are not sent yet lists them pending, untried.
    const waiting = (await detail(placed.number)).messages
    expect(waiting.map((m) => `${m.moment}:${m.channel}:${m.state}:${m.attempts}`)).toEqual([
      'placed:WHATSAPP:pending:0',
      'placed:EMAIL:pending:0',
    ])
    expect(waiting[0]!.body).toBeNull()
    expect(waiting[0]!.sent_at).toBeNull()
  })
})

describe('re-sending a message', () => {
  it('queues a new pending message naming the original, audited, refused again while it is on its way, delivered once under a new key', async () => {
    const original = await messageOf(shipped.number, 'shipped', 'WHATSAPP')
    const res = await resend(shipped.number, original.id)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { message: string; data: AdminOrderMessage }
    expect(body.message).toBe('The message will be sent again in a moment')
    const copy = body.data
    expect(copy).toMatchObject({
      moment: 'shipped',
      channel: 'WHATSAPP',
      recipient: original.recipient,
      language: original.language,
      state: 'pending',
      attempts: 0,
      requested_by: 'staff:support@busana.test',
      resend_of: original.id,
      body: null,
      sent_at: null,
    })
    expect(copy.id).toBeGreaterThan(original.id)
    expect(res.body).not.toMatch(/idempotency/i)

    // The audit row, written with it.
    const [audit] = await db()
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'order.resend_message'))
      .orderBy(desc(staffAuditLog.id))
      .limit(1)
    expect(audit).toMatchObject({ staffId: o.ids.support, targetType: 'order', targetId: shipped.number })
    expect(audit!.changes).toMatchObject({ message: copy.id, resend_of: original.id, channel: 'WHATSAPP' })

    // The page lists it after the original.
    const listed = (await detail(shipped.number)).messages
    expect(listed.at(-1)).toMatchObject({ id: copy.id, state: 'pending', resend_of: original.id })

    // Again while it waits: the original (409 STF159), the new one itself (409 STF158).
    const twice = await resend(shipped.number, original.id, o.tokens.owner)
    expect(twice.json()).toMatchObject({ status: 409, code: 'STF159' })
    const itself = await resend(shipped.number, copy.id, o.tokens.owner)
    expect(itself.json()).toMatchObject({ status: 409, code: 'STF158' })
    const inIndonesian = await o.t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/orders/${shipped.number}/messages/${original.id}/resend`,
      headers: { authorization: `Bearer ${o.tokens.owner}`, 'accept-language': 'id' },
    })
    expect(inIndonesian.json()).toMatchObject({
      code: 'STF159',
      message: 'Pesan ini sudah sedang dikirim ulang',
    })
    // Another message of the same order is a line of its own.
    const email = await messageOf(shipped.number, 'shipped', 'EMAIL')
    expect((await resend(shipped.number, email.id)).statusCode).toBe(200)

    // The sender delivers the re-sends once each, under keys of their own.
    const r = recorder()
    const result = await sendDue(r.ctx())
    expect(result).toEqual({ sent: 2, retrying: 0, failed: 0 })
    expect((await sendDue(r.ctx())).sent).toBe(0)
    const [originalRow, copyRow] = [await stored(original.id), await stored(copy.id)]
    expect(copyRow.idempotencyKey).not.toBe(originalRow.idempotencyKey)
    expect(r.phone.map((m) => m.idempotencyKey)).toEqual([copyRow.idempotencyKey])
    expect(r.phone[0]!.to).toBe(original.recipient)
    expect(r.phone[0]!.body).toContain(WAYBILL)
    expect(r.mail).toHaveLength(1)
    expect(r.mail[0]!.idempotencyKey).not.toBe((await stored(email.id)).idempotencyKey)
    expect(copyRow).toMatchObject({ state: 'sent', body: r.phone[0]!.body })

    // Sent: it may go again, and a re-send of the re-send names the original.
    const third = await resend(shipped.number, copy.id, o.tokens.warehouse)
    expect(third.statusCode, third.body).toBe(200)
    expect(third.json().data).toMatchObject({
      resend_of: original.id,
      requested_by: 'staff:warehouse@busana.test',
    })
    await sendDue(r.ctx())
    expect(r.phone).toHaveLength(2)
    expect(new Set(r.phone.map((m) => m.idempotencyKey)).size).toBe(2)
  })

  it('re-sends a failed message; refuses one still pending or being retried', async () => {
    const failed = await messageOf(shipped.number, 'paid', 'EMAIL')
    await db()
      .update(orderUpdates)
      .set({ state: 'failed', lastError: 'mail server answered 554', attempts: 10 })
      .where(eq(orderUpdates.id, failed.id))
    const listed = (await detail(shipped.number)).messages.find((m) => m.id === failed.id)!
    expect(listed).toMatchObject({ state: 'failed', last_error: 'mail server answered 554', attempts: 10 })
    const res = await resend(shipped.number, failed.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      state: 'pending',
      attempts: 0,
      last_error: null,
      resend_of: failed.id,
    })

    // Re-sends of one message at once (the original is locked first): one is queued, the others refused.
    const paid = await messageOf(shipped.number, 'paid', 'WHATSAPP')
    const racing = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        resendOrderUpdate(db(), shipped.id, paid.id, 'staff:owner@busana.test'),
      ),
    )
    expect(racing.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of racing.filter((outcome) => outcome.status === 'rejected'))
      expect((outcome.reason as AppError).code).toBe('STF159')
    expect(await db().select().from(orderUpdates).where(eq(orderUpdates.resendOf, paid.id))).toHaveLength(1)

    const waiting = await messageOf(placed.number, 'placed', 'WHATSAPP')
    expect((await resend(placed.number, waiting.id)).json()).toMatchObject({ status: 409, code: 'STF158' })
    // Being retried: pending with an attempt and an error behind it.
    await db()
      .update(orderUpdates)
      .set({ attempts: 2, lastError: 'HTTP 503' })
      .where(eq(orderUpdates.id, waiting.id))
    expect((await resend(placed.number, waiting.id)).json()).toMatchObject({ status: 409, code: 'STF158' })
    const rows = await db()
      .select()
      .from(orderUpdates)
      .where(eq(orderUpdates.idSalesHeader, placed.id))
      .orderBy(asc(orderUpdates.id))
    expect(rows).toHaveLength(2)
  })

  it("answers 404 for another order's message, an unknown one or an unknown order, 400 for an id that is not one", async () => {
    const theirs = await messageOf(placed.number, 'placed', 'EMAIL')
    const before = await db().select().from(orderUpdates)
    expect((await resend(shipped.number, theirs.id)).json()).toMatchObject({ status: 404, code: 'STF157' })
    expect((await resend(shipped.number, 987_654)).json()).toMatchObject({ status: 404, code: 'STF157' })
    expect((await resend('BSN-000000-NOPE00000', theirs.id)).json()).toMatchObject({
      status: 404,
      code: 'ORD001',
    })
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const res = await resend(shipped.number, id)
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400)
      expect(res.json().code, id).toBe('REQ001')
    }
    expect(await db().select().from(orderUpdates)).toHaveLength(before.length)
  })

  it('re-sends a message of an order whose number is not of the checkout pattern (the demo seed’s)', async () => {
    const member = await createSignedInMember(db())
    const order = await createOrder(db(), {
      idPelanggan: member.idPelanggan,
      salesOrderNumber: 'BSN-DEMO-MSG-1',
      status: 'Success',
      buyerPhone: '081390000001',
    })
    const [row] = await db()
      .insert(orderUpdates)
      .values({
        idSalesHeader: order.idSalesHeader,
        moment: 'delivered',
        channel: 'WHATSAPP',
        recipient: '081390000001',
        language: 'id',
        idempotencyKey: 'delivered-demo-msg-1',
        state: 'sent',
        attempts: 1,
        sentAt: new Date(),
      })
      .returning()
    const res = await resend('bsn-demo-msg-1', row!.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ moment: 'delivered', resend_of: row!.id, language: 'id' })
  })

  it('is for owner, warehouse and support: 403 for merchandisers and marketing, 401 signed out, 403 without the CSRF token', async () => {
    const message = await messageOf(shipped.number, 'placed', 'WHATSAPP')
    for (const role of ['merchandiser', 'marketing'] as const) {
      expect((await resend(shipped.number, message.id, o.tokens[role])).json(), role).toMatchObject({
        status: 403,
        code: 'STF003',
      })
    }
    expect((await resend(shipped.number, message.id, null)).json()).toMatchObject({
      status: 401,
      code: 'STF002',
    })
    const session = await o.cookieSession('support')
    const noCsrf = await o.call('POST', `/orders/${shipped.number}/messages/${message.id}/resend`, {
      cookie: session.cookie,
    })
    expect(noCsrf.json()).toMatchObject({ status: 403, code: 'STF006' })
    const rows = await db().select().from(orderUpdates).where(eq(orderUpdates.resendOf, message.id))
    expect(rows).toEqual([])
    // With the cookie and its token the back office may.
    const ok = await o.call('POST', `/orders/${shipped.number}/messages/${message.id}/resend`, {
      cookie: session.cookie,
      csrf: session.csrf,
    })
    expect(ok.statusCode, ok.body).toBe(200)
  })
})

describe('issue 38 item 6: how often a message may go again', () => {
  /** An order that got one message (sent) to `recipient`. */
  async function sentTo(number: string, recipient: string, idPelanggan: number) {
    const order = await createOrder(db(), {
      idPelanggan,
      salesOrderNumber: number,
      status: 'Success',
      buyerPhone: recipient,
    })
    const [row] = await db()
      .insert(orderUpdates)
      .values({
        idSalesHeader: order.idSalesHeader,
        moment: 'delivered',
        channel: 'WHATSAPP',
        recipient,
        language: 'id',
        idempotencyKey: `delivered-${number}`,
        state: 'sent',
        attempts: 1,
        sentAt: new Date(),
      })
      .returning()
    return row!
  }
  /** What the sender does with a re-send: it is sent, so the line may go again. */
  const delivered = (id: number) =>
    db()
      .update(orderUpdates)
      .set({ state: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(orderUpdates.id, id))

  it('re-sends one message at most 3 times an hour: then 429 STF160 with Retry-After, in English and Indonesian, nothing written', async () => {
    const member = await createSignedInMember(db())
    const message = await sentTo('BSN-LIMIT-MSG-1', '081377770001', member.idPelanggan)
    for (let i = 1; i <= 3; i++) {
      const res = await resend('BSN-LIMIT-MSG-1', message.id)
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200)
      await delivered((res.json().data as AdminOrderMessage).id)
    }
    const fourth = await resend('BSN-LIMIT-MSG-1', message.id)
    expect(fourth.statusCode, fourth.body).toBe(429)
    expect(fourth.json()).toMatchObject({ status: 429, code: 'STF160', message: errors.STF160.message })
    const wait = Number(fourth.headers['retry-after'])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(3600)
    const inIndonesian = await o.t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/orders/BSN-LIMIT-MSG-1/messages/${message.id}/resend`,
      headers: { authorization: `Bearer ${o.tokens.owner}`, 'accept-language': 'id' },
    })
    expect(inIndonesian.json()).toMatchObject({ code: 'STF160', message: ERROR_MESSAGES_ID.STF160 })
    expect(inIndonesian.headers['retry-after']).toBeDefined()
    // Refused re-sends count for nothing and write nothing: still three.
    expect(await db().select().from(orderUpdates).where(eq(orderUpdates.resendOf, message.id))).toHaveLength(
      3,
    )
  })

  it('re-sends to one recipient at most 10 a day, exact with 20 at once: the others 429 STF161', async () => {
    const member = await createSignedInMember(db())
    const phone = '081377770002'
    const messages = []
    for (let i = 0; i < 20; i++) {
      messages.push({
        number: `BSN-LIMIT-DAY-${String(i).padStart(2, '0')}`,
        ...(await sentTo(`BSN-LIMIT-DAY-${String(i).padStart(2, '0')}`, phone, member.idPelanggan)),
      })
    }
    const answers = await Promise.all(messages.map((m) => resend(m.number, m.id)))
    const accepted = answers.filter((res) => res.statusCode === 200)
    expect(accepted).toHaveLength(10)
    for (const res of answers.filter((res) => res.statusCode !== 200)) {
      expect(res.json(), res.body).toMatchObject({
        status: 429,
        code: 'STF161',
        message: errors.STF161.message,
      })
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    }
    const written = await db().select().from(orderUpdates).where(eq(orderUpdates.recipient, phone))
    expect(written.filter((row) => row.resendOf !== null)).toHaveLength(10)
  })
})
