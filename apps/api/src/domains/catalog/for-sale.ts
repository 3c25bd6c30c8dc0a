import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { prepared } from '../../db/prepared.ts'
import { brands, bundleOptions, productMedia, products, variants } from '../../db/schema/index.ts'
import { findProductByCode } from './catalog.queries.ts'
import { sellableStockOf } from '../inventory/index.ts'

/**
 * What the bag and checkout read of the catalogue (issue 42: products, variants and bundle options
 * are this module's tables): variants with what decides whether they can be bought, a product's
 * bundle rules and options, its brand and pictures. Each answer is one statement, as the cart's own
 * queries were.
 */

/** A variant with its product's name and what decides whether it can be bought. */
export interface VariantForSale {
  skuProduct: string
  productCode: string
  productName: string
  ukuran: string
  sellingPrice: number
  /** What checkout may sell now (inventory's sellable stock). */
  stock: number
  weightGrams: number
  /** The product's status ('sold' …) and label (COMING-SOON …): the contract's isBuyable reads them. */
  status: string
  lable: string
  /** The product is published (a draft cannot be bought, issue 14). */
  published: boolean
  /** The product is a bundle: this is the bundle's own sku. */
  isBundling: boolean
}

const variantForSaleColumns = {
  skuProduct: variants.skuProduct,
  productCode: variants.productCode,
  productName: products.productName,
  ukuran: variants.ukuran,
  sellingPrice: variants.sellingPrice,
  stock: sellableStockOf(variants.skuProduct),
  weightGrams: variants.weightGrams,
  status: products.status,
  lable: products.productLable,
  published: sql<boolean>`${products.publishedAt} is not null`,
  isBundling: products.isBundling,
}

/** Variants by sku with their product (unknown skus left out), in one query; for a pool or a transaction. */
export async function variantsForSale(db: Db, skus: readonly string[]): Promise<VariantForSale[]> {
  if (skus.length === 0) return []
  return db
    .select(variantForSaleColumns)
    .from(variants)
    .innerJoin(products, eq(products.productCode, variants.productCode))
    .where(inArray(variants.skuProduct, [...skus]))
}

/** A variant for sale with what an order line keeps of its product: the brand and the first picture. */
export interface VariantForOrder extends VariantForSale {
  idBrand: number
  /** The product's first image url ('' when it has none). */
  image: string
}

const namedVariants = prepared('catalog_variants_for_sale', (db) =>
  db
    .select({
      ...variantForSaleColumns,
      idBrand: products.idBrand,
      image: sql<string>`coalesce((select m.url from ${productMedia} m
        where m.product_code = ${products.productCode} and m.type = 'image'
        order by m.position, m.id limit 1), '')`,
    })
    .from(variants)
    .innerJoin(products, eq(products.productCode, variants.productCode))
    .where(sql`${variants.skuProduct} = any(${sql.placeholder('skus')})`),
)

/**
 * variantsForSale with each one's brand and first picture (what an order's line keeps), as one named
 * prepared statement (db/prepared.ts: a press's first read in a sale, issue 41). For the pool's `db`
 * only.
 */
export async function variantsForSaleOnPool(db: Db, skus: readonly string[]): Promise<VariantForOrder[]> {
  if (skus.length === 0) return []
  return namedVariants(db).execute({ skus: [...skus] })
}

/** A product's bundle rules and whether it can be bought, as the bag checks a line. */
export interface ProductForSale {
  productCode: string
  isBundling: boolean
  status: string
  productLable: string
  maxBundling: number
  limitQtyBundling: number
}

/** A published product by code (any spelling, findProductByCode) with its bundle rules; undefined when none. */
export function productForSale(db: Db, code: string): Promise<ProductForSale | undefined> {
  return findProductByCode(db, code, {
    productCode: products.productCode,
    isBundling: products.isBundling,
    status: products.status,
    productLable: products.productLable,
    maxBundling: products.maxBundling,
    limitQtyBundling: products.limitQtyBundling,
  })
}

/** The product codes a bundle's slots offer (its bundle options), in no order. */
export async function bundleOptionCodes(db: Db, bundleCode: string): Promise<string[]> {
  const rows = await db
    .select({ code: bundleOptions.optionCode })
    .from(bundleOptions)
    .where(eq(bundleOptions.productCode, bundleCode))
  return rows.map((row) => row.code)
}

/** A product's first variant's sku (by position, then sku): a bundle's own sku; undefined when none. */
export async function firstVariantSku(db: Db, productCode: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sku: variants.skuProduct })
    .from(variants)
    .where(eq(variants.productCode, productCode))
    .orderBy(asc(variants.position), asc(variants.skuProduct))
    .limit(1)
  return row?.sku
}

/** The sku as stored when it is a variant of the product; undefined otherwise. */
export async function variantSkuOf(db: Db, productCode: string, sku: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sku: variants.skuProduct })
    .from(variants)
    .where(and(eq(variants.skuProduct, sku), eq(variants.productCode, productCode)))
    .limit(1)
  return row?.sku
}

/** A product with its brand's name and its image urls in gallery order. */
export interface ProductWithBrand {
  productCode: string
  productName: string
  idBrand: number
  brandName: string
  sellingPrice: number
  images: string[]
}

/** Products by stored code with their brand's name and image urls, in one query, keyed by code. */
export async function productsWithBrand(
  db: Db,
  codes: readonly string[],
): Promise<Map<string, ProductWithBrand>> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({
      productCode: products.productCode,
      productName: products.productName,
      idBrand: products.idBrand,
      brandName: brands.name,
      sellingPrice: products.sellingPrice,
      images: sql<string[] | string>`coalesce((
        select json_agg(m.url order by m.position, m.id) from ${productMedia} m
        where m.product_code = ${products}.product_code and m.type = 'image'), '[]'::json)`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.idBrand))
    .where(inArray(products.productCode, unique))
  // PGlite answers json as text, PostgreSQL as parsed.
  return new Map(
    rows.map((row) => [
      row.productCode,
      { ...row, images: typeof row.images === 'string' ? (JSON.parse(row.images) as string[]) : row.images },
    ]),
  )
}
