import type { Db } from './client.ts'

/**
 * A query on every request's path, built once per database and run as a named prepared statement
 * (issue 41, decision 030 addendum): drizzle builds a query's SQL from its objects on every call
 * (the sale rush's profile put ~30 % of a press's CPU there), and PostgreSQL parses and plans an
 * unnamed statement on every call. `build` makes the query with `sql.placeholder(...)` for what
 * changes; the answer runs it with those values: `findMemberQuery(db).execute({ tokenHash, now })`.
 * For the pool's `db` only: a transaction is a new `Db` each time, and its statements are built per
 * transaction like any other. The name must be unique in the process (PostgreSQL keeps one
 * prepared statement per name and connection).
 */
export function prepared<Q extends { prepare(name: string): unknown }>(
  name: string,
  build: (db: Db) => Q,
): (db: Db) => ReturnType<Q['prepare']> {
  const byDb = new WeakMap<Db, ReturnType<Q['prepare']>>()
  return (db) => {
    let query = byDb.get(db)
    if (!query) {
      query = build(db).prepare(name) as ReturnType<Q['prepare']>
      byDb.set(db, query)
    }
    return query
  }
}
