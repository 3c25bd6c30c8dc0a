/**
 * Prepares a database for the listing bench (issue 39) in a process of its own, with the code of the
 * tree it is given (`--root`, default this one: a git worktree of an older commit measures "today"):
 * migrations, the demo store (`--seed`, as the server's first start would write it) and the 10k
 * fixture (listing-fixture.ts). The database is PGlite in `--data-dir` (a server started on that
 * folder then finds it ready and seeds nothing), or the PostgreSQL database `--url`.
 *
 * With `--time N` it then calls the tree's getCategoryPage in process, unfiltered and filtered
 * (LISTING_FILTER), N times each in alternation, without any cache (the function as the route calls
 * it on a miss, with no memo), and with `--explain` it prints EXPLAIN ANALYZE of every statement of
 * one filtered call. Its last line on stdout is a JSON summary.
 */
import { pathToFileURL } from 'node:url'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { fillListingFixture, BIG_CATEGORY } from './listing-fixture.ts'
import { LISTING_FILTER } from './listing-bench.ts'

const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(import.meta.dirname, '../..') },
    'data-dir': { type: 'string' },
    url: { type: 'string' },
    seed: { type: 'boolean', default: false },
    time: { type: 'string', default: '0' },
    explain: { type: 'boolean', default: false },
  },
})
const root = resolve(args.root)
const load = <T>(path: string) => import(pathToFileURL(join(root, path)).href) as Promise<T>

type Db = import('../../apps/api/src/db/client.ts').Db
const { openDatabase } =
  await load<typeof import('../../apps/api/src/db/client.ts')>('apps/api/src/db/client.ts')
if (!args.url && !args['data-dir']) throw new Error('--data-dir or --url is required')
const database = await openDatabase({ url: args.url, dataDir: args['data-dir'] ?? 'memory://' })

/** Statements sent to the database while `capture` is on (text and parameters), for EXPLAIN. */
const captured: { text: string; params: unknown[] }[] = []
let capture = false
function watch(db: Db) {
  const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client
  const query = client.query.bind(client)
  client.query = (...a: unknown[]) => {
    if (capture) {
      const first = a[0] as string | { text: string; values?: unknown[] }
      if (typeof first === 'string') captured.push({ text: first, params: (a[1] as unknown[]) ?? [] })
      // node-postgres: a query config, its values beside it
      else captured.push({ text: first.text, params: (a[1] as unknown[]) ?? first.values ?? [] })
    }
    return query(...a)
  }
  return query
}

try {
  const started = performance.now()
  await database.migrate()
  const db = database.db
  if (args.seed) {
    const { seedDemoStore } = await load<typeof import('../../apps/api/src/demo/index.ts')>(
      'apps/api/src/demo/index.ts',
    )
    await seedDemoStore(database, (message) => console.error(message))
  }
  const seeded = performance.now() - started
  const fixture = await fillListingFixture(db)
  const summary: Record<string, unknown> = {
    root,
    database: database.kind,
    seedMs: Math.round(seeded),
    fixtureMs: Math.round(fixture.ms),
    fixture,
  }
  const runs = Number(args.time)
  if (runs > 0 || args.explain) {
    const { getCategoryPage } = await load<
      typeof import('../../apps/api/src/domains/catalog/catalog.service.ts')
    >('apps/api/src/domains/catalog/catalog.service.ts')
    const base = { category: BIG_CATEGORY, limit: 10, offset: 0, is_child: 'NO' as const }
    const filtered = { ...base, ...LISTING_FILTER }
    // The tree's own function, as its route calls it on a miss. Without a memo every call counts its
    // facets (the first call of a filter after a catalog change); with one kept across calls, only the
    // window is read (an endless scroll's next window). A tree from before issue 39 ignores the memo.
    type Memo = <T>(key: string, produce: () => Promise<T>) => Promise<T>
    const categoryPage = getCategoryPage as unknown as (
      db: Db,
      brandId: number,
      query: unknown,
      viewer: undefined,
      options?: { memo: Memo },
    ) => Promise<{ facets?: { total: number } }>
    const kept = new Map<string, unknown>()
    const memo: Memo = async <T>(key: string, produce: () => Promise<T>) => {
      if (!kept.has(key)) kept.set(key, await produce())
      return kept.get(key) as T
    }
    const call = (query: typeof base, memoised = false) =>
      categoryPage(db, 9, query, undefined, ...(memoised ? [{ memo }] : []))
    const first = await call(filtered)
    summary.filterSupported = first.facets !== undefined
    summary.filteredTotal = first.facets?.total
    summary.unfilteredTotal = (await call(base)).facets?.total
    if (runs > 0) {
      // The four calls in turn, each round starting one further, so a burst of noise falls on all alike.
      const calls = [
        ['unfilteredMs', base, false],
        ['filteredMs', filtered, false],
        ['unfilteredWindowMs', base, true],
        ['filteredWindowMs', filtered, true],
      ] as const
      const times = new Map<string, number[]>(calls.map(([name]) => [name, []]))
      for (let i = 0; i < runs; i++) {
        for (let k = 0; k < calls.length; k++) {
          const [name, query, memoised] = calls[(i + k) % calls.length]!
          const t = performance.now()
          await call(query, memoised)
          times.get(name)!.push(performance.now() - t)
        }
      }
      const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!
      for (const [name, values] of times) summary[name] = +median(values).toFixed(1)
      summary.runs = runs
    }
    if (args.explain) {
      const query = watch(db)
      for (const [name, q] of [
        ['unfiltered', base],
        ['filtered', filtered],
      ] as const) {
        captured.length = 0
        capture = true
        await call(q)
        capture = false
        console.log(`\n=== ${name} call on ${database.kind}: ${captured.length} statements ===`)
        for (const statement of captured) {
          const result = (await query(`explain (analyze, buffers) ${statement.text}`, statement.params)) as {
            rows: Record<string, string>[]
          }
          console.log(`\n-- ${statement.text.replace(/\s+/g, ' ').slice(0, 300)}`)
          console.log(`-- params: ${JSON.stringify(statement.params).slice(0, 200)}`)
          for (const row of result.rows) console.log(Object.values(row)[0])
        }
      }
    }
  }
  console.log(JSON.stringify(summary))
} finally {
  await database.close()
}
