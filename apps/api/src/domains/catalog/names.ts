import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { brands, products } from '../../db/schema/index.ts'

/**
 * Names of the catalog's things as expressions of the caller's own query, so a list or a message
 * that shows them stays one statement (a correlated lookup by primary key); null when none.
 */

/**
 * The caller's column with its table's name: drizzle leaves a one-table select's columns bare,
 * and a bare "product_code" in the subquery would be the catalog's own column.
 */
const outer = (column: AnyColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`

/** A brand's name by its id. */
export function brandNameOf(idBrand: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select b.name from ${brands} b where b.id = ${outer(idBrand)})`
}

/** A product's name (`product_name`, Indonesian) by its stored code. */
export function productNameOf(productCode: AnyColumn): SQL<string | null> {
  const code = outer(productCode)
  return sql<string | null>`(select p.product_name from ${products} p where p.product_code = ${code})`
}
