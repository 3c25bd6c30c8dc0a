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
  /**
   * LISTEN on `channel` on a connection that can also NOTIFY on it (`send`), for a process that
   * must know it has heard everything committed on the channel before a moment: it sends a payload
   * of its own and waits to hear it back (PostgreSQL reads the queue in order, so what was queued
   * before it comes first). `lost` is told at once when the connection fails (a `send` then
   * rejects), `back` when it listens again.
   */
  channel(channel: string, handlers: ChannelHandlers): Promise<Channel>
  close(): Promise<void>
}

/** What a channel's listener is told: each payload, and when the connection is lost and back. */
export interface ChannelHandlers {
  message(payload: string): void
  lost(): void
  back(): void
}

/** A channel opened with `Database.channel`. */
export interface Channel {
  /** NOTIFY on the channel from the listening connection itself. */
  send(payload: string): Promise<void>
  stop(): Promise<void>
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
      channel: (channel, handlers) => channelOnServer(options.url!, channel, handlers, options.onIdleError),
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
    // One connection in process: never lost, and a NOTIFY is heard before its statement resolves.
    async channel(channel, handlers) {
      const stop = await client.listen(channel, handlers.message)
      return {
        send: async (payload) => {
          await client.query('select pg_notify($1, $2)', [channel, payload])
        },
        stop: async () => {
          if (!client.closed) await stop()
        },
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
  const opened = await channelOnServer(
    url,
    channel,
    { message: handler, lost() {}, back: () => handler('*') },
    onError,
  )
  return opened.stop
}

/**
 * `Database.channel` on a PostgreSQL server: a dedicated connection, replaced a second after it is
 * lost (and every second until a new one listens).
 */
export async function channelOnServer(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  onError?: (error: Error) => void,
): Promise<Channel> {
  let current: pg.Client | undefined
  let listening = false
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const fail = (client: pg.Client, error: Error) => {
    // An error of a connection already given up (its connect's rejection and its event, both).
    if (client !== current) return
    onError?.(error)
    current = undefined
    if (listening) {
      listening = false
      handlers.lost()
    }
    void client.end().catch(() => {})
    if (!stopped) retry = setTimeout(() => void connect(true), 1000)
  }
  const connect = async (reconnecting: boolean) => {
    // Named, so that an operator (or a test) finds the listeners in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: `busana listen ${channel}` })
    current = next
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '')
    })
    next.on('error', (error) => fail(next, error))
    try {
      await next.connect()
      await next.query(`listen "${channel.replace(/"/g, '')}"`)
      // What this connection sends is a NOTIFY heard back in process, never data to keep: its commit
      // need not wait for the WAL to reach the disk (a sale's fences would add a flush each to the
      // orders' commits). The order in which notifications are queued and read is the same.
      await next.query('set synchronous_commit = off')
    } catch (error) {
      if (!reconnecting) throw error
      return fail(next, error as Error)
    }
    if (stopped || current !== next) return
    listening = true
    if (reconnecting) handlers.back()
  }
  await connect(false)
  return {
    async send(payload) {
      if (!current || !listening) throw new Error(`the ${channel} connection is lost`)
      await current.query('select pg_notify($1, $2)', [channel, payload])
    },
    async stop() {
      stopped = true
      clearTimeout(retry)
      await current?.end().catch(() => {})
    },
  }
}
