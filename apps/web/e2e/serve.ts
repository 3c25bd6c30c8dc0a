/**
 * Starts the production server for the journeys on a fresh database: a new database on the
 * server named by TEST_DATABASE_URL when set (dropped when the server stops), else PGlite in a
 * temporary folder. The demo catalog is seeded on start (SEED_ON_START=true).
 *
 * E2E_SPLIT=1 runs the two tiers apart, as a scaled deployment does: the API alone
 * (`npm run start:api`) on PORT+1 and the storefront on PORT with API_URL pointing at it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { onShutdown } from '@busana/server/lifecycle'

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

if (process.env.E2E_SPLIT === '1') {
  const apiPort = Number(process.env.PORT ?? 3210) + 1
  const api: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: fileURLToPath(new URL('../../api/', import.meta.url)),
    // Behind the storefront, the API trusts one proxy more than the storefront does (decision 015),
    // so its per-address limits see the shopper's address and not the storefront's.
    env: { ...process.env, PORT: String(apiPort), ...apiTrust(process.env.TRUST_PROXY) },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise((resolve) => api.once('exit', resolve))
  const apiUrl = `http://127.0.0.1:${apiPort}`
  for (let waited = 0; ; waited += 250) {
    if (api.exitCode !== null) throw new Error(`the API process exited with ${api.exitCode}`)
    if (
      await fetch(`${apiUrl}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break
    if (waited > 110_000) throw new Error('the API process did not start')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  process.env.API_URL = apiUrl
  // The storefront opens no database: the API process owns it.
  delete process.env.DATABASE_URL
  const databaseCleanup = cleanup
  cleanup = async () => {
    api.kill('SIGTERM')
    await exited
    await databaseCleanup()
  }
}
// Runs after the server has closed its pool, so the database can be dropped.
onShutdown(cleanup)
await import('../server.ts')
