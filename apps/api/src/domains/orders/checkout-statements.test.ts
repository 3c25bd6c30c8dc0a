import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres'
import { PglitePreparedQuery } from 'drizzle-orm/pglite'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createProduct } from '../../test/factories.ts'
import { checkoutShop, shopper } from './orders.fixtures.ts'

/**
 * The statements a PAY NOW press sends to the database (issue 41): in a sale every statement is a
 * round trip and a write to the socket, the CPU the rush runs out of, so their number is held here
 * against growing back unnoticed. Counted on both drivers by drizzle's executions, without the
 * transaction's begin and commit (PGlite runs those itself).
 */

let t: TestApp
let s: ReturnType<typeof shopper>
let idPayment: number

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  s = shopper(t)
  idPayment = (await checkoutShop(t.database.db)).id
})

afterAll(async () => {
  await t?.close()
})

type Executable = {
  prototype: { execute: (...args: unknown[]) => unknown; all: (...args: unknown[]) => unknown }
}

/** The statements `run` makes the API send (their first words), begin, commit and rollback left out. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  const classes = [NodePgPreparedQuery, PglitePreparedQuery] as unknown as Executable[]
  const saved = classes.map((c) => ({ execute: c.prototype.execute, all: c.prototype.all }))
  for (const [i, c] of classes.entries()) {
    for (const method of ['execute', 'all'] as const) {
      const original = saved[i]![method]
      c.prototype[method] = function (this: { queryString: string }, ...args: unknown[]) {
        const text = this.queryString.replace(/\s+/g, ' ').trim()
        if (!/^(begin|commit|rollback)\b/i.test(text)) seen.push(text.slice(0, 80))
        return original.apply(this, args)
      }
    }
  }
  try {
    await run()
  } finally {
    for (const [i, c] of classes.entries()) Object.assign(c.prototype, saved[i])
  }
  return seen
}

/** A member with one unit of `sku` in her bag, ready to press PAY NOW with its checkout's data. */
async function readyToPay(productCode: string, sku: string) {
  const m = await s.member()
  const lines = await s.addToBag(m.token, productCode, sku)
  const data = await s.checkoutData(m.token, lines)
  return (key: string) =>
    s.checkoutNew(
      m.token,
      {
        products: s.ticked(lines),
        id_delivery_method: data.jenis_paket_list[0]!.id,
        id_warehouse: 1,
        id_payment: idPayment,
        use_promo: false,
      },
      key,
    )
}

describe('a PAY NOW press, in statements', () => {
  it('places an order in ten and refuses a sold-out size in four, with an Idempotency-Key', async () => {
    const row = await createProduct(t.database.db, {
      idBrand: 9,
      sellingPrice: 100_000,
      sizes: [{ ukuran: 'M', stock: 2, sellingPrice: 100_000 }],
    })
    const sku = `${row.productCode}-M`
    const first = await readyToPay(row.productCode, sku)
    const second = await readyToPay(row.productCode, sku)
    const third = await readyToPay(row.productCode, sku)

    // Session, stored key, variants, claim, address, courier quote, the buyer's lock with the
    // payment method, the bag, the order's writes, and the charge's result with its event.
    let res: Awaited<ReturnType<typeof first>> | undefined
    const order = await statementsOf(async () => (res = await first('press-one-0001')))
    expect(res!.statusCode, res!.body).toBe(200)
    expect(order, order.join('\n')).toHaveLength(10)

    // The last unit: its claim tells every process the size is sold (one NOTIFY more).
    const last = await statementsOf(async () => (res = await second('press-two-0002')))
    expect(res!.statusCode, res!.body).toBe(200)
    expect(last, last.join('\n')).toHaveLength(11)

    // Sold out: session, stored key, variants, and the key again (a press with the same key may
    // have placed the order meanwhile).
    const refusal = await statementsOf(async () => (res = await third('press-three-003')))
    expect(res!.statusCode, res!.body).toBe(422)
    expect(res!.json().code).toBe('CRT003')
    expect(refusal, refusal.join('\n')).toHaveLength(4)
  })
})
