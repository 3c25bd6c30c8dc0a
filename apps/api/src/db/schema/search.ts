import { sql } from 'drizzle-orm'
import { index, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * The vocabulary of product names: every distinct word (4 letters or more, lowercase) of
 * product_name and product_name_alt, kept by a trigger on products (migration 0010). A misspelled
 * query word is corrected against it: the trigram index finds candidates, osa_distance decides
 * (docs/decisions/028-search-typo-tolerance.md). Words of renamed or deleted products stay; they
 * only cost a lookup.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
)
