/**
 * `npm run lighthouse`: Lighthouse 12 (mobile defaults: simulated Slow 4G and CPU slowdown) on the
 * production build's home, a category listing and a product page, served with a fresh embedded
 * database. Prints the four category scores, FCP / LCP / CLS / TBT and Lighthouse's benchmark index
 * per page (the median run of `--runs N`, default 3), then each failing audit. `--out DIR` writes the
 * JSON reports (default `lighthouse-reports/`, gitignored; `--out ''` writes none).
 *
 * Comparable on a shared machine: the CPU slowdown is scaled to the machine's speed instead of a
 * fixed 4x. First five short Lighthouse runs on the home page (one audit each; they also warm the
 * server) read Lighthouse's benchmark index (`lhr.environment.benchmarkIndex`, which alone varies by
 * a third from run to run on a busy machine); the slowdown is their median index / 700, at least 1
 * (4x on a machine of index 2800), passed as Lighthouse's `throttling.cpuSlowdownMultiplier` with
 * the rest of the mobile throttling unchanged. The index and the slowdown are printed above the
 * table: compare runs whose slowdown came out alike. `--cpu-slowdown X` sets the slowdown by hand
 * and skips the calibration. Scores are still noisy on a busy machine: compare medians of a few runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { launch } from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { sampleTargets, startProductionServer } from './lib/server.ts'

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // The machine may have no internet: Chromium's own background calls make it fail or hang.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  CLS: 'cumulative-layout-shift',
  TBT: 'total-blocking-time',
} as const

/** Benchmark index per 1x of CPU slowdown: 4x, Lighthouse's mobile default, on a machine of index 2800. */
const BENCHMARK_INDEX_PER_SLOWDOWN = 700
/** Lighthouse runs that read the benchmark index before the audits; the slowdown uses their median. */
const CALIBRATION_RUNS = 5

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: 'lighthouse-reports' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    'cpu-slowdown': { type: 'string' },
  },
})
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1)
const manualSlowdown = values['cpu-slowdown'] === undefined ? undefined : Number(values['cpu-slowdown'])
if (manualSlowdown !== undefined && !(manualSlowdown > 0)) {
  console.error(`--cpu-slowdown wants a number above 0, not ${values['cpu-slowdown']}`)
  process.exit(1)
}

function median(numbers: number[]) {
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The CPU slowdown for a machine of this benchmark index: index / 700, at least 1, to two decimals. */
function cpuSlowdownFor(benchmarkIndex: number) {
  return Math.max(1, Math.round((benchmarkIndex / BENCHMARK_INDEX_PER_SLOWDOWN) * 100) / 100)
}

function score(lhr: Result, category: (typeof CATEGORIES)[number]) {
  const value = lhr.categories[category]?.score
  return value == null ? NaN : Math.round(value * 100)
}

function metric(lhr: Result, id: string) {
  return lhr.audits[id]?.numericValue ?? NaN
}

/** The run whose performance score is the median (ties: the first), so its metrics belong together. */
function medianRun(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'))
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

/** Audits that count in a category and did not pass (score below 0.9, as the report marks them). */
function failingAudits(lhr: Result): string[] {
  const failing = new Set<string>()
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null) continue
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative') continue
      if (audit.score < 0.9) {
        failing.add(`${category}: ${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
      }
    }
  }
  return [...failing]
}

/** Rows as a Markdown table, columns padded, ready to paste into an issue. */
function markdownTable(rows: Record<string, string | number>[]) {
  const columns = Object.keys(rows[0] ?? {})
  const cells = [columns, ...rows.map((row) => columns.map((c) => String(row[c])))]
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)))
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`
  return [line(cells[0]!), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n')
}

/**
 * One Lighthouse run in a fresh Chromium (no cache or state carried between runs). If Chromium
 * exits mid-run, Lighthouse would wait forever: the run fails instead, and is tried once more.
 */
async function audit(url: string, flags: Flags, attempt = 1): Promise<Result> {
  const chrome = await launch({ chromePath: values.chrome, chromeFlags: CHROME_FLAGS })
  try {
    const exited = new Promise<never>((_, reject) =>
      chrome.process.once('exit', (code) => reject(new Error(`Chromium exited (${code}) during ${url}`))),
    )
    const answer = await Promise.race([
      lighthouse(url, { ...flags, port: chrome.port, output: 'json', logLevel: 'error' }),
      exited,
    ])
    if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`)
    const error = answer.lhr.runtimeError
    if (error) throw new Error(`${url}: ${error.code} ${error.message}`)
    return answer.lhr
  } catch (error) {
    if (attempt > 1) throw error
    console.error(`${(error as Error).message}; trying once more`)
    return audit(url, flags, attempt + 1)
  } finally {
    chrome.kill()
  }
}

/**
 * The machine's benchmark index, the median of a few Lighthouse runs on `url` (each reads it in a
 * fresh Chromium before loading the page; one cheap audit is enough), and every reading.
 */
async function benchmarkIndex(url: string) {
  const readings: number[] = []
  for (let i = 0; i < CALIBRATION_RUNS; i++) {
    const lhr = await audit(url, { onlyAudits: ['first-contentful-paint'] })
    readings.push(lhr.environment.benchmarkIndex)
  }
  return { index: median(readings), readings }
}

const server = await startProductionServer()
try {
  const targets = await sampleTargets(server.origin)
  const pages = [
    { name: 'home', path: '/' },
    { name: 'listing', path: targets.listingPath },
    { name: 'product', path: targets.productPath },
  ]
  let cpuSlowdown: number
  let calibration: string
  if (manualSlowdown !== undefined) {
    cpuSlowdown = manualSlowdown
    calibration = `CPU slowdown ${cpuSlowdown}x (--cpu-slowdown; benchmark index not calibrated)`
  } else {
    const { index, readings } = await benchmarkIndex(server.origin + pages[0]!.path)
    cpuSlowdown = cpuSlowdownFor(index)
    calibration =
      `benchmark index ${Math.round(index)} (median of ${readings.map(Math.round).join(', ')}), ` +
      `CPU slowdown ${cpuSlowdown}x (index / ${BENCHMARK_INDEX_PER_SLOWDOWN}, at least 1)`
  }
  const flags: Flags = {
    onlyCategories: [...CATEGORIES],
    // Merged into the mobile defaults: the simulated Slow 4G network stays as it is.
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  }
  if (values.out) mkdirSync(values.out, { recursive: true })
  const rows: Record<string, string | number>[] = []
  const failures: string[] = []
  let network = ''
  for (const page of pages) {
    const results: Result[] = []
    for (let i = 0; i < runs; i++) {
      const lhr = await audit(server.origin + page.path, flags)
      const applied = lhr.configSettings.throttling
      if (applied.cpuSlowdownMultiplier !== cpuSlowdown) {
        throw new Error(
          `Lighthouse ran with CPU slowdown ${applied.cpuSlowdownMultiplier}x, not ${cpuSlowdown}x`,
        )
      }
      network = `${lhr.configSettings.throttlingMethod} throttling, ${applied.rttMs} ms RTT, ${Math.round(applied.throughputKbps)} kbps`
      results.push(lhr)
      if (values.out) writeFileSync(join(values.out, `${page.name}-${i + 1}.json`), JSON.stringify(lhr))
    }
    const lhr = medianRun(results)
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    rows.push({
      page: page.name,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      'best practices': score(lhr, 'best-practices'),
      SEO: score(lhr, 'seo'),
      FCP: seconds(metric(lhr, METRICS.FCP)),
      LCP: seconds(metric(lhr, METRICS.LCP)),
      CLS: metric(lhr, METRICS.CLS).toFixed(3),
      TBT: `${Math.round(metric(lhr, METRICS.TBT))} ms`,
      'benchmark index': Math.round(lhr.environment.benchmarkIndex),
    })
    const failing = failingAudits(lhr)
    failures.push(`${page.name} (${page.path}): ${failing.length ? '' : 'no failing audit'}`)
    for (const line of failing) failures.push(`  ${line}`)
  }
  console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, ${server.origin}`)
  console.log(`${calibration}; ${network}`)
  console.log(markdownTable(rows))
  console.log(failures.join('\n'))
} finally {
  await server.stop()
}
