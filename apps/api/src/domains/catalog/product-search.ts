import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { isPublished } from './catalog.queries.ts'
import type { ListingSource } from './listing-filter.ts'

/**
 * The document searched by full text: the exact expression of the GIN index
 * products_search_fts_idx (migration 0001), so PostgreSQL can use that index.
 */
const ftsDocument = sql`to_tsvector('simple', ${products.productName} || ' ' || ${products.productNameAlt} || ' ' || ${products.descriptionWithoutTags})`

/** The names alone, to rank products whose names carry every word above description-only hits. */
const namesDocument = sql`to_tsvector('simple', ${products.productName} || ' ' || ${products.productNameAlt})`

/** A full-text question about a brand's published products. */
export interface ProductTextQuery {
  brandId: number
  /** The whole key, normalised (lowercase, single spaces): an exact or prefix name match ranks first. */
  text: string
  /** The query's words (letters and digits only): as word prefixes, they mark matches without a typo. */
  words: string[]
  /** The tsquery that decides a match (the words, with any typo corrections). */
  tsquery: SQL
}

/** The products that match a text query, in relevance order. */
export interface ProductTextMatches {
  /** The matches with their relevance order, as a listing source of the filter. */
  source: ListingSource
  /** One window of the matches' codes in relevance order, with how many match in all. */
  page(db: Db, window: { limit: number; offset: number }): Promise<{ codes: string[]; total: number }>
}

/**
 * The brand's published products whose names or description match the text query (full text,
 * 'simple' configuration, over the expression of products_search_fts_idx), ranked: exact name,
 * then name prefix, then matches without a typo, then names carrying every word, then ts_rank;
 * ties by name and code so pages are stable.
 */
export function productTextMatches(query: ProductTextQuery): ProductTextMatches {
  const { brandId, text, words, tsquery } = query
  const exact = sql`(lower(${products.productName}) = ${text} or lower(${products.productNameAlt}) = ${text})`
  const prefix = sql`(starts_with(lower(${products.productName}), ${text}) or starts_with(lower(${products.productNameAlt}), ${text}))`
  const withoutTypos = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`
  const matching = and(eq(products.idBrand, brandId), isPublished, sql`${ftsDocument} @@ ${tsquery}`)
  const relevance = [
    sql`${exact} desc`,
    sql`${prefix} desc`,
    sql`(${ftsDocument} @@ ${withoutTypos}) desc`,
    sql`(${namesDocument} @@ ${tsquery}) desc`,
    sql`ts_rank(${ftsDocument}, ${tsquery}) desc`,
    sql`${products.productName}`,
    sql`${products.productCode}`,
  ]
  return {
    source: {
      rows: sql`select ${products.productCode} as code, null::integer as segment_id,
          row_number() over (order by ${sql.join(relevance, sql`, `)}) as ord
        from ${products} where ${matching}`,
      order: sql`b.ord asc`,
    },
    async page(db, window) {
      const rows = await db
        .select({ code: products.productCode, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(products)
        .where(matching)
        .orderBy(...relevance)
        .limit(window.limit)
        .offset(window.offset)
      // count(*) over () rides on the page; a page past the end has no row, so count separately.
      const total = rows[0]?.total ?? (window.offset === 0 ? 0 : await db.$count(products, matching))
      return { codes: rows.map((r) => r.code), total }
    },
  }
}
