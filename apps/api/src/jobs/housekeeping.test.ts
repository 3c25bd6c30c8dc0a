import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isNotNull } from 'drizzle-orm'
import {
  domainEvents,
  eventDeliveries,
  checkoutRequests,
  customers,
  memberSessions,
  otpCodes,
  outboxMessages,
  paymentNotifications,
  rateLimitWindows,
  salesHeaders,
} from '../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { createOrder } from '../test/factories.ts'
import { runHousekeeping, startHousekeeping } from './housekeeping.ts'

const DAY = 86_400_000
const ago = (ms: number) => new Date(Date.now() - ms)

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t?.close()
})

describe('housekeeping', () => {
  it('deletes only rows no request will read again', async () => {
    const db = t.database.db
    const [customer] = await db
      .insert(customers)
      .values({ hp: '081234567890', nama: 'Ayu' })
      .returning({ id: customers.idPelanggan })
    const id = customer!.id
    const code = (expiresAt: Date) => ({
      purpose: 'GUEST_LOGIN',
      idPelanggan: id,
      phone: '081234567890',
      channel: 'SMS',
      codeHash: 'x',
      maxAttempts: 5,
      expiresAt,
    })
    await db
      .insert(otpCodes)
      .values([code(ago(2 * DAY)), code(ago(60_000)), code(new Date(Date.now() + 60_000))])
    const session = (tokenHash: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      tokenHash,
      idPelanggan: id,
      expiresAt,
      revokedAt,
    })
    await db
      .insert(memberSessions)
      .values([
        session('a'.repeat(64), ago(2 * DAY)),
        session('b'.repeat(64), new Date(Date.now() + DAY), ago(2 * DAY)),
        session('c'.repeat(64), new Date(Date.now() + DAY), ago(60_000)),
        session('d'.repeat(64), new Date(Date.now() + DAY)),
      ])
    await db.insert(rateLimitWindows).values([
      { key: 'old', windowStart: ago(2 * DAY), hits: 3 },
      { key: 'new', windowStart: ago(60_000), hits: 1 },
    ])
    await db.insert(outboxMessages).values([
      { channel: 'SMS', recipient: '0812', body: 'old', createdAt: ago(8 * DAY) },
      { channel: 'SMS', recipient: '0812', body: 'new' },
    ])

    const oldOrder = 'aaaaaaaa-0000-4000-8000-000000000001'
    const newOrder = 'bbbbbbbb-0000-4000-8000-000000000002'
    await createOrder(db, { idSalesHeader: oldOrder, idPelanggan: id, status: 'Paid' })
    await createOrder(db, { idSalesHeader: newOrder, idPelanggan: id })
    const key = (idempotencyKey: string, idSalesHeader: string, createdAt: Date) => ({
      idPelanggan: id,
      idempotencyKey,
      requestHash: 'h'.repeat(64),
      idSalesHeader,
      response: { id_sales_header: idSalesHeader },
      createdAt,
    })
    await db
      .insert(checkoutRequests)
      .values([key('old-key-0001', oldOrder, ago(2 * DAY)), key('new-key-0001', newOrder, ago(60_000))])

    // Pending registrations: one past its expiry (deleted with its code), one live, one verified.
    const registration = (email: string, isVerified: boolean, expiresAt: Date | null) => ({
      hp: '081234567891',
      email,
      passwordHash: 'scrypt$x',
      isVerified,
      registrationExpiresAt: expiresAt,
    })
    const [expired] = await db
      .insert(customers)
      .values(registration('gone@example.com', false, ago(60_000)))
      .returning({ id: customers.idPelanggan })
    await db
      .insert(customers)
      .values([
        registration('waiting@example.com', false, new Date(Date.now() + DAY)),
        registration('verified@example.com', true, null),
      ])
    await db.insert(otpCodes).values({
      ...code(new Date(Date.now() + 60_000)),
      purpose: 'REGISTER',
      idPelanggan: expired!.id,
    })

    // issue 26 item 2: refused payment notifications go after 30 days; the ones that did something stay.
    const notification = (outcome: string, receivedAt: Date, idSalesHeader: string | null = null) => ({
      orderId: 'BSN-000000-JUNK0001',
      idSalesHeader,
      outcome,
      receivedAt,
      body: { order_id: 'BSN-000000-JUNK0001' },
    })
    await db
      .insert(paymentNotifications)
      .values([
        notification('bad_signature', ago(31 * DAY)),
        notification('malformed', ago(40 * DAY)),
        notification('bad_signature', ago(29 * DAY)),
        notification('paid', ago(90 * DAY), oldOrder),
      ])

    // Events: an old one every subscriber had goes; an old one still owed, and a recent one, stay.
    const [oldDone, oldOwed, recent] = await db
      .insert(domainEvents)
      .values([
        { topic: 'inventory.available_again', payload: { sku: 'A' }, createdAt: ago(31 * DAY) },
        { topic: 'inventory.available_again', payload: { sku: 'B' }, createdAt: ago(31 * DAY) },
        { topic: 'inventory.available_again', payload: { sku: 'C' }, createdAt: ago(DAY) },
      ])
      .returning({ id: domainEvents.id })
    await db.insert(eventDeliveries).values([
      { eventId: oldDone!.id, subscriber: 'alerts.back_in_stock', state: 'done' },
      { eventId: oldOwed!.id, subscriber: 'alerts.back_in_stock', state: 'failed' },
      { eventId: recent!.id, subscriber: 'alerts.back_in_stock', state: 'done' },
    ])

    expect(await runHousekeeping(db)).toEqual({
      codes: 1,
      registrations: 1,
      sessions: 2,
      outbox: 1,
      checkoutKeys: 1,
      refusedNotifications: 2,
      returnsClosed: 0,
      events: 1,
    })
    expect((await db.select().from(domainEvents)).map((e) => e.id).sort()).toEqual(
      [oldOwed!.id, recent!.id].sort(),
    )
    const notifications = await db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .orderBy(paymentNotifications.outcome)
    expect(notifications.map((n) => n.outcome)).toEqual(['bad_signature', 'paid'])
    const registrations = await db
      .select({ email: customers.email })
      .from(customers)
      .where(isNotNull(customers.email))
      .orderBy(customers.email)
    expect(registrations.map((r) => r.email)).toEqual(['verified@example.com', 'waiting@example.com'])
    const keys = await db.select().from(checkoutRequests)
    expect(keys.map((k) => k.idempotencyKey)).toEqual(['new-key-0001'])
    // The orders themselves stay.
    expect(await db.select().from(salesHeaders)).toHaveLength(2)
    expect(await db.select().from(otpCodes)).toHaveLength(2)
    expect((await db.select().from(memberSessions)).map((s) => s.tokenHash[0]).sort()).toEqual(['c', 'd'])
    expect((await db.select().from(rateLimitWindows)).map((w) => w.key)).toEqual(['new'])
    expect((await db.select().from(outboxMessages)).map((m) => m.body)).toEqual(['new'])
    // Idempotent: a second run (or another instance) finds nothing more.
    expect(await runHousekeeping(db)).toEqual({
      codes: 0,
      registrations: 0,
      sessions: 0,
      outbox: 0,
      checkoutKeys: 0,
      refusedNotifications: 0,
      returnsClosed: 0,
      events: 0,
    })
  })

  it('runs on a timer, logs a failure and stops when asked', async () => {
    vi.useFakeTimers()
    try {
      const log = { info: vi.fn(), error: vi.fn() }
      const failing = {
        delete: () => {
          throw new Error('database down')
        },
      } as unknown as TestApp['database']['db']
      const stop = startHousekeeping(failing, log, { firstRunMs: 10, intervalMs: 1000 })
      await vi.advanceTimersByTimeAsync(10)
      expect(log.error).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1000)
      expect(log.error).toHaveBeenCalledTimes(2)
      stop()
      await vi.advanceTimersByTimeAsync(5000)
      expect(log.error).toHaveBeenCalledTimes(2)
      expect(log.info).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })
})
