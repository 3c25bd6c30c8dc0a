/**
 * `npm run size`: the JavaScript a phone downloads for the first view of the product page,
 * gzipped, from the build output: every script and modulepreload the server-rendered HTML names.
 * Budget: 150 KB.
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { sampleTargets, startProductionServer } from './lib/server.ts'

export const JS_BUDGET_BYTES = 150 * 1024
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
    /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g,
  )) {
    files.add(match[1]!)
  }
  // The entry module imports the route modules by URL too: the manifest script names them.
  for (const match of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) files.add(match[1]!)
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
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startProductionServer()
  try {
    const { productPath } = await sampleTargets(server.origin)
    const result = await measureFirstViewJs(server.origin, productPath)
    printSize(result, productPath)
    process.exitCode = result.totalGzip <= JS_BUDGET_BYTES ? 0 : 1
  } finally {
    await server.stop()
  }
}
