import { and, asc, eq, sql } from 'drizzle-orm'
import {
  canonicalProductUrl,
  categoryPath,
  type SitemapBrand,
  type SitemapUrl,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { brands, categories, productCategories, products } from '../../db/schema/index.ts'
import { isPublished } from './catalog.queries.ts'
import { articleDates, standalonePageIds } from '../content/index.ts'

/**
 * The key of a product's canonical page: its canonical code when it has one, else its own, as the
 * contract's canonicalProductUrl chooses it (docs/product/shopping.md §2), lowercased as the URL is.
 */
const canonicalCode = sql<string>`coalesce(nullif(btrim(${products.canonicalProductCode}), ''), ${products.productCode})`
const canonicalKey = sql<string>`lower(${canonicalCode})`

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString()

/**
 * Every brand of the group with how many listings and canonical product pages it has and its
 * newest catalogue change: what the storefront needs to cut its sitemap into files. Three queries.
 */
export async function getSitemapBrands(db: Db): Promise<SitemapBrand[]> {
  const [brandRows, listingRows, productRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.id)),
    db
      .select({ idBrand: categories.idBrand, count: sql<number>`count(*)`.mapWith(Number) })
      .from(categories)
      .groupBy(categories.idBrand),
    db
      .select({
        idBrand: products.idBrand,
        count: sql<number>`count(distinct ${canonicalKey})`.mapWith(Number),
        lastmod: sql<string | null>`max(${products.updatedAt})`,
      })
      .from(products)
      .where(isPublished)
      .groupBy(products.idBrand),
  ])
  const listings = new Map(listingRows.map((row) => [row.idBrand, row.count]))
  const byBrand = new Map(productRows.map((row) => [row.idBrand, row]))
  return brandRows.map((brand) => ({
    id_brand: brand.id,
    name: brand.name,
    listings: listings.get(brand.id) ?? 0,
    products: byBrand.get(brand.id)?.count ?? 0,
    lastmod: iso(byBrand.get(brand.id)?.lastmod ?? null),
  }))
}

/**
 * A window of one brand's URLs for search engines, in a stable order: its category listings (by
 * priority), then one URL per canonical product page (colours of one master are one page, with
 * the newest change among them), by canonical code. Paths only: the storefront adds its origin.
 */
export async function getSitemapUrls(
  db: Db,
  brandId: number,
  window: { offset: number; limit: number },
): Promise<{ urls: SitemapUrl[]; total: number }> {
  const [listingCount, productCount] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(categories)
      .where(eq(categories.idBrand, brandId)),
    db
      .select({ count: sql<number>`count(distinct ${canonicalKey})`.mapWith(Number) })
      .from(products)
      .where(and(eq(products.idBrand, brandId), isPublished)),
  ])
  const listings = listingCount[0]?.count ?? 0
  const total = listings + (productCount[0]?.count ?? 0)
  const urls: SitemapUrl[] = []
  const end = Math.min(window.offset + window.limit, total)

  if (window.offset < listings) {
    const rows = await db
      .select({
        name: categories.name,
        lastmod: sql<string | null>`max(${products.updatedAt})`,
      })
      .from(categories)
      .leftJoin(productCategories, eq(productCategories.categoryId, categories.id))
      .leftJoin(products, and(eq(products.productCode, productCategories.productCode), isPublished))
      .where(eq(categories.idBrand, brandId))
      .groupBy(categories.id)
      .orderBy(asc(categories.priority), asc(categories.id))
      .offset(window.offset)
      .limit(Math.min(end, listings) - window.offset)
    for (const row of rows) {
      urls.push({ type: 'listing', path: categoryPath(brandId, row.name), lastmod: iso(row.lastmod) })
    }
  }

  if (end > listings) {
    const from = Math.max(0, window.offset - listings)
    // One row per canonical page: the master itself when it is in the list, else the first colour.
    const ranked = db
      .select({
        key: sql<string>`${canonicalKey}`.as('key'),
        code: sql<string>`${canonicalCode}`.as('code'),
        name: sql<string>`coalesce(nullif(btrim(${products.canonicalProductMasterName}), ''), ${products.productName})`.as(
          'name',
        ),
        lastmod: sql<string>`max(${products.updatedAt}) over (partition by ${canonicalKey})`.as('lastmod'),
        rank: sql<number>`row_number() over (partition by ${canonicalKey} order by (${products.productCode} = ${canonicalCode}) desc, ${products.productCode})`.as(
          'rank',
        ),
      })
      .from(products)
      .where(and(eq(products.idBrand, brandId), isPublished))
      .as('ranked')
    const rows = await db
      .select({ code: ranked.code, name: ranked.name, lastmod: ranked.lastmod })
      .from(ranked)
      .where(eq(ranked.rank, 1))
      .orderBy(asc(ranked.key))
      .offset(from)
      .limit(end - listings - from)
    for (const row of rows) {
      const path = canonicalProductUrl('', {
        product_code: row.code,
        product_name: row.name,
      })
      urls.push({ type: 'product', path, lastmod: iso(row.lastmod) })
    }
  }
  return { urls, total }
}

/**
 * The shell's pages for search engines, in a stable order: help, stores, about, the article list,
 * every article (newest first, dated by publication) and every content page (/pages/{id}; the
 * about text is /about-us). Paths only: the storefront adds its origin and lists them after its
 * home page. Two queries.
 */
export async function getSitemapPages(db: Db): Promise<SitemapUrl[]> {
  const [articleRows, pageIds] = await Promise.all([articleDates(db), standalonePageIds(db)])
  const page = (path: string, lastmod: string | null = null): SitemapUrl => ({ type: 'page', path, lastmod })
  return [
    page('/help/faq'),
    page('/our-store'),
    page('/about-us'),
    page('/article', iso(articleRows[0]?.publishedAt ?? null)),
    ...articleRows.map((row) => page(`/article/${encodeURIComponent(row.slug)}`, iso(row.publishedAt))),
    ...pageIds.map((id) => page(`/pages/${encodeURIComponent(id)}`)),
  ]
}
