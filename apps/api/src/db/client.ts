import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { trackPool } from '../metrics.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** One type for both drivers: services take a Db (or a transaction of it) as first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** An open transaction of a Db (a Db too): what a function that must run inside one takes. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs committed SQL migrations; safe when several processes start at once. */
  migrate(): Promise<void>
  /**
   * Calls `handler` with each NOTIFY payload on `channel` (PostgreSQL LISTEN; PGlite delivers its
   * own notifications in process). After a lost connection is re-established the handler is called
   * with '*', since notifications sent meanwhile are lost. Resolves with the function that stops.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** Arbitrary constant key for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_302_415

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite in `dataDir`
 * (`memory://` keeps it in memory, as the tests do).
 */
export async function openDatabase(options: {
  url?: string
  dataDir: string
  /** Told when an idle pooled connection fails (server restart, admin kill); the pool replaces it. */
  onIdleError?: (error: Error) => void
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    const untrackPool = trackPool(pool)
    // Without a listener an idle connection's error would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error))
    // pool.end() resolves before the sockets have closed; close() waits for them so that a caller
    // dropping the database next does not cut live connections.
    const open = new Set<pg.PoolClient>()
    pool.on('connect', (client) => {
      open.add(client)
      client.once('end', () => open.delete(client))
    })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const lock = await pool.connect()
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
          await migratePg(drizzlePg(pool, { schema }), { migrationsFolder })
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
          lock.release()
        }
      },
      listen: (channel, handler) => listenOnServer(options.url!, channel, handler, options.onIdleError),
      async close() {
        const closing = [...open].map((client) => new Promise((done) => client.once('end', done)))
        untrackPool()
        await pool.end()
        await Promise.all(closing)
      },
    }
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true })
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } })
  const db = drizzlePglite(client, { schema })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async listen(channel, handler) {
      const stop = await client.listen(channel, handler)
      return async () => {
        if (!client.closed) await stop()
      }
    },
    close: () => client.close(),
  }
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries), reconnecting after a
 * second when it is lost.
 */
export async function listenOnServer(
  url: string,
  channel: string,
  handler: (payload: string) => void,
  onError?: (error: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const connect = async (reconnecting: boolean) => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '')
    })
    next.on('error', (error) => {
      onError?.(error)
      void next.end().catch(() => {})
      if (!stopped) retry = setTimeout(() => void connect(true).catch(() => {}), 1000)
    })
    client = next
    await next.connect()
    await next.query(`listen "${channel.replace(/"/g, '')}"`)
    if (reconnecting) handler('*')
  }
  await connect(false)
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}
