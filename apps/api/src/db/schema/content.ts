import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { brands } from './catalog.ts'

/**
 * Help, articles, content pages and stores (docs/product/account.md §3 and 7, decision 033). Shopper text
 * is kept in English and Indonesian (`*_en`, `*_id`); the API answers in the request's language.
 * Every HTML column (`konten_*`) holds HTML already through the one allow-list sanitiser
 * (apps/api/src/safe-html.ts), which also runs again on every answer.
 */

/** FAQ category (docs/product: category_code, name, icon), listed by position. */
export const faqCategories = pgTable('faq_categories', {
  categoryCode: varchar('category_code', { length: 120 }).primaryKey(),
  position: integer('position').notNull().default(0),
  icon: text('icon').notNull().default(''),
  nameEn: text('name_en').notNull(),
  nameId: text('name_id').notNull(),
})

/** FAQ item (docs/product: slug, name, konten) of one category. */
export const faqItems = pgTable(
  'faq_items',
  {
    slug: varchar('slug', { length: 120 }).primaryKey(),
    categoryCode: varchar('category_code', { length: 120 })
      .notNull()
      .references(() => faqCategories.categoryCode, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    nameEn: text('name_en').notNull(),
    nameId: text('name_id').notNull(),
    kontenEn: text('konten_en').notNull(),
    kontenId: text('konten_id').notNull(),
  },
  (t) => [index('faq_items_category_idx').on(t.categoryCode, t.position)],
)

/** Article (docs/product: judul, icon, konten, slug), newest first. */
export const articles = pgTable(
  'articles',
  {
    slug: varchar('slug', { length: 120 }).primaryKey(),
    icon: text('icon').notNull().default(''),
    judulEn: text('judul_en').notNull(),
    judulId: text('judul_id').notNull(),
    kontenEn: text('konten_en').notNull(),
    kontenId: text('konten_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('articles_published_idx').on(t.publishedAt)],
)

/** A content page (/pages/{id}): terms, privacy, returns; 'about' is the about page's text. */
export const contentPages = pgTable('content_pages', {
  id: varchar('id', { length: 120 }).primaryKey(),
  judulEn: text('judul_en').notNull(),
  judulId: text('judul_id').notNull(),
  kontenEn: text('konten_en').notNull(),
  kontenId: text('konten_id').notNull(),
})

/**
 * An offline store of a brand (docs/product: id, name, address, whatsapp, map_embed). `map_embed` is kept
 * as given (HTML holding a frame); only an allow-listed map URL taken from it is ever answered.
 */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    idBrand: integer('id_brand')
      .notNull()
      .references(() => brands.id),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull().default(''),
    whatsapp: varchar('whatsapp', { length: 32 }).notNull().default(''),
    mapEmbed: text('map_embed').notNull().default(''),
  },
  (t) => [index('stores_brand_idx').on(t.idBrand, t.position)],
)
