import { eq, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands, products, variants } from '../../db/schema/index.ts'

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

/** A brand's shown name by its id, or null: for a message that speaks as the storefront's brand. */
export async function brandName(db: Db, idBrand: number): Promise<string | null> {
  const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, idBrand))
  return row?.name ?? null
}

/** A product's name (`product_name`, Indonesian) by its stored code. */
export function productNameOf(productCode: AnyColumn): SQL<string | null> {
  const code = outer(productCode)
  return sql<string | null>`(select p.product_name from ${products} p where p.product_code = ${code})`
}

/**
 * A size's name as a shopper reads it, its product's name and its size ('Kemeja (M)'), by its sku
 * (a value, not a column): inventory's CRT002 for a size that ran out at checkout names it with this,
 * inside its own statement (`SizeNameOf`, handed to it by checkout).
 */
export function sizeNameOf(sku: string): SQL<string | null> {
  return sql<string | null>`(select p.product_name || ' (' || v.ukuran || ')' from ${variants} v
    join ${products} p on p.product_code = v.product_code where v.sku_product = ${sku})`
}
