import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { staffAccounts } from '../../db/schema/index.ts'

/**
 * A staff account's e-mail by its id, as an expression of the caller's own query, so a history
 * that names who did each step stays one statement (a correlated lookup by primary key); null when
 * there is no such account (or no id: a step of the system). The caller's column is named with its
 * table: drizzle leaves a one-table select's columns bare, which inside the subquery would be ours.
 */
export function staffEmailOf(staffId: AnyColumn): SQL<string | null> {
  const outer = sql`${sql.identifier(getTableName(staffId.table))}.${sql.identifier(staffId.name)}`
  return sql<string | null>`(select s.email from ${staffAccounts} s where s.id = ${outer})`
}
