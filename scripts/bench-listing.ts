/**
 * `npm run bench:listing`: the listing rows of `npm run bench` alone (issue 39, "Speed"), and
 * "no slower than today" beside an older build. GET /api/v1/pages/category on 10,000 products of
 * one category (scripts/lib/listing-fixture.ts), unfiltered beside filtered (size + price + sort),
 * each as a cached answer and as answers made from the database (scripts/lib/listing-bench.ts says
 * how each request is made a cache miss).
 *
 * BENCH_BEFORE=<dir> also starts the build of another tree, a git worktree of the commit before the
 * change with its own `npm run build` (its node_modules a folder of links to this one's, except
 * `@busana/*`, which must point into the worktree's own packages), on a database filled the same way
 * by its own code, and measures its unfiltered rows in alternation with this build's: 'vs before'.
 * Each database is filled in a process of its own, which then times the tree's getCategoryPage
 * without any cache (medians of BENCH_LISTING_RUNS calls, unfiltered and filtered in alternation):
 * the full query cost, facets included, that the cached rows hide. BENCH_EXPLAIN=true prints the
 * plans of one call of each (EXPLAIN ANALYZE). BENCH_DATABASE_URL (a PostgreSQL server, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres) times and explains the same on a new database there
 * per tree (the servers stay on PGlite). Run benches one at a time: `flock /tmp/bench.lock npm run
 * bench:listing`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { startProductionServer, type RunningServer } from './lib/server.ts'
import { BIG_CATEGORY } from './lib/listing-fixture.ts'
import {
  benchListing,
  prepareListingData,
  type ListingSide,
  type PreparedListingData,
} from './lib/listing-bench.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 2)
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4))
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const runs = Number(process.env.BENCH_LISTING_RUNS ?? 15)
const explain = process.env.BENCH_EXPLAIN === 'true'
const beforeRoot = process.env.BENCH_BEFORE ? resolve(process.env.BENCH_BEFORE) : undefined

const adminUrl = process.env.BENCH_DATABASE_URL

const trees = [
  { label: 'after', root: resolve(import.meta.dirname, '..') },
  ...(beforeRoot ? [{ label: 'before', root: beforeRoot }] : []),
]

type Prepared = PreparedListingData & { label: string }

/** The in-process timings of each tree: with no cache at all, and with the facets kept (a scroll). */
function printTimings(prepared: Prepared[], database: string) {
  const speed = (fast?: number, slow?: number) => (fast && slow ? +(fast / slow).toFixed(2) : '')
  const before = prepared.find((p) => p.label === 'before')
  console.log(
    `\ngetCategoryPage in process on ${database}, ${BIG_CATEGORY}, limit 10, offset 0; medians of ${runs} calls, ` +
      'unfiltered and filtered in alternation. No cache: every call counts its facets (the first call of a ' +
      "filter, or any call after a catalog change); facets kept: a memo across calls (an endless scroll's next " +
      "windows). 'speed' is unfiltered ms / filtered ms (the issue's aim: >= 0.5), 'vs before' before ms / after ms.",
  )
  console.table(
    prepared.map((p) => ({
      tree: `${p.label} (${p.root})`,
      'fixture s': +(p.fixtureMs / 1000).toFixed(1),
      colour_family: p.fixture.colourFamily,
      'no cache: unfiltered ms': p.unfilteredMs,
      'filtered ms': p.filterSupported ? p.filteredMs : 'no filter',
      speed: p.filterSupported ? speed(p.unfilteredMs, p.filteredMs) : '',
      'facets kept: unfiltered ms': p.unfilteredWindowMs,
      'filtered ms ': p.filterSupported ? p.filteredWindowMs : 'no filter',
      'speed ': p.filterSupported ? speed(p.unfilteredWindowMs, p.filteredWindowMs) : '',
      'vs before (no cache / kept)':
        before && p !== before
          ? `${speed(before.unfilteredMs, p.unfilteredMs)} / ${speed(before.unfilteredWindowMs, p.unfilteredWindowMs)}`
          : '',
      matched: p.filterSupported ? `${p.filteredTotal} of ${p.unfilteredTotal}` : '',
    })),
  )
}

/** The same timings (and plans) on a new database of the PostgreSQL server at BENCH_DATABASE_URL, per tree. */
async function onPostgres(url: string): Promise<Prepared[]> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  const prepared: Prepared[] = []
  try {
    for (const tree of trees) {
      const name = `busana_bench_listing_${tree.label}_${process.pid}`
      await admin.query(`create database ${name}`)
      try {
        const target = new URL(url)
        target.pathname = `/${name}`
        const data = await prepareListingData({
          root: tree.root,
          url: target.toString(),
          timeRuns: runs,
          explain,
        })
        prepared.push({ ...data, label: tree.label })
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
      }
    }
  } finally {
    await admin.end()
  }
  return prepared
}

const work = mkdtempSync(join(tmpdir(), 'busana-bench-listing-'))
const servers: RunningServer[] = []
try {
  const prepared: Prepared[] = []
  const sides: ListingSide[] = []
  // One tree at a time, so the in-process timings of one do not share the machine with the other's fill.
  for (const tree of trees) {
    const dataDir = join(work, tree.label)
    const data = await prepareListingData({ root: tree.root, dataDir, seed: true, timeRuns: runs, explain })
    prepared.push({ ...data, label: tree.label })
  }
  const onServer = adminUrl ? await onPostgres(adminUrl) : []
  for (const tree of trees) {
    const server = await startProductionServer({
      root: tree.root,
      dataDir: join(work, tree.label),
      logFile: join(work, `${tree.label}.log`),
    })
    servers.push(server)
    sides.push({ label: tree.label, origin: server.origin })
  }
  printTimings(prepared, 'PGlite (embedded)')
  if (onServer.length) printTimings(onServer, 'PostgreSQL (BENCH_DATABASE_URL)')
  await benchListing({ sides, seconds, rounds, connections })
} finally {
  for (const server of servers) await server.stop()
  rmSync(work, { recursive: true, force: true })
}
