/**
 * `npm run bench`: starts the production build and measures, with autocannon on loopback,
 * requests per second and p99 latency of the catalog API calls and the server-rendered product
 * page, beside a trivial JSON route (/livez) on the same server in the same run. Prints each
 * figure's ratio to that baseline: shared machines are noisy, so only ratios are comparable.
 * Aim: catalog calls at >= 0.5x the baseline's throughput, the SSR product page at >= 0.1x.
 * Public pages are served from a few-second page cache (apps/web/page-cache.ts); the last row
 * shows the cost of a real render, with a query that makes every request a miss. A second table
 * measures checkout (cart_new, checkout_new placing real orders) on an in-process API beside its own
 * /livez (bench-checkout.ts).
 */
import autocannon from 'autocannon'
import { sampleTargets, startProductionServer } from './lib/server.ts'
import { measureFirstViewJs, printSize } from './size.ts'
import { benchCheckout } from './bench-checkout.ts'

const duration = Number(process.env.BENCH_SECONDS ?? 8)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)

interface Result {
  name: string
  rps: number
  p99: number
  errors: number
  aim?: number
}

async function measure(name: string, url: string, aim?: number, everyRequestNew = false): Promise<Result> {
  const headers = { 'x-brand-id': '9', 'accept-encoding': 'gzip, br' }
  // A query no one else asks for makes every request a page-cache miss: the cost of a real render.
  let n = 0
  const requests = everyRequestNew
    ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: `${new URL(url).pathname}?r=${++n}` }) }]
    : undefined
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({ url, connections, duration: 1, headers, requests })
  const r = await autocannon({ url, connections, duration, headers, requests })
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, aim }
}

const server = await startProductionServer()
try {
  const { origin } = server
  const t = await sampleTargets(origin)
  const results: Result[] = []
  results.push(await measure('baseline GET /livez (trivial JSON)', `${origin}/livez`))
  results.push(await measure('GET /api/v1/pages/home', `${origin}/api/v1/pages/home`, 0.5))
  results.push(
    await measure(
      'GET /api/v1/pages/category',
      `${origin}/api/v1/pages/category?category=${encodeURIComponent(t.category)}&limit=10&offset=0`,
      0.5,
    ),
  )
  results.push(
    await measure(
      'GET /api/v1/pages/product',
      `${origin}/api/v1/pages/product?product_code=${t.productCode}`,
      0.5,
    ),
  )
  results.push(await measure(`SSR ${t.productPath}`, origin + t.productPath, 0.1))
  results.push(
    await measure('  the same page, every request rendered', origin + t.productPath, undefined, true),
  )
  const base = results[0]!
  console.log(`\nautocannon: ${connections} connections, ${duration} s per target, loopback, same process\n`)
  console.table(
    results.map((r) => ({
      target: r.name,
      'req/s': Math.round(r.rps),
      'p99 ms': r.p99,
      'req/s vs baseline': +(r.rps / base.rps).toFixed(2),
      'p99 vs baseline': +(r.p99 / Math.max(base.p99, 1)).toFixed(2),
      aim: r.aim ? `>= ${r.aim}x` : '',
      met: r.aim ? (r.rps / base.rps >= r.aim ? 'yes' : 'NO') : '',
      errors: r.errors,
    })),
  )
  printSize(await measureFirstViewJs(origin, t.productPath), t.productPath)
} finally {
  await server.stop()
}

const checkout = await benchCheckout({
  duration,
  connections,
  shoppers: Number(process.env.BENCH_ORDERS ?? 400),
})
const checkoutBase = checkout[0]!
console.log('\ncheckout: in-process API, loopback; checkout_new places one real order per request\n')
console.table(
  checkout.map((r) => ({
    target: r.name,
    'req/s': Math.round(r.rps),
    'p99 ms': r.p99,
    'req/s vs baseline': +(r.rps / checkoutBase.rps).toFixed(2),
    'p99 vs baseline': +(r.p99 / Math.max(checkoutBase.p99, 1)).toFixed(2),
    errors: r.errors,
  })),
)
