import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db, Transaction } from './client.ts'

/**
 * Writes of several modules in one statement (issue 41): each part is an insert, update or delete
 * built by the module that owns its table (not awaited: drizzle's builders run only when awaited),
 * and they run as the data-modifying CTEs of one statement, so a change that touches six tables
 * pays one round trip instead of six. PostgreSQL runs every part exactly once and to completion,
 * all from the statement's snapshot: one part does not see another's rows, so the parts must not
 * depend on each other's effects (foreign keys are checked at the statement's end, so a line may
 * name the header written beside it). A part that fails (a unique violation, a check) fails the
 * statement whole, as it would alone.
 *
 * Answers, for each part built with RETURNING, its rows under the database's column names
 * (`sku_product`, not drizzle's field names); a part without RETURNING answers no rows. A null part
 * is left out.
 */
export async function writeTogether<P extends Record<string, SQLWrapper | null>>(
  db: Db | Transaction,
  parts: P,
  returning: readonly (keyof P & string)[] = [],
): Promise<Record<keyof P & string, Record<string, unknown>[]>> {
  type K = keyof P & string
  const names = (Object.keys(parts) as K[]).filter((name) => parts[name] !== null)
  const answers = Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<
    K,
    Record<string, unknown>[]
  >
  if (names.length === 0) return answers
  const read = returning.filter((name) => parts[name] !== null)
  const ctes = sql.join(
    names.map((name) => sql`${sql.identifier(`w_${name}`)} as ${parts[name]!}`),
    sql`, `,
  )
  const columns: SQL =
    read.length === 0
      ? sql`1 as done`
      : sql.join(
          read.map(
            (name) =>
              sql`(select coalesce(json_agg(t), '[]'::json) from ${sql.identifier(`w_${name}`)} t) as ${sql.identifier(name)}`,
          ),
          sql`, `,
        )
  const result = await db.execute(sql`with ${ctes} select ${columns}`)
  const row = ((result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {}) as Record<
    string,
    unknown
  >
  for (const name of read) {
    const value = row[name]
    // PGlite answers json as text, PostgreSQL as parsed.
    answers[name] = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Record<
      string,
      unknown
    >[]
  }
  return answers
}
