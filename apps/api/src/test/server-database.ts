import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * A new, empty database on the PostgreSQL server `serverUrl` names (TEST_DATABASE_URL), for one
 * test file or one process under test: its URL, and `drop` to remove it (connections forced off).
 */
export async function createServerDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}
