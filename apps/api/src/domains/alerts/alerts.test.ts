import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { MAX_ALERTS } from '@busana/contract/schemas'
import { createSignedInMember } from '../../test/member-factories.ts'
import { customers, eventDeliveries, memberAlerts, warehouses } from '../../db/schema/index.ts'
import { stockOf } from '../../test/factories.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { shopper } from '../orders/orders.fixtures.ts'
import { heldByOrders, orderHeaderStore } from '../orders/index.ts'
import { oneSizeProducts } from '../inventory/inventory.fixtures.ts'
import { recorderOn, silent } from '../order-updates/order-updates.fixtures.ts'
import { cancelOrder } from '../order-lifecycle/index.ts'
import { claimUnits, holdUnits, receiveReturnedUnits, releaseClaim, releaseHold } from '../inventory/index.ts'
import { handleDueEvents, publish, type EventHandler, type SubscriberName } from '../events/index.ts'
import { alertHandlers, alertPace, type AlertsContext } from './index.ts'
import { renderAlertMessage } from './messages.tsx'

/**
 * Alerts through HTTP (issue 42): asking, the refusals, turning off, the limit; spent by a restock
 * through every inventory path, once, in the member's language, by phone and e-mail; the
 * marketing switch; and the events outbox under them (retry with the same key, two processes at
 * once, a thousand members waiting).
 */

let o: Ops
const db = () => o.db()
const product = oneSizeProducts(() => o.db(), 'ALR')
const recorder = recorderOn(() => o.db())
const alertsCtx = (): AlertsContext => ({
  db: db(),
  messaging: recorder.ctx().messaging,
  mail: recorder.ctx().mail,
  shopUrl: 'https://busana.example',
  phoneChannel: 'WHATSAPP',
})
/** Runs the events job once, as a process with the alerts' subscribers would. */
const handleEvents = (
  handlers: Partial<Record<SubscriberName, EventHandler<AlertsContext>>> = alertHandlers,
  extra: Partial<AlertsContext> = {},
) => handleDueEvents({ db: db(), handlers, handlerContext: { ...alertsCtx(), ...extra }, log: silent })

function call(
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  path: string,
  token: string | null,
  body?: object,
  language = 'en',
) {
  return o.t.app.inject({
    method,
    url: path,
    headers: {
      'x-brand-id': '9',
      'accept-language': language,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { payload: body } : {}),
  })
}
const ask = (token: string, body: object, language = 'en') =>
  call('POST', '/api/v1/member/alerts', token, body, language)
const list = async (token: string) => {
  const res = await call('GET', '/api/v1/member/alerts', token)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('private, no-store')
  return res.json().data as { id: string; kind: string; sku_product: string | null; ukuran: string | null }[]
}
const adjust = (sku: string, delta: number) =>
  o.call('POST', '/stock/adjust', {
    token: o.tokens.warehouse,
    body: { sku_product: sku, id_warehouse: 1, delta, reason: 'received' },
  })

/** A member waiting for `sku` (asked in `language`); answers her and her alert's id. */
async function waiting(code: string, sku: string, language = 'en') {
  const m = await createSignedInMember(db())
  const res = await ask(m.token, { product_code: code, sku_product: sku, kind: 'BACK_IN_STOCK' }, language)
  expect(res.statusCode, res.body).toBe(200)
  return { ...m, alert: res.json().data.id as string }
}

const phoneTo = (hp: string) => recorder.phone.filter((m) => m.to === hp)

beforeAll(async () => {
  o = await opsWorld()
  await db().insert(warehouses).values({ id: 2, name: 'Gudang Cadangan', city: 'Bandung' })
})

afterAll(async () => {
  await o?.t.close()
})

describe('asking for an alert', () => {
  it.each([
    ['GET', '/api/v1/member/alerts'],
    ['POST', '/api/v1/member/alerts'],
    ['DELETE', '/api/v1/member/alerts/1'],
  ] as const)('%s %s without a token: 401 CLE001', async (method, path) => {
    const res = await call(
      method,
      path,
      null,
      method === 'POST' ? { product_code: 'X', kind: 'PRICE_DROP' } : undefined,
    )
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('CLE001')
  })

  it('refuses a size in stock, a size of another product, an unknown product and a malformed body', async () => {
    const m = await createSignedInMember(db())
    const inStock = await product(3)
    const other = await product(0)
    const cases: [object, number, string][] = [
      [{ product_code: inStock.code, sku_product: inStock.sku, kind: 'BACK_IN_STOCK' }, 422, 'ALR002'],
      [{ product_code: inStock.code, sku_product: other.sku, kind: 'BACK_IN_STOCK' }, 404, 'ALR004'],
      [{ product_code: 'NOPE-404', sku_product: 'NOPE-404-M', kind: 'BACK_IN_STOCK' }, 404, 'CAT001'],
      [{ product_code: other.code, kind: 'BACK_IN_STOCK' }, 400, 'REQ001'],
      [{ product_code: other.code, sku_product: other.sku, kind: 'PRICE_DROP' }, 400, 'REQ001'],
      [{ product_code: other.code, kind: 'SOMETIME' }, 400, 'REQ001'],
      [{ product_code: other.code, kind: 'PRICE_DROP', extra: 1 }, 400, 'REQ001'],
    ]
    for (const [body, status, code] of cases) {
      const res = await ask(m.token, body)
      expect(res.statusCode, JSON.stringify(body) + res.body).toBe(status)
      expect(res.json().code).toBe(code)
    }
    const id = await ask(
      m.token,
      { product_code: inStock.code, sku_product: inStock.sku, kind: 'BACK_IN_STOCK' },
      'id',
    )
    expect(id.json().message).toBe('Ukuran ini tersedia: Anda bisa membelinya sekarang')
    expect(await list(m.token)).toEqual([])
  })

  it('keeps one alert per size, lists it with its size, and turns it off for its member only', async () => {
    const p = await product(0)
    const m = await createSignedInMember(db())
    const first = await ask(m.token, {
      product_code: p.code.toLowerCase(),
      sku_product: p.sku,
      kind: 'BACK_IN_STOCK',
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().message).toBe("We'll tell you when it's back")
    const again = await ask(m.token, { product_code: p.code, sku_product: p.sku, kind: 'BACK_IN_STOCK' })
    expect(again.json().data.id).toBe(first.json().data.id)
    const drop = await ask(m.token, { product_code: p.code, kind: 'PRICE_DROP' })
    expect(drop.json().data).toMatchObject({ kind: 'PRICE_DROP', price_then: 100_000, sku_product: null })
    const mine = await list(m.token)
    expect(mine.map((a) => a.kind).sort()).toEqual(['BACK_IN_STOCK', 'PRICE_DROP'])
    expect(mine.find((a) => a.kind === 'BACK_IN_STOCK')).toMatchObject({
      product_code: p.code,
      sku_product: p.sku,
      ukuran: 'M',
    })

    const stranger = await createSignedInMember(db())
    const theirs = await call('DELETE', `/api/v1/member/alerts/${first.json().data.id}`, stranger.token)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().code).toBe('ALR001')
    expect(await list(m.token)).toHaveLength(2)
    for (const bad of ['0', 'abc', '1e3', '99999999999999999999']) {
      const res = await call('DELETE', `/api/v1/member/alerts/${bad}`, m.token)
      expect(res.statusCode, bad).toBe(400)
    }
    const off = await call('DELETE', `/api/v1/member/alerts/${first.json().data.id}`, m.token)
    expect(off.statusCode, off.body).toBe(200)
    expect((await list(m.token)).map((a) => a.kind)).toEqual(['PRICE_DROP'])
    const twice = await call('DELETE', `/api/v1/member/alerts/${first.json().data.id}`, m.token)
    expect(twice.json().code).toBe('ALR001')
  })

  it(`holds at most ${MAX_ALERTS} waiting alerts, even when asked at once`, async () => {
    const m = await createSignedInMember(db())
    const sold = await Promise.all(Array.from({ length: MAX_ALERTS + 5 }, () => product(0)))
    const answers = await Promise.all(
      sold.map((p) => ask(m.token, { product_code: p.code, sku_product: p.sku, kind: 'BACK_IN_STOCK' })),
    )
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAX_ALERTS)
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(r.json().code).toBe('ALR003')
    expect(await list(m.token)).toHaveLength(MAX_ALERTS)
  })
})

describe('a size back in stock', () => {
  it('tells every member waiting, once, in her language, by WhatsApp and e-mail, with the link', async () => {
    const p = await product(0)
    const en = await waiting(p.code, p.sku, 'en')
    const id = await waiting(p.code, p.sku, 'id')
    const [enRow] = await db().select().from(customers).where(eq(customers.idPelanggan, en.idPelanggan))
    const [idRow] = await db().select().from(customers).where(eq(customers.idPelanggan, id.idPelanggan))
    expect((await adjust(p.sku, 2)).statusCode).toBe(200)
    await handleEvents()
    const [enPhone] = phoneTo(enRow!.hp)
    expect(enPhone?.channel).toBe('WHATSAPP')
    expect(enPhone?.body).toContain(`size M is back in stock`)
    expect(enPhone?.body).toContain('Rp 100.000')
    expect(enPhone?.body).toContain(`https://busana.example/shop/product/${p.code.toLowerCase()}/`)
    expect(phoneTo(idRow!.hp)[0]?.body).toContain('ukuran M tersedia kembali')
    const mails = recorder.mail.filter((m) => m.to === enRow!.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toMatch(/^Back in stock: /)
    expect(mails[0]!.html).toContain(`/shop/product/${p.code.toLowerCase()}/`)
    expect(await list(en.token)).toEqual([])

    // Spent: selling out and coming back again sends nothing more.
    expect((await adjust(p.sku, -2)).statusCode).toBe(200)
    expect((await adjust(p.sku, 1)).statusCode).toBe(200)
    await handleEvents()
    expect(phoneTo(enRow!.hp)).toHaveLength(1)
    expect(recorder.mail.filter((m) => m.to === enRow!.email)).toHaveLength(1)
  })

  it('comes back through every inventory path: a cancelled order, returned units, a released hold, a claim given back', async () => {
    const s = shopper(o.t)
    const actor = { staffId: null, requestId: 'test', ip: '127.0.0.1' }
    /** Each path: what takes the last unit, then what brings it back from 0. */
    const paths: Record<string, { take: (sku: string, code: string) => Promise<() => Promise<void>> }> = {
      'a cancelled order': {
        take: async (sku, code) => {
          const m = await s.member()
          const lines = await s.addToBag(m.token, code, sku)
          const res = await s.checkoutNew(m.token, {
            id_delivery_method: 1,
            id_payment: o.methodId,
            products: s.ticked(lines),
          })
          expect(res.statusCode, res.body).toBe(200)
          const id = res.json().data.id_sales_header as string
          return () =>
            db().transaction(async (tx) => {
              await cancelOrder(tx, orderHeaderStore, id, { actor: 'system', now: Date.now(), note: null })
            })
        },
      },
      'returned units for sale': {
        take: async (sku) => {
          expect((await adjust(sku, -1)).statusCode).toBe(200)
          return () =>
            db().transaction((tx) =>
              receiveReturnedUnits(
                tx,
                { sku, units: 1, idWarehouse: 1, forSale: true, note: 'RTN-TEST' },
                actor,
                heldByOrders,
              ),
            )
        },
      },
      'a released hold': {
        take: async (sku) => {
          await db().transaction((tx) => holdUnits(tx, `test:${sku}`, sku, 1))
          return () => db().transaction((tx) => releaseHold(tx, `test:${sku}`))
        },
      },
      'a claim given back': {
        take: async (sku) => {
          const m = await createSignedInMember(db())
          const claim = await claimUnits(db(), m.idPelanggan, new Map([[sku, 1]]))
          expect(claim.keys).toHaveLength(1)
          return () => releaseClaim(db(), claim.keys)
        },
      },
    }
    for (const [path, { take }] of Object.entries(paths)) {
      const p = await product(1)
      const giveBack = await take(p.sku, p.code)
      expect(await stockOf(db(), p.sku), path).toBe(0)
      const w = await waiting(p.code, p.sku)
      const [who] = await db()
        .select({ hp: customers.hp })
        .from(customers)
        .where(eq(customers.idPelanggan, w.idPelanggan))
      await handleEvents()
      expect(phoneTo(who!.hp), `${path}: nothing before the units come back`).toHaveLength(0)
      await giveBack()
      await handleEvents()
      expect(phoneTo(who!.hp), path).toHaveLength(1)
    }
  })

  it('keeps the alert waiting when the size sold out again before the event was handled', async () => {
    const p = await product(0)
    const w = await waiting(p.code, p.sku)
    expect((await adjust(p.sku, 1)).statusCode).toBe(200)
    expect((await adjust(p.sku, -1)).statusCode).toBe(200)
    await handleEvents()
    expect(await list(w.token)).toHaveLength(1)
    expect((await adjust(p.sku, 1)).statusCode).toBe(200)
    await handleEvents()
    expect(await list(w.token)).toHaveLength(0)
  })
})

describe('a price drop', () => {
  const patchVariant = (code: string, sku: string, body: object) =>
    o.call('PATCH', `/products/${code}/variants/${sku}`, { token: o.tokens.merchandiser, body })
  const patchProduct = (code: string, body: object) =>
    o.call('PATCH', `/products/${code}`, { token: o.tokens.merchandiser, body })

  it('tells the members who kept the price, once, with the old and the new price, when staff lower it', async () => {
    const p = await product(3)
    const m = await createSignedInMember(db())
    const [who] = await db().select().from(customers).where(eq(customers.idPelanggan, m.idPelanggan))
    expect((await ask(m.token, { product_code: p.code, kind: 'PRICE_DROP' }, 'id')).statusCode).toBe(200)
    // A rise says nothing.
    expect((await patchVariant(p.code, p.sku, { selling_price: 120_000 })).statusCode).toBe(200)
    await handleEvents()
    expect(phoneTo(who!.hp)).toHaveLength(0)
    // Back to where she saw it: not below, still nothing.
    expect((await patchVariant(p.code, p.sku, { selling_price: 100_000 })).statusCode).toBe(200)
    await handleEvents()
    expect(phoneTo(who!.hp)).toHaveLength(0)
    const lower = await patchVariant(p.code, p.sku, { selling_price: 80_000 })
    expect(lower.statusCode, lower.body).toBe(200)
    await handleEvents()
    const [sent] = phoneTo(who!.hp)
    expect(sent?.body).toContain('harga')
    expect(sent?.body).toContain('Rp 80.000')
    expect(sent?.body).toContain('Rp 100.000')
    const mail = recorder.mail.filter((x) => x.to === who!.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toMatch(/^Harga turun: /)
    // Spent: a further drop sends nothing more.
    expect((await patchVariant(p.code, p.sku, { selling_price: 70_000 })).statusCode).toBe(200)
    await handleEvents()
    expect(phoneTo(who!.hp)).toHaveLength(1)
  })

  it('tells them when a sale starts on the product (ON-SALE, the old price struck through)', async () => {
    const p = await product(3)
    const m = await createSignedInMember(db())
    const [who] = await db().select().from(customers).where(eq(customers.idPelanggan, m.idPelanggan))
    expect((await ask(m.token, { product_code: p.code, kind: 'PRICE_DROP' })).statusCode).toBe(200)
    expect((await patchProduct(p.code, { product_lable: 'ON-SALE', harga_coret: 100_000 })).statusCode).toBe(
      200,
    )
    expect((await patchVariant(p.code, p.sku, { selling_price: 59_000 })).statusCode).toBe(200)
    await handleEvents()
    const [sent] = phoneTo(who!.hp)
    expect(sent?.body).toContain('the price of')
    expect(sent?.body).toContain('Rp 59.000 (was Rp 100.000)')
  })
})

describe('the marketing switch', () => {
  it('sends nothing while she has marketing messages off, and keeps her alert for when she turns them on', async () => {
    const p = await product(0)
    const w = await waiting(p.code, p.sku)
    const [who] = await db().select().from(customers).where(eq(customers.idPelanggan, w.idPelanggan))
    const offRes = await call('PATCH', '/api/v1/member/profile', w.token, {
      nama: who!.nama,
      marketing_messages: false,
    })
    expect(offRes.statusCode, offRes.body).toBe(200)
    expect(offRes.json().data.marketing_messages).toBe(false)
    expect((await adjust(p.sku, 1)).statusCode).toBe(200)
    await handleEvents()
    expect(phoneTo(who!.hp)).toHaveLength(0)
    expect(await list(w.token)).toHaveLength(1)

    const on = await call('PATCH', '/api/v1/member/profile', w.token, {
      nama: who!.nama,
      marketing_messages: true,
    })
    expect(on.json().data.marketing_messages).toBe(true)
    expect((await adjust(p.sku, -1)).statusCode).toBe(200)
    expect((await adjust(p.sku, 1)).statusCode).toBe(200)
    await handleEvents()
    expect(phoneTo(who!.hp)).toHaveLength(1)
  })
})

describe('the events under the alerts', () => {
  it('retries a failing send with the same key, and sends once when two processes handle at once', async () => {
    const p = await product(0)
    const w = await waiting(p.code, p.sku)
    const [who] = await db().select().from(customers).where(eq(customers.idPelanggan, w.idPelanggan))
    expect((await adjust(p.sku, 1)).statusCode).toBe(200)
    const keys: string[] = []
    let fail = true
    const flaky: EventHandler<AlertsContext> = async (event, ctx) => {
      keys.push(event.key)
      if (fail) throw new Error('gateway down')
      await alertHandlers['alerts.send_phone']!(event, ctx)
    }
    const handlers = { ...alertHandlers, 'alerts.send_phone': flaky }
    const first = await handleEvents(handlers)
    expect(first.retrying).toBe(1)
    expect(phoneTo(who!.hp)).toHaveLength(0)
    // Due again: two processes take it at once; one sends.
    await db()
      .update(eventDeliveries)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(eventDeliveries.state, 'pending'))
    fail = false
    await Promise.all([handleEvents(handlers), handleEvents(handlers)])
    expect(phoneTo(who!.hp)).toHaveLength(1)
    expect(new Set(keys).size).toBe(1)
    expect(phoneTo(who!.hp)[0]!.idempotencyKey).toBe(keys[0])
  })

  it('sends again with the same key when the process handling it died mid-send', async () => {
    const p = await product(0)
    const w = await waiting(p.code, p.sku)
    const [who] = await db().select().from(customers).where(eq(customers.idPelanggan, w.idPelanggan))
    expect((await adjust(p.sku, 1)).statusCode).toBe(200)
    // A process sends the WhatsApp and dies before marking it done: its claim stays.
    const keys: string[] = []
    const dying: EventHandler<AlertsContext> = async (event, ctx) => {
      await alertHandlers['alerts.send_phone']!(event, ctx)
      keys.push(event.key)
      throw new Error('process killed')
    }
    // A little ahead, so the deliveries published while handling are due in the same run.
    let now = Date.now() + 5_000
    await handleDueEvents(
      {
        db: db(),
        handlers: { ...alertHandlers, 'alerts.send_phone': dying },
        handlerContext: alertsCtx(),
        log: silent,
      },
      { now: () => now },
    )
    // Its failure was never written: put the delivery back as the dead process left it.
    await db()
      .update(eventDeliveries)
      .set({ state: 'handling', claimedUntil: new Date(now + 60_000), lastError: null })
      .where(and(eq(eventDeliveries.subscriber, 'alerts.send_phone'), eq(eventDeliveries.state, 'pending')))
    expect(phoneTo(who!.hp)).toHaveLength(1)
    // Another process takes over only once the claim has run out, and sends with the same key.
    await handleEvents()
    expect(phoneTo(who!.hp)).toHaveLength(1)
    now += 61_000
    await handleDueEvents(
      { db: db(), handlers: alertHandlers, handlerContext: alertsCtx(), log: silent },
      { now: () => now },
    )
    const sent = phoneTo(who!.hp)
    expect(sent).toHaveLength(2)
    expect(sent[1]!.idempotencyKey).toBe(keys[0])
    expect(sent[0]!.idempotencyKey).toBe(keys[0])
  })

  it("hands one order's events over one after another, in the order published, and other orders' beside them", async () => {
    const spans: { order: string; topic: string; start: number; end: number }[] = []
    const slowly: EventHandler<AlertsContext> = async (event) => {
      const start = performance.now()
      await new Promise((resolve) => setTimeout(resolve, event.topic === 'order.placed' ? 60 : 5))
      spans.push({
        order: String(event.payload.id_sales_header),
        topic: event.topic,
        start,
        end: performance.now(),
      })
    }
    await db().transaction(async (tx) => {
      await publish(tx, 'order.placed', [{ id_sales_header: 'seq-a' }, { id_sales_header: 'seq-b' }])
      await publish(tx, 'order.expired', [{ id_sales_header: 'seq-a' }])
      await publish(tx, 'order.refund_due', [{ id_sales_header: 'seq-a' }])
    })
    await handleEvents({ 'order_updates.queue': slowly })
    const a = spans.filter((span) => span.order === 'seq-a')
    expect(a.map((span) => span.topic)).toEqual(['order.placed', 'order.expired', 'order.refund_due'])
    // Each of the order's events starts once the one before has ended…
    expect(a[1]!.start).toBeGreaterThanOrEqual(a[0]!.end)
    expect(a[2]!.start).toBeGreaterThanOrEqual(a[1]!.end)
    // …while another order's went at the same time as the first.
    const b = spans.find((span) => span.order === 'seq-b')!
    expect(b.start).toBeLessThan(a[0]!.end)
  })

  it('keeps the pace it is given per channel, and renders the e-mail once for the same words', async () => {
    const p = await product(0)
    const stamp = Date.now()
    const members = await db()
      .insert(customers)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          nama: `Paced ${i}`,
          email: `paced-${i}-${stamp}@example.test`,
          hp: `0818${String(i).padStart(8, '0')}`,
          isVerified: true,
        })),
      )
      .returning({ id: customers.idPelanggan })
    await db()
      .insert(memberAlerts)
      .values(
        members.map((m) => ({
          idPelanggan: m.id,
          kind: 'BACK_IN_STOCK',
          productCode: p.code,
          skuProduct: p.sku,
          language: 'id',
        })),
      )
    // Each send's start, per channel.
    const started = { phone: [] as number[], mail: [] as number[] }
    const base = alertsCtx()
    const timed: Partial<AlertsContext> = {
      messaging: {
        name: 'timed',
        send: (m) => (started.phone.push(performance.now()), base.messaging.send(m)),
      },
      mail: { name: 'timed', send: (m) => (started.mail.push(performance.now()), base.mail.send(m)) },
      // 100 a second: at most 10 in any tenth of a second.
      pace: alertPace(100),
    }
    expect((await adjust(p.sku, 5)).statusCode).toBe(200)
    await handleEvents(alertHandlers, timed)
    for (const times of [started.phone, started.mail]) {
      expect(times).toHaveLength(60)
      times.sort((a, b) => a - b)
      // The 11th send after any one starts a tenth of a second after it or later (the throttle counts
      // whole milliseconds of Date.now; a few allowed). Unpaced, all sixty go in a few milliseconds.
      const gaps = times.slice(10).map((t, i) => t - times[i]!)
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95)
    }
    // One size, one language, one price: the same e-mail for all sixty, rendered once.
    const sent = recorder.mail.filter(
      (m) => m.to.startsWith('paced-') && m.to.endsWith(`-${stamp}@example.test`),
    )
    expect(new Set(sent.map((m) => m.html)).size).toBe(1)
    const facts = {
      kind: 'BACK_IN_STOCK' as const,
      language: 'id' as const,
      productName: 'Kemeja',
      ukuran: 'M',
      price: 100_000,
      priceThen: null,
      link: 'https://busana.example/p',
    }
    expect(renderAlertMessage(facts)).toBe(renderAlertMessage({ ...facts }))
    expect(renderAlertMessage(facts)).not.toBe(renderAlertMessage({ ...facts, ukuran: 'L' }))
  })

  it('marks what it handled done with its batch, but not a delivery another process took over meanwhile', async () => {
    const p = await product(0)
    await waiting(p.code, p.sku)
    expect((await adjust(p.sku, 1)).statusCode).toBe(200)
    // While this process sends the WhatsApp, its claim runs out and another process takes it over.
    const takenOver: EventHandler<AlertsContext> = async (event, ctx) => {
      await alertHandlers['alerts.send_phone']!(event, ctx)
      await db()
        .update(eventDeliveries)
        .set({ attempts: event.attempt + 1, claimedUntil: new Date(Date.now() + 60_000) })
        .where(
          and(eq(eventDeliveries.eventId, event.id), eq(eventDeliveries.subscriber, 'alerts.send_phone')),
        )
    }
    const result = await handleEvents({ ...alertHandlers, 'alerts.send_phone': takenOver })
    expect(result.done).toBeGreaterThanOrEqual(2)
    const rows = await db()
      .select()
      .from(eventDeliveries)
      .where(
        sql`${eventDeliveries.eventId} = (select max(event_id) from event_deliveries where subscriber = 'alerts.send_phone')`,
      )
    const bySubscriber = new Map(rows.map((r) => [r.subscriber, r]))
    // The e-mail's delivery is done; the WhatsApp's stays with the process that holds it now.
    expect(bySubscriber.get('alerts.send_email')).toMatchObject({ state: 'done', claimedUntil: null })
    expect(bySubscriber.get('alerts.send_phone')?.state).toBe('handling')
    expect(bySubscriber.get('alerts.send_phone')?.doneAt).toBeNull()
  })

  it('tells a thousand members waiting for one size, each once', async () => {
    const p = await product(0)
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      nama: `Waiting ${i}`,
      email: `waiting-${i}-${Date.now()}@example.test`,
      hp: `0819${String(i).padStart(8, '0')}`,
      isVerified: true,
    }))
    const members = await db().insert(customers).values(rows).returning({ id: customers.idPelanggan })
    await db()
      .insert(memberAlerts)
      .values(
        members.map((m) => ({
          idPelanggan: m.id,
          kind: 'BACK_IN_STOCK',
          productCode: p.code,
          skuProduct: p.sku,
          language: 'id',
        })),
      )
    const before = recorder.phone.length
    expect((await adjust(p.sku, 5)).statusCode).toBe(200)
    await handleEvents()
    const sent = recorder.phone.slice(before).filter((m) => m.to.startsWith('0819'))
    expect(sent).toHaveLength(1000)
    expect(new Set(sent.map((m) => m.to)).size).toBe(1000)
    const left = await db()
      .select()
      .from(memberAlerts)
      .where(and(eq(memberAlerts.skuProduct, p.sku), isNull(memberAlerts.spentAt)))
    expect(left).toHaveLength(0)
  })
})
