/**
 * The listing rows of `npm run bench` and `npm run bench:listing` (issue 39, "Speed"): GET
 * /api/v1/pages/category on the 10k fixture (listing-fixture.ts), unfiltered beside filtered (size +
 * price + sort), measured with autocannon in alternating rounds like the other rows.
 *
 * The API keeps answers in memory (apps/api/src/plugins/http-cache.ts: keyed by route, brand and
 * validated parameters, and aliased by raw URL; an LRU of 2000 entries, 30 s), so one URL asked again
 * and again measures the cache, not the query. Each call is therefore measured three ways:
 * - `same URL`: the cached answer, what most shoppers get;
 * - `every request a new window`: the offset moves by one product per request over WINDOWS offsets,
 *   more URLs than the cache holds, so every answer is made from the database (an endless scroll's
 *   next window: the listing query, cards and, since issue 39, facets memoised per filter);
 * - `every request a new filter` (filtered only): max_price moves by one rupiah per request over
 *   1000 values; every fixture price is whole thousands, so the products are the same, but the
 *   filter is new each time and nothing of it is kept (the first call of a filter: facets counted).
 * The answer cache's misses are read from /metrics (busana_cache_lookups_total) around every slice
 * and shown as the share of requests answered from the database, so a row that the cache answered
 * after all cannot pass for a query.
 */
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { BIG_CATEGORY } from './listing-fixture.ts'

/** The issue's filtered call: size + price + sort. */
export const LISTING_FILTER = { size: ['M', 'L'], min_price: 100_000, max_price: 300_000, sort: 'price_asc' }
const FILTER_QUERY = 'size=M,L&min_price=100000&max_price=300000&sort=price_asc'
const LIMIT = 10
/** Offsets an uncached row walks through: more URLs than the answer cache keeps (2000 entries, 2 per URL). */
const WINDOWS = 1500

export interface ListingSide {
  /** 'after' (this tree) or 'before' (an older build); shown in the table. */
  label: string
  origin: string
}

type Mode = 'same URL' | 'every request a new window' | 'every request a new filter'

interface Cell {
  side: ListingSide
  filtered: boolean
  mode: Mode
  requests: number
  seconds: number
  p99s: number[]
  errors: number
  bytes: number
  made: number
  lookups: number
  facets: number
  /** Requests sent so far: URLs go on from there, so no slice repeats one the cache still holds. */
  sent: number
}

const headers = { 'x-brand-id': '9' }

function path(filtered: boolean, mode: Mode, n: number): string {
  const offset = mode === 'every request a new window' ? n % WINDOWS : 0
  const base = `/api/v1/pages/category?category=${BIG_CATEGORY}&limit=${LIMIT}&offset=${offset}`
  if (!filtered) return base
  if (mode === 'every request a new filter')
    return `${base}&${FILTER_QUERY.replace('max_price=300000', `max_price=${300_000 + (n % 1000)}`)}`
  return `${base}&${FILTER_QUERY}`
}

/** busana_cache_lookups_total by cache and result, from the server's /metrics (this machine only). */
async function lookups(origin: string): Promise<Record<string, number>> {
  const res = await fetch(`${origin}/metrics`).catch(() => undefined)
  const counts: Record<string, number> = {}
  if (!res?.ok) return counts
  for (const m of (await res.text()).matchAll(
    /^busana_cache_lookups_total\{cache="(\w+)",result="(\w+)"\} (\d+)/gm,
  ))
    counts[`${m[1]}:${m[2]}`] = Number(m[3])
  return counts
}

async function slice(cell: Cell, seconds: number, connections: number, record = true) {
  const before = await lookups(cell.side.origin)
  const first = path(cell.filtered, cell.mode, cell.sent)
  const r = await autocannon({
    url: cell.side.origin + first,
    connections,
    duration: seconds,
    headers,
    requests:
      cell.mode === 'same URL'
        ? undefined
        : [
            {
              setupRequest: (req: { path: string }) => ({
                ...req,
                path: path(cell.filtered, cell.mode, ++cell.sent),
              }),
            },
          ],
  })
  const after = await lookups(cell.side.origin)
  if (!record) return
  cell.requests += r.requests.total
  cell.seconds += r.duration
  cell.p99s.push(r.latency.p99)
  cell.errors += r.errors + r.non2xx
  cell.bytes += r.throughput.total
  cell.made += (after['http:miss'] ?? 0) - (before['http:miss'] ?? 0)
  cell.lookups +=
    (after['http:miss'] ?? 0) +
    (after['http:hit'] ?? 0) -
    (before['http:miss'] ?? 0) -
    (before['http:hit'] ?? 0)
  cell.facets += (after['memo:miss'] ?? 0) - (before['memo:miss'] ?? 0)
}

interface CardShape {
  variant: { ukuran: string; selling_price: number; status_variant: string }[]
  selling_price: number
}

/**
 * Whether the server filters (issue 39): the filtered answer has facets, and every card has M or L
 * buyable and a size priced inside the range, in ascending price. Before the API change the
 * parameters are ignored or refused, and the filtered rows are left out.
 */
export async function filterSupported(origin: string): Promise<{ ok: boolean; why: string; total?: number }> {
  const res = await fetch(origin + path(true, 'same URL', 0), { headers })
  if (!res.ok) return { ok: false, why: `the filtered call answers ${res.status}` }
  const body = (await res.json()) as { data: { item: CardShape[] }[]; facets?: { total: number } }
  if (!body.facets) return { ok: false, why: 'the answer has no facets (no filter in this API)' }
  const cards = body.data.flatMap((g) => g.item)
  // Two conditions, as the issue words them: one of the sizes buyable now, and one size priced inside.
  const fits = cards.every(
    (c) =>
      c.variant.some((v) => LISTING_FILTER.size.includes(v.ukuran) && v.status_variant === 'available') &&
      c.variant.some(
        (v) => v.selling_price >= LISTING_FILTER.min_price && v.selling_price <= LISTING_FILTER.max_price,
      ),
  )
  const minPrice = (c: CardShape) => Math.min(...c.variant.map((v) => v.selling_price), c.selling_price)
  const sorted = cards.every((c, i) => i === 0 || minPrice(cards[i - 1]!) <= minPrice(c))
  if (cards.length === 0) return { ok: false, why: 'the filtered call gives no product' }
  if (!fits)
    return {
      ok: true,
      why: 'some cards have no buyable M or L, or no size inside the range',
      total: body.facets.total,
    }
  if (!sorted) return { ok: true, why: 'cards are not in ascending price', total: body.facets.total }
  return { ok: true, why: '', total: body.facets.total }
}

export interface ListingBenchOptions {
  /** The measured server first; an optional older build second, measured unfiltered beside it. */
  sides: ListingSide[]
  seconds: number
  rounds: number
  connections: number
}

/** Measures the listing rows in alternating rounds and prints their table. */
export async function benchListing(options: ListingBenchOptions): Promise<void> {
  const [main, ...others] = options.sides
  if (!main) throw new Error('no server to measure')
  const check = await filterSupported(main.origin)
  const cell = (side: ListingSide, filtered: boolean, mode: Mode): Cell => ({
    side,
    filtered,
    mode,
    requests: 0,
    seconds: 0,
    p99s: [],
    errors: 0,
    bytes: 0,
    made: 0,
    lookups: 0,
    facets: 0,
    sent: 0,
  })
  // Cells compared with each other sit next to each other: each round runs them in order, the next in reverse.
  const cells: Cell[] = []
  for (const mode of ['same URL', 'every request a new window'] as const) {
    for (const side of others) cells.push(cell(side, false, mode))
    cells.push(cell(main, false, mode))
    if (check.ok) cells.push(cell(main, true, mode))
  }
  if (check.ok) cells.push(cell(main, true, 'every request a new filter'))
  for (const c of cells) await slice(c, 1, options.connections, false)
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? cells : [...cells].reverse()
    for (const c of order) await slice(c, options.seconds, options.connections)
  }

  const rps = (c: Cell) => c.requests / Math.max(c.seconds, 1e-9)
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0
  const find = (side: ListingSide, filtered: boolean, mode: Mode) =>
    cells.find((c) => c.side === side && c.filtered === filtered && c.mode === mode)
  console.log(
    `\nlisting of ${BIG_CATEGORY} (10,000 products of brand 9, limit ${LIMIT}): unfiltered beside filtered ` +
      `(${FILTER_QUERY}); ${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s ` +
      `per row${others.length ? `; ${others.map((s) => `'${s.label}' is ${s.origin}`).join(', ')}` : ''}`,
  )
  if (!check.ok) console.log(`filtered rows left out: ${check.why}`)
  else if (check.why) console.log(`WARNING: the filtered answer looks wrong: ${check.why}`)
  console.table(
    cells.map((c) => {
      // Filtered rows against the same side's unfiltered row of the same mode (a new filter against a
      // new window: the uncached unfiltered call); an older build's rows are the baseline of 'vs before'.
      const unfiltered = c.filtered
        ? find(c.side, false, c.mode === 'every request a new filter' ? 'every request a new window' : c.mode)
        : undefined
      const before = !c.filtered && c.side === main ? others.map((o) => find(o, false, c.mode)!) : []
      const ratio = unfiltered ? rps(c) / rps(unfiltered) : before[0] ? rps(c) / rps(before[0]) : undefined
      // A new filter counts its facets, the unfiltered window does not: shown, not held to the aim (the
      // no-cache timings compare both counting).
      const aim = unfiltered
        ? c.mode === 'every request a new filter'
          ? undefined
          : 0.5
        : before[0]
          ? 1
          : undefined
      return {
        target: `${c.side === main ? '' : `${c.side.label}: `}${c.filtered ? 'filtered' : 'unfiltered'}, ${c.mode}`,
        'req/s': Math.round(rps(c)),
        'p99 ms': median(c.p99s),
        'KB/answer': +(c.bytes / Math.max(c.requests, 1) / 1024).toFixed(1),
        'answers made': `${Math.round((100 * c.made) / Math.max(c.lookups, 1))} %`,
        'facets counted': c.facets,
        [`vs unfiltered${others.length ? ' / before' : ''}`]: ratio === undefined ? '' : +ratio.toFixed(2),
        aim: aim === undefined ? '' : `>= ${aim}x`,
        met: ratio === undefined || aim === undefined ? '' : ratio >= aim ? 'yes' : 'NO',
        errors: c.errors,
      }
    }),
  )
  console.log(
    "'answers made': the answer cache's misses among its lookups in the slices (/metrics), i.e. the share of " +
      "answers made from the database; 'facets counted': facet counts made (memo " +
      'misses, issue 39). Ratios are req/s over req/s in the same run; a shared ' +
      'machine moves them a few per cent from run to run.',
  )
}

export interface PreparedListingData {
  root: string
  database: string
  seedMs: number
  fixtureMs: number
  fixture: { big: { products: number }; mid: { products: number }; colourFamily: boolean }
  filterSupported?: boolean
  filteredTotal?: number
  unfilteredTotal?: number
  runs?: number
  unfilteredMs?: number
  filteredMs?: number
  unfilteredWindowMs?: number
  filteredWindowMs?: number
}

/**
 * Fills a database for the listing rows in a child process (listing-prepare.ts) with the code of
 * `root`: PGlite in `dataDir` (a server then started on it seeds nothing) or PostgreSQL at `url`.
 * `seed` writes the demo store first (what the server's first start would); `timeRuns` times the
 * tree's getCategoryPage without cache; `explain` prints the plans of one call of each.
 */
export async function prepareListingData(options: {
  root?: string
  dataDir?: string
  url?: string
  seed?: boolean
  timeRuns?: number
  explain?: boolean
}): Promise<PreparedListingData> {
  const here = new URL('../../', import.meta.url).pathname
  const args = ['--import', 'tsx', 'scripts/lib/listing-prepare.ts']
  if (options.root) args.push('--root', options.root)
  if (options.dataDir) args.push('--data-dir', options.dataDir)
  if (options.url) args.push('--url', options.url)
  if (options.seed) args.push('--seed')
  if (options.timeRuns) args.push('--time', String(options.timeRuns))
  if (options.explain) args.push('--explain')
  const child = spawn(process.execPath, args, { cwd: here, stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`listing-prepare exited with ${code}`)
  const lines = out.trimEnd().split('\n')
  const summary = lines.pop() ?? ''
  // Plans (--explain) are for reading: everything before the summary line is passed on.
  if (lines.length) console.log(lines.join('\n'))
  if (!summary.startsWith('{')) throw new Error('listing-prepare printed no summary')
  return JSON.parse(summary) as PreparedListingData
}
