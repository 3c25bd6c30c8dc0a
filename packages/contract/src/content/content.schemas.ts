import { z } from 'zod'
import { envelopeSchema, pagedEnvelopeSchema } from '../envelope.schemas.ts'
import { GroupBrandQuery } from '../catalog/catalog.schemas.ts'
import { CONTROL_CHARACTER_MESSAGE, LINE_BREAKS_AND_CONTROLS } from '../text.ts'
import { CONTENT_SLUG, STORE_KEYWORD_MAX } from './content.rules.ts'

/**
 * Help, articles, about, content pages and the store locator (docs/product/account.md §3 and 7, decision
 * 033). Every HTML field (`konten`, `about`) is sanitised by the API with one allow-list before it
 * is stored and again before it is served; `map_embed` is rebuilt by the API from an allow-listed
 * map URL only.
 */

/** A slug or code in a path or query: lower-case words joined by hyphens (or underscores). */
const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(120)
  .regex(CONTENT_SLUG, "must be lower-case letters, digits and hyphens, such as 'shipping-time'")

/** FAQ category (docs/product/account.md §3): category_code, name, icon. */
export const FaqCategorySchema = z.object({ category_code: z.string(), name: z.string(), icon: z.string() })
export type FaqCategory = z.infer<typeof FaqCategorySchema>
/** GET /api/v1/pages/kategori_bantuan: every category, in order. */
export const FaqCategoriesResponseSchema = envelopeSchema(z.array(FaqCategorySchema))

/** GET /api/v1/pages/bantuan?category_code= */
export const FaqQuestionsQuerySchema = z.object({ category_code: Slug })
export type FaqQuestionsQuery = z.infer<typeof FaqQuestionsQuerySchema>
/** FAQ item in a category's list (docs/product/account.md §3): slug and name (the question). */
export const FaqQuestionSchema = z.object({ slug: z.string(), name: z.string() })
export type FaqQuestion = z.infer<typeof FaqQuestionSchema>
export const FaqQuestionsResponseSchema = envelopeSchema(z.array(FaqQuestionSchema))

/** GET /api/v1/pages/bantuan/{slug}?category_code= (category_code optional; when given it must match). */
export const FaqAnswerParamsSchema = z.object({ slug: Slug })
export const FaqAnswerQuerySchema = z.object({ category_code: Slug.optional() })
/** The answer: the item with its sanitised HTML konten. */
export const FaqAnswerSchema = FaqQuestionSchema.extend({ category_code: z.string(), konten: z.string() })
export type FaqAnswer = z.infer<typeof FaqAnswerSchema>
export const FaqAnswerResponseSchema = envelopeSchema(FaqAnswerSchema)

/** Article (docs/product/account.md §3): judul, icon, konten (sanitised HTML), slug; newest first. */
export const ArticleSchema = z.object({
  slug: z.string(),
  judul: z.string(),
  icon: z.string(),
  konten: z.string(),
  /** When it was published (ISO 8601): ours, for ordering and search engines. */
  published_at: z.string(),
})
export type Article = z.infer<typeof ArticleSchema>
/** GET /api/v1/pages/artikel: data array. */
export const ArticlesResponseSchema = envelopeSchema(z.array(ArticleSchema))
/** GET /api/v1/pages/artikel/{slug} */
export const ArticleParamsSchema = z.object({ slug: Slug })
export const ArticleResponseSchema = envelopeSchema(ArticleSchema)

/** GET /api/v1/pages/about: data.about (sanitised HTML). */
export const AboutResponseSchema = envelopeSchema(z.object({ about: z.string() }))

/** GET /api/v1/pages/page/{id}: a content page (our path; docs/product has /pages/{id} but no call). */
export const ContentPageParamsSchema = z.object({ id: Slug })
export const ContentPageSchema = z.object({ id: z.string(), judul: z.string(), konten: z.string() })
export type ContentPage = z.infer<typeof ContentPageSchema>
export const ContentPageResponseSchema = envelopeSchema(ContentPageSchema)

/** GET /api/v3/offline-store?page&keyword&id_brand (docs/product/account.md §7). */
export const OfflineStoreQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  keyword: z
    .string()
    .trim()
    .max(STORE_KEYWORD_MAX)
    .refine((value) => !LINE_BREAKS_AND_CONTROLS.test(value), CONTROL_CHARACTER_MESSAGE)
    .optional(),
  id_brand: GroupBrandQuery.optional(),
})
export type OfflineStoreQuery = z.infer<typeof OfflineStoreQuerySchema>

/**
 * Store (docs/product/account.md §3): id, name, address, whatsapp, map_embed. `map_embed` is never the
 * stored HTML: it is an iframe the API writes around `map_url`, or '' when the stored field holds
 * no allow-listed map embed ('Maps Not Found'). `map_url` is that URL alone (ours), or null.
 */
export const StoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  whatsapp: z.string(),
  map_embed: z.string(),
  map_url: z.string().nullable(),
})
export type Store = z.infer<typeof StoreSchema>
/** A page of STORE_PAGE_MAX stores; an empty `data` means 'Store Not Found'. */
export const OfflineStoreResponseSchema = pagedEnvelopeSchema(z.array(StoreSchema))
