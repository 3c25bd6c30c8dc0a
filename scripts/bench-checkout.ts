/**
 * The checkout part of `npm run bench`: cart_new and checkout_new over HTTP with autocannon, beside
 * /livez on the same in-process API in the same run (only ratios are comparable on shared
 * machines). Every checkout_new is a different member placing a real order (one unpaid order per
 * member is the rule), so the shoppers are made first, directly in the database: the production
 * server's rate limits on registration would make hundreds of sign-ups through its API slow.
 * The database is PGlite in memory, or a fresh database on TEST_DATABASE_URL's server.
 * A last row (issue 42) places the same number of orders again while BENCH_WAITING (1,000) members
 * waiting for one size are told it is back: the size is restocked as the row starts, and the events
 * job of the same process spends their alerts and sends their WhatsApp and e-mail messages (to
 * providers that keep them, at the pace the API keeps: ALERTS_PER_SECOND per channel) during the
 * checkouts; how long the messages took is printed beside it.
 */
import autocannon from 'autocannon'
import { eq } from 'drizzle-orm'
import { buildTestApp } from '../apps/api/src/test/build-test-app.ts'
import { createProduct } from '../apps/api/src/test/factories.ts'
import { benchShopper } from './lib/bench-shoppers.ts'
import { loadRegions } from '../apps/api/src/db/regions.ts'
import { customers, memberAlerts, paymentMethods, sellableStock } from '../apps/api/src/db/schema/index.ts'
import { eventHandlers } from '../apps/api/src/jobs/events.ts'
import { handleDueEvents, publish } from '../apps/api/src/domains/events/index.ts'
import { alertPace, eventLoopBusy } from '../apps/api/src/domains/alerts/index.ts'

export interface CheckoutBenchRow {
  name: string
  /** Requests answered over the run's wall time (a run of a fixed number of orders ends mid-second). */
  rps: number
  p50: number
  p99: number
  errors: number
}

export async function benchCheckout(options: {
  duration: number
  connections: number
  shoppers: number
  /** Members waiting for one size, told during the last row's checkouts (0: no such row). */
  waiting?: number
}) {
  const t = await buildTestApp({ seed: true })
  // How loaded the process is, sampled from the start as the running API does (runtime.ts).
  const load = eventLoopBusy()
  try {
    const db = t.database.db
    await loadRegions(db, { provinces: ['31'] })
    const product = await createProduct(db, {
      idBrand: 9,
      sellingPrice: 189_000,
      sizes: [{ ukuran: 'M', stock: 1_000_000, sellingPrice: 189_000 }],
    })
    const sku = `${product.productCode}-M`
    const [method] = await db.select({ id: paymentMethods.id }).from(paymentMethods).limit(1)
    const shoppers: { token: string; body: string }[] = []
    const waiting = options.waiting ?? 1000
    const total = waiting > 0 ? options.shoppers * 2 : options.shoppers
    for (let i = 0; i < total; i++) {
      shoppers.push(await benchShopper(db, product.productCode, sku, method!.id))
    }
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const headers = { 'x-brand-id': '9', 'content-type': 'application/json' }
    const run = async (name: string, opts: autocannon.Options): Promise<CheckoutBenchRow> => {
      // autocannon ends a run of a fixed number of requests on its next one-second tick: the rate
      // is the requests over the time to the last answer.
      const started = performance.now()
      let last = started
      const r = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          { connections: options.connections, headers, ...opts },
          (error, result) => (error ? reject(error) : resolve(result)),
        )
        instance.on('response', () => (last = performance.now()))
      })
      return {
        name,
        rps: r.requests.total / ((last - started) / 1000),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
      }
    }
    const rows: CheckoutBenchRow[] = []
    await autocannon({ url: `${origin}/livez`, connections: options.connections, duration: 1 })
    rows.push(
      await run('baseline GET /livez (in-process API)', {
        url: `${origin}/livez`,
        duration: options.duration,
      }),
    )
    const first = shoppers[0]!
    const cartNewBody = JSON.stringify({
      products: [{ product_code: product.productCode, sku_product: sku, qty: 1 }],
    })
    rows.push(
      await run('POST /api/v1/orders/cart_new', {
        url: `${origin}/api/v1/orders/cart_new?token=${first.token}`,
        method: 'POST',
        body: cartNewBody,
        duration: options.duration,
      }),
    )
    const checkouts = (name: string, own: typeof shoppers) => {
      let next = 0
      return run(name, {
        url: `${origin}/api/v1/orders/checkout_new`,
        amount: options.shoppers,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const shopper = own[next++ % own.length]!
              return {
                ...req,
                path: `/api/v1/orders/checkout_new?token=${shopper.token}`,
                body: shopper.body,
              }
            },
          },
        ],
      })
    }
    rows.push(
      await checkouts(
        `POST /api/v1/orders/checkout_new (${options.shoppers} orders)`,
        shoppers.slice(0, options.shoppers),
      ),
    )
    if (waiting > 0)
      rows.push(
        await checkoutsWhileTold(db, load, waiting, () =>
          checkouts(
            `  the same while ${waiting} members waiting for a size are told it is back`,
            shoppers.slice(options.shoppers),
          ),
        ),
      )
    return rows
  } finally {
    load.stop()
    await t.close()
  }
}

/**
 * `waiting` members waiting for a sold-out size; the size is restocked (its event published as
 * inventory publishes it) and the events job runs in this process during `measure`, sending to
 * providers that keep the messages. Answers `measure`'s row, named with the messages' time.
 */
async function checkoutsWhileTold(
  db: Awaited<ReturnType<typeof buildTestApp>>['database']['db'],
  load: { busy: () => boolean },
  waiting: number,
  measure: () => Promise<CheckoutBenchRow>,
): Promise<CheckoutBenchRow> {
  const wanted = await createProduct(db, { idBrand: 9, sizes: [{ ukuran: 'L', stock: 0 }] })
  const sku = `${wanted.productCode}-L`
  const stamp = Date.now()
  const members = await db
    .insert(customers)
    .values(
      Array.from({ length: waiting }, (_, i) => ({
        nama: `Waiting ${i}`,
        email: `waiting-${i}-${stamp}@bench.test`,
        hp: `0817${String(i).padStart(8, '0')}`,
        isVerified: true,
      })),
    )
    .returning({ id: customers.idPelanggan })
  await db.insert(memberAlerts).values(
    members.map((m) => ({
      idPelanggan: m.id,
      kind: 'BACK_IN_STOCK',
      productCode: wanted.productCode,
      skuProduct: sku,
      language: 'id',
    })),
  )
  let sent = 0
  const keep = {
    name: 'bench',
    async send() {
      sent++
    },
  }
  await db.transaction(async (tx) => {
    await tx.update(sellableStock).set({ stock: 50 }).where(eq(sellableStock.skuProduct, sku))
    await publish(tx, 'inventory.available_again', [{ sku }])
  })
  const started = performance.now()
  let toldMs = 0
  const told = (async () => {
    const handlerContext = {
      db,
      messaging: keep,
      mail: keep,
      shopUrl: 'https://busana.example',
      phoneChannel: 'WHATSAPP' as const,
      // As the running API paces them (ALERTS_PER_SECOND per channel, 50 by default), yielding
      // to the checkouts while the process is busy.
      pace: alertPace(Number(process.env.ALERTS_PER_SECOND ?? 50), { busy: load.busy }),
    }
    const log = {
      warn(obj: object, msg: string) {
        if (process.env.BENCH_DEBUG) console.warn(msg, obj)
      },
    }
    while (sent < waiting * 2) {
      const result = await handleDueEvents({ db, handlers: eventHandlers, handlerContext, log })
      if (result.done + result.retrying + result.failed === 0) break
    }
    toldMs = performance.now() - started
  })()
  const row = await measure()
  await told
  return { ...row, name: `${row.name} (${sent} messages in ${(toldMs / 1000).toFixed(1)} s)` }
}
