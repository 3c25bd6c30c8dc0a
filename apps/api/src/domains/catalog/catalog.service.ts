import { and, asc, eq, sql } from 'drizzle-orm'
import {
  AppError,
  isColourFamily,
  type ColourFamily,
  type CategoryGroup,
  type CategoryQuery,
  type ListingFacets,
  type HomeData,
  type MenuEntry,
  type Product,
  type ProductCard,
  type SiteData,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import {
  brands,
  bundleOptions,
  categories,
  categorySegments,
  homeSliders,
  menus,
  paymentMethods,
  productCategories,
  products,
  relatedProducts,
  siteSettings,
  socialMedia,
} from '../../db/schema/index.ts'
import {
  cardColumns,
  findProductByCode,
  inOrder,
  isPublished,
  jsonList,
  loadCards,
  toCard,
  type CardRow,
} from './catalog.queries.ts'
import { htmlToText, sanitizeStoredHtml } from '../../safe-html.ts'
import {
  checkSizes,
  countFacets,
  filteredWindow,
  filterKey,
  listingFilter,
  narrows,
  noMemo,
  type ListingFilterQuery,
  type ListingSource,
  type Memo,
  type UnitsSoldSince,
} from './listing-filter.ts'

/**
 * Which of `codes` a member keeps on their wishlist. The wishlist module answers it (it owns the
 * table and depends on the catalog for its cards); app.ts hands it to the catalog's and search's
 * routes, so the catalog does not import the wishlist back.
 */
export type WishlistLookup = (db: Db, idPelanggan: number, codes: readonly string[]) => Promise<Set<string>>

/** Whom an answer is for: a signed-in shopper's answers carry their wishlist flags. */
export interface Viewer {
  memberId: number
  wishlisted: WishlistLookup
}

/**
 * Sets is_wishlist on cards for a signed-in viewer (one query for all the cards). Public answers
 * (no viewer) keep every flag false, so they stay shareable.
 */
export async function markWishlist(db: Db, viewer: Viewer | undefined, cards: ProductCard[]): Promise<void> {
  if (!viewer || cards.length === 0) return
  const kept = await viewer.wishlisted(
    db,
    viewer.memberId,
    cards.map((card) => card.product_code),
  )
  for (const card of cards) card.is_wishlist = kept.has(card.product_code)
}

/**
 * The home page of a brand (docs/product/shopping.md §2 (Home)): its carousels, each with banners and product
 * cards, and the category grid. Three queries whatever the number of carousels and products.
 */
export async function getHome(db: Db, brandId: number, isChild: boolean, viewer?: Viewer): Promise<HomeData> {
  const [sliders, grid] = await Promise.all([
    db
      .select()
      .from(homeSliders)
      .where(and(eq(homeSliders.idBrand, brandId), eq(homeSliders.isChild, isChild)))
      .orderBy(asc(homeSliders.priority), asc(homeSliders.id)),
    db
      .select({ name: categories.name, urlImage: categories.urlImage })
      .from(categories)
      .where(
        and(eq(categories.idBrand, brandId), eq(categories.isChild, isChild), eq(categories.inGrid, true)),
      )
      .orderBy(asc(categories.priority), asc(categories.id)),
  ])
  const cards = await loadCards(
    db,
    sliders.flatMap((slider) => slider.productCodes),
  )
  const slider = sliders.map((s) => ({
    category_name: s.categoryName,
    title: s.title,
    // The carousel links to /shop/{id_brand}/category/{category_name}: the link brand.
    id_brand: s.linkBrand,
    url_image: s.urlImage,
    item: inOrder(cards, s.productCodes),
  }))
  await markWishlist(
    db,
    viewer,
    slider.flatMap((s) => s.item),
  )
  return { slider, category: grid.map((c) => ({ category_name: c.name, url_image: c.urlImage })) }
}

/** Finds a brand's category by name: exact spelling first, else case-insensitively (URLs get retyped). */
async function findCategory(db: Db, brandId: number, name: string) {
  const [category] = await db
    .select({ id: categories.id, name: categories.name, title: categories.title })
    .from(categories)
    .where(and(eq(categories.idBrand, brandId), sql`lower(${categories.name}) = lower(${name})`))
    .orderBy(sql`${categories.name} = ${name} desc`)
    .limit(1)
  return category
}

/** How a listing call filters and what it may use (issue 39). */
export interface ListingOptions {
  /** Keeps the facets of a filter and the shop's sizes until the catalog changes. */
  memo: Memo
  /** Units sold per product (the `popular` sort), from the orders module; absent, popular is today's order. */
  unitsSoldSince?: UnitsSoldSince
}

/**
 * The products of a category in today's order (segment priority, then position), as a listing
 * source of listing-filter.ts. Drafts are not listed (issue 14).
 */
function categorySource(categoryId: number): ListingSource {
  return {
    rows: sql`select pc.product_code as code, pc.segment_id, cs.priority as segment_priority, pc.position
      from ${productCategories} pc
      join ${products} p on p.product_code = pc.product_code and p.published_at is not null
      left join ${categorySegments} cs on cs.id = pc.segment_id
      where pc.category_id = ${categoryId}`,
    order: sql`b.segment_priority asc nulls last, b.segment_id asc nulls last, b.position asc, b.code asc`,
  }
}

/**
 * One window of a category listing (docs/product/shopping.md §2 (Listing), endless scrolling): products
 * ordered by segment priority then position, cut at offset/limit and grouped by segment. A segmented
 * category gives one group per segment present in the window, with its banners; products outside
 * any segment (and a plain category) form a group named '' without banners. A window past the end
 * gives no group, which stops the client. Unknown category: CAT002.
 *
 * Filter and sort (issue 39, listing-filter.ts): a filter keeps today's order and its groups; any
 * other sort gives one group named '' (the segments' order no longer holds). `facets` count the
 * whole listing under the filter; `total_pages` follows the filter.
 */
export async function getCategoryPage(
  db: Db,
  brandId: number,
  query: Pick<CategoryQuery, 'category' | 'id_brand' | 'limit' | 'offset' | 'page'> & ListingFilterQuery,
  viewer: Viewer | undefined,
  options: ListingOptions = { memo: noMemo },
): Promise<{ groups: CategoryGroup[]; totalPages: number; facets: ListingFacets }> {
  const category = await findCategory(db, query.id_brand ?? brandId, query.category)
  if (!category) throw new AppError('CAT002')
  const limit = query.limit
  const offset = query.offset ?? ((query.page ?? 1) - 1) * limit
  const filter = listingFilter(query)
  const source = categorySource(category.id)
  const counted = options.memo(`facets|category|${category.id}|${filterKey(filter)}`, () =>
    countFacets(db, source, filter),
  )
  const plain = !narrows(filter) && !filter.sort

  const [rows, segments, { facets }] = await Promise.all([
    plain
      ? db
          .select({
            code: productCategories.productCode,
            segmentId: productCategories.segmentId,
          })
          .from(productCategories)
          // Drafts are not listed (issue 14).
          .innerJoin(products, and(eq(products.productCode, productCategories.productCode), isPublished))
          .leftJoin(categorySegments, eq(categorySegments.id, productCategories.segmentId))
          .where(eq(productCategories.categoryId, category.id))
          .orderBy(
            sql`${categorySegments.priority} asc nulls last`,
            sql`${categorySegments.id} asc nulls last`,
            asc(productCategories.position),
            asc(productCategories.productCode),
          )
          .limit(limit)
          .offset(offset)
      : filteredWindow(db, source, filter, { limit, offset }, options.unitsSoldSince),
    db.select().from(categorySegments).where(eq(categorySegments.categoryId, category.id)),
    counted,
  ])
  await checkSizes(db, filter.size, options.memo, facets)

  const totalPages = Math.ceil(facets.total / limit)
  if (rows.length === 0) return { groups: [], totalPages, facets }

  const cards = await loadCards(
    db,
    rows.map((r) => r.code),
  )
  const segmentById = new Map(segments.map((s) => [s.id, s]))
  const groups: CategoryGroup[] = []
  let current: CategoryGroup | undefined
  let currentSegment: number | null | undefined
  for (const row of rows) {
    const card = cards.get(row.code)
    if (!card) continue
    const segmentId =
      !filter.sort && row.segmentId !== null && segmentById.has(row.segmentId) ? row.segmentId : null
    if (!current || currentSegment !== segmentId) {
      const segment = segmentId === null ? undefined : segmentById.get(segmentId)
      current = {
        name: segment?.name ?? '',
        title: category.title,
        img1: segment?.img1 ?? '',
        img2: segment?.img2 ?? '',
        img3: segment?.img3 ?? '',
        item: [],
      }
      currentSegment = segmentId
      groups.push(current)
    }
    current.item.push(card)
  }
  await markWishlist(
    db,
    viewer,
    groups.flatMap((g) => g.item),
  )
  return { groups, totalPages, facets }
}

/** Finds a product by code, case-insensitively (the web route carries the code lowercased). */
async function findProductRow(db: Db, code: string) {
  const columns = {
    ...cardColumns,
    brandName: sql<string | null>`(select b.name from ${brands} b where b.id = ${products}.id_brand)`,
    canonicalProductCode: products.canonicalProductCode,
    canonicalProductMasterName: products.canonicalProductMasterName,
    description: products.description,
    descriptionWithoutTags: products.descriptionWithoutTags,
    judulRelated: products.judulRelated,
    slideOption: products.slideOption,
    maxBundling: products.maxBundling,
    limitQtyBundling: products.limitQtyBundling,
    colourFamily: products.colourFamily,
    finalSale: products.finalSale,
  }
  return findProductByCode(db, code, columns)
}

/**
 * The product page (docs/product/shopping.md §2 (Product detail)): the card plus brand, canonical fields,
 * sanitised description, media, related products and the five bundle slots as cards with variants.
 * Three queries. Unknown code: CAT001.
 */
export async function getProduct(db: Db, productCode: string, viewer?: Viewer): Promise<Product> {
  const row = await findProductRow(db, productCode)
  if (!row) throw new AppError('CAT001')
  const code = row.productCode

  const [related, bundles] = await Promise.all([
    db
      .select({ code: relatedProducts.relatedCode })
      .from(relatedProducts)
      .where(eq(relatedProducts.productCode, code))
      .orderBy(asc(relatedProducts.position), asc(relatedProducts.relatedCode)),
    db
      .select({ slot: bundleOptions.slot, code: bundleOptions.optionCode })
      .from(bundleOptions)
      .where(eq(bundleOptions.productCode, code))
      .orderBy(asc(bundleOptions.slot), asc(bundleOptions.position), asc(bundleOptions.optionCode)),
  ])
  const relatedCodes = related.map((r) => r.code).filter((c) => c !== code)
  const cards = await loadCards(db, [...relatedCodes, ...bundles.map((b) => b.code)])
  const slot = (n: number) =>
    inOrder(
      cards,
      bundles.filter((b) => b.slot === n).map((b) => b.code),
    )

  // The one stored-HTML allow-list (decision 033), again on the way out.
  const description = sanitizeStoredHtml(row.description)
  const product: Product = {
    ...toCard(row as CardRow),
    brand_name: row.brandName ?? '',
    canonical_product_code: row.canonicalProductCode,
    canonical_product_master_name: row.canonicalProductMasterName,
    description,
    description_without_tags: row.descriptionWithoutTags || htmlToText(description),
    url_media: jsonList(row.media),
    colour_family: isColourFamily(row.colourFamily ?? '') ? (row.colourFamily as ColourFamily) : null,
    final_sale: row.finalSale,
    related_product: inOrder(cards, relatedCodes),
    judul_related: row.judulRelated,
    slide_option: row.slideOption,
    max_bundling: row.maxBundling,
    limit_qty_bundling: row.limitQtyBundling,
    bundling_option_1: slot(1),
    bundling_option_2: slot(2),
    bundling_option_3: slot(3),
    bundling_option_4: slot(4),
    bundling_option_5: slot(5),
  }
  await markWishlist(db, viewer, [
    product,
    ...product.related_product,
    ...[1, 2, 3, 4, 5].flatMap((n) => product[`bundling_option_${n}` as 'bundling_option_1']),
  ])
  return product
}

/**
 * The navigation tree of a brand (GET /api/v2/pages/menu): entries sorted by priority, children in
 * `sub`. An entry whose parent is missing is shown at the top level rather than lost.
 */
export async function getMenu(db: Db, brandId: number, isChild: boolean): Promise<MenuEntry[]> {
  const rows = await db
    .select()
    .from(menus)
    .where(and(eq(menus.idBrand, brandId), eq(menus.isChild, isChild)))
    .orderBy(asc(menus.priority), asc(menus.id))
  const entries = new Map<number, MenuEntry>()
  for (const row of rows) {
    entries.set(row.id, {
      name: row.name,
      priority: row.priority,
      id_brand: row.idBrand,
      is_child: row.isChild ? 'YES' : 'NO',
      category_name: row.categoryName,
      sub: [],
    })
  }
  const roots: MenuEntry[] = []
  for (const row of rows) {
    const entry = entries.get(row.id)!
    const parent = row.parentId !== null && row.parentId !== row.id ? entries.get(row.parentId) : undefined
    if (parent) parent.sub.push(entry)
    else roots.push(entry)
  }
  return roots
}

/** Defaults of the site data when a brand has no settings row yet. */
export interface SiteDefaults {
  whatsapp: string
  background: string
}

/**
 * The site shell's data (docs/product/account.md §2 (Shell) and section 3, Site data): brand, sidebar links,
 * category list, and the footer (social media, payment methods, colour, WhatsApp number).
 */
export async function getSiteData(
  db: Db,
  brandId: number,
  isChild: boolean,
  defaults: SiteDefaults,
): Promise<SiteData> {
  const [brandRows, settingsRows, categoryRows, socialRows, paymentRows] = await Promise.all([
    db.select().from(brands).where(eq(brands.id, brandId)),
    db.select().from(siteSettings).where(eq(siteSettings.idBrand, brandId)),
    db
      .select({ name: categories.name, title: categories.title })
      .from(categories)
      .where(and(eq(categories.idBrand, brandId), eq(categories.isChild, isChild)))
      .orderBy(asc(categories.priority), asc(categories.id)),
    db
      .select({ name: socialMedia.name, link: socialMedia.link, logo: socialMedia.logo })
      .from(socialMedia)
      .where(eq(socialMedia.idBrand, brandId))
      .orderBy(asc(socialMedia.position), asc(socialMedia.id)),
    db
      .select({ name: paymentMethods.name, logo: paymentMethods.logo })
      .from(paymentMethods)
      .orderBy(asc(paymentMethods.position), asc(paymentMethods.id)),
  ])
  const brand = brandRows[0]
  const settings = settingsRows[0]
  return {
    // An unseeded brand still gets a usable shell rather than an error.
    brand: brand
      ? { id: brand.id, name: brand.name, slug: brand.slug, tagline: brand.tagline }
      : { id: brandId, name: '', slug: String(brandId), tagline: '' },
    sidebar: jsonList(settings?.sidebar ?? []),
    category: categoryRows.map((c) => ({ category_name: c.name, title: c.title })),
    footer: {
      social_media: socialRows,
      metode_pembayaran: paymentRows,
      color: { background: settings?.backgroundColor || defaults.background },
      whatsapp: settings?.whatsapp || defaults.whatsapp,
    },
  }
}
