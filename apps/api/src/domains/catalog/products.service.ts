import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import {
  AppError,
  forceablePublish,
  isColourFamily,
  missingForPublishing,
  PUBLISH_NEED_TEXT,
  publishRefusal,
  type PublishNeed,
  shopDateTimeInstant,
  shopIsoString,
  type AdminBundleBody,
  type AdminProduct,
  type AdminProductCreateBody,
  type AdminProductListQuery,
  type AdminProductSummary,
  type AdminProductUpdateBody,
  type AdminVariantCreateBody,
  type AdminVariantUpdateBody,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import {
  brands,
  bundleOptions,
  categories,
  productCategories,
  productMedia,
  products,
  relatedProducts,
  variants,
} from '../../db/schema/index.ts'
import { publish } from '../events/index.ts'
import { htmlToText, sanitizeStoredHtml } from '../../safe-html.ts'
import type { AuditActor } from '../staff/index.ts'
import { openSellableStock, sellableStockOf } from '../inventory/index.ts'
import { catalogChange, lockProduct } from './change.ts'

type Reader = Db | Transaction

/**
 * What the staff catalogue asks of orders, handed in by app.ts (the catalog cannot import orders,
 * which uses the catalog through the bag; issue 42).
 */
export interface OrdersFacts {
  /** Whether an Open or Paid order holds the SKU, as a line or a bundle's part (orders' skuInOpenOrder). */
  skuInOpenOrder: (db: Db, sku: string) => Promise<boolean>
}

/** A product's first picture (or a video's poster), '' when none: a correlated lookup on `products`. */
export const firstImage = sql<string>`coalesce((
  select coalesce(nullif(m.src, ''), m.url) from ${productMedia} m
  where m.product_code = ${products}.product_code order by (m.type = 'image') desc, m.position, m.id limit 1), '')`

const summaryColumns = {
  productCode: products.productCode,
  productName: products.productName,
  idBrand: products.idBrand,
  isChild: products.isChild,
  publishedAt: products.publishedAt,
  sellingPrice: products.sellingPrice,
  startPrice: products.startPrice,
  endPrice: products.endPrice,
  isBundling: products.isBundling,
  colourFamily: products.colourFamily,
  updatedAt: products.updatedAt,
  variants:
    sql<number>`(select count(*) from ${variants} v where v.product_code = ${products}.product_code)`.mapWith(
      Number,
    ),
  urlImage: firstImage,
}

type SummaryRow = {
  productCode: string
  productName: string
  idBrand: number
  isChild: boolean
  publishedAt: Date | null
  sellingPrice: number
  startPrice: number
  endPrice: number
  isBundling: boolean
  colourFamily: string | null
  updatedAt: Date
  variants: number
  urlImage: string
}

const toSummary = (row: SummaryRow): AdminProductSummary => ({
  product_code: row.productCode,
  product_name: row.productName,
  id_brand: row.idBrand,
  is_child: row.isChild,
  published_at: shopIsoString(row.publishedAt),
  draft: row.publishedAt === null,
  selling_price: row.sellingPrice,
  start_price: row.startPrice,
  end_price: row.endPrice,
  is_bundling: row.isBundling,
  variants: row.variants,
  url_image: row.urlImage ?? '',
  // The column's check constraint holds it to the list; anything else would be a hand-edited row.
  colour_family: row.colourFamily !== null && isColourFamily(row.colourFamily) ? row.colourFamily : null,
  updated_at: shopIsoString(row.updatedAt)!,
})

/** The characters of a LIKE pattern taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The products list's filters (q on code, name and other-language name; brand; draft or
 * published), as conditions: the list and the CSV export (issue 43 part 7) filter alike.
 */
export function productListFilters(query: Pick<AdminProductListQuery, 'q' | 'id_brand' | 'state'>): SQL[] {
  const filters: SQL[] = []
  if (query.q) {
    const pattern = `%${literal(query.q.toLowerCase())}%`
    filters.push(
      or(
        sql`lower(${products.productCode}) like ${pattern}`,
        sql`lower(${products.productName}) like ${pattern}`,
        sql`lower(${products.productNameAlt}) like ${pattern}`,
      )!,
    )
  }
  if (query.id_brand !== undefined) filters.push(eq(products.idBrand, query.id_brand))
  if (query.state === 'draft') filters.push(isNull(products.publishedAt))
  if (query.state === 'published') filters.push(isNotNull(products.publishedAt))
  return filters
}

/** GET …/products: drafts and published alike, by code or name, brand and state, newest change first. */
export async function listProducts(
  db: Db,
  query: AdminProductListQuery,
): Promise<{ products: AdminProductSummary[]; totalPages: number }> {
  const filters = productListFilters(query)
  const where = filters.length > 0 ? and(...filters) : undefined
  const [total] = await db.select({ n: count() }).from(products).where(where)
  const rows = (await db
    .select(summaryColumns)
    .from(products)
    .where(where)
    .orderBy(desc(products.updatedAt), asc(products.productCode))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)) as SummaryRow[]
  return { products: rows.map(toSummary), totalPages: Math.ceil((total?.n ?? 0) / query.per_page) }
}

/** One product with everything the back office edits, drafts included; 404 STF100. */
export async function getAdminProduct(db: Reader, code: string): Promise<AdminProduct> {
  const [row] = await db
    .select({ ...summaryColumns, product: products })
    .from(products)
    .where(sql`lower(${products.productCode}) = lower(${code})`)
    .orderBy(sql`${products.productCode} = ${code} desc`)
    .limit(1)
  if (!row) throw new AppError('STF100')
  const p = row.product
  const [variantRows, mediaRows, related, options, cats] = await Promise.all([
    db
      .select({ ...getTableColumns(variants), stock: sellableStockOf(variants.skuProduct) })
      .from(variants)
      .where(eq(variants.productCode, p.productCode))
      .orderBy(asc(variants.position), asc(variants.skuProduct)),
    db
      .select()
      .from(productMedia)
      .where(eq(productMedia.productCode, p.productCode))
      .orderBy(asc(productMedia.position), asc(productMedia.id)),
    db
      .select({ code: relatedProducts.relatedCode })
      .from(relatedProducts)
      .where(eq(relatedProducts.productCode, p.productCode))
      .orderBy(asc(relatedProducts.position), asc(relatedProducts.relatedCode)),
    db
      .select({ slot: bundleOptions.slot, code: bundleOptions.optionCode })
      .from(bundleOptions)
      .where(eq(bundleOptions.productCode, p.productCode))
      .orderBy(asc(bundleOptions.slot), asc(bundleOptions.position), asc(bundleOptions.optionCode)),
    db
      .select({ id: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productCode, p.productCode))
      .orderBy(asc(productCategories.categoryId)),
  ])
  const slot = (n: number) => options.filter((o) => o.slot === n).map((o) => o.code)
  return {
    ...toSummary(row as SummaryRow),
    product_name_alt: p.productNameAlt,
    description: p.description,
    description_without_tags: p.descriptionWithoutTags,
    product_lable: p.productLable,
    category_menu: p.categoryMenu,
    status: p.status,
    thumbnail: p.thumbnail,
    slide_option: p.slideOption,
    countdown: p.countdown,
    end_at: shopIsoString(p.endAt),
    harga_coret: p.hargaCoret,
    judul_related: p.judulRelated,
    canonical_product_code: p.canonicalProductCode,
    canonical_product_master_name: p.canonicalProductMasterName,
    max_bundling: p.maxBundling,
    limit_qty_bundling: p.limitQtyBundling,
    bundling_option_1: slot(1),
    bundling_option_2: slot(2),
    bundling_option_3: slot(3),
    bundling_option_4: slot(4),
    bundling_option_5: slot(5),
    related_products: related.map((r) => r.code),
    category_ids: cats.map((c) => c.id),
    final_sale: p.finalSale,
    variant: variantRows.map((v) => ({
      sku_product: v.skuProduct,
      ukuran: v.ukuran,
      selling_price: v.sellingPrice,
      weight_grams: v.weightGrams,
      stock: v.stock,
      position: v.position,
    })),
    url_media: mediaRows.map((m) => ({
      id: m.id,
      type: m.type === 'video' ? ('video' as const) : ('image' as const),
      url: m.url,
      src: m.src,
      position: m.position,
    })),
  }
}

/** The stored codes of `codes` (any spelling), in the given order; 422 STF106 naming an unknown one. */
export async function existingCodes(tx: Reader, codes: readonly string[], field: string): Promise<string[]> {
  if (codes.length === 0) return []
  const rows = await tx
    .select({ code: products.productCode })
    .from(products)
    .where(
      inArray(
        sql`lower(${products.productCode})`,
        codes.map((c) => c.toLowerCase()),
      ),
    )
  const byLower = new Map(rows.map((r) => [r.code.toLowerCase(), r.code]))
  return codes.map((code) => {
    const stored = byLower.get(code.toLowerCase())
    if (!stored)
      throw new AppError('STF106', {
        en: `${field}: there is no product ${code}`,
        id: `${field}: produk ${code} tidak ditemukan`,
      })
    return stored
  })
}

async function assertBrand(tx: Transaction, idBrand: number) {
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, idBrand))
  if (!brand)
    throw new AppError('STF106', {
      en: `id_brand: there is no brand ${idBrand}`,
      id: `id_brand: brand ${idBrand} tidak ditemukan`,
    })
}

/**
 * start/end/selling price from the variants, as the seed makes them: selling_price is the lowest
 * variant price; start_price and end_price the lowest and highest when they differ, else 0 (the
 * storefront then shows selling_price with harga_coret). No variant: left as they are. When the
 * price of a published product falls (a staff change, a sale starting), `catalog.price_dropped`
 * is published in the change's transaction: the members waiting for a drop hear of it (issue 42).
 */
export async function recomputePrices(tx: Transaction, productCode: string): Promise<void> {
  const [before] = await tx
    .select({ price: products.sellingPrice, publishedAt: products.publishedAt })
    .from(products)
    .where(eq(products.productCode, productCode))
  const [range] = await tx
    .select({
      low: sql<number | null>`min(${variants.sellingPrice})`,
      high: sql<number | null>`max(${variants.sellingPrice})`,
    })
    .from(variants)
    .where(eq(variants.productCode, productCode))
  if (range?.low === null || range?.low === undefined) return
  const low = Number(range.low)
  const high = Number(range.high)
  await tx
    .update(products)
    .set({ sellingPrice: low, startPrice: low === high ? 0 : low, endPrice: low === high ? 0 : high })
    .where(eq(products.productCode, productCode))
  if (before?.publishedAt && low < before.price)
    await publish(tx, 'catalog.price_dropped', [{ product_code: productCode, price: low }])
}

/**
 * `recomputePrices` for many products in one statement (the CSV import, issue 43 part 7): the same
 * rule, and the same `catalog.price_dropped` for each published product whose price falls.
 */
export async function recomputePricesOf(tx: Transaction, productCodes: readonly string[]): Promise<void> {
  if (productCodes.length === 0) return
  const codes = sql.join(
    productCodes.map((code) => sql`${code}`),
    sql`, `,
  )
  // The CTE reads the rows as they were before this statement's update (one snapshot).
  const result = (await tx.execute(sql`
    with before as (select product_code, selling_price from products where product_code in (${codes})),
    range as (
      select product_code, min(selling_price)::int as low, max(selling_price)::int as high
      from variants where product_code in (${codes}) group by product_code
    )
    update products p set selling_price = r.low,
      start_price = case when r.low = r.high then 0 else r.low end,
      end_price = case when r.low = r.high then 0 else r.high end
    from range r join before b on b.product_code = r.product_code
    where p.product_code = r.product_code
    returning p.product_code, p.selling_price as price, b.selling_price as before_price,
      p.published_at is not null as published`)) as unknown as {
    rows: { product_code: string; price: number; before_price: number; published: boolean }[]
  }
  const dropped = result.rows
    .filter((row) => row.published && Number(row.price) < Number(row.before_price))
    .map((row) => ({ product_code: row.product_code, price: Number(row.price) }))
  if (dropped.length > 0) await publish(tx, 'catalog.price_dropped', dropped)
}

/** Product columns from the body's fields (those given). */
export function productValues(body: AdminProductUpdateBody): Partial<typeof products.$inferInsert> {
  const values: Partial<typeof products.$inferInsert> = {}
  if (body.product_name !== undefined) values.productName = body.product_name
  if (body.product_name_alt !== undefined) values.productNameAlt = body.product_name_alt
  if (body.description !== undefined) {
    // The one stored-HTML allow-list (decision 033): script, style, event attributes never stored.
    const html = sanitizeStoredHtml(body.description)
    values.description = html
    values.descriptionWithoutTags = htmlToText(html)
  }
  if (body.product_lable !== undefined) values.productLable = body.product_lable
  if (body.category_menu !== undefined) values.categoryMenu = body.category_menu
  if (body.status !== undefined) values.status = body.status
  if (body.thumbnail !== undefined) values.thumbnail = body.thumbnail
  if (body.slide_option !== undefined) values.slideOption = body.slide_option
  if (body.countdown !== undefined) values.countdown = body.countdown
  if (body.end_at !== undefined)
    values.endAt = body.end_at === null ? null : new Date(shopDateTimeInstant(body.end_at)!)
  if (body.harga_coret !== undefined) values.hargaCoret = String(body.harga_coret)
  if (body.judul_related !== undefined) values.judulRelated = body.judul_related
  if (body.canonical_product_code !== undefined) values.canonicalProductCode = body.canonical_product_code
  if (body.canonical_product_master_name !== undefined)
    values.canonicalProductMasterName = body.canonical_product_master_name
  if (body.id_brand !== undefined) values.idBrand = body.id_brand
  if (body.is_child !== undefined) values.isChild = body.is_child
  if (body.colour_family !== undefined) values.colourFamily = body.colour_family
  if (body.final_sale !== undefined) values.finalSale = body.final_sale
  return values
}

/** Related products and categories of the body, replacing the product's own. */
export async function writeLinks(
  tx: Transaction,
  code: string,
  idBrand: number,
  body: AdminProductUpdateBody,
) {
  if (body.related_products !== undefined) {
    const related = await existingCodes(tx, body.related_products, 'related_products')
    if (related.includes(code))
      throw new AppError('STF106', {
        en: 'related_products: a product is not related to itself',
        id: 'related_products: produk tidak dapat terkait dengan dirinya sendiri',
      })
    await tx.delete(relatedProducts).where(eq(relatedProducts.productCode, code))
    if (related.length > 0)
      await tx
        .insert(relatedProducts)
        .values(related.map((relatedCode, position) => ({ productCode: code, relatedCode, position })))
  }
  if (body.category_ids !== undefined) {
    const ids = body.category_ids
    if (ids.length > 0) {
      const found = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(inArray(categories.id, ids), eq(categories.idBrand, idBrand)))
      const missing = ids.find((id) => !found.some((f) => f.id === id))
      if (missing !== undefined)
        throw new AppError('STF106', {
          en: `category_ids: there is no category ${missing} of brand ${idBrand}`,
          id: `category_ids: kategori ${missing} dari brand ${idBrand} tidak ditemukan`,
        })
    }
    const kept = await tx
      .select({ id: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productCode, code))
    const keptIds = new Set(kept.map((k) => k.id))
    if (kept.length > 0)
      await tx
        .delete(productCategories)
        .where(
          and(
            eq(productCategories.productCode, code),
            ids.length > 0 ? notInArray(productCategories.categoryId, ids) : undefined,
          ),
        )
    // A new member of a listing goes to its end, or to its top where the category says so (issue
    // 43); kept ones keep their place and segment.
    for (const categoryId of ids.filter((id) => !keptIds.has(id))) {
      await tx.insert(productCategories).values({
        categoryId,
        productCode: code,
        position: sql`(select case when c.new_products = 'top'
            then coalesce(min(pc.position), 0) - 1 else coalesce(max(pc.position), -1) + 1 end
          from ${categories} c left join ${productCategories} pc on pc.category_id = c.id
          where c.id = ${categoryId} group by c.new_products)`,
      })
    }
  } else if (body.id_brand !== undefined) {
    // Moved to another brand: listings of the old brand no longer hold it.
    await tx
      .delete(productCategories)
      .where(
        and(
          eq(productCategories.productCode, code),
          sql`${productCategories.categoryId} in (select c.id from ${categories} c where c.id_brand <> ${idBrand})`,
        ),
      )
  }
}

/** POST …/products: a new product, always a draft (published by …/publish once it has a variant). */
export async function createProduct(db: Db, body: AdminProductCreateBody, actor: AuditActor) {
  const code = body.product_code
  await catalogChange(
    db,
    actor,
    {
      action: 'product.create',
      targetType: 'product',
      targetId: code,
      changes: { ...body, description: undefined },
    },
    async (tx) => {
      const [clash] = await tx
        .select({ code: products.productCode })
        .from(products)
        .where(sql`lower(${products.productCode}) = lower(${code})`)
      if (clash) throw new AppError('STF101')
      await assertBrand(tx, body.id_brand)
      await tx
        .insert(products)
        .values({
          productCode: code,
          idBrand: body.id_brand,
          productName: body.product_name,
          sellingPrice: 0,
          publishedAt: null,
          ...productValues(body),
        })
        .onConflictDoNothing()
      await writeLinks(tx, code, body.id_brand, body)
    },
  )
  return getAdminProduct(db, code)
}

/** PATCH …/products/{code}: the fields given; prices stay those of the variants. */
export async function updateProduct(db: Db, code: string, body: AdminProductUpdateBody, actor: AuditActor) {
  const stored = await catalogChange(
    db,
    actor,
    {
      action: 'product.update',
      targetType: 'product',
      targetId: code,
      changes: { ...body, ...(body.description !== undefined ? { description: '(changed)' } : {}) },
    },
    async (tx) => {
      const product = await lockProduct(tx, code)
      if (body.id_brand !== undefined) await assertBrand(tx, body.id_brand)
      // updated_at always moves (the sitemap's lastmod), also when only related products or categories
      // change.
      await tx
        .update(products)
        .set({ ...productValues(body), updatedAt: new Date() })
        .where(eq(products.productCode, product.productCode))
      await writeLinks(tx, product.productCode, body.id_brand ?? product.idBrand, body)
      return product.productCode
    },
  )
  return getAdminProduct(db, stored)
}

/**
 * What publishing asks of inventory, handed in by app.ts (inventory uses the catalog, so the
 * catalog cannot import it; issue 43).
 */
export interface StockFacts {
  /** Units on hand of these SKUs over every warehouse (inventory's onHandOfSkus). */
  onHandOf: (db: Db, skus: readonly string[]) => Promise<number>
}

/**
 * POST …/publish and …/unpublish: a draft is invisible to shoppers. Publishing needs a size (409
 * STF113, forced or not) and, unless `force`, a picture and stock in some warehouse (409 STF115);
 * either refusal names everything missing in `errors` (issue 43). A forced publication is audited
 * with `force` and what was missing.
 */
export async function setPublished(
  db: Db,
  code: string,
  publish: boolean,
  actor: AuditActor,
  stock: StockFacts,
  force = false,
) {
  const action = publish ? 'product.publish' : 'product.unpublish'
  const stored = await catalogChange(
    db,
    actor,
    ({ forcedPast }: { forcedPast: PublishNeed[] | null }) => ({
      action,
      targetType: 'product',
      targetId: code,
      ...(forcedPast ? { changes: { force: true, missing: forcedPast } } : {}),
    }),
    async (tx) => {
      const product = await lockProduct(tx, code)
      let forcedPast: PublishNeed[] | null = null
      // Publishing again changes nothing, and keeps the first publication time.
      if (publish && product.publishedAt === null) {
        const missing = await missingForProduct(tx, product.productCode, stock)
        if (missing.length > 0 && (!force || !forceablePublish(missing)))
          throw new AppError(
            missing.includes('size') ? 'STF113' : 'STF115',
            publishRefusal(missing),
            missing.map((need) => ({ field: need, message: PUBLISH_NEED_TEXT[need] })),
          )
        if (force) forcedPast = missing
        await tx
          .update(products)
          .set({ publishedAt: new Date() })
          .where(eq(products.productCode, product.productCode))
      } else if (!publish && product.publishedAt !== null) {
        await tx
          .update(products)
          .set({ publishedAt: null })
          .where(eq(products.productCode, product.productCode))
      }
      return { code: product.productCode, forcedPast }
    },
  )
  return getAdminProduct(db, stored.code)
}

/** What a product lacks before shoppers may see it: its sizes, pictures and units on hand counted. */
async function missingForProduct(tx: Transaction, code: string, stock: StockFacts): Promise<PublishNeed[]> {
  const skus = (
    await tx.select({ sku: variants.skuProduct }).from(variants).where(eq(variants.productCode, code))
  ).map((row) => row.sku)
  const pictures = await tx.$count(
    productMedia,
    and(eq(productMedia.productCode, code), eq(productMedia.type, 'image')),
  )
  return missingForPublishing({ sizes: skus.length, pictures, onHand: await stock.onHandOf(tx, skus) })
}

/**
 * POST …/variants: a new size with stock 0 (stock is the stock calls' work: inventory opens its
 * sellable stock row at 0 in this transaction); prices follow.
 */
export async function createVariant(db: Db, code: string, body: AdminVariantCreateBody, actor: AuditActor) {
  const stored = await catalogChange(
    db,
    actor,
    { action: 'variant.create', targetType: 'product', targetId: code, changes: { ...body } },
    async (tx) => {
      const product = await lockProduct(tx, code)
      if (
        product.isBundling &&
        (await tx.$count(variants, eq(variants.productCode, product.productCode))) > 0
      )
        throw new AppError('STF105', {
          en: 'A bundle is one variant (its own SKU): it has one already',
          id: 'Paket bundling hanya memiliki satu varian (SKU-nya sendiri) dan sudah memilikinya',
        })
      const [clash] = await tx
        .select({ sku: variants.skuProduct })
        .from(variants)
        .where(sql`lower(${variants.skuProduct}) = lower(${body.sku_product})`)
      if (clash) throw new AppError('STF103')
      const [last] = await tx
        .select({ position: sql<number | null>`max(${variants.position})` })
        .from(variants)
        .where(eq(variants.productCode, product.productCode))
      await tx.insert(variants).values({
        skuProduct: body.sku_product,
        productCode: product.productCode,
        ukuran: body.ukuran,
        sellingPrice: body.selling_price,
        weightGrams: body.weight_grams,
        position:
          body.position ??
          (last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1),
      })
      await openSellableStock(tx, [body.sku_product])
      await recomputePrices(tx, product.productCode)
      return product.productCode
    },
  )
  return getAdminProduct(db, stored)
}

async function variantOf(tx: Transaction, productCode: string, sku: string) {
  const [variant] = await tx
    .select()
    .from(variants)
    .where(and(eq(variants.productCode, productCode), sql`lower(${variants.skuProduct}) = lower(${sku})`))
    .for('update')
  if (!variant) throw new AppError('STF102')
  return variant
}

/** PATCH …/variants/{sku}: size, price, weight, position; prices of the product follow. */
export async function updateVariant(
  db: Db,
  code: string,
  sku: string,
  body: AdminVariantUpdateBody,
  actor: AuditActor,
) {
  const stored = await catalogChange(
    db,
    actor,
    {
      action: 'variant.update',
      targetType: 'product',
      targetId: code,
      changes: { sku_product: sku, ...body },
    },
    async (tx) => {
      const product = await lockProduct(tx, code)
      const variant = await variantOf(tx, product.productCode, sku)
      await tx
        .update(variants)
        .set({
          ...(body.ukuran !== undefined ? { ukuran: body.ukuran } : {}),
          ...(body.selling_price !== undefined ? { sellingPrice: body.selling_price } : {}),
          ...(body.weight_grams !== undefined ? { weightGrams: body.weight_grams } : {}),
          ...(body.position !== undefined ? { position: body.position } : {}),
        })
        .where(eq(variants.skuProduct, variant.skuProduct))
      await recomputePrices(tx, product.productCode)
      return product.productCode
    },
  )
  return getAdminProduct(db, stored)
}

/**
 * DELETE …/variants/{sku}. An open order (Open or Paid: its stock is held and it is still to be
 * shipped or cancelled, which puts stock back on this variant) refuses it: 409 STF104. A bag line
 * does not: bag lines have no foreign key on the SKU by design and show as unavailable (the cart's
 * own rule for a withdrawn variant). The last variant of a published product cannot go either
 * (STF113): unpublish first. Whether an open order holds the SKU is the orders module's to answer:
 * app.ts hands its `skuInOpenOrder` to these calls (`OrdersFacts`).
 */
export async function deleteVariant(
  db: Db,
  code: string,
  sku: string,
  actor: AuditActor,
  orders: OrdersFacts,
) {
  const stored = await catalogChange(
    db,
    actor,
    { action: 'variant.delete', targetType: 'product', targetId: code, changes: { sku_product: sku } },
    async (tx) => {
      const product = await lockProduct(tx, code)
      const variant = await variantOf(tx, product.productCode, sku)
      if (await orders.skuInOpenOrder(tx, variant.skuProduct)) throw new AppError('STF104')
      if (product.publishedAt !== null) {
        const others = await tx.$count(
          variants,
          and(eq(variants.productCode, product.productCode), ne(variants.skuProduct, variant.skuProduct)),
        )
        if (others === 0) throw new AppError('STF113')
      }
      await tx.delete(variants).where(eq(variants.skuProduct, variant.skuProduct))
      await recomputePrices(tx, product.productCode)
      return product.productCode
    },
  )
  return getAdminProduct(db, stored)
}

/**
 * PUT …/bundle (docs/product/shopping.md §5 and 8; the body's own rules are in AdminBundleBodySchema):
 * options are existing products other than this one and not bundles themselves, and a bundle is
 * one variant (its own SKU, bought as a whole): 422 STF105. Turning a product's bundle off clears
 * its slots.
 */
export async function setBundle(db: Db, code: string, body: AdminBundleBody, actor: AuditActor) {
  const stored = await catalogChange(
    db,
    actor,
    { action: 'product.bundle', targetType: 'product', targetId: code, changes: { ...body } },
    async (tx) => {
      const product = await lockProduct(tx, code)
      const slots: { slot: number; codes: string[] }[] = []
      for (const n of [1, 2, 3, 4, 5]) {
        const given = body[`bundling_option_${n}` as 'bundling_option_1']
        slots.push({ slot: n, codes: await existingCodes(tx, given, `bundling_option_${n}`) })
      }
      const all = [...new Set(slots.flatMap((s) => s.codes))]
      if (all.includes(product.productCode))
        throw new AppError('STF105', {
          en: 'A bundle cannot be one of its own options',
          id: 'Paket bundling tidak dapat menjadi pilihan dirinya sendiri',
        })
      if (all.length > 0) {
        const nested = await tx
          .select({ code: products.productCode })
          .from(products)
          .where(and(inArray(products.productCode, all), eq(products.isBundling, true)))
        if (nested.length > 0)
          throw new AppError('STF105', {
            en: `${nested[0]!.code} is a bundle itself and cannot be an option`,
            id: `${nested[0]!.code} adalah paket bundling dan tidak dapat menjadi pilihan`,
          })
      }
      if (body.is_bundling) {
        const n = await tx.$count(variants, eq(variants.productCode, product.productCode))
        if (n > 1)
          throw new AppError('STF105', {
            en: 'A bundle is one variant (its own SKU): remove the other variants first',
            id: 'Paket bundling hanya memiliki satu varian (SKU-nya sendiri): hapus varian lainnya terlebih dahulu',
          })
      }
      await tx
        .update(products)
        .set({
          isBundling: body.is_bundling,
          maxBundling: body.max_bundling,
          limitQtyBundling: body.limit_qty_bundling,
        })
        .where(eq(products.productCode, product.productCode))
      await tx.delete(bundleOptions).where(eq(bundleOptions.productCode, product.productCode))
      const rows = slots.flatMap((s) =>
        s.codes.map((optionCode, position) => ({
          productCode: product.productCode,
          slot: s.slot,
          optionCode,
          position,
        })),
      )
      if (rows.length > 0) await tx.insert(bundleOptions).values(rows)
      return product.productCode
    },
  )
  return getAdminProduct(db, stored)
}
