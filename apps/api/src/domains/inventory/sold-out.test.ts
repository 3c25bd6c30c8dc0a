import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { salesHeaders } from '../../db/schema/index.ts'
import type { ChannelHandlers } from '../../db/client.ts'
import type { FastifyInstance } from 'fastify'
import { buildApi } from '../../app.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { shopper } from '../orders/orders.fixtures.ts'
import { FENCE_TIMEOUT_MS, SoldOutMemory } from './sold-out.ts'
import { oneSizeProducts } from './inventory.fixtures.ts'

/**
 * The sizes a process remembers sold out (issue 41, inventory's sold-out.ts): PAY NOW refuses from
 * the memory, and a unit given back by any path is sold again at once, with no wait between the
 * give-back and the press. Through the API on either driver (on PostgreSQL the rises travel through
 * the server's notification queue), and the memory's own rules against a channel the test drives.
 */

let o: Ops
/**
 * A second API instance on the same database whose stock channel hears every message 100 ms late,
 * in order (a busy listener): its presses must wait for their fence, not for luck.
 */
let late: FastifyInstance
const product = oneSizeProducts(() => o.db(), 'SLD')
const names = { productName: 'Kemeja', ukuran: 'M' }

beforeAll(async () => {
  o = await opsWorld()
  const database = o.t.database
  late = await buildApi({
    config: o.t.config,
    database: {
      ...database,
      channel: (name, handlers) =>
        database.channel(name, {
          ...handlers,
          message: (payload) => void setTimeout(() => handlers.message(payload), 100),
        }),
    },
    logger: false,
  })
  await late.ready()
})

afterAll(async () => {
  await late?.close()
  await o?.t.close()
})

/** A shopper with one unit of a size in the bag, and PAY NOW for it (Accept-Language `language`). */
interface Waiting {
  pay(language?: 'en' | 'id'): ReturnType<Ops['s']['checkoutNew']>
}

/** The id of the last change `app` heard (GET /changez). */
const lastChange = async (app: FastifyInstance) =>
  (await app.inject({ url: '/changez' })).json().last as string

/**
 * A size of one unit sold to a member, with `waiting` more shoppers who put it in their bags while
 * it was there (a bag refuses a sold-out size), and one press refused after the sale: from then on
 * this process remembers the size sold out.
 */
async function soldOutSize(waiting: number, app = o.t.app) {
  const s = shopper({ ...o.t, app })
  const p = await product(1)
  const shoppers: Waiting[] = []
  for (let i = 0; i < waiting + 2; i++) {
    const member = await o.s.member()
    const bag = await o.s.addToBag(member.token, p.code, p.sku)
    const body = { id_delivery_method: 1, id_payment: o.methodId, products: o.s.ticked(bag) }
    shoppers.push({
      pay: (language = 'en') =>
        s.call('POST', '/api/v1/orders/checkout_new', member.token, body, { 'accept-language': language }),
    })
  }
  const [buyer, refused, ...rest] = shoppers
  const before = await lastChange(app)
  const bought = await buyer!.pay()
  expect(bought.statusCode, bought.body).toBe(200)
  // The last unit sold announces a catalog change, which makes the process forget what it knows is
  // sold out (names may have changed): heard before the refusal below, which remembers the size.
  await vi.waitFor(async () => expect(await lastChange(app)).not.toBe(before))
  expect((await refused!.pay()).json()).toMatchObject({ status: 422, code: 'CRT003' })
  const [header] = await o
    .db()
    .select({ number: salesHeaders.salesOrderNumber })
    .from(salesHeaders)
    .where(eq(salesHeaders.idSalesHeader, bought.json().data.id_sales_header as string))
  return { ...p, order: header!.number, waiting: rest }
}

describe('PAY NOW refuses from what the process knows is sold out', () => {
  it('answers the refusal without reading the stock, in both languages', async () => {
    const p = await soldOutSize(1)
    // A unit put back with the rise's announcement turned off: only a press refused from memory
    // can miss it (a read would find it). This is how the test tells where the answer came from.
    await o.db().execute(sql`alter table sellable_stock disable trigger sellable_stock_rise_update`)
    try {
      await o.db().execute(sql`update sellable_stock set stock = 1 where sku_product = ${p.sku}`)
      const en = await p.waiting[0]!.pay('en')
      expect(en.json()).toMatchObject({ status: 422, code: 'CRT003' })
      expect(en.json().message).toMatch(/\(M\) is not available to order$/)
      const id = await p.waiting[0]!.pay('id')
      expect(id.json()).toMatchObject({ status: 422, code: 'CRT003' })
      expect(id.json().message).toMatch(/\(M\) tidak dapat dipesan$/)
    } finally {
      await o.db().execute(sql`alter table sellable_stock enable trigger sellable_stock_rise_update`)
    }
    // Nothing was taken by the refusals; a rise announced now is heard, and the unit is sold.
    expect(await o.s.stockOf(p.sku)).toBe(1)
    await o.db().execute(sql`update sellable_stock set stock = 0 where sku_product = ${p.sku}`)
    await o.db().execute(sql`update sellable_stock set stock = 1 where sku_product = ${p.sku}`)
    expect((await p.waiting[0]!.pay()).statusCode).toBe(200)
  })

  it('waits for a rise announced late: its fence comes back after it', async () => {
    const p = await soldOutSize(1, late)
    // The rise reaches the late instance 100 ms after it commits; the press comes at once.
    await o.db().execute(sql`update sellable_stock set stock = 1 where sku_product = ${p.sku}`)
    const res = await p.waiting[0]!.pay()
    expect(res.statusCode, res.body).toBe(200)
    expect(await o.s.stockOf(p.sku)).toBe(0)
  })

  // Two paths that give units back, each answered by the very next press with no wait: the press's
  // fence comes back after the rise's announcement.
  const giveBacks: [
    string,
    (p: { sku: string; order: string }) => Promise<{ statusCode: number }>,
    number,
  ][] = [
    [
      'a cancelled order',
      (p) =>
        o.call('POST', `/orders/${p.order}/cancel`, {
          token: o.tokens.owner,
          body: { reason: 'the customer asked' },
        }),
      0,
    ],
    [
      'a staff adjustment of two',
      (p) =>
        o.call('POST', '/stock/adjust', {
          token: o.tokens.warehouse,
          body: { sku_product: p.sku, delta: 2, reason: 'received' },
        }),
      1,
    ],
  ]
  it.each(giveBacks)('sells what %s gives back to the very next press', async (_, giveBack, left) => {
    const p = await soldOutSize(1)
    expect((await giveBack(p)).statusCode).toBe(200)
    const res = await p.waiting[0]!.pay()
    expect(res.statusCode, res.body).toBe(200)
    expect(await o.s.stockOf(p.sku)).toBe(left)
    await o.expectInvariant(p.sku)
  })

  it('never refuses a unit given back while presses arrive', async () => {
    const p = await soldOutSize(10)
    // Three units come back in one statement while ten shoppers press at once: the presses that ran
    // before the units came back are refused, the rest buy them; none is lost or sold twice.
    const pressed = Promise.all(p.waiting.map((shopper) => shopper.pay()))
    await o.db().execute(sql`update sellable_stock set stock = stock + 3 where sku_product = ${p.sku}`)
    const answers = await pressed
    const sold = answers.filter((res) => res.statusCode === 200).length
    const refused = answers.filter((res) => res.json().code === 'CRT003').length
    expect(sold + refused).toBe(10)
    const left = await o.s.stockOf(p.sku)
    expect(sold + left).toBe(3)
    // A press after the rise was heard finds what is left: the refused ones press again.
    const again = await Promise.all(
      p.waiting.filter((_, i) => answers[i]!.statusCode !== 200).map((shopper) => shopper.pay()),
    )
    expect(again.filter((res) => res.statusCode === 200)).toHaveLength(left)
    expect(await o.s.stockOf(p.sku)).toBe(0)
    await o.expectInvariant(p.sku)
  })
})

/** A memory on a channel the test drives: what it sends, and the handlers to answer it with. */
async function drivenMemory() {
  const sent: string[] = []
  let handlers!: ChannelHandlers
  let failSend = false
  const m = await SoldOutMemory.open({
    channel: async (_name, h) => {
      handlers = h
      return {
        send: async (payload) => {
          if (failSend) throw new Error('lost')
          sent.push(payload)
        },
        stop: async () => {},
      }
    },
  })
  return {
    m,
    sent,
    hear: (payload: string) => handlers.message(payload),
    echo: () => handlers.message(sent.at(-1)!),
    lose: () => handlers.lost(),
    back: () => handlers.back(),
    failSends: () => (failSend = true),
  }
}

describe("the memory's rules", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('remembers a zero only if no rise of the size was heard since its mark', async () => {
    const d = await drivenMemory()
    const before = d.m.mark()
    d.hear('s:A-M')
    d.m.remember('A-M', names, before)
    expect(d.m.soldOutAmong(['A-M'])).toBeNull()
    // Another size's rise does not stop it.
    const mark = d.m.mark()
    d.hear('s:B-M')
    d.m.remember('A-M', names, mark)
    expect(d.m.soldOutAmong(['B-M', 'A-M'])).toEqual({ sku: 'A-M', names })
    // A rise heard later forgets it.
    d.hear('s:A-M')
    expect(d.m.soldOutAmong(['A-M'])).toBeNull()
  })

  it('one fence serves every press that asked before it was sent, and none that asked after', async () => {
    const d = await drivenMemory()
    const first = d.m.fence()
    expect(d.sent).toHaveLength(1)
    // Asked while the first fence is out: they wait for the next, sent when the first comes back.
    const second = d.m.fence()
    const third = d.m.fence()
    expect(d.sent).toHaveLength(1)
    // Another process's fence settles nothing here.
    d.hear(`f:someone-else:${d.sent[0]!.split(':')[2]}`)
    d.echo()
    expect(await first).toBe(true)
    expect(d.sent).toHaveLength(2)
    const settled = vi.fn()
    void second.then(settled)
    await Promise.resolve()
    expect(settled).not.toHaveBeenCalled()
    d.echo()
    expect(await second).toBe(true)
    expect(await third).toBe(true)
    // Nobody waits: no fence is sent.
    expect(d.sent).toHaveLength(2)
  })

  it('a lost connection forgets everything and refuses nothing until it listens again', async () => {
    const d = await drivenMemory()
    d.m.remember('A-M', names, d.m.mark())
    const waiting = d.m.fence()
    const mark = d.m.mark()
    d.lose()
    expect(await waiting).toBe(false)
    expect(d.m.soldOutAmong(['A-M'])).toBeNull()
    d.m.remember('A-M', names, d.m.mark())
    expect(d.m.soldOutAmong(['A-M'])).toBeNull()
    expect(await d.m.fence()).toBe(false)
    d.back()
    // A read sent before the loss cannot be remembered: rises may have been missed meanwhile.
    d.m.remember('A-M', names, mark)
    expect(d.m.soldOutAmong(['A-M'])).toBeNull()
    d.m.remember('A-M', names, d.m.mark())
    expect(d.m.soldOutAmong(['A-M'])).toEqual({ sku: 'A-M', names })
  })

  it('a fence not heard in time, or not sent, answers false and the next press sends another', async () => {
    vi.useFakeTimers()
    const d = await drivenMemory()
    const unheard = d.m.fence()
    vi.advanceTimersByTime(FENCE_TIMEOUT_MS)
    expect(await unheard).toBe(false)
    // Its late echo settles nothing.
    d.echo()
    d.failSends()
    expect(await d.m.fence()).toBe(false)
  })

  it('forgets everything when the catalog changes, or a message is not a size', async () => {
    const d = await drivenMemory()
    d.m.remember('A-M', names, d.m.mark())
    d.m.forgetAll()
    expect(d.m.soldOutAmong(['A-M'])).toBeNull()
    d.m.remember('A-M', names, d.m.mark())
    d.hear('*')
    expect(d.m.soldOutAmong(['A-M'])).toBeNull()
  })
})
