import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import {
  AppError,
  STORE_PAGE_MAX,
  type Article,
  type ContentPage,
  type FaqAnswer,
  type FaqCategory,
  type FaqQuestion,
  type MessageLanguage,
  type Store,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { articles, contentPages, faqCategories, faqItems, stores } from '../../db/schema/index.ts'
import { sanitizeStoredHtml } from '../../safe-html.ts'
import { mapEmbedUrl, safeMapEmbed } from './map-embed.ts'

/**
 * Help FAQ, articles, the about text, content pages and stores (docs/product/account.md §3 and 7,
 * decision 033). Text comes in the request's language; every HTML field passes the stored-HTML
 * allow-list again on the way out; a store's map is only ever an allow-listed map URL.
 */

/** The id of the content page holding the about text (GET /api/v1/pages/about). */
export const ABOUT_PAGE_ID = 'about'

const inLanguage = (lng: MessageLanguage, en: string, id: string) => (lng === 'id' ? id || en : en || id)

/** Every FAQ category, by position. */
export async function listFaqCategories(db: Db, lng: MessageLanguage): Promise<FaqCategory[]> {
  const rows = await db
    .select()
    .from(faqCategories)
    .orderBy(asc(faqCategories.position), asc(faqCategories.categoryCode))
  return rows.map((row) => ({
    category_code: row.categoryCode,
    name: inLanguage(lng, row.nameEn, row.nameId),
    icon: row.icon,
  }))
}

/** The questions of a category, by position. Unknown category: CNT001. */
export async function listFaqQuestions(
  db: Db,
  categoryCode: string,
  lng: MessageLanguage,
): Promise<FaqQuestion[]> {
  const [category] = await db
    .select({ code: faqCategories.categoryCode })
    .from(faqCategories)
    .where(eq(faqCategories.categoryCode, categoryCode))
  if (!category) throw new AppError('CNT001')
  const rows = await db
    .select({ slug: faqItems.slug, nameEn: faqItems.nameEn, nameId: faqItems.nameId })
    .from(faqItems)
    .where(eq(faqItems.categoryCode, categoryCode))
    .orderBy(asc(faqItems.position), asc(faqItems.slug))
  return rows.map((row) => ({ slug: row.slug, name: inLanguage(lng, row.nameEn, row.nameId) }))
}

/** One answer, sanitised. Unknown slug, or one of another category than `categoryCode`: CNT002. */
export async function getFaqAnswer(
  db: Db,
  slug: string,
  categoryCode: string | undefined,
  lng: MessageLanguage,
): Promise<FaqAnswer> {
  const where = categoryCode
    ? and(eq(faqItems.slug, slug), eq(faqItems.categoryCode, categoryCode))
    : eq(faqItems.slug, slug)
  const [row] = await db.select().from(faqItems).where(where)
  if (!row) throw new AppError('CNT002')
  return {
    slug: row.slug,
    category_code: row.categoryCode,
    name: inLanguage(lng, row.nameEn, row.nameId),
    konten: sanitizeStoredHtml(inLanguage(lng, row.kontenEn, row.kontenId)),
  }
}

type ArticleRow = typeof articles.$inferSelect

const toArticle = (row: ArticleRow, lng: MessageLanguage): Article => ({
  slug: row.slug,
  judul: inLanguage(lng, row.judulEn, row.judulId),
  icon: row.icon,
  konten: sanitizeStoredHtml(inLanguage(lng, row.kontenEn, row.kontenId)),
  published_at: row.publishedAt.toISOString(),
})

/** Every article, newest first. */
export async function listArticles(db: Db, lng: MessageLanguage): Promise<Article[]> {
  const rows = await db.select().from(articles).orderBy(desc(articles.publishedAt), asc(articles.slug))
  return rows.map((row) => toArticle(row, lng))
}

/** One article. Unknown slug: CNT003. */
export async function getArticle(db: Db, slug: string, lng: MessageLanguage): Promise<Article> {
  const [row] = await db.select().from(articles).where(eq(articles.slug, slug))
  if (!row) throw new AppError('CNT003')
  return toArticle(row, lng)
}

/** One content page (about is the page ABOUT_PAGE_ID). Unknown id: CNT004. */
export async function getContentPage(db: Db, id: string, lng: MessageLanguage): Promise<ContentPage> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.id, id))
  if (!row) throw new AppError('CNT004')
  return {
    id: row.id,
    judul: inLanguage(lng, row.judulEn, row.judulId),
    konten: sanitizeStoredHtml(inLanguage(lng, row.kontenEn, row.kontenId)),
  }
}

/** A LIKE pattern matching `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * One page of a brand's stores (GET /api/v3/offline-store), by position; `keyword` matches name,
 * address or city, case-insensitively. Each store's map is the allow-listed URL of its map field.
 */
export async function listStores(
  db: Db,
  query: { brandId: number; page: number; keyword?: string },
): Promise<{ stores: Store[]; totalPages: number }> {
  const conditions: SQL[] = [eq(stores.idBrand, query.brandId)]
  if (query.keyword) {
    const pattern = containing(query.keyword)
    const match = or(ilike(stores.name, pattern), ilike(stores.address, pattern), ilike(stores.city, pattern))
    if (match) conditions.push(match)
  }
  const where = and(...conditions)
  const [total] = await db.select({ n: count() }).from(stores).where(where)
  const rows = await db
    .select()
    .from(stores)
    .where(where)
    .orderBy(asc(stores.position), asc(stores.id))
    .offset((query.page - 1) * STORE_PAGE_MAX)
    .limit(STORE_PAGE_MAX)
  return {
    totalPages: Math.ceil(Number(total?.n ?? 0) / STORE_PAGE_MAX),
    stores: rows.map((row) => {
      const url = mapEmbedUrl(row.mapEmbed)
      return {
        id: row.id,
        name: row.name,
        address: row.address,
        city: row.city,
        whatsapp: row.whatsapp,
        map_embed: safeMapEmbed(url, row.name),
        map_url: url,
      }
    }),
  }
}
