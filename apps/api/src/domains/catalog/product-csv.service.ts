import type { Readable } from 'node:stream'
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import {
  AdminProductCreateBodySchema,
  AdminVariantCreateBodySchema,
  AppError,
  CATALOG_MEDIA_MAX,
  indonesianFieldMessage,
  isOwnMediaPath,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_LIST_SEPARATOR,
  PRODUCT_CSV_MAX_ERRORS,
  PRODUCT_CSV_MAX_ROWS,
  PRODUCT_CSV_REQUIRED_COLUMNS,
  PRODUCT_CSV_STOCK_PREFIX,
  productCsvErrorField,
  say,
  type AdminProductUpdateBody,
  type Localized,
  type ProductCsvChange,
  type ProductCsvColumn,
  type ProductCsvExportQuery,
  type ProductCsvImportResult,
  type ProductCsvSummary,
  type Warehouse,
} from '@busana/contract/schemas'
import type { z } from 'zod'
import type { Db, Transaction } from '../../db/client.ts'
import { csvStream } from '../../csv-stream.ts'
import {
  brands,
  categories,
  productCategories,
  productMedia,
  products,
  variants,
} from '../../db/schema/index.ts'
import type { AuditActor } from '../staff/index.ts'
import {
  listWarehouses,
  onHandLevels,
  openSellableStock,
  setOnHandMany,
  type HeldByOrders,
} from '../inventory/index.ts'
import { catalogChange } from './change.ts'
import { productListFilters, productValues, recomputePricesOf, writeLinks } from './products.service.ts'

/**
 * Bulk upload (issue 43 part 7, decision 059): the catalogue as CSV, one row per size (SKU), and
 * back. Product columns repeat on each of its rows; stock is one `stock:<warehouse>` column per
 * active warehouse, absolute units on hand, moved through inventory's `applyChange` as an import.
 */

type ProductRow = typeof products.$inferSelect
type VariantRow = typeof variants.$inferSelect

/** What the CSV calls ask of orders (app.ts hands it in): the units open orders hold. */
export interface ProductCsvFacts {
  held: HeldByOrders
}

const BATCH = 500
const MAX_CHANGES = 2000

// --- export ---------------------------------------------------------------------------------------

/** The header of an export: the fixed columns and one stock column per active warehouse. */
const headerOf = (warehouses: readonly Warehouse[]) => [
  ...PRODUCT_CSV_COLUMNS,
  ...warehouses.map((w) => `${PRODUCT_CSV_STOCK_PREFIX}${w.name}`),
]

/** The rows of the export, 500 products at a time (keyset on product_code), as arrays of cells. */
async function* exportRows(
  db: Db,
  facts: ProductCsvFacts,
  query: ProductCsvExportQuery,
  warehouses: readonly Warehouse[],
): AsyncGenerator<(string | number)[]> {
  const brandNames = new Map((await db.select().from(brands)).map((b) => [b.id, b.name]))
  const filters = productListFilters(query)
  let after = ''
  for (;;) {
    const batch = await db
      .select()
      .from(products)
      .where(and(...filters, gt(products.productCode, after)))
      .orderBy(asc(products.productCode))
      .limit(BATCH)
    if (batch.length === 0) return
    after = batch[batch.length - 1]!.productCode
    const codes = batch.map((p) => p.productCode)
    const [sizeRows, categoryRows, mediaRows] = await Promise.all([
      db
        .select()
        .from(variants)
        .where(inArray(variants.productCode, codes))
        .orderBy(asc(variants.productCode), asc(variants.position), asc(variants.skuProduct)),
      db
        .select({ code: productCategories.productCode, name: categories.name })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productCode, codes))
        .orderBy(asc(categories.name)),
      db
        .select({ code: productMedia.productCode, url: productMedia.url })
        .from(productMedia)
        .where(and(inArray(productMedia.productCode, codes), eq(productMedia.type, 'image')))
        .orderBy(asc(productMedia.position), asc(productMedia.id)),
    ])
    const levels = await onHandLevels(
      db,
      facts.held,
      sizeRows.map((v) => v.skuProduct),
    )
    const group = <T extends { code: string }>(rows: T[]) => {
      const map = new Map<string, T[]>()
      for (const row of rows) map.set(row.code, [...(map.get(row.code) ?? []), row])
      return map
    }
    const sizesOf = new Map<string, VariantRow[]>()
    for (const v of sizeRows) sizesOf.set(v.productCode, [...(sizesOf.get(v.productCode) ?? []), v])
    const categoriesOf = group(categoryRows)
    const picturesOf = group(mediaRows)
    for (const p of batch) {
      const productCells = [
        p.productCode,
        p.idBrand,
        brandNames.get(p.idBrand) ?? '',
        p.productName,
        p.productNameAlt,
        p.colourFamily ?? '',
        (categoriesOf.get(p.productCode) ?? []).map((c) => c.name).join(PRODUCT_CSV_LIST_SEPARATOR),
        Number(p.hargaCoret) || 0,
        (picturesOf.get(p.productCode) ?? []).map((m) => m.url).join(PRODUCT_CSV_LIST_SEPARATOR),
      ]
      const sizes = sizesOf.get(p.productCode) ?? []
      // A product without a size still has its row (its size cells empty), so an import keeps it.
      if (sizes.length === 0) yield [...productCells, '', '', '', '', ...warehouses.map(() => '')]
      for (const v of sizes) {
        yield [
          ...productCells,
          v.skuProduct,
          v.ukuran,
          v.sellingPrice,
          v.weightGrams,
          ...warehouses.map((w) => levels.get(`${v.skuProduct}@${w.id}`) ?? 0),
        ]
      }
    }
  }
}

/**
 * GET …/products/export.csv: UTF-8 with a BOM (Excel), comma or semicolon, one row per size with
 * the on-hand units of each active warehouse; streamed 500 products at a time. The first batch is
 * read before anything is sent, so a failure there is answered as JSON (`csvStream`).
 */
export async function exportProductsCsv(
  db: Db,
  facts: ProductCsvFacts,
  query: ProductCsvExportQuery,
): Promise<Readable> {
  const warehouses = await listWarehouses(db)
  return csvStream(exportRows(db, facts, query, warehouses), {
    header: true,
    columns: headerOf(warehouses),
    bom: true,
    delimiter: query.delimiter === 'semicolon' ? ';' : ',',
    record_delimiter: 'windows',
    // A cell starting with = + - @ is prefixed with ' (CSV injection); the import takes it off again.
    escape_formulas: true,
  })
}

// --- import: reading ------------------------------------------------------------------------------

interface CsvError {
  line: number
  column?: string
  message: Localized
}

const own = (en: string, id: string) => say(en, id)
/** A schema's English message with its Indonesian form (the generic reasons are translated). */
const fromSchema = (message: string) => say(message, indonesianFieldMessage(message))

/** Excel's formula guard taken off: the export wrote `'=…` for a cell starting with = + - @. */
const unguard = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value)

interface ParsedCsv {
  columns: string[]
  rows: { line: number; cells: string[] }[]
}

/** Parses the file: UTF-8 (a BOM is dropped), comma or semicolon (the header decides), CRLF or LF. */
function parseCsv(text: string): ParsedCsv {
  const source = text.replace(/^\uFEFF/, '')
  const bad = source.indexOf('\uFFFD')
  if (bad >= 0) {
    const line = source.slice(0, bad).split('\n').length
    throw csvFailure([
      {
        line,
        message: own(
          'The file is not UTF-8 text: save it as "CSV UTF-8"',
          'Berkas bukan teks UTF-8: simpan sebagai "CSV UTF-8"',
        ),
      },
    ])
  }
  const firstLine = source.split(/\r?\n/, 1)[0] ?? ''
  const count = (c: string) => firstLine.split(c).length - 1
  const delimiter = count(';') > count(',') ? ';' : ','
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(source, {
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1
    const reason = error instanceof Error ? error.message : String(error)
    throw csvFailure([
      {
        line,
        message: own(`Not readable as CSV: ${reason}`, `Tidak dapat dibaca sebagai CSV: ${reason}`),
      },
    ])
  }
  const [header, ...body] = records
  if (!header) throw csvFailure([{ line: 1, message: own('The file is empty', 'Berkas kosong') }])
  return {
    columns: header.record.map((name) => name.trim()),
    rows: body
      .filter(({ record }) => record.some((cell) => cell.trim() !== ''))
      .map(({ record, info }) => ({ line: info.lines, cells: record.map((c) => unguard(c.trim())) })),
  }
}

const csvFailure = (errors: CsvError[]) =>
  new AppError(
    'STF116',
    undefined,
    [...errors]
      .sort((a, b) => a.line - b.line)
      .slice(0, PRODUCT_CSV_MAX_ERRORS)
      .map((e) => ({ field: productCsvErrorField(e.line, e.column), message: e.message })),
  )

interface Header {
  at: Partial<Record<ProductCsvColumn, number>>
  stock: { index: number; column: string; warehouse: Warehouse }[]
}

/** The header's columns: every one known, none twice, the required ones there; stock by warehouse. */
function readHeader(columns: string[], warehouses: readonly Warehouse[], errors: CsvError[]): Header {
  const header: Header = { at: {}, stock: [] }
  const seen = new Set<string>()
  columns.forEach((raw, index) => {
    const name = raw.toLowerCase()
    if (seen.has(name)) {
      errors.push({
        line: 1,
        column: raw,
        message: own('The column is there twice', 'Kolom ini muncul dua kali'),
      })
      return
    }
    seen.add(name)
    if (name.startsWith(PRODUCT_CSV_STOCK_PREFIX)) {
      const key = raw.slice(PRODUCT_CSV_STOCK_PREFIX.length).trim().toLowerCase()
      const warehouse = warehouses.find((w) => String(w.id) === key || w.name.toLowerCase() === key)
      if (!warehouse)
        errors.push({
          line: 1,
          column: raw,
          message: own(
            `No active warehouse is called "${key}" (use its id or name)`,
            `Tidak ada gudang aktif bernama "${key}" (pakai id atau namanya)`,
          ),
        })
      else header.stock.push({ index, column: raw, warehouse })
      return
    }
    if ((PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) {
      header.at[name as ProductCsvColumn] = index
      return
    }
    if (name === '') return // a trailing separator in the header
    errors.push({
      line: 1,
      column: raw,
      message: own(
        `Unknown column; the columns are ${PRODUCT_CSV_COLUMNS.join(', ')} and stock:<warehouse>`,
        `Kolom tidak dikenal; kolomnya ${PRODUCT_CSV_COLUMNS.join(', ')} dan stock:<gudang>`,
      ),
    })
  })
  for (const required of PRODUCT_CSV_REQUIRED_COLUMNS)
    if (header.at[required] === undefined)
      errors.push({
        line: 1,
        column: required,
        message: own('The column is missing', 'Kolom ini tidak ada'),
      })
  const warehouseIds = header.stock.map((s) => s.warehouse.id)
  header.stock.forEach((s, i) => {
    if (warehouseIds.indexOf(s.warehouse.id) !== i)
      errors.push({
        line: 1,
        column: s.column,
        message: own('Another column names this warehouse', 'Kolom lain sudah menyebut gudang ini'),
      })
  })
  return header
}

/** A whole number as a number; anything else as given, so the schema says what is wrong with it. */
const numberOf = (value: string): unknown => (/^-?\d+$/.test(value) ? Number(value) : value)
const listOf = (value: string) =>
  value
    .split(PRODUCT_CSV_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '')

/** The CSV column a form field's issue belongs to. */
const columnOfField = (field: PropertyKey | undefined): string =>
  field === 'category_ids' ? 'categories' : String(field ?? '')

function schemaErrors(line: number, issues: z.core.$ZodIssue[], errors: CsvError[]) {
  for (const issue of issues)
    errors.push({ line, column: columnOfField(issue.path[0]), message: fromSchema(issue.message) })
}

// --- import: planning -----------------------------------------------------------------------------

interface PlannedProduct {
  line: number
  code: string
  stored: ProductRow | null
  idBrand: number
  /** The fields to write (create: all given; update: those that differ). */
  fields: AdminProductUpdateBody
  changed: Record<string, { from: unknown; to: unknown }>
  newPictures: string[]
  sizes: PlannedSize[]
}

interface PlannedSize {
  line: number
  sku: string
  stored: VariantRow | null
  values: { ukuran: string; selling_price: number; weight_grams: number }
  changed: Record<string, { from: unknown; to: unknown }>
  stock: { column: string; warehouse: Warehouse; to: number; from: number }[]
}

interface World {
  products: Map<string, ProductRow>
  variants: Map<string, VariantRow>
  sizeCount: Map<string, number>
  brands: Map<number, string>
  categories: Map<string, number>
  categoryIdsOf: Map<string, number[]>
  pictures: Map<string, Set<string>>
  levels: Map<string, number>
}

/** What the file's rows refer to, read in a few statements (codes and SKUs any case). */
async function readWorld(db: Db, facts: ProductCsvFacts, codes: string[], skus: string[]): Promise<World> {
  const world: World = {
    products: new Map(),
    variants: new Map(),
    sizeCount: new Map(),
    brands: new Map((await db.select().from(brands)).map((b) => [b.id, b.name])),
    categories: new Map(),
    categoryIdsOf: new Map(),
    pictures: new Map(),
    levels: new Map(),
  }
  for (const c of await db.select().from(categories))
    world.categories.set(`${c.idBrand}|${c.name.toLowerCase()}`, c.id)
  for (let i = 0; i < codes.length; i += 1000) {
    const chunk = codes.slice(i, i + 1000).map((c) => c.toLowerCase())
    const rows = await db
      .select()
      .from(products)
      .where(inArray(sql`lower(${products.productCode})`, chunk))
    for (const p of rows) world.products.set(p.productCode.toLowerCase(), p)
  }
  const stored = [...world.products.values()].map((p) => p.productCode)
  for (let i = 0; i < stored.length; i += 1000) {
    const chunk = stored.slice(i, i + 1000)
    const [sizes, links, media] = await Promise.all([
      db.select().from(variants).where(inArray(variants.productCode, chunk)),
      db.select().from(productCategories).where(inArray(productCategories.productCode, chunk)),
      db.select().from(productMedia).where(inArray(productMedia.productCode, chunk)),
    ])
    for (const v of sizes) {
      world.variants.set(v.skuProduct.toLowerCase(), v)
      world.sizeCount.set(v.productCode, (world.sizeCount.get(v.productCode) ?? 0) + 1)
    }
    for (const l of links)
      world.categoryIdsOf.set(l.productCode, [
        ...(world.categoryIdsOf.get(l.productCode) ?? []),
        l.categoryId,
      ])
    for (const m of media) {
      const set = world.pictures.get(m.productCode) ?? new Set<string>()
      set.add(m.url)
      world.pictures.set(m.productCode, set)
    }
  }
  // SKUs of the file that belong to products not in the file.
  const unknownSkus = skus.filter((s) => !world.variants.has(s.toLowerCase()))
  for (let i = 0; i < unknownSkus.length; i += 1000) {
    const chunk = unknownSkus.slice(i, i + 1000).map((s) => s.toLowerCase())
    for (const v of await db
      .select()
      .from(variants)
      .where(inArray(sql`lower(${variants.skuProduct})`, chunk)))
      world.variants.set(v.skuProduct.toLowerCase(), v)
  }
  world.levels = await onHandLevels(
    db,
    facts.held,
    [...world.variants.values()].map((v) => v.skuProduct),
  )
  return world
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',')

/** Reads every row against the stored catalogue: the plan, or every error by line and column. */
function planRows(
  parsed: ParsedCsv,
  header: Header,
  world: World,
  mayMoveStock: boolean,
  errors: CsvError[],
): PlannedProduct[] {
  const cell = (cells: string[], column: ProductCsvColumn): string | undefined => {
    const index = header.at[column]
    return index === undefined ? undefined : (cells[index] ?? '')
  }
  const planned = new Map<string, PlannedProduct>()
  /** Product cells of a product's first line, to compare its later lines with. */
  const firstCells = new Map<string, { line: number; cells: string[] }>()
  const skuLines = new Map<string, number>()
  // The product's own columns: those between its code and its first size's.
  const productColumns: readonly ProductCsvColumn[] = PRODUCT_CSV_COLUMNS.slice(
    1,
    PRODUCT_CSV_COLUMNS.indexOf('sku_product'),
  )

  for (const { line, cells } of parsed.rows) {
    const before = errors.length
    const rawCode = cell(cells, 'product_code') ?? ''
    if (rawCode === '') {
      errors.push({ line, column: 'product_code', message: fromSchema('is required') })
      continue
    }
    const key = rawCode.toLowerCase()
    const first = firstCells.get(key)
    let product = planned.get(key)
    if (first) {
      // Product columns repeat on each of its rows: they must say the same.
      for (const column of productColumns) {
        const a = cell(first.cells, column)
        const b = cell(cells, column)
        if (a !== b)
          errors.push({
            line,
            column,
            message: own(
              `Differs from line ${first.line} of the same product`,
              `Berbeda dari baris ${first.line} untuk produk yang sama`,
            ),
          })
      }
    } else {
      firstCells.set(key, { line, cells })
      product = planProduct(line, rawCode, cells, cell, world, errors) ?? undefined
      if (product) planned.set(key, product)
    }

    const rawSku = cell(cells, 'sku_product') ?? ''
    if (rawSku === '') {
      // A product's own row without a size: nothing else may be on it.
      if (header.stock.some((s) => (cells[s.index] ?? '') !== ''))
        errors.push({
          line,
          column: 'sku_product',
          message: own('Stock needs a size: give its SKU', 'Stok memerlukan ukuran: isi SKU-nya'),
        })
      continue
    }
    const skuKey = rawSku.toLowerCase()
    if (skuLines.has(skuKey)) {
      errors.push({
        line,
        column: 'sku_product',
        message: own(`Repeats line ${skuLines.get(skuKey)}`, `Sama dengan baris ${skuLines.get(skuKey)}`),
      })
      continue
    }
    skuLines.set(skuKey, line)
    const storedSize = world.variants.get(skuKey) ?? null
    if (storedSize && storedSize.productCode.toLowerCase() !== key) {
      errors.push({
        line,
        column: 'sku_product',
        message: own(
          `This SKU is a size of product ${storedSize.productCode}`,
          `SKU ini adalah ukuran produk ${storedSize.productCode}`,
        ),
      })
      continue
    }
    const size = planSize(line, rawSku, storedSize, cells, cell, errors)
    if (!size) continue
    for (const column of header.stock) {
      const value = (cells[column.index] ?? '').trim()
      if (value === '') continue // an empty cell leaves the stock as it is
      if (!/^\d{1,7}$/.test(value) || Number(value) > 1_000_000) {
        errors.push({
          line,
          column: column.column,
          message: own(
            'Must be a whole number of units from 0 to 1000000',
            'Harus bilangan bulat unit dari 0 sampai 1000000',
          ),
        })
        continue
      }
      const from = storedSize ? (world.levels.get(`${storedSize.skuProduct}@${column.warehouse.id}`) ?? 0) : 0
      const to = Number(value)
      if (to === from) continue
      if (!mayMoveStock) {
        errors.push({
          line,
          column: column.column,
          message: own(
            'Your role may not change stock (leave the cell as exported or empty)',
            'Peran Anda tidak boleh mengubah stok (biarkan sel seperti hasil ekspor atau kosong)',
          ),
        })
        continue
      }
      size.stock.push({ column: column.column, warehouse: column.warehouse, from, to })
    }
    if (product && errors.length === before) {
      if (!storedSize && product.stored?.isBundling) {
        const has =
          (world.sizeCount.get(product.stored.productCode) ?? 0) +
          product.sizes.filter((s) => !s.stored).length
        if (has > 0) {
          errors.push({
            line,
            column: 'sku_product',
            message: own(
              'A bundle is one variant (its own SKU): it has one already',
              'Paket bundling hanya memiliki satu varian (SKU-nya sendiri) dan sudah memilikinya',
            ),
          })
          continue
        }
      }
      product.sizes.push(size)
    }
  }
  return [...planned.values()]
}

function planProduct(
  line: number,
  rawCode: string,
  cells: string[],
  cell: (cells: string[], column: ProductCsvColumn) => string | undefined,
  world: World,
  errors: CsvError[],
): PlannedProduct | null {
  const stored = world.products.get(rawCode.toLowerCase()) ?? null
  const given = (column: ProductCsvColumn) => cell(cells, column)
  const idBrandCell = given('id_brand')
  const body: Record<string, unknown> = {
    product_code: stored?.productCode ?? rawCode,
    id_brand: idBrandCell !== undefined ? numberOf(idBrandCell) : stored?.idBrand,
    product_name: given('product_name') ?? stored?.productName,
  }
  if (given('product_name_alt') !== undefined) body.product_name_alt = given('product_name_alt')
  const colour = given('colour_family')
  if (colour !== undefined) body.colour_family = colour === '' ? null : colour.toLowerCase()
  const coret = given('harga_coret')
  if (coret !== undefined) body.harga_coret = coret === '' ? 0 : numberOf(coret)
  const checked = AdminProductCreateBodySchema.safeParse(body)
  if (!checked.success) {
    schemaErrors(line, checked.error.issues, errors)
    return null
  }
  const value = checked.data
  if (!world.brands.has(value.id_brand)) {
    errors.push({
      line,
      column: 'id_brand',
      message: own(`There is no brand ${value.id_brand}`, `Brand ${value.id_brand} tidak ditemukan`),
    })
    return null
  }
  const brandName = given('brand')
  if (brandName && brandName.toLowerCase() !== world.brands.get(value.id_brand)!.toLowerCase())
    errors.push({
      line,
      column: 'brand',
      message: own(
        `Brand ${value.id_brand} is ${world.brands.get(value.id_brand)}`,
        `Brand ${value.id_brand} adalah ${world.brands.get(value.id_brand)}`,
      ),
    })
  const categoriesCell = given('categories')
  let categoryIds: number[] | undefined
  if (categoriesCell !== undefined) {
    categoryIds = []
    for (const name of listOf(categoriesCell)) {
      const id = world.categories.get(`${value.id_brand}|${name.toLowerCase()}`)
      if (id === undefined)
        errors.push({
          line,
          column: 'categories',
          message: own(
            `Brand ${value.id_brand} has no category "${name}"`,
            `Brand ${value.id_brand} tidak memiliki kategori "${name}"`,
          ),
        })
      else if (!categoryIds.includes(id)) categoryIds.push(id)
    }
    if (categoryIds.length > 30)
      errors.push({ line, column: 'categories', message: fromSchema('must hold at most 30 categories') })
  }
  const known = stored ? (world.pictures.get(stored.productCode) ?? new Set<string>()) : new Set<string>()
  const newPictures: string[] = []
  for (const url of listOf(given('picture_urls') ?? '')) {
    if (known.has(url) || newPictures.includes(url)) continue
    if (!isOwnMediaPath(url)) {
      errors.push({
        line,
        column: 'picture_urls',
        message: own(
          `"${url}" is not a picture of this shop: give a /media/… path, or upload it later`,
          `"${url}" bukan gambar toko ini: isi jalur /media/…, atau unggah nanti`,
        ),
      })
      continue
    }
    newPictures.push(url)
  }
  if (known.size + newPictures.length > CATALOG_MEDIA_MAX)
    errors.push({
      line,
      column: 'picture_urls',
      message: own(
        `A product holds at most ${CATALOG_MEDIA_MAX} pictures and videos`,
        `Satu produk paling banyak ${CATALOG_MEDIA_MAX} gambar dan video`,
      ),
    })

  const fields: AdminProductUpdateBody = {}
  const changed: Record<string, { from: unknown; to: unknown }> = {}
  const compare = <K extends keyof AdminProductUpdateBody>(
    field: K,
    to: AdminProductUpdateBody[K] | undefined,
    from: unknown,
  ) => {
    if (to === undefined) return
    if (stored && (Array.isArray(to) ? sameList(to as number[], from as number[]) : to === from)) return
    fields[field] = to
    if (stored) changed[field] = { from, to }
  }
  compare('id_brand', value.id_brand, stored?.idBrand)
  compare('product_name', value.product_name, stored?.productName)
  compare('product_name_alt', value.product_name_alt, stored?.productNameAlt)
  compare('colour_family', value.colour_family, stored?.colourFamily ?? null)
  compare('harga_coret', value.harga_coret, stored ? Number(stored.hargaCoret) || 0 : 0)
  compare('category_ids', categoryIds, stored ? (world.categoryIdsOf.get(stored.productCode) ?? []) : [])
  return {
    line,
    code: value.product_code,
    stored,
    idBrand: value.id_brand,
    fields,
    changed,
    newPictures,
    sizes: [],
  }
}

function planSize(
  line: number,
  rawSku: string,
  stored: VariantRow | null,
  cells: string[],
  cell: (cells: string[], column: ProductCsvColumn) => string | undefined,
  errors: CsvError[],
): PlannedSize | null {
  const given = (column: ProductCsvColumn) => cell(cells, column)
  const numberCell = (column: ProductCsvColumn, fallback: number | undefined) => {
    const value = given(column)
    return value === undefined ? fallback : value === '' ? undefined : numberOf(value)
  }
  const ukuran = given('ukuran')
  const checked = AdminVariantCreateBodySchema.safeParse({
    sku_product: stored?.skuProduct ?? rawSku,
    ukuran: ukuran === undefined ? stored?.ukuran : ukuran,
    selling_price: numberCell('selling_price', stored?.sellingPrice),
    weight_grams: numberCell('weight_grams', stored?.weightGrams),
  })
  if (!checked.success) {
    schemaErrors(line, checked.error.issues, errors)
    return null
  }
  const value = checked.data
  const changed: Record<string, { from: unknown; to: unknown }> = {}
  if (stored) {
    if (value.ukuran !== stored.ukuran) changed.ukuran = { from: stored.ukuran, to: value.ukuran }
    if (value.selling_price !== stored.sellingPrice)
      changed.selling_price = { from: stored.sellingPrice, to: value.selling_price }
    if (value.weight_grams !== stored.weightGrams)
      changed.weight_grams = { from: stored.weightGrams, to: value.weight_grams }
  }
  return {
    line,
    sku: value.sku_product,
    stored,
    values: { ukuran: value.ukuran, selling_price: value.selling_price, weight_grams: value.weight_grams },
    changed,
    stock: [],
  }
}

// --- import: applying -----------------------------------------------------------------------------

/** Thrown at the end of a dry run's transaction: everything it did is rolled back. */
class DryRun extends Error {
  constructor(readonly result: ProductCsvImportResult) {
    super('dry run')
  }
}

/** Rows of `values` in slices of `size` (one statement each). */
async function inSlices<T>(values: readonly T[], size: number, write: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < values.length; i += size) await write(values.slice(i, i + size))
}

/**
 * The product and size changes of the plan, inside the import's transaction. New products, their
 * sizes and pictures are written a slice at a time (5,000 rows within a minute); their prices are
 * those `recomputePrices` would give (drafts: no price-drop event). Existing products are changed
 * one by one, as the forms change them.
 */
async function applyCatalog(tx: Transaction, plan: PlannedProduct[]) {
  // The changed products locked in code order, as lockProduct takes one: edits of them queue.
  const storedCodes = plan.filter((p) => p.stored).map((p) => p.stored!.productCode)
  await inSlices(storedCodes, 1000, (slice) =>
    tx
      .select({ code: products.productCode })
      .from(products)
      .where(inArray(products.productCode, slice))
      .orderBy(asc(products.productCode))
      .for('update'),
  )
  const fresh = plan.filter((p) => !p.stored)
  await inSlices(fresh, 500, (slice) =>
    tx.insert(products).values(
      slice.map((p) => {
        const prices = p.sizes.map((s) => s.values.selling_price)
        const low = prices.length > 0 ? Math.min(...prices) : 0
        const high = prices.length > 0 ? Math.max(...prices) : 0
        // Always a draft: publishing stays a separate step with its checks (issue 43).
        return {
          ...productValues(p.fields),
          productCode: p.code,
          idBrand: p.idBrand,
          productName: p.fields.product_name!,
          sellingPrice: low,
          startPrice: low === high ? 0 : low,
          endPrice: low === high ? 0 : high,
          publishedAt: null,
        }
      }),
    ),
  )
  for (const p of fresh)
    if (p.fields.category_ids && p.fields.category_ids.length > 0)
      await writeLinks(tx, p.code, p.idBrand, { category_ids: p.fields.category_ids })
  const freshSizes = fresh.flatMap((p) =>
    p.sizes.map((s, position) => ({
      skuProduct: s.sku,
      productCode: p.code,
      ukuran: s.values.ukuran,
      sellingPrice: s.values.selling_price,
      weightGrams: s.values.weight_grams,
      position,
    })),
  )
  await inSlices(freshSizes, 1000, (slice) => tx.insert(variants).values(slice))
  await inSlices(freshSizes, 1000, (slice) =>
    openSellableStock(
      tx,
      slice.map((v) => v.skuProduct),
    ),
  )
  const freshPictures = fresh.flatMap((p) =>
    p.newPictures.map((url, position) => ({ productCode: p.code, type: 'image', url, src: url, position })),
  )
  await inSlices(freshPictures, 1000, (slice) => tx.insert(productMedia).values(slice))

  for (const product of plan.filter((p) => p.stored)) {
    const code = product.stored!.productCode
    if (Object.keys(product.fields).length > 0) {
      await tx
        .update(products)
        .set({ ...productValues(product.fields), updatedAt: new Date() })
        .where(eq(products.productCode, code))
      await writeLinks(tx, code, product.idBrand, product.fields)
    }
    if (product.newPictures.length > 0) {
      const [last] = await tx
        .select({ position: sql<number | null>`max(${productMedia.position})` })
        .from(productMedia)
        .where(eq(productMedia.productCode, code))
      const start = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1
      await tx.insert(productMedia).values(
        product.newPictures.map((url, i) => ({
          productCode: code,
          type: 'image',
          url,
          src: url,
          position: start + i,
        })),
      )
    }
    const added = product.sizes.filter((s) => !s.stored)
    if (added.length > 0) {
      const [last] = await tx
        .select({ position: sql<number | null>`max(${variants.position})` })
        .from(variants)
        .where(eq(variants.productCode, code))
      const start = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1
      await tx.insert(variants).values(
        added.map((s, i) => ({
          skuProduct: s.sku,
          productCode: code,
          ukuran: s.values.ukuran,
          sellingPrice: s.values.selling_price,
          weightGrams: s.values.weight_grams,
          position: start + i,
        })),
      )
      await openSellableStock(
        tx,
        added.map((s) => s.sku),
      )
    }
  }
  // Changed sizes a slice at a time, then the prices of every product whose sizes changed.
  const changedSizes = plan.flatMap((p) =>
    p.sizes.filter((s) => s.stored && Object.keys(s.changed).length > 0),
  )
  await inSlices(changedSizes, 1000, (slice) =>
    tx.execute(sql`
      update variants v set ukuran = x.ukuran, selling_price = x.price, weight_grams = x.weight
      from (values ${sql.join(
        slice.map(
          (s) =>
            sql`(${s.stored!.skuProduct}::varchar, ${s.values.ukuran}::varchar, ${s.values.selling_price}::int, ${s.values.weight_grams}::int)`,
        ),
        sql`, `,
      )}) x(sku, ukuran, price, weight)
      where v.sku_product = x.sku`),
  )
  const repriced = plan
    .filter((p) => p.stored && p.sizes.some((s) => !s.stored || Object.keys(s.changed).length > 0))
    .map((p) => p.stored!.productCode)
  await inSlices(repriced, 1000, (slice) => recomputePricesOf(tx, slice))
}

/** The stock counts, through inventory as import adjustments; a count below held is named by line. */
async function applyStock(
  tx: Transaction,
  plan: PlannedProduct[],
  actor: AuditActor,
  held: HeldByOrders,
  errors: CsvError[],
) {
  const counts = plan.flatMap((p) =>
    p.sizes.flatMap((s) =>
      s.stock.map((m) => ({
        sku: s.sku,
        idWarehouse: m.warehouse.id,
        set: m.to,
        ref: { line: s.line, column: m.column },
      })),
    ),
  )
  if (counts.length === 0) return
  const { refused } = await setOnHandMany(
    tx,
    counts,
    { reason: 'stocktake', note: 'product CSV import', source: 'import' },
    actor,
    held,
  )
  for (const count of refused)
    errors.push({
      line: count.ref.line,
      column: count.ref.column,
      message: own(
        `${count.set} is below the units open orders hold`,
        `${count.set} lebih kecil dari unit yang ditahan pesanan terbuka`,
      ),
    })
}

/** Line-by-line changes and their counts. */
function describe(
  plan: PlannedProduct[],
  rows: number,
): { summary: ProductCsvSummary; changes: ProductCsvChange[] } {
  const changes: ProductCsvChange[] = []
  const summary: ProductCsvSummary = {
    rows,
    products_created: 0,
    products_updated: 0,
    sizes_added: 0,
    sizes_updated: 0,
    pictures_added: 0,
    stock_changes: 0,
    unchanged_lines: 0,
  }
  const changedLines = new Set<number>()
  for (const p of plan) {
    if (!p.stored) {
      summary.products_created++
      changes.push({ line: p.line, kind: 'create_product', product_code: p.code, sku_product: null })
      changedLines.add(p.line)
    } else if (Object.keys(p.changed).length > 0) {
      summary.products_updated++
      changes.push({
        line: p.line,
        kind: 'update_product',
        product_code: p.code,
        sku_product: null,
        fields: p.changed,
      })
      changedLines.add(p.line)
    }
    if (p.newPictures.length > 0) {
      summary.pictures_added += p.newPictures.length
      changes.push({
        line: p.line,
        kind: 'add_pictures',
        product_code: p.code,
        sku_product: null,
        urls: p.newPictures,
      })
      changedLines.add(p.line)
    }
    for (const s of p.sizes) {
      if (!s.stored) {
        summary.sizes_added++
        changes.push({ line: s.line, kind: 'add_size', product_code: p.code, sku_product: s.sku })
        changedLines.add(s.line)
      } else if (Object.keys(s.changed).length > 0) {
        summary.sizes_updated++
        changes.push({
          line: s.line,
          kind: 'update_size',
          product_code: p.code,
          sku_product: s.sku,
          fields: s.changed,
        })
        changedLines.add(s.line)
      }
      for (const m of s.stock) {
        summary.stock_changes++
        changes.push({
          line: s.line,
          kind: 'stock',
          product_code: p.code,
          sku_product: s.sku,
          id_warehouse: m.warehouse.id,
          warehouse_name: m.warehouse.name,
          from: m.from,
          to: m.to,
          delta: m.to - m.from,
        })
        changedLines.add(s.line)
      }
    }
  }
  summary.unchanged_lines = rows - changedLines.size
  changes.sort((a, b) => a.line - b.line)
  return { summary, changes }
}

export interface ProductCsvImport {
  csv: string
  dryRun: boolean
  actor: AuditActor
  /** Whether the caller's role may move stock (stock.write); else a stock cell must stay as it is. */
  mayMoveStock: boolean
}

/**
 * POST …/products/import.csv: every line checked as the forms check it; any error answers 422
 * STF116 naming each by line and column, and nothing changes. A good file is applied in one
 * transaction with one audit row (`product.import`, its counts) and the catalogue's notice; stock
 * through inventory as import adjustments. A dry run does the same work and rolls it back, so what
 * it shows is what the real run does.
 */
export async function importProductsCsv(
  db: Db,
  facts: ProductCsvFacts,
  input: ProductCsvImport,
): Promise<ProductCsvImportResult> {
  const parsed = parseCsv(input.csv)
  const errors: CsvError[] = []
  const warehouses = await listWarehouses(db)
  const header = readHeader(parsed.columns, warehouses, errors)
  if (errors.length > 0) throw csvFailure(errors)
  if (parsed.rows.length === 0)
    throw csvFailure([
      { line: 2, message: own('No rows after the header', 'Tidak ada baris setelah header') },
    ])
  if (parsed.rows.length > PRODUCT_CSV_MAX_ROWS)
    throw csvFailure([
      {
        line: parsed.rows[PRODUCT_CSV_MAX_ROWS]!.line,
        message: own(
          `At most ${PRODUCT_CSV_MAX_ROWS} rows in one import`,
          `Paling banyak ${PRODUCT_CSV_MAX_ROWS} baris dalam satu impor`,
        ),
      },
    ])
  const at = (column: ProductCsvColumn) => header.at[column]
  const codes = [...new Set(parsed.rows.map((r) => r.cells[at('product_code')!] ?? '').filter(Boolean))]
  const skus = [...new Set(parsed.rows.map((r) => r.cells[at('sku_product')!] ?? '').filter(Boolean))]
  const world = await readWorld(db, facts, codes, skus)
  const plan = planRows(parsed, header, world, input.mayMoveStock, errors)
  if (errors.length > 0) throw csvFailure(errors)
  const { summary, changes } = describe(plan, parsed.rows.length)
  const result: ProductCsvImportResult = {
    dry_run: input.dryRun,
    summary,
    changes: changes.slice(0, MAX_CHANGES),
    changes_truncated: changes.length > MAX_CHANGES,
  }
  const nothing = changes.length === 0
  if (nothing) return result
  // Changes in product-code order, as two imports (or an import and a form) take their locks.
  plan.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
  try {
    await catalogChange(
      db,
      input.actor,
      {
        action: 'product.import',
        targetType: 'product',
        targetId: `import:${parsed.rows.length}`,
        changes: {
          ...summary,
          products: plan
            .filter((p) => !p.stored || changes.some((c) => c.product_code === p.code))
            .slice(0, 200)
            .map((p) => p.code),
        },
      },
      async (tx) => {
        await applyCatalog(tx, plan)
        await applyStock(tx, plan, input.actor, facts.held, errors)
        if (errors.length > 0) throw csvFailure(errors)
        if (input.dryRun) throw new DryRun(result)
      },
    )
  } catch (error) {
    if (error instanceof DryRun) return error.result
    throw error
  }
  return result
}
