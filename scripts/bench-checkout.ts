/**
 * The checkout part of `npm run bench`: cart_new and checkout_new over HTTP with autocannon, beside
 * /livez on the same in-process API in the same run (only ratios are comparable on shared
 * machines). Every checkout_new is a different member placing a real order (one unpaid order per
 * member is the rule), so the shoppers are made first, directly in the database: the production
 * server's rate limits on registration would make hundreds of sign-ups through its API slow.
 * The database is PGlite in memory, or a fresh database on TEST_DATABASE_URL's server.
 */
import autocannon from 'autocannon'
import { buildTestApp } from '../apps/api/src/test/build-test-app.ts'
import { createProduct } from '../apps/api/src/test/factories.ts'
import { createSignedInMember, GAMBIR_ADDRESS } from '../apps/api/src/test/member-factories.ts'
import { loadRegions } from '../apps/api/src/db/regions.ts'
import { addresses, cartLines, paymentMethods } from '../apps/api/src/db/schema/index.ts'

export interface CheckoutBenchRow {
  name: string
  rps: number
  p99: number
  errors: number
}

export async function benchCheckout(options: { duration: number; connections: number; shoppers: number }) {
  const t = await buildTestApp({ seed: true })
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
    for (let i = 0; i < options.shoppers; i++) {
      const m = await createSignedInMember(db)
      await db.insert(addresses).values({ ...GAMBIR_ADDRESS, idPelanggan: m.idPelanggan })
      const [line] = await db
        .insert(cartLines)
        .values({
          idPelanggan: m.idPelanggan,
          productCode: product.productCode,
          skuProduct: sku,
          lineKey: sku,
          qty: 1,
        })
        .returning({ id: cartLines.idLine })
      shoppers.push({
        token: m.token,
        body: JSON.stringify({
          id_delivery_method: 1,
          id_payment: method!.id,
          products: [{ id_line: line!.id, product_code: product.productCode, sku_product: sku, qty: 1 }],
        }),
      })
    }
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const headers = { 'x-brand-id': '9', 'content-type': 'application/json' }
    const run = async (name: string, opts: autocannon.Options): Promise<CheckoutBenchRow> => {
      const r = await autocannon({ connections: options.connections, headers, ...opts })
      return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx }
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
    let next = 0
    rows.push(
      await run(`POST /api/v1/orders/checkout_new (${options.shoppers} orders)`, {
        url: `${origin}/api/v1/orders/checkout_new`,
        amount: shoppers.length,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const shopper = shoppers[next++ % shoppers.length]!
              return {
                ...req,
                path: `/api/v1/orders/checkout_new?token=${shopper.token}`,
                body: shopper.body,
              }
            },
          },
        ],
      }),
    )
    return rows
  } finally {
    await t.close()
  }
}
