import { sql, type SQL } from 'drizzle-orm'
import { brands, products, variants } from '../../db/schema/index.ts'

/**
 * The catalog's sizes as a table expression
 * `(sku_product, product_code, product_name, ukuran, id_brand, position)`: each variant with its
 * product's name and brand, for the stock grid to list, filter and order (inventory's
 * `CatalogSizes`, issue 42). Inventory cannot import the catalog, which reads its sellable stock,
 * so app.ts hands this to the stock's staff calls. A plain join PostgreSQL folds into their query.
 */
export const sizeRows: SQL = sql`(
  select v.sku_product, v.product_code, p.product_name, v.ukuran, p.id_brand, v.position, b.name as brand_name
  from ${variants} v join ${products} p on p.product_code = v.product_code
  left join ${brands} b on b.id = p.id_brand)`
