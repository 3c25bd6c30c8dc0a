/**
 * Starts the production server for the journeys on a fresh database: a new database on the
 * server named by TEST_DATABASE_URL when set (dropped when the server stops), else PGlite in a
 * temporary folder. The demo catalog is seeded on start.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { onShutdown } from '@busana/api/lifecycle'

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
// Runs after the server has closed its pool, so the database can be dropped.
onShutdown(cleanup)
await import('../server.ts')
