import { and, asc, desc, eq, inArray, is, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import {
  AppError,
  say,
  type Localized,
  BUNDLE_MESSAGES,
  bundleLineKey,
  bundlePieces,
  bundleTotalProblem,
  isBuyable,
  MAX_CART_LINES,
  MAX_LINE_QTY,
  mergeBundleParts,
  parcelGrams,
  type CartLine,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { findProductByCode } from '../catalog/index.ts'
import { notEnoughStock } from '../inventory/index.ts'
import {
  brands,
  bundleOptions,
  cartLineComponents,
  cartLines,
  customers,
  productMedia,
  products,
  variants,
} from '../../db/schema/index.ts'

/**
 * The shared bag (spec 000 sections 2-5 and 7; decision 010).
 *
 * Rules:
 * - The bag belongs to the customer (member or phone guest), not to a brand: one bag across the
 *   group, each line with its brand. Every query is scoped by id_pelanggan, so another customer's
 *   line is simply not found (404 CRT001).
 * - Demand: for every variant, the plain lines' qty plus, over bundle lines, component qty × line
 *   qty (and the bundle's own sku × line qty) must not exceed variants.stock. The bag does not
 *   reserve stock (checkout does); it only refuses to promise more than there is (422 CRT002). A
 *   change is checked on the variants whose demand it raises, so lowering a quantity always works
 *   even after stock fell.
 * - A line is identified by its line_key: the sku of a plain line; for a bundle the bundle's sku
 *   and its parts, merged by sku and sorted (`PRP-B01-SET|PRP-1001-M:1,PRP-1002-L:2`). Adding the
 *   same thing again increments the line.
 * - Every change runs in one transaction that first locks the customer row (FOR NO KEY UPDATE):
 *   changes of one bag queue, so no update is lost and the demand check sees the final bag. The
 *   unique (id_pelanggan, line_key) index and ON CONFLICT make a duplicate line impossible anyway.
 */

/** The largest id a line can have (PostgreSQL integer): bigger ids are simply not found. */
const MAX_ID = 2_147_483_647

/** A bag line as stored: components empty for a plain line. */
interface BagLine {
  idLine: number
  productCode: string
  skuProduct: string
  lineKey: string
  qty: number
  components: { skuProduct: string; qty: number }[]
}

/** What a variant is and whether it can be bought (its product neither sold nor COMING-SOON). */
interface VariantInfo {
  skuProduct: string
  productCode: string
  productName: string
  ukuran: string
  sellingPrice: number
  stock: number
  weightGrams: number
  productBuyable: boolean
}

const productBuyable = (status: string, lable: string) => isBuyable({ status, product_lable: lable })
const buyable = (v: VariantInfo | undefined): boolean => !!v && v.productBuyable && v.stock > 0

/**
 * Runs independent reads: at once on the pool, one after another inside a transaction. A
 * transaction holds one connection, and one connection runs one query at a time: pg 8 queues an
 * overlapping query with a deprecation warning and pg 9 will refuse it.
 */
async function reads<T extends readonly unknown[]>(
  db: Db,
  ...queries: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  const results: unknown[] = []
  if (!is(db, PgTransaction)) results.push(...(await Promise.all(queries.map((query) => query()))))
  else for (const query of queries) results.push(await query())
  return results as unknown as T
}

/** Locks the customer's bag for the transaction: changes of one bag run one at a time. */
async function lockBag(tx: Transaction, idPelanggan: number): Promise<void> {
  await tx
    .select({ id: customers.idPelanggan })
    .from(customers)
    .where(eq(customers.idPelanggan, idPelanggan))
    .for('no key update')
}

/** The customer's lines, newest first, with the parts of bundle lines. Two queries. */
async function loadBag(db: Db, idPelanggan: number): Promise<BagLine[]> {
  const [lines, parts] = await reads(
    db,
    () =>
      db
        .select({
          idLine: cartLines.idLine,
          productCode: cartLines.productCode,
          skuProduct: cartLines.skuProduct,
          lineKey: cartLines.lineKey,
          qty: cartLines.qty,
        })
        .from(cartLines)
        .where(eq(cartLines.idPelanggan, idPelanggan))
        .orderBy(desc(cartLines.createdAt), desc(cartLines.idLine)),
    () =>
      db
        .select({
          idLine: cartLineComponents.idLine,
          skuProduct: cartLineComponents.skuProduct,
          qty: cartLineComponents.qty,
        })
        .from(cartLineComponents)
        .innerJoin(cartLines, eq(cartLines.idLine, cartLineComponents.idLine))
        .where(eq(cartLines.idPelanggan, idPelanggan))
        .orderBy(asc(cartLineComponents.idLine), asc(cartLineComponents.position)),
  )
  const byLine = new Map<number, BagLine['components']>()
  for (const part of parts) {
    const list = byLine.get(part.idLine) ?? []
    list.push({ skuProduct: part.skuProduct, qty: part.qty })
    byLine.set(part.idLine, list)
  }
  return lines.map((line) => ({ ...line, components: byLine.get(line.idLine) ?? [] }))
}

/** Variants by sku with their product's name and buyability, in one query. */
async function loadVariants(db: Db, skus: Iterable<string>): Promise<Map<string, VariantInfo>> {
  const unique = [...new Set(skus)]
  const map = new Map<string, VariantInfo>()
  if (unique.length === 0) return map
  const rows = await db
    .select({
      skuProduct: variants.skuProduct,
      productCode: variants.productCode,
      productName: products.productName,
      ukuran: variants.ukuran,
      sellingPrice: variants.sellingPrice,
      stock: variants.stock,
      weightGrams: variants.weightGrams,
      status: products.status,
      lable: products.productLable,
      published: sql<boolean>`${products.publishedAt} is not null`,
    })
    .from(variants)
    .innerJoin(products, eq(products.productCode, variants.productCode))
    .where(inArray(variants.skuProduct, unique))
  for (const { status, lable, published, ...row } of rows) {
    // A product staff took back to draft cannot be bought from a bag that still holds it (issue 14).
    map.set(row.skuProduct, { ...row, productBuyable: published === true && productBuyable(status, lable) })
  }
  return map
}

/** Units of each variant one unit of the line asks for. */
function perUnit(line: Pick<BagLine, 'skuProduct' | 'components'>): Map<string, number> {
  const units = new Map<string, number>([[line.skuProduct, 1]])
  for (const part of line.components) units.set(part.skuProduct, (units.get(part.skuProduct) ?? 0) + part.qty)
  return units
}

/** Summed demand per variant of a bag: plain qty plus component qty × bundle qty. */
function demandOf(lines: readonly Pick<BagLine, 'skuProduct' | 'components' | 'qty'>[]): Map<string, number> {
  const demand = new Map<string, number>()
  for (const line of lines) {
    for (const [sku, units] of perUnit(line)) demand.set(sku, (demand.get(sku) ?? 0) + units * line.qty)
  }
  return demand
}

/** CRT004 naming the sku. */
const variantNotFound = (sku: string): Localized =>
  say(`Product variant not found: ${sku}`, `Varian produk tidak ditemukan: ${sku}`)

/**
 * Refuses a change of the bag from `before` to `after` that raises the demand of a variant past its
 * stock (422 CRT002, naming the product and size). Variants whose demand does not rise are not
 * checked: lowering a quantity is always allowed.
 */
function checkDemand(
  before: readonly BagLine[],
  after: readonly BagLine[],
  info: Map<string, VariantInfo>,
): void {
  const was = demandOf(before)
  for (const [sku, wanted] of demandOf(after)) {
    if (wanted <= (was.get(sku) ?? 0)) continue
    const variant = info.get(sku)
    if (!variant) throw new AppError('CRT004', variantNotFound(sku))
    if (wanted > variant.stock) {
      throw new AppError(
        'CRT002',
        notEnoughStock(`${variant.productName} (${variant.ukuran})`, variant.stock),
      )
    }
  }
}

/** A line's skus are all known and buyable (for adds and raised quantities: else 422 CRT003). */
function checkBuyable(
  line: Pick<BagLine, 'skuProduct' | 'components'>,
  info: Map<string, VariantInfo>,
): void {
  for (const sku of perUnit(line).keys()) {
    const variant = info.get(sku)
    if (!variant) throw new AppError('CRT004', variantNotFound(sku))
    if (!buyable(variant)) {
      throw new AppError(
        'CRT003',
        say(
          `${variant.productName} (${variant.ukuran}) is not available to order`,
          `${variant.productName} (${variant.ukuran}) tidak dapat dipesan`,
        ),
      )
    }
  }
}

interface ProductRow {
  productCode: string
  isBundling: boolean
  status: string
  productLable: string
  maxBundling: number
  limitQtyBundling: number
}

/** A product by code (any spelling, findProductByCode); 404 CRT004 when there is none. */
async function findProduct(db: Db, code: string): Promise<ProductRow> {
  const row = await findProductByCode(db, code, {
    productCode: products.productCode,
    isBundling: products.isBundling,
    status: products.status,
    productLable: products.productLable,
    maxBundling: products.maxBundling,
    limitQtyBundling: products.limitQtyBundling,
  })
  if (!row) throw new AppError('CRT004', say('Product not found', 'Produk tidak ditemukan'))
  return row
}

/** A bag line to be: the product, its sku (the bundle's own sku for bundles), key and parts. */
interface NewLine {
  productCode: string
  skuProduct: string
  lineKey: string
  components: { skuProduct: string; qty: number }[]
}

/**
 * Checks a bundle value against its bundle product and returns the line it makes. In order:
 * unknown sku (404 CRT004); a part that is not an option of one of the bundle's slots (422 BND003);
 * with limit_qty_bundling > 0 a slot whose qty is not exactly that (422 BND003; the panel fixes
 * each slot at that quantity, see decision 010); total pieces under or over max_bundling (422
 * BND001 / BND002 with the spec's messages); a bundle or part that cannot be bought (422 CRT003).
 * Entries with the same sku are merged.
 */
async function composeBundle(
  db: Db,
  product: ProductRow,
  value: readonly { sku_product: string; qty: number }[],
): Promise<NewLine> {
  const merged = new Map(mergeBundleParts(value).map((part) => [part.sku_product, part.qty]))
  const [info, options, own] = await reads(
    db,
    () => loadVariants(db, merged.keys()),
    () =>
      db
        .select({ code: bundleOptions.optionCode })
        .from(bundleOptions)
        .where(eq(bundleOptions.productCode, product.productCode)),
    () =>
      db
        .select({ sku: variants.skuProduct })
        .from(variants)
        .where(eq(variants.productCode, product.productCode))
        .orderBy(asc(variants.position), asc(variants.skuProduct))
        .limit(1),
  )
  const optionCodes = new Set(options.map((o) => o.code))
  for (const sku of merged.keys()) {
    const variant = info.get(sku)
    if (!variant) throw new AppError('CRT004', variantNotFound(sku))
    if (!optionCodes.has(variant.productCode)) {
      throw new AppError(
        'BND003',
        say(
          `${variant.productName} is not an option of this bundle`,
          `${variant.productName} bukan pilihan paket bundling ini`,
        ),
      )
    }
  }
  const limit = product.limitQtyBundling
  if (limit > 0) {
    const wrong = value.find((entry) => entry.qty !== limit)
    if (wrong) {
      throw new AppError(
        'BND003',
        say(
          `Each product of this bundle is bought ${limit} pcs at a time`,
          `Setiap produk dalam paket bundling ini dibeli ${limit} pcs sekaligus`,
        ),
      )
    }
  }
  const max = product.maxBundling
  const problem = bundleTotalProblem(bundlePieces(value), max)
  if (problem) throw new AppError(problem === 'under' ? 'BND001' : 'BND002', BUNDLE_MESSAGES[problem](max))
  const ownSku = own[0]?.sku
  if (!productBuyable(product.status, product.productLable) || !ownSku) {
    throw new AppError(
      'CRT003',
      say('This bundle is not available to order', 'Paket bundling ini tidak dapat dipesan'),
    )
  }
  const components = [...merged].map(([skuProduct, qty]) => ({ skuProduct, qty }))
  return {
    productCode: product.productCode,
    skuProduct: ownSku,
    lineKey: bundleLineKey(ownSku, value),
    components,
  }
}

/** The refusals resolveLine answers with; a missing variant message falls back to CRT004's own. */
interface LineMessages {
  isBundle: Localized
  notBundle: Localized
  variantNotFound?: Localized
}

/**
 * The line a plain sku or a bundle value of `product` makes: a plain sku must be one of the
 * product's variants (CRT004) and the product no bundle; a bundle value is composed and checked by
 * composeBundle. A value of the wrong kind is BND004.
 */
async function resolveLine(
  db: Db,
  product: ProductRow,
  value: string | BundleValue,
  msg: LineMessages,
): Promise<NewLine> {
  if (typeof value !== 'string') {
    if (!product.isBundling) throw new AppError('BND004', msg.notBundle)
    return composeBundle(db, product, value)
  }
  if (product.isBundling) throw new AppError('BND004', msg.isBundle)
  const [variant] = await db
    .select({ sku: variants.skuProduct })
    .from(variants)
    .where(and(eq(variants.skuProduct, value), eq(variants.productCode, product.productCode)))
    .limit(1)
  if (!variant) throw new AppError('CRT004', msg.variantNotFound)
  return { productCode: product.productCode, skuProduct: variant.sku, lineKey: variant.sku, components: [] }
}

/** What adding one unit does: increments `existing`, or creates `line`. */
interface AddPlan {
  line: NewLine
  existing: BagLine | undefined
}

/**
 * Plans adding one unit of a plain sku or a bundle value to the bag, checking every rule (see the
 * module comment) against the bag as it is; writes nothing.
 */
async function planAdd(
  tx: Db,
  idPelanggan: number,
  productCode: string,
  value: string | readonly { sku_product: string; qty: number }[],
): Promise<AddPlan> {
  const product = await findProduct(tx, productCode)
  const line = await resolveLine(tx, product, value, {
    isBundle: say(
      'This product is a bundle: send its bundle value (sku_product and qty list)',
      'Produk ini adalah paket bundling: kirim nilai bundling-nya (daftar sku_product dan qty)',
    ),
    notBundle: say(
      'This product is not a bundle: send one variant sku as sku_product',
      'Produk ini bukan paket bundling: kirim satu sku varian sebagai sku_product',
    ),
  })

  const bag = await loadBag(tx, idPelanggan)
  const existing = bag.find((l) => l.lineKey === line.lineKey)
  if (existing && existing.qty + 1 > MAX_LINE_QTY) {
    throw new AppError(
      'CRT005',
      say(
        `A bag line holds at most ${MAX_LINE_QTY} units`,
        `Satu produk di tas belanja paling banyak ${MAX_LINE_QTY} pcs`,
      ),
    )
  }
  if (!existing && bag.length >= MAX_CART_LINES) {
    throw new AppError(
      'CRT005',
      say(
        `Your bag is full: it holds at most ${MAX_CART_LINES} lines`,
        `Tas belanja Anda sudah penuh: paling banyak ${MAX_CART_LINES} produk`,
      ),
    )
  }
  const after: BagLine[] = existing
    ? bag.map((l) => (l === existing ? { ...l, qty: l.qty + 1 } : l))
    : [...bag, { ...line, idLine: 0, qty: 1 }]
  const info = await loadVariants(tx, [...demandOf(after).keys()])
  checkBuyable(line, info)
  checkDemand(bag, after, info)
  return { line, existing }
}

/** The bundle value as the service takes it (the contract's output: qty a number). */
type BundleValue = readonly { sku_product: string; qty: number }[]

/**
 * Adds one unit (POST /cart/add): a plain sku increments its line or creates one; a bundle value is
 * checked like the bundle check and the same composition increments its line.
 */
export async function addItem(
  db: Db,
  idPelanggan: number,
  productCode: string,
  value: string | BundleValue,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBag(tx, idPelanggan)
    const { line } = await planAdd(tx, idPelanggan, productCode, value)
    const [row] = await tx
      .insert(cartLines)
      .values({
        idPelanggan,
        productCode: line.productCode,
        skuProduct: line.skuProduct,
        lineKey: line.lineKey,
        qty: 1,
      })
      .onConflictDoUpdate({
        target: [cartLines.idPelanggan, cartLines.lineKey],
        set: { qty: sql`${cartLines.qty} + 1`, updatedAt: new Date() },
      })
      .returning({ idLine: cartLines.idLine, qty: cartLines.qty })
    if (row && row.qty === 1 && line.components.length > 0) {
      await tx.insert(cartLineComponents).values(
        line.components.map((c, position) => ({
          idLine: row.idLine,
          skuProduct: c.skuProduct,
          qty: c.qty,
          position,
        })),
      )
    }
  })
}

/**
 * The bundle check (POST /orders/add_to_cart): true when cart/add with this bundle value would
 * succeed now; otherwise the same error cart/add would give (BND001-BND004, CRT002-CRT005).
 */
export async function checkBundle(
  db: Db,
  idPelanggan: number,
  productCode: string,
  value: BundleValue,
): Promise<true> {
  await planAdd(db, idPelanggan, productCode, value)
  return true
}

/**
 * Sets quantities (POST /cart/update), all or nothing: an id that is not the customer's line is
 * 404 CRT001; a line listed twice 400; raising a line that can no longer be bought 422 CRT003;
 * raising demand past stock 422 CRT002.
 */
export async function updateLines(
  db: Db,
  idPelanggan: number,
  items: readonly { id_line: number; qty: number }[],
): Promise<void> {
  const seen = new Set<number>()
  items.forEach((item, i) => {
    if (seen.has(item.id_line)) {
      throw new AppError('REQ001', `Invalid body field 'items.${i}.id_line': the line is listed twice`)
    }
    seen.add(item.id_line)
  })
  await db.transaction(async (tx) => {
    await lockBag(tx, idPelanggan)
    const bag = await loadBag(tx, idPelanggan)
    const wanted = new Map(items.map((item) => [item.id_line, item.qty]))
    for (const id of wanted.keys()) {
      if (id > MAX_ID || !bag.some((l) => l.idLine === id)) throw new AppError('CRT001')
    }
    const after = bag.map((l) => ({ ...l, qty: wanted.get(l.idLine) ?? l.qty }))
    if (after.every((l, i) => l.qty === bag[i]!.qty)) return
    const raised = after.filter((l, i) => l.qty > bag[i]!.qty)
    const info = await loadVariants(tx, [...demandOf(after).keys()])
    for (const line of raised) checkBuyable(line, info)
    checkDemand(bag, after, info)
    const now = new Date()
    for (const [i, line] of after.entries()) {
      if (line.qty === bag[i]!.qty) continue
      await tx
        .update(cartLines)
        .set({ qty: line.qty, updatedAt: now })
        .where(and(eq(cartLines.idLine, line.idLine), eq(cartLines.idPelanggan, idPelanggan)))
    }
  })
}

/** Deletes a line (POST /cart/remove); 404 CRT001 when it is not the customer's. */
export async function removeLine(db: Db, idPelanggan: number, idLine: number): Promise<void> {
  if (idLine > MAX_ID) throw new AppError('CRT001')
  await db.transaction(async (tx) => {
    await lockBag(tx, idPelanggan)
    const deleted = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.idLine, idLine), eq(cartLines.idPelanggan, idPelanggan)))
      .returning({ idLine: cartLines.idLine })
    if (deleted.length === 0) throw new AppError('CRT001')
  })
}

/**
 * The bundle panel's stock check (POST /cart/check_stock): may a slot hold `qty` of the variant
 * instead of `old_qty`, when the panel's slots hold `total_cart_qty` of it in all (old_qty
 * included)? The panel's new demand, plus the bag's demand when a shopper is known, must fit the
 * stock, and the variant must be buyable. Lowering (qty ≤ old_qty) is always allowed. Unknown sku:
 * 404 CRT004.
 */
export async function checkStock(
  db: Db,
  idPelanggan: number | null,
  body: { sku_product: string; qty: number; old_qty: number; total_cart_qty: number },
): Promise<boolean> {
  const [info, bag] = await reads(
    db,
    () => loadVariants(db, [body.sku_product]),
    () => (idPelanggan === null ? Promise.resolve([]) : loadBag(db, idPelanggan)),
  )
  const variant = info.get(body.sku_product)
  if (!variant) throw new AppError('CRT004')
  if (body.qty <= body.old_qty) return true
  if (!buyable(variant)) return false
  const panel = Math.max(body.total_cart_qty - body.old_qty, 0) + body.qty
  const inBag = demandOf(bag).get(body.sku_product) ?? 0
  return panel + inBag <= variant.stock
}

/** Products of the bag's lines with brand name and image urls, in one query. */
async function loadLineProducts(db: Db, codes: readonly string[]) {
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
  return new Map(rows.map((row) => [row.productCode, row]))
}

/**
 * The customer's bag (GET /cart): lines newest first with brand, price, images, the most units the
 * line may hold given stock and the bag's other lines (max_qty), whether it can still be bought,
 * and a bundle line's parts. Four queries whatever the bag's size.
 */
export async function getBag(db: Db, idPelanggan: number): Promise<CartLine[]> {
  const bag = await loadBag(db, idPelanggan)
  if (bag.length === 0) return []
  const [info, lineProducts] = await reads(
    db,
    () => loadVariants(db, [...demandOf(bag).keys()]),
    () =>
      loadLineProducts(
        db,
        bag.map((l) => l.productCode),
      ),
  )
  const demand = demandOf(bag)
  return bag.map((line) => {
    const product = lineProducts.get(line.productCode)
    const own = info.get(line.skuProduct)
    let maxQty = MAX_LINE_QTY
    let available = true
    for (const [sku, units] of perUnit(line)) {
      const variant = info.get(sku)
      if (!buyable(variant)) available = false
      const others = (demand.get(sku) ?? 0) - units * line.qty
      const room = Math.floor(((variant?.stock ?? 0) - others) / units)
      maxQty = Math.min(maxQty, Math.max(room, 0))
    }
    const images = product
      ? typeof product.images === 'string'
        ? JSON.parse(product.images)
        : product.images
      : []
    const answer: CartLine = {
      id_line: line.idLine,
      id_brand: product?.idBrand ?? 0,
      brand_name: product?.brandName ?? '',
      product_code: line.productCode,
      product_name: product?.productName ?? '',
      sku_product: line.skuProduct,
      ukuran: own?.ukuran ?? '',
      qty: String(line.qty),
      price: own?.sellingPrice ?? product?.sellingPrice ?? 0,
      url_image: images as string[],
      max_qty: available ? maxQty : 0,
      available,
    }
    if (line.components.length > 0) {
      answer.bundling = line.components.map((part) => {
        const variant = info.get(part.skuProduct)
        return {
          name: variant?.productName ?? '',
          product_code: variant?.productCode ?? '',
          sku_product: part.skuProduct,
          ukuran: variant?.ukuran ?? '',
          qty: part.qty,
        }
      })
    }
    return answer
  })
}

/**
 * Checks lines a shopper ticked for checkout (POST /orders/cart_new, cart_guest) with the bag's
 * own rules, as if they were a bag of their own: each product and sku (or bundle value) as
 * cart/add checks it (CRT004, BND001-BND004, CRT003), and the summed demand per variant, bundle
 * parts included, against stock (CRT002). Writes nothing. Answers the parcel's weight in grams:
 * packed weight × units of each piece that travels, the plain skus and the bundle parts (a
 * bundle's own sku weighs nothing), read from the variants the checks already loaded.
 */
export async function checkCheckoutLines(
  db: Db,
  lines: readonly { product_code: string; sku_product: string | BundleValue; qty: number }[],
): Promise<{ weightGrams: number }> {
  const planned: BagLine[] = []
  for (const [i, input] of lines.entries()) {
    const product = await findProduct(db, input.product_code)
    const line = await resolveLine(db, product, input.sku_product, {
      isBundle: say(
        `products.${i}: this product is a bundle: send its bundle value (sku_product and qty list)`,
        `products.${i}: produk ini adalah paket bundling: kirim nilai bundling-nya (daftar sku_product dan qty)`,
      ),
      notBundle: say(
        `products.${i}: this product is not a bundle: send one variant sku`,
        `products.${i}: produk ini bukan paket bundling: kirim satu sku varian`,
      ),
      variantNotFound: say(
        `products.${i}.sku_product: product variant not found`,
        `products.${i}.sku_product: varian produk tidak ditemukan`,
      ),
    })
    planned.push({ ...line, idLine: 0, qty: input.qty })
  }
  const info = await loadVariants(db, [...demandOf(planned).keys()])
  for (const line of planned) checkBuyable(line, info)
  checkDemand([], planned, info)
  const pieces = new Map<string, number>()
  for (const line of planned) {
    const travelling =
      line.components.length > 0 ? line.components : [{ skuProduct: line.skuProduct, qty: 1 }]
    for (const part of travelling) {
      pieces.set(part.skuProduct, (pieces.get(part.skuProduct) ?? 0) + part.qty * line.qty)
    }
  }
  const weighed = [...pieces].flatMap(([sku, qty]) => {
    const variant = info.get(sku)
    return variant ? [{ weightGrams: variant.weightGrams, qty }] : []
  })
  return { weightGrams: parcelGrams(weighed) }
}

/** A ticked bag line as an order takes it: priced from the database, with its parts. */
export interface OrderedLine {
  idLine: number
  productCode: string
  productName: string
  skuProduct: string
  ukuran: string
  idBrand: number
  qty: number
  /** The unit price now (a bundle's own sku's price), whole rupiah. */
  price: number
  image: string
  components: { skuProduct: string; productName: string; ukuran: string; qty: number }[]
}

/** What a checkout sends of a ticked line (spec 000 section 3, Checkout payload). */
interface TickedLine {
  id_line: number
  product_code: string
  sku_product: string | BundleValue
  qty: number
}

/** A bundle value as a comparable key: the parts merged by sku and sorted. */
const partsKey = (parts: readonly { sku_product: string; qty: number }[]) =>
  mergeBundleParts(parts)
    .map((part) => `${part.sku_product}:${part.qty}`)
    .sort()
    .join(',')

/**
 * The ticked lines of a checkout (POST /orders/promo, checkout_new, checkout_guest) taken from the
 * customer's own bag, priced from the database. Each id_line must be a line of this customer's bag
 * (404 CRT001 otherwise, as for another customer's line); its product_code, sku_product (the sku,
 * or for a bundle its own sku or the list of its parts) and qty must be the bag line's (409 CHK001
 * naming the field: the bag changed since the page loaded, or the payload was altered). Every
 * piece must still be buyable (422 CRT003) and the summed demand per variant, bundle parts
 * included, must fit the stock (422 CRT002). Answers the lines, the demand to take from stock and
 * the parcel's weight in grams. Writes nothing: placeOrder takes the stock with `takeStock`.
 */
export async function orderedLines(
  db: Db,
  idPelanggan: number,
  ticked: readonly TickedLine[],
): Promise<{ lines: OrderedLine[]; demand: Map<string, number>; weightGrams: number }> {
  const bag = await loadBag(db, idPelanggan)
  const byId = new Map(bag.map((line) => [line.idLine, line]))
  const chosen: BagLine[] = []
  for (const [i, input] of ticked.entries()) {
    const line = byId.get(input.id_line)
    if (!line)
      throw new AppError(
        'CRT001',
        say(
          `products.${i}.id_line: item not found in your bag`,
          `products.${i}.id_line: produk tidak ditemukan di tas belanja Anda`,
        ),
      )
    const changed = (field: string) =>
      new AppError(
        'CHK001',
        say(
          `products.${i}.${field}: does not match the line in your bag; please reload your bag`,
          `products.${i}.${field}: tidak sesuai dengan produk di tas belanja Anda; silakan muat ulang tas belanja`,
        ),
      )
    if (input.product_code.toUpperCase() !== line.productCode.toUpperCase()) throw changed('product_code')
    if (typeof input.sku_product === 'string') {
      if (input.sku_product !== line.skuProduct) throw changed('sku_product')
    } else if (
      line.components.length === 0 ||
      partsKey(input.sku_product) !==
        partsKey(line.components.map((part) => ({ sku_product: part.skuProduct, qty: part.qty })))
    ) {
      throw changed('sku_product')
    }
    if (input.qty !== line.qty) throw changed('qty')
    chosen.push(line)
  }
  const demand = demandOf(chosen)
  const [info, lineProducts] = await reads(
    db,
    () => loadVariants(db, [...demand.keys()]),
    () =>
      loadLineProducts(
        db,
        chosen.map((line) => line.productCode),
      ),
  )
  for (const line of chosen) checkBuyable(line, info)
  checkDemand([], chosen, info)
  const lines = chosen.map((line): OrderedLine => {
    const own = info.get(line.skuProduct)!
    const product = lineProducts.get(line.productCode)
    const images: string[] = product
      ? typeof product.images === 'string'
        ? JSON.parse(product.images)
        : product.images
      : []
    return {
      idLine: line.idLine,
      productCode: line.productCode,
      productName: own.productName,
      skuProduct: line.skuProduct,
      ukuran: own.ukuran,
      idBrand: product?.idBrand ?? 0,
      qty: line.qty,
      price: own.sellingPrice,
      image: images[0] ?? '',
      components: line.components.map((part) => {
        const variant = info.get(part.skuProduct)!
        return {
          skuProduct: part.skuProduct,
          productName: variant.productName,
          ukuran: variant.ukuran,
          qty: part.qty,
        }
      }),
    }
  })
  const pieces = new Map<string, number>()
  for (const line of chosen) {
    const travelling =
      line.components.length > 0 ? line.components : [{ skuProduct: line.skuProduct, qty: 1 }]
    for (const part of travelling) {
      pieces.set(part.skuProduct, (pieces.get(part.skuProduct) ?? 0) + part.qty * line.qty)
    }
  }
  const weighed = [...pieces].map(([sku, qty]) => ({ weightGrams: info.get(sku)!.weightGrams, qty }))
  return { lines, demand, weightGrams: parcelGrams(weighed) }
}

/** Removes ordered lines from the customer's bag (inside the order's transaction). */
export async function removeOrderedLines(
  tx: Transaction,
  idPelanggan: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return
  await tx
    .delete(cartLines)
    .where(and(eq(cartLines.idPelanggan, idPelanggan), inArray(cartLines.idLine, [...ids])))
}

/** Locks the customer row for an order's transaction (the bag's lock: orders and bag changes queue). */
export const lockCustomer = lockBag
