import { and, eq, inArray } from 'drizzle-orm'
import { isBuyable, productPath } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { products, variants } from '../../db/schema/index.ts'
import { findProductByCode, isPublished } from './catalog.queries.ts'
import { sellableStockOf } from '../inventory/index.ts'

/** A size of a published product as other modules read it (issue 42's alerts). */
export interface SizeFacts {
  skuProduct: string
  ukuran: string
  stock: number
  /** In stock, and its product neither sold nor COMING-SOON. */
  buyable: boolean
}

/** A published product as other modules read it: its name, price, page and sizes in size order. */
export interface ProductFacts {
  productCode: string
  productName: string
  /** The price a shopper pays (the card's selling_price). */
  sellingPrice: number
  /** The product page's path (/shop/product/…). */
  path: string
  sizes: SizeFacts[]
}

const productColumns = {
  productCode: products.productCode,
  productName: products.productName,
  sellingPrice: products.sellingPrice,
  status: products.status,
  lable: products.productLable,
}

async function withSizes(
  db: Db,
  rows: { productCode: string; productName: string; sellingPrice: number; status: string; lable: string }[],
): Promise<Map<string, ProductFacts>> {
  const facts = new Map<string, ProductFacts>()
  if (rows.length === 0) return facts
  const sizes = await db
    .select({
      productCode: variants.productCode,
      skuProduct: variants.skuProduct,
      ukuran: variants.ukuran,
      stock: sellableStockOf(variants.skuProduct),
    })
    .from(variants)
    .where(
      inArray(
        variants.productCode,
        rows.map((row) => row.productCode),
      ),
    )
    .orderBy(variants.position, variants.skuProduct)
  for (const row of rows) {
    const sellable = isBuyable({ status: row.status, product_lable: row.lable })
    facts.set(row.productCode, {
      productCode: row.productCode,
      productName: row.productName,
      sellingPrice: row.sellingPrice,
      path: productPath({ product_code: row.productCode, product_name: row.productName }),
      sizes: sizes
        .filter((size) => size.productCode === row.productCode)
        .map(({ productCode: _code, ...size }) => ({ ...size, buyable: sellable && size.stock > 0 })),
    })
  }
  return facts
}

/** A published product by code (any spelling, as findProductByCode) with its sizes; undefined when none. */
export async function productFacts(db: Db, code: string): Promise<ProductFacts | undefined> {
  const row = await findProductByCode(db, code, productColumns)
  if (!row) return undefined
  return (await withSizes(db, [row])).get(row.productCode)
}

/** Published products by their stored codes, with their sizes. */
export async function productsFacts(db: Db, codes: readonly string[]): Promise<Map<string, ProductFacts>> {
  if (codes.length === 0) return new Map()
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.productCode, [...new Set(codes)]), isPublished))
  return withSizes(db, rows)
}

/** The published product of a size, by the size's sku; undefined when none. */
export async function productOfSize(db: Db, sku: string): Promise<ProductFacts | undefined> {
  const [row] = await db
    .select({ productCode: variants.productCode })
    .from(variants)
    .where(eq(variants.skuProduct, sku))
  return row ? (await productsFacts(db, [row.productCode])).get(row.productCode) : undefined
}

/** A published product's code as stored, for a code in any spelling (findProductByCode); undefined when none. */
export async function storedProductCode(db: Db, code: string): Promise<string | undefined> {
  return (await findProductByCode(db, code, { code: products.productCode }))?.code
}
