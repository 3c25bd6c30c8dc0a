import type { Db } from '../../db/client.ts'
import { articles, contentPages, faqCategories, faqItems, stores } from '../../db/schema/content.ts'
import { sanitizeStoredHtml } from '../../safe-html.ts'
import { ARTICLES, CONTENT_PAGES, FAQ, STORES } from './content-data.ts'

const DAY = 86_400_000

/**
 * Replaces the help FAQ, articles, content pages and stores with the demo ones (content-data.ts).
 * Every HTML field goes through the stored-HTML sanitiser before it is written (decision 033).
 * Stores need their brands: call it after the brands are seeded.
 */
export async function seedContent(db: Db, now: Date = new Date()): Promise<void> {
  for (const table of [faqItems, faqCategories, articles, contentPages, stores]) {
    await db.delete(table)
  }
  await db.insert(faqCategories).values(
    FAQ.map((category, position) => ({
      categoryCode: category.code,
      position,
      icon: category.icon,
      nameEn: category.name.en,
      nameId: category.name.id,
    })),
  )
  await db.insert(faqItems).values(
    FAQ.flatMap((category) =>
      category.items.map((item, position) => ({
        slug: item.slug,
        categoryCode: category.code,
        position,
        nameEn: item.name.en,
        nameId: item.name.id,
        kontenEn: sanitizeStoredHtml(item.konten.en),
        kontenId: sanitizeStoredHtml(item.konten.id),
      })),
    ),
  )
  await db.insert(articles).values(
    ARTICLES.map((article) => ({
      slug: article.slug,
      icon: article.icon,
      judulEn: article.judul.en,
      judulId: article.judul.id,
      kontenEn: sanitizeStoredHtml(article.konten.en),
      kontenId: sanitizeStoredHtml(article.konten.id),
      publishedAt: new Date(now.getTime() - article.daysAgo * DAY),
    })),
  )
  await db.insert(contentPages).values(
    CONTENT_PAGES.map((page) => ({
      id: page.id,
      judulEn: page.judul.en,
      judulId: page.judul.id,
      kontenEn: sanitizeStoredHtml(page.konten.en),
      kontenId: sanitizeStoredHtml(page.konten.id),
    })),
  )
  // map_embed is kept as given (decision 033): it is never served, only its allow-listed URL.
  await db.insert(stores).values(STORES.map((store, position) => ({ ...store, position })))
}
