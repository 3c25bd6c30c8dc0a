import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'
import { PUBLICATION_STATES } from './catalog.schemas.ts'

/**
 * Bulk upload of the catalogue (issue 43 part 7, decision 059): products, sizes, prices, colour
 * families, weights, pictures by URL and stock per warehouse as CSV, one row per size (SKU).
 * GET /api/admin/v1/products/export.csv and POST /api/admin/v1/products/import.csv (multipart,
 * `dry_run`). A value is checked by the same schemas as the product and size forms.
 */

/** An import file: at most 5 MB (413 STF117) and 20,000 rows (422 STF116). */
export const PRODUCT_CSV_MAX_BYTES = 5 * 1024 * 1024
export const PRODUCT_CSV_MAX_ROWS = 20_000
/** At most this many errors are answered (the first ones by line). */
export const PRODUCT_CSV_MAX_ERRORS = 200

/**
 * The fixed columns, in the export's order; then one `stock:<warehouse>` column per active
 * warehouse (its name on export; its id or name on import). `brand` is informative (checked against
 * id_brand when given); `categories` and `picture_urls` hold several values separated by `|`.
 */
export const PRODUCT_CSV_COLUMNS = [
  'product_code',
  'id_brand',
  'brand',
  'product_name',
  'product_name_alt',
  'colour_family',
  'categories',
  'harga_coret',
  'picture_urls',
  'sku_product',
  'ukuran',
  'selling_price',
  'weight_grams',
] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]
/** Columns an import must have (the others may be left out: their values stay). */
export const PRODUCT_CSV_REQUIRED_COLUMNS = ['product_code', 'sku_product'] as const
/** The prefix of a warehouse's stock column. */
export const PRODUCT_CSV_STOCK_PREFIX = 'stock:'
/** What separates several values in one cell (categories, pictures). */
export const PRODUCT_CSV_LIST_SEPARATOR = '|'

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

/** GET …/products/export.csv: the list's filters, and the separator (comma unless `semicolon`). */
export const ProductCsvExportQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  id_brand: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  state: z.enum(PUBLICATION_STATES).default('all'),
  delimiter: z.enum(['comma', 'semicolon']).default('comma'),
})
export type ProductCsvExportQuery = z.infer<typeof ProductCsvExportQuerySchema>

/** POST …/products/import.csv: `dry_run` (true shows the plan and changes nothing). */
export const ProductCsvImportQuerySchema = z.object({
  dry_run: booleanText.optional(),
})
export type ProductCsvImportQuery = z.infer<typeof ProductCsvImportQuerySchema>

/** One planned (or applied) change of one line. */
export const ProductCsvChangeSchema = z.object({
  /** 1-based, the header being line 1. */
  line: z.number().int(),
  kind: z.enum(['create_product', 'update_product', 'add_size', 'update_size', 'add_pictures', 'stock']),
  product_code: z.string(),
  sku_product: z.string().nullable(),
  /** Fields changed (update_product, update_size), each from → to. */
  fields: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).optional(),
  /** stock: the warehouse, on hand before and after, and the difference. */
  id_warehouse: z.number().int().optional(),
  warehouse_name: z.string().optional(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  delta: z.number().int().optional(),
  /** add_pictures: the URLs added. */
  urls: z.array(z.string()).optional(),
})
export type ProductCsvChange = z.infer<typeof ProductCsvChangeSchema>

export const ProductCsvSummarySchema = z.object({
  rows: z.number().int(),
  products_created: z.number().int(),
  products_updated: z.number().int(),
  sizes_added: z.number().int(),
  sizes_updated: z.number().int(),
  pictures_added: z.number().int(),
  stock_changes: z.number().int(),
  /** Lines that change nothing. */
  unchanged_lines: z.number().int(),
})
export type ProductCsvSummary = z.infer<typeof ProductCsvSummarySchema>

/** The answer of a dry run (what would change) and of a real import (what changed). */
export const ProductCsvImportResultSchema = z.object({
  dry_run: z.boolean(),
  summary: ProductCsvSummarySchema,
  /** Line by line, at most 2,000 entries (the summary counts them all). */
  changes: z.array(ProductCsvChangeSchema),
  changes_truncated: z.boolean(),
})
export type ProductCsvImportResult = z.infer<typeof ProductCsvImportResultSchema>
export const ProductCsvImportResponseSchema = envelopeSchema(ProductCsvImportResultSchema)

/**
 * An error's `field` in the 422 STF116 answer: `line <n>` or `line <n>: <column>`. The back office
 * reads it back with this.
 */
export function productCsvErrorField(line: number, column?: string): string {
  return column ? `line ${line}: ${column}` : `line ${line}`
}
export function parseProductCsvErrorField(field: string): { line: number | null; column: string | null } {
  const match = /^line (\d+)(?:: (.+))?$/.exec(field)
  if (!match) return { line: null, column: field || null }
  return { line: Number(match[1]), column: match[2] ?? null }
}
