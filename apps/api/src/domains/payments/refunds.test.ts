import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createOrder } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { paymentRefunds } from '../../db/schema/index.ts'
import { sandboxPayments } from '../../providers/payments/sandbox.ts'
import {
  SANDBOX_SERVER_KEY,
  type PaymentProvider,
  type RefundRequest,
} from '../../providers/payments/index.ts'
import type { RefundContext } from './refunds.ts'
import { refundPayment } from './index.ts'

/**
 * Refunds through the payment provider (issue 40): the sandbox refunds and answers a reference, a
 * refund_key is asked of the provider once however often or in parallel it is called, a provider
 * failure is stored and a retry with the key refunds. The provider is the sandbox behind a switch
 * that can make the next refunds fail, and a record of what reached it.
 * (Midtrans' refund call, and refundPayment against its fake: providers/payments/midtrans.test.ts.)
 */

let t: TestApp
const db = () => t.database.db
const sandbox = sandboxPayments({ serverKey: SANDBOX_SERVER_KEY, publicUrl: 'http://localhost:3000' })
let failRefunds = 0
const asked: { orderId: string; request: RefundRequest }[] = []
const recording: PaymentProvider = {
  ...sandbox,
  async refund(orderId, request, signal) {
    asked.push({ orderId, request })
    if (failRefunds > 0) {
      failRefunds--
      throw new Error('sandbox: provider unavailable')
    }
    return sandbox.refund(orderId, request, signal)
  },
}
const silent = { warn() {}, info() {} }
const ctx = (): RefundContext => ({ db: db(), payments: recording, config: t.config, log: silent })

let n = 0
/** A paid order of a new member, and a refund of `amount` of it under a new key. */
async function refundOf(amount = 75_000) {
  const member = await createSignedInMember(db())
  const order = await createOrder(db(), { idPelanggan: member.idPelanggan, status: 'Paid' })
  return {
    idSalesHeader: order.idSalesHeader,
    orderId: order.salesOrderNumber,
    refundKey: `RTN-261128-TEST${String(++n).padStart(4, '0')}`,
    amount,
    reason: 'Return: too small',
  }
}
const rowOf = async (refundKey: string) =>
  (await db().select().from(paymentRefunds).where(eq(paymentRefunds.refundKey, refundKey)))[0]

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t?.close()
})

describe('refundPayment with the sandbox', () => {
  it('refunds, answering the sandbox reference, with the amount, key and reason reaching the provider', async () => {
    const ask = await refundOf(75_000)
    const before = asked.length
    const outcome = await refundPayment(ctx(), ask)
    expect(outcome).toEqual({
      state: 'done',
      reference: expect.stringMatching(/^SBX-RF-[0-9A-F]{12}$/),
      error: null,
    })
    expect(asked.slice(before)).toEqual([
      {
        orderId: ask.orderId,
        request: { refundKey: ask.refundKey, amount: 75_000, reason: 'Return: too small' },
      },
    ])
    expect(await rowOf(ask.refundKey)).toMatchObject({
      idSalesHeader: ask.idSalesHeader,
      provider: 'sandbox',
      state: 'done',
      amount: 75_000,
      reason: 'Return: too small',
      reference: outcome.reference,
      attempts: 1,
      lastError: null,
    })
  })

  it('answers a key already refunded without asking again', async () => {
    const ask = await refundOf()
    const first = await refundPayment(ctx(), ask)
    const before = asked.length
    expect(await refundPayment(ctx(), ask)).toEqual(first)
    expect(await refundPayment(ctx(), ask)).toEqual(first)
    expect(asked.length).toBe(before)
    expect(await rowOf(ask.refundKey)).toMatchObject({ state: 'done', attempts: 1 })
  })

  it('asks the provider once when 10 calls with one key run at once, and all answer its reference', async () => {
    const ask = await refundOf()
    const before = asked.length
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => refundPayment(ctx(), ask)))
    expect(asked.length - before).toBe(1)
    expect(new Set(outcomes.map((o) => `${o.state} ${o.reference}`)).size).toBe(1)
    expect(outcomes[0]).toMatchObject({ state: 'done', reference: expect.stringMatching(/^SBX-RF-/) })
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.refundKey, ask.refundKey)),
    ).toHaveLength(1)
  })

  it('stores a provider failure without throwing, and a retry with the key refunds', async () => {
    const ask = await refundOf(20_000)
    failRefunds = 1
    expect(await refundPayment(ctx(), ask)).toEqual({
      state: 'failed',
      reference: null,
      error: 'sandbox: provider unavailable',
    })
    expect(await rowOf(ask.refundKey)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'sandbox: provider unavailable',
      reference: null,
    })
    const retried = await refundPayment(ctx(), ask)
    expect(retried).toMatchObject({ state: 'done', error: null })
    expect(await rowOf(ask.refundKey)).toMatchObject({ state: 'done', attempts: 2, lastError: null })
    expect(asked.slice(-2).map((a) => a.request)).toEqual([
      { refundKey: ask.refundKey, amount: 20_000, reason: ask.reason },
      { refundKey: ask.refundKey, amount: 20_000, reason: ask.reason },
    ])
  })

  it('takes over a claim whose process died, and waits for one still asking', async () => {
    const ask = await refundOf()
    const claim = (r: typeof ask, updatedAt: Date) =>
      db().insert(paymentRefunds).values({
        idSalesHeader: r.idSalesHeader,
        refundKey: r.refundKey,
        amount: r.amount,
        reason: r.reason,
        provider: 'sandbox',
        state: 'pending',
        attempts: 1,
        updatedAt,
      })
    // A claim left pending two minutes ago (its process died mid-call) is taken over.
    await claim(ask, new Date(Date.now() - 120_000))
    const taken = await refundPayment(ctx(), ask)
    expect(taken).toMatchObject({ state: 'done', reference: expect.stringMatching(/^SBX-RF-/) })
    expect(await rowOf(ask.refundKey)).toMatchObject({ state: 'done', attempts: 2 })
    // A claim just made by another call: this one waits for its outcome instead of asking.
    const other = await refundOf()
    await claim(other, new Date())
    const before = asked.length
    const waiting = refundPayment(ctx(), other)
    await new Promise((resolve) => setTimeout(resolve, 250))
    await db()
      .update(paymentRefunds)
      .set({ state: 'done', reference: 'SBX-RF-OTHERCALL000' })
      .where(eq(paymentRefunds.refundKey, other.refundKey))
    expect(await waiting).toEqual({ state: 'done', reference: 'SBX-RF-OTHERCALL000', error: null })
    expect(asked.length).toBe(before)
  })

  it('refuses a key reused for another amount or order, and an amount that is not above 0', async () => {
    const ask = await refundOf(30_000)
    await refundPayment(ctx(), ask)
    await expect(refundPayment(ctx(), { ...ask, amount: 30_001 })).rejects.toThrow(/refund key/)
    const another = await refundOf(30_000)
    await expect(refundPayment(ctx(), { ...ask, idSalesHeader: another.idSalesHeader })).rejects.toThrow(
      /refund key/,
    )
    for (const amount of [0, -5, 1.5]) {
      await expect(refundPayment(ctx(), { ...another, amount })).rejects.toThrow(/above 0/)
    }
    expect(await rowOf(another.refundKey)).toBeUndefined()
  })
})

describe('the sandbox provider', () => {
  it('answers the same reference for a key, made from the key, and refuses the key for another refund', async () => {
    const a = await sandbox.refund(
      'BSN-1',
      { refundKey: 'K-1', amount: 10, reason: '' },
      AbortSignal.timeout(100),
    )
    const fresh = sandboxPayments({ serverKey: SANDBOX_SERVER_KEY, publicUrl: 'http://localhost:3000' })
    expect(
      await fresh.refund('BSN-1', { refundKey: 'K-1', amount: 10, reason: '' }, AbortSignal.timeout(100)),
    ).toEqual(a)
    expect(
      await sandbox.refund(
        'BSN-1',
        { refundKey: 'K-1', amount: 10, reason: 'again' },
        AbortSignal.timeout(100),
      ),
    ).toEqual(a)
    await expect(
      sandbox.refund('BSN-1', { refundKey: 'K-1', amount: 11, reason: '' }, AbortSignal.timeout(100)),
    ).rejects.toThrow(/another refund/)
    await expect(
      sandbox.refund('BSN-2', { refundKey: 'K-1', amount: 10, reason: '' }, AbortSignal.timeout(100)),
    ).rejects.toThrow(/another refund/)
    expect(
      (await sandbox.refund('BSN-1', { refundKey: 'K-2', amount: 10, reason: '' }, AbortSignal.timeout(100)))
        .reference,
    ).not.toBe(a.reference)
  })
})
