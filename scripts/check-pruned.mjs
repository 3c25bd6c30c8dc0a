/**
 * `npm run check:pruned`, run by CI after `npm run build` and `npm prune --omit=dev`: proves that
 * the compiled servers (decision 044) serve the store from a tree without dev dependencies, as a
 * deployment image holds it. Plain JavaScript on purpose: after the prune there is no tsx.
 *
 * 1. `dist/storefront.js` on the embedded database (a fresh DATA_DIR): the demo catalog, a page,
 *    an API call, a built asset, the back office, /readyz and /metrics; SIGTERM exits 0.
 * 2. With TEST_DATABASE_URL (CI sets it to its PostgreSQL): a fresh database, `dist/db.js migrate`, then the
 *    two tiers apart: `dist/api.js` seeding it, `dist/storefront.js` with API_URL in front.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freePort } from './lib/free-port.mjs'

const root = fileURLToPath(new URL('../', import.meta.url))
const serverUrl = process.env.TEST_DATABASE_URL

/** Every process started, killed if this check stops half-way. */
const running = new Set()
async function killAll() {
  for (const child of running) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
}

function fail(message) {
  console.error(`check:pruned: ${message}`)
  process.exitCode = 1
  throw new Error(message)
}

if (existsSync(join(root, 'node_modules/tsx')) || existsSync(join(root, 'node_modules/vite'))) {
  fail('dev dependencies are still installed: run `npm prune --omit=dev` first')
}
if (!existsSync(join(root, 'dist/storefront.js')))
  fail('no compiled servers in dist/: run `npm run build` first')

/** Starts one compiled entry with plain node and waits until it is ready. */
async function start(entry, env) {
  const port = await freePort()
  const merged = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...env,
  }
  // A variable given as undefined is one the process must not see (e.g. DATABASE_URL for the storefront alone).
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key]
  const child = spawn(process.execPath, [join(root, 'dist', entry)], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  const origin = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) fail(`${entry} exited with ${child.exitCode} before answering`)
    const ok = await fetch(`${origin}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) break
    if (waited > 120_000) fail(`${entry} did not answer within 120 s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    origin,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      const code = await exited
      if (code !== 0) fail(`${entry} exited with ${code} on SIGTERM`)
    },
  }
}

async function expectOk(url, what, init) {
  const res = await fetch(url, init)
  if (!res.ok) fail(`${what}: ${url} answered ${res.status}`)
  return res
}

/** What a shopper and an operator reach on a running store. */
async function checkStore(origin, label) {
  const headers = { 'x-brand-id': '9' }
  const home = await (await expectOk(`${origin}/api/v1/pages/home`, 'home API', { headers })).json()
  const product = home.data.slider.flatMap((slider) => slider.item)[0]
  if (!product) fail(`${label}: the home page has no product (is the demo catalog seeded?)`)
  const url = `${origin}/api/v1/pages/product?product_code=${encodeURIComponent(product.product_code)}`
  const detail = await (await expectOk(url, 'product API', { headers })).json()
  if (!detail.data) fail(`${label}: the product API answered without data`)
  const page = await (await expectOk(`${origin}/`, 'home page')).text()
  if (!page.includes(product.product_name))
    fail(`${label}: the home page does not show ${product.product_name}`)
  const script = /"(\/assets\/[^"]+\.js)"/.exec(page)?.[1]
  if (!script) fail(`${label}: the home page loads no built script`)
  await expectOk(`${origin}${script}`, 'a built asset')
  await expectOk(`${origin}/admin/`, 'the back office')
  await expectOk(`${origin}/readyz`, 'readiness')
  const metrics = await (await expectOk(`${origin}/metrics`, 'metrics')).text()
  if (!metrics.includes('busana_http_requests_total')) fail(`${label}: /metrics has no request counter`)
  console.log(
    `check:pruned: ${label}: home, product ${product.product_code}, assets, back office, metrics: ok`,
  )
}

const dataDir = mkdtempSync(join(tmpdir(), 'busana-pruned-'))
try {
  const store = await start('storefront.js', {
    DATA_DIR: dataDir,
    SEED_ON_START: 'true',
    DATABASE_URL: undefined,
  })
  await checkStore(store.origin, 'embedded database')
  await store.stop()
} finally {
  await killAll()
  rmSync(dataDir, { recursive: true, force: true })
}

if (serverUrl) {
  const name = `busana_pruned_${Date.now()}_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  try {
    const migrate = spawnSync(process.execPath, [join(root, 'dist/db.js'), 'migrate'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    })
    if (migrate.status !== 0) fail(`dist/db.js migrate exited with ${migrate.status}`)
    const api = await start('api.js', { DATABASE_URL: url.toString(), SEED_ON_START: 'true' })
    const storefront = await start('storefront.js', { DATABASE_URL: undefined, API_URL: api.origin })
    await checkStore(storefront.origin, 'PostgreSQL, storefront and API apart')
    await storefront.stop()
    await api.stop()
  } finally {
    await killAll()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}
console.log('check:pruned: ok')
