import { desc, eq, is, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import { AppError, say, isBuyable } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import {
  productForSale,
  variantsForSale,
  type ProductForSale,
  type VariantForSale,
} from '../catalog/index.ts'
import { cartLines } from '../../db/schema/index.ts'
import { lockMember } from '../members/index.ts'

/**
 * The bag's reads and its lock, shared by the bag, the bundle composition and the checkout lines
 * (README.md, "Rules in one place").
 */

/** A bag line as stored: components empty for a plain line. */
export interface BagLine {
  idLine: number
  productCode: string
  skuProduct: string
  lineKey: string
  qty: number
  components: { skuProduct: string; qty: number }[]
}

/** What a variant is and whether it can be bought (its product neither sold nor COMING-SOON). */
export interface VariantInfo {
  skuProduct: string
  productCode: string
  productName: string
  ukuran: string
  sellingPrice: number
  stock: number
  weightGrams: number
  productBuyable: boolean
}

/** Whether a product may be bought (neither sold nor COMING-SOON), by the contract's rule. */
export const productBuyable = (status: string, lable: string) => isBuyable({ status, product_lable: lable })

/** The bundle value as the service takes it (the contract's output: qty a number). */
export type BundleValue = readonly { sku_product: string; qty: number }[]

/**
 * Runs independent reads: at once on the pool, one after another inside a transaction. A
 * transaction holds one connection, and one connection runs one query at a time: pg 8 queues an
 * overlapping query with a deprecation warning and pg 9 will refuse it.
 */
export async function reads<T extends readonly unknown[]>(
  db: Db,
  ...queries: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  const results: unknown[] = []
  if (!is(db, PgTransaction)) results.push(...(await Promise.all(queries.map((query) => query()))))
  else for (const query of queries) results.push(await query())
  return results as unknown as T
}

/** Locks the customer's bag for the transaction: changes of one bag run one at a time. */
export async function lockBag(tx: Transaction, idPelanggan: number): Promise<void> {
  await lockMember(tx, idPelanggan)
}

/**
 * The customer's lines, newest first, with the parts of bundle lines: one statement, the parts of
 * each line gathered beside it (a checkout reads the bag inside its transaction, where every
 * statement is a round trip that the customer's lock waits on; issue 41).
 */
export async function loadBag(db: Db, idPelanggan: number): Promise<BagLine[]> {
  const rows = await db
    .select({
      idLine: cartLines.idLine,
      productCode: cartLines.productCode,
      skuProduct: cartLines.skuProduct,
      lineKey: cartLines.lineKey,
      qty: cartLines.qty,
      // Spelled out: drizzle leaves out table names in a one-table select. Null for a plain line.
      parts: sql<{ skuProduct: string; qty: number }[] | string | null>`(
        select json_agg(json_build_object('skuProduct', c.sku_product, 'qty', c.qty) order by c.position)
        from cart_line_components c where c.id_line = "cart_lines"."id_line")`,
    })
    .from(cartLines)
    .where(eq(cartLines.idPelanggan, idPelanggan))
    .orderBy(desc(cartLines.createdAt), desc(cartLines.idLine))
  return rows.map(({ parts, ...line }) => ({
    ...line,
    // PGlite answers json as text, PostgreSQL as parsed.
    components: parts === null ? [] : typeof parts === 'string' ? JSON.parse(parts) : parts,
  }))
}

/** A variant as the catalog answers it (variantsForSale) as a VariantInfo. */
export function variantInfo(row: VariantForSale): VariantInfo {
  const { status, lable, published, isBundling: _bundle, ...info } = row
  // A product staff took back to draft cannot be bought from a bag that still holds it (issue 14).
  return { ...info, productBuyable: published === true && productBuyable(status, lable) }
}

/** Variants by sku with their product's name and buyability, in one query (the catalog's). */
export async function loadVariants(db: Db, skus: Iterable<string>): Promise<Map<string, VariantInfo>> {
  const rows = await variantsForSale(db, [...new Set(skus)])
  return new Map(rows.map((row) => [row.skuProduct, variantInfo(row)]))
}

/** A product's bundle rules and buyability, as the catalog answers them. */
export type ProductRow = ProductForSale

/** A product by code (any spelling, findProductByCode); 404 CRT004 when there is none. */
export async function findProduct(db: Db, code: string): Promise<ProductRow> {
  const row = await productForSale(db, code)
  if (!row) throw new AppError('CRT004', say('Product not found', 'Produk tidak ditemukan'))
  return row
}
