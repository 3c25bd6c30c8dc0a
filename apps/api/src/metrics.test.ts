import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'
import { createProduct } from './test/factories.ts'
import { salesHeaders } from './db/schema/index.ts'
import { signedNotification } from './domains/payments/dev-payments.routes.ts'
import { SANDBOX_SERVER_KEY } from './providers/payments/index.ts'
import { checkoutShop, shopper } from './domains/orders/orders.fixtures.ts'
import { limitName } from './plugins/rate-limit.ts'

/*
 * GET /metrics (decision 043) through real requests: what a checkout, a payment, a refused
 * notification and a 429 move, and who may read it. Counters are process-wide, so every check
 * compares a scrape before with one after.
 */

let t: TestApp
let s: ReturnType<typeof shopper>
let va: { id: number }
let shirt: { code: string; sku: string }

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  s = shopper(t)
  const db = t.database.db
  va = await checkoutShop(db)
  const row = await createProduct(db, {
    idBrand: 9,
    sellingPrice: 150_000,
    sizes: [{ ukuran: 'M', stock: 10 }],
  })
  shirt = { code: row.productCode, sku: `${row.productCode}-M` }
})

afterAll(async () => {
  await t?.close()
})

/** One scrape of /metrics as Prometheus on this machine makes it. */
async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  return res.body
}

/** Parses `name{a="1",b="2"} 3` lines into their labels and value. */
function series(text: string, name: string) {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const labels = Object.fromEntries(
        [...line.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1]!, match[2]!]),
      )
      return { labels, value: Number(line.slice(line.lastIndexOf(' ') + 1)) }
    })
}

/** The sum of a metric's series whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  return series(text, name)
    .filter((one) => Object.entries(labels).every(([key, value]) => one.labels[key] === value))
    .reduce((sum, one) => sum + one.value, 0)
}

describe('GET /metrics', () => {
  it('counts a checkout by its route pattern, the order placed, its payment and its status change', async () => {
    const before = await scrape()
    const m = await s.member()
    const bag = await s.addToBag(m.token, shirt.code, shirt.sku)
    const res = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(bag),
    })
    expect(res.statusCode, res.body).toBe(200)
    const [order] = await t.database.db
      .select()
      .from(salesHeaders)
      .where(eq(salesHeaders.idSalesHeader, res.json().data.id_sales_header))
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/notification',
      payload: signedNotification(order!.salesOrderNumber, order!.totalBayar, 'pay', SANDBOX_SERVER_KEY),
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const after = await scrape()

    const checkout = { method: 'POST', route: '/api/v1/orders/checkout_new', status_code: '200' }
    expect(valueOf(after, 'busana_http_requests_total', checkout)).toBe(
      valueOf(before, 'busana_http_requests_total', checkout) + 1,
    )
    expect(valueOf(after, 'busana_http_request_duration_seconds_count', checkout)).toBe(
      valueOf(before, 'busana_http_request_duration_seconds_count', checkout) + 1,
    )
    // The token travels in the query string: no series may carry a raw URL.
    expect(after).not.toMatch(/route="[^"]*\?/)
    const placed = { channel: 'member', payment: 'VIRTUAL-ACCOUNT' }
    expect(valueOf(after, 'busana_orders_placed_total', placed)).toBe(
      valueOf(before, 'busana_orders_placed_total', placed) + 1,
    )
    const toPaid = { from: 'Open', to: 'Paid' }
    expect(valueOf(after, 'busana_order_status_changes_total', toPaid)).toBe(
      valueOf(before, 'busana_order_status_changes_total', toPaid) + 1,
    )
    expect(valueOf(after, 'busana_payments_total', { outcome: 'paid' })).toBe(
      valueOf(before, 'busana_payments_total', { outcome: 'paid' }) + 1,
    )
    // Node's default metrics come with ours.
    expect(after).toContain('nodejs_eventloop_lag_seconds')
    expect(after).toContain('process_resident_memory_bytes')
  })

  it('labels a request with its route pattern, never the raw URL, and an unknown path as unmatched', async () => {
    const before = await scrape()
    await t.app.inject({ url: '/api/v1/pages/product?product_code=NOPE-123', headers: { 'x-brand-id': '9' } })
    await t.app.inject({ url: '/nothing/here/at-all' })
    const after = await scrape()
    const product = { method: 'GET', route: '/api/v1/pages/product' }
    expect(valueOf(after, 'busana_http_requests_total', product)).toBe(
      valueOf(before, 'busana_http_requests_total', product) + 1,
    )
    expect(after).not.toContain('NOPE-123')
    expect(after).not.toContain('/nothing/here')
    const unmatched = { route: 'unmatched', status_code: '404' }
    expect(valueOf(after, 'busana_http_requests_total', unmatched)).toBe(
      valueOf(before, 'busana_http_requests_total', unmatched) + 1,
    )
  })

  it('counts refused notifications by reason, and a 429 by the name of its limit', async () => {
    const before = await scrape()
    // From one address past the 30 refused notifications it may send in 15 minutes.
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/notification',
        payload: { order_id: 'x' },
        remoteAddress: '127.0.0.9',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400))
    expect(statuses[30]).toBe(429)
    const after = await scrape()
    const malformed = { reason: 'malformed' }
    expect(valueOf(after, 'busana_payment_notifications_refused_total', malformed)).toBe(
      valueOf(before, 'busana_payment_notifications_refused_total', malformed) + 30,
    )
    const limit = { limit: 'payment-notification:refused' }
    expect(valueOf(after, 'busana_rate_limit_refusals_total', limit)).toBe(
      valueOf(before, 'busana_rate_limit_refusals_total', limit) + 1,
    )
  })

  it('is refused (404) to anyone but a direct request from this machine', async () => {
    const stranger = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })
    expect(stranger.statusCode).toBe(404)
    expect(stranger.body).not.toContain('busana_')
    // A proxy on this machine connects from loopback too: its forwarding header gives it away.
    const proxied = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } })
    expect(proxied.statusCode).toBe(404)
    const publicHost = await t.app.inject({ url: '/metrics', headers: { host: 'shop.example.com' } })
    expect(publicHost.statusCode).toBe(404)
  })
})

describe('limit names', () => {
  it('drop the address, account or code the key counts', () => {
    expect(limitName('login:ip:203.0.113.5')).toBe('login:ip')
    expect(limitName('login:ip:::1')).toBe('login:ip')
    expect(limitName('payment-notification:refused:ip:2001:db8::1')).toBe('payment-notification:refused')
    expect(limitName('review:42')).toBe('review')
    expect(limitName('otp-send:shop')).toBe('otp-send:shop')
  })
})

/** A port free on loopback now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('METRICS_PORT', () => {
  let own: TestApp
  let port: number
  beforeAll(async () => {
    port = await freePort()
    own = await buildTestApp({ seed: false, env: { METRICS_PORT: String(port) } })
    await own.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await own?.close()
  })

  it('moves /metrics to its own listener: the public port answers 404, the metrics port the text', async () => {
    const { port: publicPort } = own.app.server.address() as { port: number }
    const onPublic = await fetch(`http://127.0.0.1:${publicPort}/metrics`)
    expect(onPublic.status).toBe(404)
    expect(await onPublic.text()).not.toContain('busana_')
    const onMetrics = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(onMetrics.status).toBe(200)
    expect(await onMetrics.text()).toContain(
      'busana_http_requests_total{method="GET",route="unmatched",status_code="404"}',
    )
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/pages/home`)).status).toBe(404)
  })

  it('closes the metrics listener with the server', async () => {
    await own.app.close()
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow()
  })
})
