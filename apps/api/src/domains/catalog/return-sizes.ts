import { asc, inArray } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { products, variants } from '../../db/schema/index.ts'
import { sellableStockOf } from '../inventory/index.ts'

/** What a return needs of a product (issue 40): whether it is final sale, and its sizes now. */
export interface ProductForReturn {
  finalSale: boolean
  /** Every size in the product's order; `buyable`: it can be bought now (published, not sold or coming soon, in stock). */
  sizes: { sku: string; ukuran: string; stock: number; buyable: boolean }[]
}

/** The products of `codes` as a return reads them (a product gone from the catalogue is absent). */
export async function productsForReturn(
  db: Db | Transaction,
  codes: readonly string[],
): Promise<Map<string, ProductForReturn>> {
  const unique = [...new Set(codes)]
  const found = new Map<string, ProductForReturn>()
  if (unique.length === 0) return found
  const rows = await db
    .select({
      code: products.productCode,
      finalSale: products.finalSale,
      published: products.publishedAt,
      status: products.status,
      lable: products.productLable,
    })
    .from(products)
    .where(inArray(products.productCode, unique))
  for (const row of rows) found.set(row.code, { finalSale: row.finalSale, sizes: [] })
  const sellable = new Map(
    rows.map((row) => [
      row.code,
      row.published !== null && row.status !== 'sold' && row.lable !== 'COMING-SOON',
    ]),
  )
  const sizes = await db
    .select({
      code: variants.productCode,
      sku: variants.skuProduct,
      ukuran: variants.ukuran,
      stock: sellableStockOf(variants.skuProduct),
    })
    .from(variants)
    .where(inArray(variants.productCode, unique))
    .orderBy(asc(variants.productCode), asc(variants.position), asc(variants.skuProduct))
  for (const size of sizes) {
    found.get(size.code)?.sizes.push({
      sku: size.sku,
      ukuran: size.ukuran,
      stock: size.stock,
      buyable: Boolean(sellable.get(size.code)) && size.stock > 0,
    })
  }
  return found
}
