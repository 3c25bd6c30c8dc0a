import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { vouchers } from '../../db/schema/index.ts'

/**
 * A voucher's type (FIXED, PERCENTAGE or SHIPPING) by its id, as an expression of the caller's own
 * query, so an order read with its voucher's kind stays one statement (a correlated lookup by
 * primary key); null without a voucher or for one deleted since. The caller's column is named with
 * its table: drizzle leaves a one-table select's columns bare, which inside the subquery would be
 * the vouchers' own.
 */
export function voucherTypeOf(idPromo: AnyColumn): SQL<string | null> {
  const outer = sql`${sql.identifier(getTableName(idPromo.table))}.${sql.identifier(idPromo.name)}`
  return sql<string | null>`(select v.type from ${vouchers} v where v.id = ${outer})`
}
