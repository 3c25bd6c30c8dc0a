import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { listenOnServer, type Database, type Db } from './db/client.ts'

/**
 * Cache invalidation across processes (docs/decisions/016-cache-invalidation.md).
 *
 * A writer that changes data some cache serves (catalog prices and stock, regions) calls
 * `notifyChanged(db, topic)` after its change commits; every process listens on one PostgreSQL
 * channel and drops what it keeps for that topic: the API's response cache
 * (plugins/http-cache.ts) and the storefront's page cache. PostgreSQL delivers a NOTIFY to every
 * listening connection within milliseconds, so no Redis is needed; PGlite delivers it in process.
 * Inside a transaction the notification is sent at commit, and not at all on rollback.
 */
export const CHANGES_CHANNEL = 'busana_changes'

/** What changed: each cache entry belongs to one topic. '*' (a lost connection) means anything. */
export type ChangeTopic = 'catalog' | 'regions'

/**
 * A change's id, the same in every process that hears it: the payload is `topic:id`, so a process
 * with no database (a storefront alone) can ask any API process for the last id it heard and drop
 * its pages when that moves (GET /api/v1/changes, decision 016 addendum).
 */
const newChangeId = () => randomBytes(9).toString('base64url')

export async function notifyChanged(db: Db, topic: ChangeTopic): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`${topic}:${newChangeId()}`})`)
}

/**
 * Calls `onChange` with the topic and id of every change any process announces (a lost connection,
 * or a payload of another form: '*' with an id of its own); resolves with a stop function.
 */
export function listenForChanges(
  database: Pick<Database, 'listen'>,
  onChange: (topic: ChangeTopic | '*', id: string) => void,
): Promise<() => Promise<void>> {
  return database.listen(CHANGES_CHANNEL, (payload) => {
    const [topic, id] = (payload ?? '').split(':')
    const known = topic === 'catalog' || topic === 'regions'
    onChange(known ? topic : '*', known && id ? id : newChangeId())
  })
}

/**
 * The same, for a process that opens no database (the storefront alone, API_URL): one LISTEN
 * connection to the PostgreSQL server at `url`.
 */
export function listenForChangesAt(
  url: string,
  onChange: (topic: ChangeTopic | '*', id: string) => void,
  onError?: (error: Error) => void,
): Promise<() => Promise<void>> {
  return listenForChanges(
    { listen: (channel, handler) => listenOnServer(url, channel, handler, onError) },
    onChange,
  )
}
