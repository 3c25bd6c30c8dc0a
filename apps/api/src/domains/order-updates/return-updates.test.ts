import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createOrder } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { orderUpdates, returnLines, returns } from '../../db/schema/index.ts'
import { startOrderUpdates } from '../../jobs/order-updates.ts'
import { parseConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { MailMessage } from '../../providers/mail/index.ts'
import type { PhoneMessage } from '../../providers/messaging/index.ts'
import type { ReturnFactsLoader, ReturnMessageFacts, ReturnMoment } from './facts.ts'
import { resendOrderUpdate, sendDueOrderUpdates } from './index.ts'
import { queueOrderUpdate, queueReturnUpdate } from './queue.ts'
import { orderBuyer } from '../orders/index.ts'
import { orderUpdateSettings } from './settings.ts'
import { recorderOn, silent } from './order-updates.fixtures.ts'

/**
 * A return's messages (issue 40) through the outbox (decision 048): queued once per return, moment
 * and channel (the row's ref is the return's number) in the transaction that moves the return, to
 * a member's phone and account e-mail or a guest's phone alone, under the shop's switches; the
 * sender reads the return through the loader it is given (the returns module's, in the job),
 * and gives the message up when the return is not there. Staff re-send it about the same return.
 */

let t: TestApp
const db = () => t.database.db
const recorder = () => recorderOn(db)

/** The returns this test knows, as the returns module would read them; the numbers it was asked for. */
const known = new Map<string, ReturnMessageFacts>()
const asked: string[] = []
const loadReturn: ReturnFactsLoader = async (_db: Db, returnNumber: string) => {
  asked.push(returnNumber)
  return known.get(returnNumber) ?? null
}

let sequence = 0
/** A return of one shirt (refunded by bank transfer), known to the loader. */
function aReturn(resolution: 'REFUND' | 'EXCHANGE' = 'REFUND'): ReturnMessageFacts {
  const number = `RTN-261128-${String(++sequence).padStart(8, '0')}`
  const facts: ReturnMessageFacts = {
    number,
    resolution,
    lines: [
      {
        name: 'Kemeja Linen',
        size: 'M',
        quantity: 1,
        reason: 'TOO_SMALL',
        exchangeSize: resolution === 'EXCHANGE' ? 'L' : null,
        acceptedQty: 1,
        notAcceptedReason: null,
      },
    ],
    rejectReason: null,
    shipTo: {
      name: 'Busana Returns',
      phone: '0215550100',
      address: 'Jl. Gudang Busana No. 1, Gambir',
      instructions: 'Write the return number on the parcel.',
    },
    refund:
      resolution === 'REFUND'
        ? {
            amount: 179_000,
            method: 'BANK_TRANSFER',
            paymentName: 'BCA Virtual Account',
            reference: 'TRF-0042',
            bank: 'BCA',
            accountLast4: '1234',
          }
        : null,
    exchangeShipment: resolution === 'EXCHANGE' ? { courier: 'jne', waybill: `JNE-X-${sequence}` } : null,
  }
  known.set(number, facts)
  return facts
}

/** A member's order (with the account's e-mail), or a guest's (an e-mail typed, never used). */
async function anOrder(kind: 'member' | 'guest' = 'member', language: 'en' | 'id' = 'id') {
  const buyer = await createSignedInMember(db(), { isGuest: kind === 'guest' })
  return createOrder(db(), {
    idPelanggan: buyer.idPelanggan,
    isGuest: kind === 'guest',
    buyerPhone: `0812${String(buyer.idPelanggan).padStart(8, '0')}`,
    buyerEmail:
      kind === 'guest' ? 'typed-at-checkout@example.test' : `member-${buyer.idPelanggan}@example.test`,
    language,
  })
}

const rowsOf = (id: string) =>
  db().select().from(orderUpdates).where(eq(orderUpdates.idSalesHeader, id)).orderBy(asc(orderUpdates.id))

const queue = (idSalesHeader: string, returnNumber: string, moment: ReturnMoment, settings?: object) =>
  db().transaction(async (tx) =>
    queueReturnUpdate(
      tx,
      { idSalesHeader, returnNumber, moment, buyer: await orderBuyer(tx, idSalesHeader) },
      settings
        ? orderUpdateSettings({ ORDER_UPDATES_PHONE: 'WHATSAPP', ORDER_UPDATES_OFF: '', ...settings })
        : undefined,
    ),
  )

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t.close()
})

describe('queueReturnUpdate', () => {
  it('queues each moment once per channel and return: a replay writes nothing, another return of the order gets its own', async () => {
    const order = await anOrder('member', 'id')
    const first = aReturn()
    const second = aReturn()
    expect(await queue(order.idSalesHeader, first.number, 'return_approved')).toBe(2)
    // Pressed twice, or a retried request: nothing more.
    expect(await queue(order.idSalesHeader, first.number, 'return_approved')).toBe(0)
    expect(await queue(order.idSalesHeader, second.number, 'return_approved')).toBe(2)
    expect(await queue(order.idSalesHeader, first.number, 'return_received')).toBe(2)
    expect(await queue(order.idSalesHeader, first.number, 'return_received')).toBe(0)
    const rows = await rowsOf(order.idSalesHeader)
    expect(rows.map((row) => `${row.moment}:${row.ref}:${row.channel}:${row.language}`)).toEqual([
      `return_approved:${first.number}:WHATSAPP:id`,
      `return_approved:${first.number}:EMAIL:id`,
      `return_approved:${second.number}:WHATSAPP:id`,
      `return_approved:${second.number}:EMAIL:id`,
      `return_received:${first.number}:WHATSAPP:id`,
      `return_received:${first.number}:EMAIL:id`,
    ])
    expect(rows[0]!.recipient).toBe(order.buyerPhone)
    expect(rows[1]!.recipient).toBe(order.buyerEmail)
    expect(new Set(rows.map((row) => row.idempotencyKey)).size).toBe(rows.length)
  })

  it("keeps the order's own moments as they were (ref ''), and a return's moment needs its return", async () => {
    const order = await anOrder('member', 'en')
    const r = aReturn()
    await db().transaction(async (tx) => {
      const buyer = await orderBuyer(tx, order.idSalesHeader)
      expect(
        await queueOrderUpdate(tx, { idSalesHeader: order.idSalesHeader, moment: 'delivered', buyer }),
      ).toBe(2)
      expect(
        await queueOrderUpdate(tx, { idSalesHeader: order.idSalesHeader, moment: 'delivered', buyer }),
      ).toBe(0)
      await expect(
        queueOrderUpdate(tx, { idSalesHeader: order.idSalesHeader, moment: 'return_approved', buyer }),
      ).rejects.toThrow(/queueReturnUpdate/)
    })
    await db().transaction(async (tx) => {
      await expect(
        queueReturnUpdate(tx, {
          idSalesHeader: order.idSalesHeader,
          buyer: await orderBuyer(tx, order.idSalesHeader),
          returnNumber: '',
          moment: 'return_approved',
        }),
      ).rejects.toThrow(/return number/)
      await expect(
        queueReturnUpdate(tx, {
          idSalesHeader: order.idSalesHeader,
          buyer: await orderBuyer(tx, order.idSalesHeader),
          returnNumber: r.number,
          moment: 'paid' as ReturnMoment,
        }),
      ).rejects.toThrow(/not a return's moment/)
    })
    expect(await queue(order.idSalesHeader, r.number, 'return_approved')).toBe(2)
    const rows = await rowsOf(order.idSalesHeader)
    expect(rows.map((row) => `${row.moment}:${row.ref}:${row.language}`)).toEqual([
      'delivered::en',
      'delivered::en',
      `return_approved:${r.number}:en`,
      `return_approved:${r.number}:en`,
    ])
  })

  it("a guest's return is told by phone only; a return's language may be the return's own", async () => {
    const order = await anOrder('guest', 'id')
    const r = aReturn()
    expect(await queue(order.idSalesHeader, r.number, 'return_rejected')).toBe(1)
    expect(
      await db().transaction(async (tx) =>
        queueReturnUpdate(tx, {
          idSalesHeader: order.idSalesHeader,
          buyer: await orderBuyer(tx, order.idSalesHeader),
          returnNumber: r.number,
          moment: 'return_approved',
          language: 'en',
        }),
      ),
    ).toBe(1)
    const rows = await rowsOf(order.idSalesHeader)
    expect(rows.map((row) => `${row.moment}:${row.channel}:${row.recipient}:${row.language}`)).toEqual([
      `return_rejected:WHATSAPP:${order.buyerPhone}:id`,
      `return_approved:WHATSAPP:${order.buyerPhone}:en`,
    ])
  })

  it('ORDER_UPDATES_OFF turns a return moment or one of its channels off, and accepts the new words at start', async () => {
    expect(() =>
      parseConfig({
        NODE_ENV: 'test',
        ORDER_UPDATES_OFF: 'return_rejected, exchange_shipped:email, return_refunded:phone',
      }),
    ).not.toThrow()
    expect(() => parseConfig({ NODE_ENV: 'test', ORDER_UPDATES_OFF: 'return_lost' })).toThrow(
      /ORDER_UPDATES_OFF/,
    )
    expect(() => parseConfig({ NODE_ENV: 'test', ORDER_UPDATES_OFF: 'return_approved:fax' })).toThrow(
      /ORDER_UPDATES_OFF/,
    )
    expect(() => parseConfig({ NODE_ENV: 'test', ORDER_UPDATES_OFF: 'phone:email' })).toThrow(
      /ORDER_UPDATES_OFF/,
    )
    const order = await anOrder('member', 'en')
    const r = aReturn('EXCHANGE')
    const off = { ORDER_UPDATES_PHONE: 'SMS', ORDER_UPDATES_OFF: 'return_rejected,exchange_shipped:email' }
    expect(await queue(order.idSalesHeader, r.number, 'return_rejected', off)).toBe(0)
    expect(await queue(order.idSalesHeader, r.number, 'exchange_shipped', off)).toBe(1)
    expect(await queue(order.idSalesHeader, r.number, 'return_approved', off)).toBe(2)
    expect((await rowsOf(order.idSalesHeader)).map((row) => `${row.moment}:${row.channel}`)).toEqual([
      'exchange_shipped:SMS',
      'return_approved:SMS',
      'return_approved:EMAIL',
    ])
  })

  it('writes nothing when the return move rolls back', async () => {
    const order = await anOrder()
    const r = aReturn()
    await expect(
      db().transaction(async (tx) => {
        await queueReturnUpdate(tx, {
          idSalesHeader: order.idSalesHeader,
          buyer: await orderBuyer(tx, order.idSalesHeader),
          returnNumber: r.number,
          moment: 'return_approved',
        })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await rowsOf(order.idSalesHeader)).toEqual([])
  })
})

describe("sending a return's messages", () => {
  it('renders each with the return its row names, through the loader it is given, and sends it once', async () => {
    // What earlier tests left queued goes first.
    await sendDueOrderUpdates(recorder().ctx({ loadReturn }))
    const r = recorder()
    const order = await anOrder('member', 'en')
    const first = aReturn()
    const second = aReturn('EXCHANGE')
    await queue(order.idSalesHeader, first.number, 'return_refunded')
    await queue(order.idSalesHeader, second.number, 'exchange_shipped')
    asked.length = 0
    const result = await sendDueOrderUpdates(r.ctx({ loadReturn }))
    expect(result).toEqual({ sent: 4, retrying: 0, failed: 0 })
    expect(asked.sort()).toEqual([first.number, first.number, second.number, second.number].sort())
    const rows = await rowsOf(order.idSalesHeader)
    const textOf = (moment: string, channel: string) => {
      const row = rows.find((x) => x.moment === moment && x.channel === channel)!
      expect(row.state).toBe('sent')
      return channel === 'EMAIL'
        ? r.mail.find((m) => m.idempotencyKey === row.idempotencyKey)!
        : r.phone.find((m) => m.idempotencyKey === row.idempotencyKey)!
    }
    const refunded = textOf('return_refunded', 'WHATSAPP') as PhoneMessage
    expect(refunded.to).toBe(order.buyerPhone)
    expect(refunded.body).toContain(`Your refund of Rp 179.000 for return ${first.number}`)
    expect(refunded.body).toContain('*Paid to*: BCA account ending 1234, by bank transfer')
    expect(refunded.body).toContain(`https://busana.example/member/returns/${first.number}`)
    expect(refunded.body).not.toContain(second.number)
    const shippedMail = textOf('exchange_shipped', 'EMAIL') as MailMessage
    expect(shippedMail.to).toBe(order.buyerEmail)
    expect(shippedMail.subject).toBe(`Exchange ${second.number}: your new size is on its way`)
    expect(shippedMail.text).toContain(`Waybill: ${second.exchangeShipment!.waybill}`)
    expect(shippedMail.html).toContain(`href="https://busana.example/member/returns/${second.number}"`)
    // What was sent is kept on the row for the back office; no token leaves.
    expect(rows.find((x) => x.moment === 'return_refunded' && x.channel === 'WHATSAPP')!.body).toBe(
      refunded.body,
    )
    expect(`${refunded.body}${shippedMail.html}${shippedMail.text}`).not.toMatch(
      /token=|[?&](key|session|otp)=/i,
    )
    expect((await sendDueOrderUpdates(r.ctx({ loadReturn }))).sent).toBe(0)
  })

  it('waits for a process that can read returns; gives the message up when its return is not there', async () => {
    await sendDueOrderUpdates(recorder().ctx({ loadReturn }))
    const r = recorder()
    const order = await anOrder('guest', 'id')
    const kept = aReturn()
    await queue(order.idSalesHeader, kept.number, 'return_approved')
    const gone = 'RTN-261128-GONE0000'
    await queue(order.idSalesHeader, gone, 'return_received')
    const now = Date.now()
    // A process without the loader: retried later, nothing sent.
    expect(await sendDueOrderUpdates(r.ctx(), { now: () => now })).toEqual({
      sent: 0,
      retrying: 2,
      failed: 0,
    })
    let rows = await rowsOf(order.idSalesHeader)
    expect(rows.map((row) => [row.state, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ])
    expect(rows[0]!.lastError).toContain('no reader of returns')
    // With it: the return that exists is told, the one that is not is given up at once.
    const later = now + 60 * 60_000
    expect(await sendDueOrderUpdates(r.ctx({ loadReturn }), { now: () => later })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 1,
    })
    rows = await rowsOf(order.idSalesHeader)
    expect(rows.map((row) => `${row.moment}:${row.channel}:${row.state}`)).toEqual([
      'return_approved:WHATSAPP:sent',
      'return_received:WHATSAPP:failed',
    ])
    expect(rows[1]!.lastError).toContain(`the return '${gone}' no longer exists`)
    expect(r.phone).toHaveLength(1)
    expect(r.phone[0]!.body).toContain('*Kirim paket ke*')
    expect(r.mail).toEqual([])
  })

  it('a staff re-send names the same return and is rendered from it again', async () => {
    await sendDueOrderUpdates(recorder().ctx({ loadReturn }))
    const r = recorder()
    const order = await anOrder('member', 'id')
    const first = aReturn()
    const second = aReturn()
    await queue(order.idSalesHeader, first.number, 'return_rejected')
    await queue(order.idSalesHeader, second.number, 'return_rejected')
    known.set(first.number, { ...first, rejectReason: 'Sudah dipakai' })
    known.set(second.number, { ...second, rejectReason: 'Lewat batas waktu' })
    await sendDueOrderUpdates(r.ctx({ loadReturn }))
    const original = (await rowsOf(order.idSalesHeader)).find(
      (row) => row.ref === second.number && row.channel === 'WHATSAPP',
    )!
    const resent = await resendOrderUpdate(db(), order.idSalesHeader, original.id, 'staff:cs@busana.example')
    const [row] = await db().select().from(orderUpdates).where(eq(orderUpdates.id, resent.id))
    expect(row).toMatchObject({ moment: 'return_rejected', ref: second.number, resendOf: original.id })
    await sendDueOrderUpdates(r.ctx({ loadReturn }))
    const again = r.phone.find((m) => m.idempotencyKey === row!.idempotencyKey)!
    expect(again.body).toContain(second.number)
    expect(again.body).toContain('*Alasan*: Lewat batas waktu')
    expect(again.body).not.toContain('Sudah dipakai')
  })
})

describe("the job: a return's message read by the returns module", () => {
  it('sends a queued return_approved at once (NOTIFY), rendered from the return as the returns module reads it', async () => {
    await sendDueOrderUpdates(recorder().ctx({ loadReturn }))
    const r = recorder()
    const order = await anOrder('member', 'id')
    const number = 'RTN-261128-JOBW1RE0'
    const [row] = await db()
      .insert(returns)
      .values({
        returnNumber: number,
        idSalesHeader: order.idSalesHeader,
        idPelanggan: order.idPelanggan,
        salesOrderNumber: order.salesOrderNumber,
        buyerName: order.buyerName,
        status: 'APPROVED',
        resolution: 'REFUND',
        language: 'id',
      })
      .returning()
    await db().insert(returnLines).values({
      idReturn: row!.id,
      idSalesLine: 1,
      skuProduct: 'KML-M',
      productCode: 'KML',
      productMasterName: 'Kemeja Linen',
      ukuran: 'M',
      qty: 1,
      reason: 'TOO_BIG',
    })
    // The job as the runtime starts it: no loader in the context but the one the job brings.
    const { loadReturn: _none, ...ctx } = r.ctx()
    const stop = await startOrderUpdates({ ...ctx, log: silent }, t.database, {
      firstRunMs: 60_000,
      intervalMs: 60_000,
    })
    try {
      await queue(order.idSalesHeader, number, 'return_approved')
      for (let waited = 0; r.phone.length + r.mail.length < 2 && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await stop()
    }
    const rows = await rowsOf(order.idSalesHeader)
    expect(rows.map((x) => `${x.moment}:${x.ref}:${x.channel}:${x.state}`)).toEqual([
      `return_approved:${number}:WHATSAPP:sent`,
      `return_approved:${number}:EMAIL:sent`,
    ])
    const text = r.phone[0]!.body
    expect(text).toContain(`Pengembalian ${number} untuk pesanan ${order.salesOrderNumber} disetujui`)
    expect(text).toContain('• Kemeja Linen (M) × 1: Terlalu besar')
    // Where to send it: the shop's return settings.
    expect(text).toContain('*Kirim paket ke*\nBusana Returns, Gudang Jakarta (0215550100)')
    expect(text).toContain(`https://busana.example/member/returns/${number}`)
  })
})
