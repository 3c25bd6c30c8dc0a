import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { customers } from '../../db/schema/index.ts'

/**
 * A member's name (`customers.nama`) by her id, as an expression of the caller's own query, so a
 * list that shows or searches names stays one statement (a correlated lookup by primary key); null
 * when there is no such member. The caller's column is named with its table: drizzle leaves a
 * one-table select's columns bare, which inside the subquery would be the customers' own.
 */
export function memberNameOf(idPelanggan: AnyColumn): SQL<string | null> {
  const outer = sql`${sql.identifier(getTableName(idPelanggan.table))}.${sql.identifier(idPelanggan.name)}`
  return sql<string | null>`(select c.nama from ${customers} c where c.id_pelanggan = ${outer})`
}
