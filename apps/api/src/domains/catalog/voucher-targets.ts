import { and, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands, categories, productCategories, products } from '../../db/schema/index.ts'

/**
 * What promotions asks the catalog about a voucher's brands, categories and products (decision
 * 058): at checkout, which of the ordered products lie in the voucher's categories; in the back
 * office, which of the ids and codes staff gave exist.
 */

/** The product codes among `productCodes` that are in one of `categoryIds` (one statement). */
export async function productsInCategories(
  db: Db,
  productCodes: readonly string[],
  categoryIds: readonly number[],
): Promise<Set<string>> {
  if (productCodes.length === 0 || categoryIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ code: productCategories.productCode })
    .from(productCategories)
    .where(
      and(
        inArray(productCategories.productCode, [...productCodes]),
        inArray(productCategories.categoryId, [...categoryIds]),
      ),
    )
  return new Set(rows.map((row) => row.code))
}

/**
 * Staff's brand ids, category ids and product codes checked against the catalog: the ones that do
 * not exist, and the product codes as stored (a code matches in any case).
 */
export async function catalogTargets(
  db: Db,
  wanted: { brands: readonly number[]; categories: readonly number[]; products: readonly string[] },
): Promise<{
  unknownBrands: number[]
  unknownCategories: number[]
  unknownProducts: string[]
  products: string[]
}> {
  const brandIds =
    wanted.brands.length === 0
      ? []
      : (
          await db
            .select({ id: brands.id })
            .from(brands)
            .where(inArray(brands.id, [...wanted.brands]))
        ).map((r) => r.id)
  const categoryIds =
    wanted.categories.length === 0
      ? []
      : (
          await db
            .select({ id: categories.id })
            .from(categories)
            .where(inArray(categories.id, [...wanted.categories]))
        ).map((r) => r.id)
  const upper = wanted.products.map((code) => code.toUpperCase())
  const stored =
    upper.length === 0
      ? []
      : (
          await db
            .select({ code: products.productCode })
            .from(products)
            .where(inArray(sql`upper(${products.productCode})`, upper))
        ).map((r) => r.code)
  const storedByUpper = new Map(stored.map((code) => [code.toUpperCase(), code]))
  return {
    unknownBrands: wanted.brands.filter((id) => !brandIds.includes(id)),
    unknownCategories: wanted.categories.filter((id) => !categoryIds.includes(id)),
    unknownProducts: wanted.products.filter((code) => !storedByUpper.has(code.toUpperCase())),
    products: [...new Set(wanted.products.map((code) => storedByUpper.get(code.toUpperCase()) ?? code))],
  }
}
