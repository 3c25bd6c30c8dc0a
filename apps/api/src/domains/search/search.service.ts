import { sql } from 'drizzle-orm'
import { AppError, type ListingFacets, type ProductCard } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { searchWords } from '../../db/schema/index.ts'
import { inOrder, loadCards, productTextMatches } from '../catalog/index.ts'
import {
  checkSizes,
  countFacets,
  filteredWindow,
  filterKey,
  listingFilter,
  markWishlist,
  narrows,
  noMemo,
  type ListingFilterQuery,
  type ListingOptions,
  type Viewer,
} from '../catalog/index.ts'

/** The words of a query for full text: letters and digits only, so nothing can break tsquery syntax. */
export function queryWords(key: string): string[] {
  return (key.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
}

/** Normalises a key for matching and cache keys: lowercase, whitespace collapsed. */
export function normaliseKey(key: string): string {
  return key.trim().toLowerCase().replace(/\s+/g, ' ')
}

export interface SearchPage {
  cards: ProductCard[]
  total: number
  /** The filter's facets (issue 39), when asked for. */
  facets?: ListingFacets
}

/**
 * How many typos a query word may carry, as Meilisearch and Typesense allow by default: none
 * under 5 letters (short words match exactly or as a prefix), one from 5 letters, two from 9.
 */
export function typoBudget(word: string): number {
  const letters = [...word].length
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0
}

/** A word full text can take as a lexeme as it is: letters and digits only. */
const plainWord = /^[\p{L}\p{N}]+$/u

/**
 * The words of the names' vocabulary (search_words, migration 0010) within each query word's typo
 * budget, counting an insertion, deletion, substitution or adjacent transposition as one typo.
 *
 * The trigram index narrows the candidates and osa_distance decides. The narrowing loses nothing:
 * each typo removes at most 4 of the query word's n distinct trigrams and adds at most 4, so a word
 * within k typos has a trigram similarity of at least (n - 4k) / (n + 4k) (0.2 for a transposition
 * in a 5-letter word, 5/13 for 'pokladot' against 'polkadot', 1/9 for two in a 9-letter word).
 * The `%` operator reads its threshold from a setting, set for this transaction only to the lowest
 * bound of the query's words (safe on a pool), and each word is then held to its own bound. Only a
 * word too repetitive for the bound (n <= 4k, such as 'aaaaa') is held to one trigram in common.
 */
async function typoCorrections(tx: Db, words: string[]): Promise<Map<string, string[]>> {
  const tolerant = [...new Set(words)].filter((word) => typoBudget(word) > 0)
  const corrections = new Map<string, string[]>()
  if (tolerant.length === 0) return corrections
  const rows = sql.join(
    tolerant.map((word) => sql`(${word}::text, ${typoBudget(word)}::integer)`),
    sql`, `,
  )
  // 1e-4 below the bound, so float rounding never drops a candidate that meets it exactly.
  const budgets = sql`(select word, k, greatest(n - 4 * k, 1)::real / (n + 4 * k) - 1e-4 as bound
    from (select word, k, cardinality(show_trgm(word)) as n from (values ${rows}) as v (word, k)) as s)`
  await tx.execute(
    sql`select set_config('pg_trgm.similarity_threshold', (select min(bound) from ${budgets} as q)::text, true)`,
  )
  const found = await tx
    .select({ word: sql<string>`q.word`, correction: searchWords.word })
    .from(searchWords)
    .innerJoin(sql`${budgets} as q`, sql`${searchWords.word} % q.word`)
    .where(
      sql`abs(char_length(${searchWords.word}) - char_length(q.word)) <= q.k
        and similarity(${searchWords.word}, q.word) >= q.bound
        and osa_distance(q.word, ${searchWords.word}, q.k) <= q.k`,
    )
  for (const { word, correction } of found) {
    if (correction === word || !plainWord.test(correction)) continue
    corrections.set(word, [...(corrections.get(word) ?? []), correction])
  }
  return corrections
}

/**
 * Searches the brand's own products (the storefront shows one brand: docs/product/account.md §2 (Search)) by
 * PostgreSQL full text ('simple' configuration) over both names (product_name, Indonesian, and
 * product_name_alt, English) and the description, with the expression of the GIN index. Every
 * query word must match: as a prefix of a word (the popup searches while typing), or, from 5
 * letters, as a word of the names within its typo budget ('pokladot' and 'polkadto' find
 * 'Polkadot', 'kemja' finds 'Kemeja'), which then counts wherever full text finds it.
 *
 * Rank: exact name, then name prefix, then matches without a typo, then products whose names carry
 * every word, then by ts_rank; ties by name and code so pages are stable. Nothing found: CAT003
 * (the client shows 'Nothing Found').
 */
export async function searchProducts(
  db: Db,
  brandId: number,
  key: string,
  window: { limit: number; offset: number },
  viewer?: Viewer,
  filtering?: { query: ListingFilterQuery; options: ListingOptions },
): Promise<SearchPage> {
  const text = normaliseKey(key)
  const words = queryWords(text)
  if (words.length === 0) throw new AppError('CAT003')
  const filter = filtering ? listingFilter(filtering.query) : {}
  const memo = filtering?.options.memo ?? noMemo

  // The corrections read pg_trgm's threshold, set for their transaction only (safe on a pool).
  const corrections = await db.transaction((tx) => typoCorrections(tx, words))
  // Words and corrections are letters and digits only, so nothing can break tsquery syntax.
  const tsquery = sql`to_tsquery('simple', ${words
    .map((w) => `(${[`${w}:*`, ...(corrections.get(w) ?? [])].join(' | ')})`)
    .join(' & ')})`
  const matches = productTextMatches({ brandId, text, words, tsquery })
  const counted = () => {
    // The matches in relevance order (the catalog's ranking), as a listing source of its filter.
    const source = matches.source
    return {
      source,
      facets: memo(`facets|search|${brandId}|${text}|${filterKey(filter)}`, () =>
        countFacets(db, source, filter),
      ),
    }
  }

  let codes: string[]
  let total: number
  let facets: ListingFacets | undefined
  if (!narrows(filter) && !filter.sort) {
    const page = await matches.page(db, window)
    if (page.total === 0) throw new AppError('CAT003')
    codes = page.codes
    total = page.total
    if (filtering) facets = (await counted().facets).facets
  } else {
    const { source, facets: pending } = counted()
    const [rows, found] = await Promise.all([
      filteredWindow(db, source, filter, window, filtering?.options.unitsSoldSince),
      pending,
    ])
    // The key itself finds nothing: 'Nothing Found'. A filter that leaves nothing is an empty page.
    if (found.matched === 0) throw new AppError('CAT003')
    await checkSizes(db, filter.size, memo, found.facets)
    codes = rows.map((r) => r.code)
    total = found.facets.total
    facets = found.facets
  }
  const cards = inOrder(await loadCards(db, codes), codes)
  await markWishlist(db, viewer, cards)
  return { cards, total, ...(facets ? { facets } : {}) }
}
