/**
 * `npm run size`: the JavaScript a phone downloads for the first view of the product page,
 * gzipped, from the build output: every script and modulepreload the server-rendered HTML names.
 * Budget: 150 KB (a regression guard); the aim is 135 KB on React 19 (issue 24, decision 040). Also every sitemap page's raw HTML
 * (home, listings, products), against the 50 KB budget of issue 12.
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { sampleTargets, startProductionServer } from './lib/server.ts'

export const JS_BUDGET_BYTES = 150 * 1024
export const JS_TARGET_BYTES = 135 * 1024
export const HTML_BUDGET_BYTES = 50 * 1024
const clientDir = fileURLToPath(new URL('../apps/web/build/client', import.meta.url))

/** Sums the gzipped size of the JS files the page's HTML loads, plus its inline scripts. */
export async function measureFirstViewJs(origin: string, path: string) {
  const html = await (
    await fetch(origin + path, {
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile' },
    })
  ).text()
  const files = new Set<string>()
  for (const match of html.matchAll(
    /<(?:script[^>]*\bsrc|link[^>]*(?:rel|data-deferred)="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g,
  )) {
    files.add(match[1]!)
  }
  // The bootstrap module imports the route modules and the entry by URL too. The hydration gate starts
  // the deferred preloads and the bootstrap once the largest picture is in: they are the first view.
  for (const match of html.matchAll(/(?:import\(|from)\s*"(\/assets\/[^"]+\.js)"/g)) files.add(match[1]!)
  const rows = [...files].map((file) => {
    const bytes = readFileSync(clientDir + file)
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .join('\n')
  const inlineGzip = gzipSync(Buffer.from(inline), { level: 9 }).length
  const totalGzip = rows.reduce((sum, row) => sum + row.gzip, 0)
  return { rows, totalGzip, inlineGzip }
}

export function printSize(result: Awaited<ReturnType<typeof measureFirstViewJs>>, path: string) {
  console.log(`\nFirst view of the product page (${path}): JavaScript files`)
  console.table(
    result.rows.map((r) => ({
      file: r.file,
      'raw KB': +(r.raw / 1024).toFixed(1),
      'gzip KB': +(r.gzip / 1024).toFixed(1),
    })),
  )
  const kb = (n: number) => (n / 1024).toFixed(1)
  console.log(
    `total JS gzipped: ${kb(result.totalGzip)} KB (budget ${kb(JS_BUDGET_BYTES)} KB) ${result.totalGzip <= JS_BUDGET_BYTES ? 'OK' : 'OVER BUDGET'}`,
  )
  console.log(`inline scripts (hydration data, gzipped): ${kb(result.inlineGzip)} KB`)
  console.log(
    `aim ${kb(JS_TARGET_BYTES)} KB (decision 040): ${result.totalGzip <= JS_TARGET_BYTES ? 'met' : `${kb(result.totalGzip - JS_TARGET_BYTES)} KB to go`}`,
  )
}

/** The raw HTML size of every page the sitemap lists (as a phone asks for it, uncompressed). */
export async function measureHtml(origin: string) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
  const own = new URL(origin)
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!))
    .map((url) => url.pathname + url.search)
  const rows: { path: string; bytes: number }[] = []
  for (const path of paths) {
    const res = await fetch(new URL(path, own), {
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
    })
    if (res.ok) rows.push({ path, bytes: (await res.arrayBuffer()).byteLength })
  }
  return rows.sort((a, b) => b.bytes - a.bytes)
}

export function printHtml(rows: Awaited<ReturnType<typeof measureHtml>>) {
  const over = rows.filter((r) => r.bytes > HTML_BUDGET_BYTES)
  console.log(`\nHTML of ${rows.length} sitemap pages (raw): the largest`)
  console.table(rows.slice(0, 8).map((r) => ({ page: r.path, 'raw KB': +(r.bytes / 1024).toFixed(1) })))
  console.log(
    `${over.length} page(s) over ${HTML_BUDGET_BYTES / 1024} KB${over.length ? ': ' + over.map((r) => r.path).join(', ') : ''}`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startProductionServer()
  try {
    const { productPath } = await sampleTargets(server.origin)
    const result = await measureFirstViewJs(server.origin, productPath)
    printSize(result, productPath)
    printHtml(await measureHtml(server.origin))
    process.exitCode = result.totalGzip <= JS_BUDGET_BYTES ? 0 : 1
  } finally {
    await server.stop()
  }
}
