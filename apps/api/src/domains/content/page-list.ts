import { asc, desc, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { articles, contentPages } from '../../db/schema/index.ts'
import { ABOUT_PAGE_ID } from './content.service.ts'

/** Every article's slug and publication date, newest first (the catalog's sitemap lists them). */
export function articleDates(db: Db): Promise<{ slug: string; publishedAt: Date }[]> {
  return db
    .select({ slug: articles.slug, publishedAt: articles.publishedAt })
    .from(articles)
    .orderBy(desc(articles.publishedAt), asc(articles.slug))
}

/** The ids of the content pages shown at /pages/{id}: all but the about text (/about-us), by id. */
export async function standalonePageIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(ne(contentPages.id, ABOUT_PAGE_ID))
    .orderBy(asc(contentPages.id))
  return rows.map((row) => row.id)
}
