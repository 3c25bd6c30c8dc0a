/**
 * `npm run lighthouse`: Lighthouse 12 (mobile defaults: simulated Slow 4G, 4x CPU slowdown) on the
 * production build's home, a category listing and a product page, served with a fresh embedded
 * database. Prints the four category scores and FCP / LCP / CLS / TBT per page (the median run with
 * `--runs N`), then each failing audit. `--out DIR` writes the JSON reports (default
 * `lighthouse-reports/`, gitignored; `--out ''` writes none). Scores are noisy on a busy machine:
 * compare medians of a few runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { launch } from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
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

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    out: { type: 'string', default: 'lighthouse-reports' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
})
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1)

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
async function audit(url: string, attempt = 1): Promise<Result> {
  const chrome = await launch({ chromePath: values.chrome, chromeFlags: CHROME_FLAGS })
  try {
    const exited = new Promise<never>((_, reject) =>
      chrome.process.once('exit', (code) => reject(new Error(`Chromium exited (${code}) during ${url}`))),
    )
    const answer = await Promise.race([
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      }),
      exited,
    ])
    if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`)
    const error = answer.lhr.runtimeError
    if (error) throw new Error(`${url}: ${error.code} ${error.message}`)
    return answer.lhr
  } catch (error) {
    if (attempt > 1) throw error
    console.error(`${(error as Error).message}; trying once more`)
    return audit(url, attempt + 1)
  } finally {
    chrome.kill()
  }
}

const server = await startProductionServer()
try {
  const targets = await sampleTargets(server.origin)
  const pages = [
    { name: 'home', path: '/' },
    { name: 'listing', path: `/shop/9/category/${encodeURIComponent(targets.category)}` },
    { name: 'product', path: targets.productPath },
  ]
  if (values.out) mkdirSync(values.out, { recursive: true })
  const rows: Record<string, string | number>[] = []
  const failures: string[] = []
  for (const page of pages) {
    const results: Result[] = []
    for (let i = 0; i < runs; i++) {
      const lhr = await audit(server.origin + page.path)
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
    })
    const failing = failingAudits(lhr)
    failures.push(`${page.name} (${page.path}): ${failing.length ? '' : 'no failing audit'}`)
    for (const line of failing) failures.push(`  ${line}`)
  }
  console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, ${server.origin}`)
  console.log(markdownTable(rows))
  console.log(failures.join('\n'))
} finally {
  await server.stop()
}
