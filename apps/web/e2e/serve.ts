/**
 * Starts the production server for the journeys on a fresh database: a new database on the
 * server named by TEST_DATABASE_URL when set (dropped when the server stops), else PGlite in a
 * temporary folder. The demo catalog is seeded on start (SEED_ON_START=true).
 *
 * The servers are the compiled ones (`dist/`, decision 044), each in its own process, stopped
 * with SIGTERM when the journeys end. E2E_SPLIT=1 runs the two tiers apart, as a scaled
 * deployment does: the API alone (`npm run start:api`) on PORT+1 and the storefront on PORT with
 * API_URL pointing at it. E2E_NGINX=1 puts nginx with the deployment guide's configuration in
 * front (e2e/nginx.ts): TLS on PORT, the store on PORT+1 (and PORT+2 on PostgreSQL).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { startNginx, storeEnvironment, type RunningNginx } from './nginx.ts'

const serverUrl = process.env.TEST_DATABASE_URL
let cleanup: () => Promise<void>
if (serverUrl) {
  const name = `busana_e2e_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  process.env.DATABASE_URL = url.toString()
  cleanup = async () => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
  }
} else {
  const dir = mkdtempSync(join(tmpdir(), 'busana-e2e-'))
  process.env.DATA_DIR = dir
  cleanup = async () => rmSync(dir, { recursive: true, force: true })
}
// A DATABASE_URL database is seeded only when asked; the journeys need the demo catalog.
process.env.SEED_ON_START = 'true'

/** TRUST_PROXY for the API behind the storefront: a hop count grows by the storefront's hop. */
function apiTrust(storefront: string | undefined): { TRUST_PROXY?: string } {
  const hops = Number(storefront)
  return Number.isInteger(hops) && hops > 0 ? { TRUST_PROXY: String(hops + 1) } : {}
}

const dist = fileURLToPath(new URL('../../../dist/', import.meta.url))
if (!existsSync(`${dist}storefront.js`))
  throw new Error('No compiled server in dist/: run `npm run build` first.')
const children: ChildProcess[] = []
let proxy: RunningNginx | undefined

/** Starts one of the compiled servers (what production runs, decision 044) and waits for it to answer. */
async function start(entry: 'storefront.js' | 'api.js', env: NodeJS.ProcessEnv, port: number) {
  const child = spawn(process.execPath, ['--enable-source-maps', `${dist}${entry}`], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.push(child)
  const origin = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`)
    const ready = await fetch(`${origin}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ready) return origin
    if (waited > 110_000) throw new Error(`${entry} did not start`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Stops the servers (the storefront first, then the API it calls), then drops the database. */
let stopping = false
async function stop(code: number) {
  if (stopping) return
  stopping = true
  await proxy?.stop()
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  await cleanup().catch((error: unknown) => console.error('cleanup failed', error))
  process.exit(code)
}
process.once('SIGTERM', () => void stop(0))
process.once('SIGINT', () => void stop(0))

const port = Number(process.env.PORT ?? 3210)
try {
  if (process.env.E2E_SPLIT === '1') {
    // Behind the storefront, the API trusts one proxy more than the storefront does (decision 015),
    // so its per-address limits see the shopper's address and not the storefront's.
    const apiUrl = await start('api.js', { ...process.env, ...apiTrust(process.env.TRUST_PROXY) }, port + 1)
    // The storefront opens no database: the API process owns it.
    const { DATABASE_URL: _owned, ...storefrontEnv } = process.env
    await start('storefront.js', { ...storefrontEnv, API_URL: apiUrl }, port)
  } else if (process.env.E2E_NGINX === '1') {
    // The store listens and trusts as the guide's systemd unit says (HOST=127.0.0.1, TRUST_PROXY
    // nginx's address, issue 38). The browser is on loopback too, so the journeys' own shopper
    // addresses (shopperHeaders) still count, as nginx appends its peer to them.
    const env = { ...process.env, ...storeEnvironment() }
    const upstreams = [port + 1]
    await start('storefront.js', env, port + 1)
    // On PostgreSQL two processes share the database behind the proxy, as a scaled deployment
    // runs (the embedded database takes one); the first has migrated and seeded it.
    if (process.env.DATABASE_URL) {
      await start('storefront.js', { ...env, SEED_ON_START: 'false' }, port + 2)
      upstreams.push(port + 2)
    }
    proxy = await startNginx(port, upstreams)
  } else {
    await start('storefront.js', process.env, port)
  }
} catch (error) {
  console.error(error)
  await stop(1)
}
// A server that dies under the journeys ends the run rather than leaving them to time out.
for (const child of children) {
  child.once('exit', (code, signal) => {
    if (code !== 0 || signal) void stop(1)
  })
}
