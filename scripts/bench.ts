/**
 * `npm run bench`: starts the production build with request logging at `info` (to a file, as a
 * server logs in production) and measures, with autocannon on loopback, requests per second and p99
 * latency of the catalog API calls and the server-rendered product page. Each row is measured side
 * by side with its baseline, a bare Fastify 5 server in its own process (scripts/lib/bare-server.ts:
 * no plugin, no logger) answering a JSON body of the same bytes, serialised per request by
 * `reply.send`: the ratio is the cost of our plugin stack and routes. The two are measured in
 * alternating rounds (BENCH_ROUNDS) so the noise of a shared machine falls on both alike; only
 * ratios are comparable between runs. A third side, the twin sending the same text already
 * serialised ('vs bare raw'), is what the app does with a cached answer: the cost of the stack alone.
 * API rows ask for identity answers, so both sides send the same bytes (the app keeps compressed
 * forms of its catalog answers, the bare twin has no compression). Aim: catalog calls at >= 0.5x
 * their bare twin. The app's own /livez stays as a row (the cost of the stack on a trivial route),
 * and pages, asked for compressed as a browser does, keep their aim of >= 0.1x of it.
 * Public pages (home, a listing, a product) are served from a few-second page cache
 * (apps/web/page-cache.ts); each has a second row with a query that makes every request a miss, and
 * the render cost per page (ms of one core per render, 1000 / req/s of that row) is printed below. A small table
 * then gives /livez alone beside /livez while 4 clients post deeply nested JSON bodies (issue 38):
 * a hostile body must cost its sender a 400, not everyone else their latency. A second table
 * measures checkout (cart_new, checkout_new placing real orders) on an in-process API beside its own
 * /livez (bench-checkout.ts); BENCH_CHECKOUT=false skips it.
 * The listing table (issue 39) measures a category of 10,000 products (scripts/lib/listing-fixture.ts,
 * written with the demo store into the server's database before it starts) unfiltered beside
 * filtered (size + price + sort), each as a cached answer and as answers made from the database
 * (scripts/lib/listing-bench.ts), in BENCH_LISTING_SECONDS slices (default 1) of the same rounds;
 * aim: filtered at >= 0.5x unfiltered. BENCH_LISTING=false skips it; `npm run bench:listing` runs it
 * alone, longer, and beside an older build (BENCH_BEFORE).
 *
 * BENCH_AGAINST=<commit> (issue 41) builds that commit in a temporary git worktree
 * (scripts/lib/against.ts) and runs its production server beside this one, each on a database of
 * its own code's demo store (and listing fixture); every row of the first table is then measured on
 * both in the same alternating rounds, and 'vs against' is this build's req/s over the commit's
 * (p99 beside it). The listing rows get the commit as a side of their own. Checkout stays this
 * tree's only. Use it before landing any change on the request path:
 * `BENCH_AGAINST=HEAD~1 npm run bench`.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { sampleTargets, startProductionServer } from './lib/server.ts'
import { measureFirstViewJs, printSize } from './size.ts'
import { benchCheckout } from './bench-checkout.ts'
import { benchListing, prepareListingData, type ListingSide } from './lib/listing-bench.ts'
import { prepareAgainst, type AgainstTree } from './lib/against.ts'

const duration = Number(process.env.BENCH_SECONDS ?? 8)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4))
const withCheckout = process.env.BENCH_CHECKOUT !== 'false'
const withListing = process.env.BENCH_LISTING !== 'false'
const listingSeconds = Number(process.env.BENCH_LISTING_SECONDS ?? 1)

interface Target {
  name: string
  url: string
  /** The bare server's route this row is compared with; pages have none. */
  bare?: string
  aim?: number
  /** A query no one else asks for makes every request a page-cache miss: the cost of a real render. */
  everyRequestNew?: boolean
  /** Asks for compressed answers, as a browser does (pages); API rows take identity, as their twin sends. */
  compressed?: boolean
}

interface Measured {
  requests: number
  seconds: number
  p99s: number[]
  errors: number
}

const empty = (): Measured => ({ requests: 0, seconds: 0, p99s: [], errors: 0 })
const identity = { 'x-brand-id': '9' }
const compressed = { 'x-brand-id': '9', 'accept-encoding': 'gzip, br' }

/**
 * The serial of an "every request rendered" request: one count for the whole bench, so no round
 * asks for a URL an earlier round left in the page cache (it restarted at 1 each run, and later
 * rounds were partly answered from the cache).
 */
let serial = 0

async function run(url: string, seconds: number, everyRequestNew = false, gzip = false) {
  const headers = gzip ? compressed : identity
  const requests = everyRequestNew
    ? [
        {
          setupRequest: (req: { path: string }) => ({
            ...req,
            path: `${new URL(url).pathname}?r=${++serial}`,
          }),
        },
      ]
    : undefined
  return autocannon({ url, connections, duration: seconds, headers, requests })
}

async function add(into: Measured, url: string, seconds: number, target?: Target) {
  const r = await run(url, seconds, target?.everyRequestNew, target?.compressed)
  into.requests += r.requests.total
  into.seconds += r.duration
  into.p99s.push(r.latency.p99)
  into.errors += r.errors + r.non2xx
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/** 8 KB of nesting, `[` then `]`, as the hostile clients sent. */
const NESTED_BODY = '['.repeat(4096) + ']'.repeat(4096)
const NESTED_CLIENTS = 4
/** Nested posts a second from the 4 clients together: about sixty over a default run, as in issue 38. */
const nestedRate = Number(process.env.BENCH_NESTED_RATE ?? 8)

interface LivezMeasured extends Measured {
  p50s: number[]
  /** The nested posts' answers by status class ('4xx', '5xx'), when they were sent. */
  posts: Record<string, number>
}

/**
 * Waits, at most a minute, until one /livez answers: a slice then starts on a server done with the
 * posts of the one before (before issue 38's bound, they held it for seconds after their senders
 * had stopped, and the next '/livez alone' slice measured them).
 */
async function settle(origin: string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/livez`, { signal: AbortSignal.timeout(2_000) })).ok) return
    } catch {
      // still busy: ask again
    }
  }
}

/**
 * /livez for `seconds`, alone or while NESTED_CLIENTS post NESTED_BODY to a public route at
 * nestedRate in all; both end with the slice (autocannon's duration), so the loop is bounded.
 */
async function addLivez(into: LivezMeasured, origin: string, seconds: number, nested: boolean) {
  await settle(origin)
  const posting = nested
    ? autocannon({
        url: `${origin}/api/v1/member/login`,
        method: 'POST',
        headers: { ...identity, 'content-type': 'application/json' },
        body: NESTED_BODY,
        connections: NESTED_CLIENTS,
        overallRate: nestedRate,
        duration: seconds,
      })
    : undefined
  const r = await run(`${origin}/livez`, seconds)
  into.requests += r.requests.total
  into.seconds += r.duration
  // A slice in which /livez never answered has no latency to report: it counts as endless, not 0 ms.
  const answered = r.requests.total > 0
  into.p50s.push(answered ? r.latency.p50 : Infinity)
  into.p99s.push(answered ? r.latency.p99 : Infinity)
  into.errors += r.errors + r.non2xx
  const posts = await posting
  if (posts) {
    for (const group of ['2xx', '4xx', '5xx'] as const)
      into.posts[group] = (into.posts[group] ?? 0) + posts[group]
    into.posts.errors = (into.posts.errors ?? 0) + posts.errors + posts.timeouts
  }
}

/** Starts the bare baseline in its own process, serving `bodies` (route name → JSON text). */
async function startBareServer(dir: string, bodies: Record<string, string>) {
  const file = join(dir, 'bodies.json')
  writeFileSync(file, JSON.stringify(bodies))
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/bare-server.ts', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const origin = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)))
  })
  return {
    origin,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

const againstCommit = process.env.BENCH_AGAINST?.trim()
const against: AgainstTree | undefined = againstCommit ? prepareAgainst(againstCommit) : undefined

const work = mkdtempSync(join(tmpdir(), 'busana-bench-run-'))
const logFile = join(work, 'server.log')
// The demo store and the listing fixture, written before the server starts (it then seeds nothing).
const dataDir = withListing ? join(work, 'data') : undefined
if (dataDir) await prepareListingData({ dataDir, seed: true })
const againstData = withListing && against ? join(work, 'against-data') : undefined
if (againstData) await prepareListingData({ root: against!.root, dataDir: againstData, seed: true })
const server = await startProductionServer({ logLevel: 'info', logFile, dataDir })
const againstServer = against
  ? await startProductionServer({
      root: against.root,
      logLevel: 'info',
      logFile: join(work, 'against.log'),
      dataDir: againstData,
    })
  : undefined
try {
  const { origin } = server
  const t = await sampleTargets(origin)
  const targets: Target[] = [
    { name: 'GET /livez (trivial JSON)', url: `${origin}/livez`, bare: 'livez' },
    { name: 'GET /api/v1/pages/home', url: `${origin}/api/v1/pages/home`, bare: 'home', aim: 0.5 },
    {
      name: 'GET /api/v1/pages/category',
      url: `${origin}/api/v1/pages/category?category=${encodeURIComponent(t.category)}&limit=10&offset=0`,
      bare: 'category',
      aim: 0.5,
    },
    {
      name: 'GET /api/v1/pages/product',
      url: `${origin}/api/v1/pages/product?product_code=${t.productCode}`,
      bare: 'product',
      aim: 0.5,
    },
    // Each page as the page cache answers it, then with every request rendered (issue 41: the
    // render cost per page).
    ...[
      { page: 'home', path: '/' },
      { page: 'listing', path: t.listingPath },
      { page: 'product', path: t.productPath },
    ].flatMap(({ page, path }): Target[] => [
      { name: `SSR ${page} ${path}`, url: origin + path, aim: 0.1, compressed: true },
      {
        name: `  ${page}, every request rendered`,
        url: origin + path,
        everyRequestNew: true,
        compressed: true,
      },
    ]),
  ]
  // The bare twins answer the very bytes of the API's answers, taken once.
  const bodies: Record<string, string> = {}
  for (const target of targets) {
    if (!target.bare || bodies[target.bare]) continue
    const res = await fetch(target.url, { headers: { 'x-brand-id': '9' } })
    if (!res.ok) throw new Error(`${target.url}: ${res.status}`)
    bodies[target.bare] = await res.text()
  }
  // The commit's server answers the same paths (its own demo store, seeded the same way).
  const againstUrl = new Map<Target, string>()
  if (againstServer) {
    for (const target of targets) {
      const url = againstServer.origin + target.url.slice(origin.length)
      const res = await fetch(url, { headers: identity })
      if (res.ok) againstUrl.set(target, url)
      else
        console.log(`BENCH_AGAINST: ${target.name} answers ${res.status} on ${againstCommit}; row left out`)
    }
  }
  const bare = await startBareServer(work, bodies)
  try {
    const app = new Map<Target, Measured>()
    const twin = new Map<Target, Measured>()
    const rawTwin = new Map<Target, Measured>()
    const old = new Map<Target, Measured>()
    const slice = Math.max(1, Math.round(duration / rounds))
    for (const target of targets) {
      const bareUrl = target.bare && `${bare.origin}/${target.bare}`
      const oldUrl = againstUrl.get(target)
      // A short warm-up fills caches and JIT before the measured rounds.
      await run(target.url, 1, target.everyRequestNew, target.compressed)
      if (bareUrl) await run(bareUrl, 1)
      if (oldUrl) await run(oldUrl, 1, target.everyRequestNew, target.compressed)
      const a = empty()
      const b = empty()
      const c = empty()
      const d = empty()
      for (let round = 0; round < rounds; round++) {
        // Alternate which goes first, so a burst of noise does not always land on the same side.
        if (round % 2 === 0) {
          await add(a, target.url, slice, target)
          if (oldUrl) await add(d, oldUrl, slice, target)
          if (bareUrl) await add(b, bareUrl, slice)
          if (bareUrl) await add(c, `${bareUrl}/raw`, slice)
        } else {
          if (bareUrl) await add(c, `${bareUrl}/raw`, slice)
          if (bareUrl) await add(b, bareUrl, slice)
          if (oldUrl) await add(d, oldUrl, slice, target)
          await add(a, target.url, slice, target)
        }
      }
      app.set(target, a)
      twin.set(target, b)
      rawTwin.set(target, c)
      if (oldUrl) old.set(target, d)
    }
    const rps = (m: Measured) => m.requests / Math.max(m.seconds, 1e-9)
    /** BENCH_AGAINST's columns: the commit's req/s and p99, and this build's req/s over its. */
    const versus = (a: Measured, d: Measured | undefined) => ({
      [`${againstCommit} req/s`]: d ? Math.round(rps(d)) : '',
      [`${againstCommit} p99`]: d ? median(d.p99s) : '',
      'vs against': d ? +(rps(a) / rps(d)).toFixed(2) : '',
    })
    const livez = app.get(targets[0]!)!
    console.log(
      `\nautocannon: ${connections} connections, ${rounds} rounds of ${slice} s per side, loopback; ` +
        'app at LOG_LEVEL=info (log to a file), baseline a bare Fastify process' +
        (against
          ? `; against ${againstCommit} (${against.hash.slice(0, 10)}, modules ${against.modules})`
          : '') +
        '\n',
    )
    console.table(
      targets.map((target) => {
        const a = app.get(target)!
        const b = twin.get(target)!
        // Pages have no bare twin: their aim stays what it was, a share of the app's own /livez.
        const ratio = target.bare ? rps(a) / rps(b) : rps(a) / rps(livez)
        return {
          target: target.name,
          'req/s': Math.round(rps(a)),
          'p99 ms': median(a.p99s),
          'bare twin': target.bare ? `/${target.bare} ${bodies[target.bare]!.length} B` : '',
          'bare req/s': target.bare ? Math.round(rps(b)) : '',
          'bare p99': target.bare ? median(b.p99s) : '',
          'vs bare': target.bare ? +ratio.toFixed(2) : '',
          'vs bare raw': target.bare ? +(rps(a) / rps(rawTwin.get(target)!)).toFixed(2) : '',
          'vs app /livez': +(rps(a) / rps(livez)).toFixed(2),
          aim: target.aim ? `>= ${target.aim}x` : '',
          met: target.aim ? (ratio >= target.aim ? 'yes' : 'NO') : '',
          ...(against ? versus(a, old.get(target)) : {}),
          errors: a.errors + b.errors + rawTwin.get(target)!.errors + (old.get(target)?.errors ?? 0),
        }
      }),
    )
    // A render's cost: the server is one process, so at the rate it renders with every request new,
    // one render takes 1 / (req/s) of a core (against the commit's, when given).
    console.log('\nRender cost per page (a page-cache miss; ms of one core per render = 1000 / req/s):')
    for (const target of targets.filter((x) => x.everyRequestNew)) {
      const ms = (m: Measured | undefined) => (m ? (1000 / rps(m)).toFixed(2) : '')
      const before = old.get(target)
      console.log(
        `  ${target.name.trim().replace(', every request rendered', '')}: ${ms(app.get(target))} ms` +
          (before ? ` (${againstCommit}: ${ms(before)} ms)` : ''),
      )
    }
    // /livez alone and under nested posts, alternating rounds as above.
    const alone: LivezMeasured = { ...empty(), p50s: [], posts: {} }
    const underPosts: LivezMeasured = { ...empty(), p50s: [], posts: {} }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [false, true] : [true, false]
      for (const nested of order) await addLivez(nested ? underPosts : alone, origin, slice, nested)
    }
    console.log(
      `\n/livez (${connections} connections) alone and while ${NESTED_CLIENTS} clients post ` +
        `${NESTED_BODY.length / 1024} KB nested bodies to /api/v1/member/login (${nestedRate}/s in all)\n`,
    )
    const latency = (ms: number) => (Number.isFinite(ms) ? ms : `none in ${slice} s`)
    const livezRows: [string, LivezMeasured][] = [
      ['/livez alone', alone],
      [`/livez while ${NESTED_CLIENTS} clients post nested bodies`, underPosts],
    ]
    console.table(
      livezRows.map(([name, m]) => ({
        target: name,
        'req/s': Math.round(rps(m)),
        'p50 ms': latency(median(m.p50s)),
        'p99 ms': latency(median(m.p99s)),
        'nested posts': Object.entries(m.posts)
          .filter(([, count]) => count > 0)
          .map(([group, count]) => `${group}: ${count}`)
          .join(', '),
        errors: m.errors,
      })),
    )
    const listingSides: ListingSide[] = [{ label: 'after', origin }]
    if (againstServer) listingSides.push({ label: againstCommit!, origin: againstServer.origin })
    if (withListing)
      await benchListing({
        sides: listingSides,
        seconds: listingSeconds,
        rounds,
        connections,
      })
    const log = readFileSync(logFile, 'utf8').split('\n')
    console.log(
      `server log: ${log.length - 1} lines, ${Math.round(statSync(logFile).size / 1024)} KB at info`,
    )
    // Anything the server said above info (a crash, a signal) explains errors in the table.
    for (const line of log
      .filter((l) => l && (!l.startsWith('{"level":30') || l.includes('"msg":"draining')))
      .slice(-5))
      console.log(line)
    printSize(await measureFirstViewJs(origin, t.productPath), t.productPath)
  } finally {
    await bare.stop()
  }
} finally {
  await server.stop()
  await againstServer?.stop()
  rmSync(work, { recursive: true, force: true })
  against?.remove()
}

if (withCheckout) {
  const checkout = await benchCheckout({
    duration,
    connections,
    shoppers: Number(process.env.BENCH_ORDERS ?? 400),
    waiting: Number(process.env.BENCH_WAITING ?? 1000),
  })
  const checkoutBase = checkout[0]!
  const database = process.env.TEST_DATABASE_URL
    ? 'PostgreSQL (TEST_DATABASE_URL)'
    : "PGlite, on the process's own thread (TEST_DATABASE_URL for PostgreSQL)"
  console.log(
    `\ncheckout: in-process API on ${database}, loopback; checkout_new places one real order per request\n`,
  )
  console.table(
    checkout.map((r) => ({
      target: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'req/s vs baseline': +(r.rps / checkoutBase.rps).toFixed(2),
      'p99 vs baseline': +(r.p99 / Math.max(checkoutBase.p99, 1)).toFixed(2),
      errors: r.errors,
    })),
  )
}
