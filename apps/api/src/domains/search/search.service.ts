import { and, eq, sql, type SQL } from 'drizzle-orm'
import { AppError, type ProductCard } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { inOrder, loadCards } from '../catalog/catalog.queries.ts'
import { markWishlist, type Viewer } from '../catalog/catalog.service.ts'

/** The words of a query for full text: letters and digits only, so nothing can break tsquery syntax. */
export function queryWords(key: string): string[] {
  return (key.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
}

/** Normalises a key for matching and cache keys: lowercase, whitespace collapsed. */
export function normaliseKey(key: string): string {
  return key.trim().toLowerCase().replace(/\s+/g, ' ')
}

/**
 * The document searched by full text: the exact expression of the GIN index
 * products_search_fts_idx (migration 0001), so PostgreSQL can use that index.
 */
const ftsDocument = sql`to_tsvector('simple', ${products.productName} || ' ' || ${products.productNameAlt} || ' ' || ${products.descriptionWithoutTags})`

export interface SearchPage {
  cards: ProductCard[]
  total: number
}

/**
 * Word-similarity threshold of the trigram match. pg_trgm's default (0.6) misses one-letter typos
 * in short words (word_similarity('kemja', 'Kemeja Linen') is 0.5, 'atsan' vs 'Atasan' 0.44),
 * while unrelated words score 0.2 or less; 0.4 keeps typos and leaves noise out.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4

/**
 * Searches the brand's own products (the storefront shows one brand: spec 001 Search) by
 * PostgreSQL itself, in both names (product_name, Indonesian, and product_name_alt, English):
 *
 * - full text ('simple' configuration, every word as a prefix since the popup searches while
 *   typing) over both names and the description, with the expression of the GIN index;
 * - trigram word similarity (pg_trgm `<%`, served by the names' GIN trigram indexes) on either
 *   name, so a misspelled word still matches ('kemja' finds 'Kemeja', 'oversied' 'Oversized').
 *
 * Rank: exact name, then name prefix, then full-text hits by ts_rank, then by similarity; ties by
 * name and code so pages are stable. Nothing found: CAT003 (the client shows 'Nothing Found').
 */
export async function searchProducts(
  db: Db,
  brandId: number,
  key: string,
  window: { limit: number; offset: number },
  viewer?: Viewer,
): Promise<SearchPage> {
  const text = normaliseKey(key)
  const words = queryWords(text)
  if (words.length === 0 && text.length < 3) throw new AppError('CAT003')

  const tsquery =
    words.length > 0 ? sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})` : null
  const fullText = tsquery ? sql`(${ftsDocument} @@ ${tsquery})` : null
  const similar = sql`(${text} <% ${products.productName} or ${text} <% ${products.productNameAlt})`
  const exact = sql`(lower(${products.productName}) = ${text} or lower(${products.productNameAlt}) = ${text})`
  const prefix = sql`(starts_with(lower(${products.productName}), ${text}) or starts_with(lower(${products.productNameAlt}), ${text}))`
  const similarity = sql`greatest(word_similarity(${text}, ${products.productName}), word_similarity(${text}, ${products.productNameAlt}))`
  const matching = and(eq(products.idBrand, brandId), fullText ? sql`(${fullText} or ${similar})` : similar)
  // A key of punctuation only has no full-text part; PostgreSQL refuses constant ORDER BY terms,
  // so those terms are left out rather than replaced by constants.
  const order: SQL[] = [sql`${exact} desc`, sql`${prefix} desc`]
  if (fullText && tsquery) order.push(sql`${fullText} desc`, sql`ts_rank(${ftsDocument}, ${tsquery}) desc`)
  order.push(sql`${similarity} desc`, sql`${products.productName}`, sql`${products.productCode}`)

  const { codes, total } = await db.transaction(async (tx) => {
    // `<%` reads its threshold from a setting: set it for this transaction only (safe on a pool).
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    )
    const rows = await tx
      .select({ code: products.productCode, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(matching)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset)
    // count(*) over () rides on the page; a page past the end has no row, so count separately.
    const total = rows[0]?.total ?? (window.offset === 0 ? 0 : await tx.$count(products, matching))
    return { codes: rows.map((r) => r.code), total }
  })
  if (total === 0) throw new AppError('CAT003')
  const cards = inOrder(await loadCards(db, codes), codes)
  await markWishlist(db, viewer, cards)
  return { cards, total }
}
