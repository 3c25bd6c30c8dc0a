import { z } from 'zod'
import { say } from '../language.ts'
import { envelopeSchema } from '../envelope.schemas.ts'
import { withinDates } from '../dates.schemas.ts'
import { BRAND_IDS } from '../brands.ts'
import { CONTENT_SLUG } from '../content/content.rules.ts'
import { CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS, LINE_BREAKS_AND_CONTROLS } from '../text.ts'

/**
 * The back office's content and shipping-rate calls (issue 14): help FAQ, articles, the about page,
 * content pages, stores and the campaign popup (roles owner and marketing), and the shipping rate
 * table (owner and warehouse). The form fields are the stored ones in both languages (`*_en`,
 * `*_id`); the product's names (`konten`, `judul`, `map_embed`) stay. HTML fields are sanitised by the
 * API before they are stored (decision 033): what is answered is what will be served.
 */

/** One line of text: trimmed, no line breaks or control characters. */
const line = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !LINE_BREAKS_AND_CONTROLS.test(value), CONTROL_CHARACTER_MESSAGE)

/** HTML typed or pasted in the editor: sanitised by the API before it is stored. */
const html = (max = 100_000) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTER_MESSAGE)

/** A slug or code: lower-case letters and digits joined by hyphens or underscores. */
export const AdminSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'must not be empty')
  .max(120, 'must be at most 120 characters')
  .regex(CONTENT_SLUG, "must be lower-case letters, digits and hyphens, such as 'shipping-time'")

/** An icon or picture: a path on this shop (/media/…) or an https URL; may be empty. */
const iconUrl = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine(
    (value) => value === '' || /^\/(?!\/)[^\s]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
    'must be a path on this shop (/media/…) or an https:// URL',
  )

const position = z.coerce
  .number()
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(100_000, 'must be at most 100000')

/** Requires at least one field of a PATCH body. */
const someField = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .strict()
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      message: 'give at least one field to change',
    })

const partial = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>
  }

// ---------------------------------------------------------------------------------------------
// FAQ categories and answers

const faqCategoryFields = {
  name_en: line(120),
  name_id: line(120),
  icon: iconUrl.default(''),
  position: position.default(0),
}
export const AdminFaqCategoryCreateSchema = z
  .object({ category_code: AdminSlugSchema, ...faqCategoryFields })
  .strict()
export type AdminFaqCategoryCreate = z.infer<typeof AdminFaqCategoryCreateSchema>
export const AdminFaqCategoryUpdateSchema = someField(
  partial({ name_en: line(120), name_id: line(120), icon: iconUrl, position }),
)
export type AdminFaqCategoryUpdate = z.infer<typeof AdminFaqCategoryUpdateSchema>
export const AdminFaqCategoryParamsSchema = z.object({ category_code: AdminSlugSchema })

export const AdminFaqCategorySchema = z.object({
  category_code: z.string(),
  name_en: z.string(),
  name_id: z.string(),
  icon: z.string(),
  position: z.number().int(),
  /** How many questions it holds (a category with questions cannot be deleted). */
  questions: z.number().int(),
})
export type AdminFaqCategory = z.infer<typeof AdminFaqCategorySchema>
export const AdminFaqCategoryResponseSchema = envelopeSchema(AdminFaqCategorySchema)
export const AdminFaqCategoriesResponseSchema = envelopeSchema(z.array(AdminFaqCategorySchema))

const faqItemFields = {
  category_code: AdminSlugSchema,
  name_en: line(300),
  name_id: line(300),
  konten_en: html(),
  konten_id: html(),
  position: position,
}
export const AdminFaqItemCreateSchema = z
  .object({ slug: AdminSlugSchema, ...faqItemFields, position: position.default(0) })
  .strict()
export type AdminFaqItemCreate = z.infer<typeof AdminFaqItemCreateSchema>
export const AdminFaqItemUpdateSchema = someField(partial(faqItemFields))
export type AdminFaqItemUpdate = z.infer<typeof AdminFaqItemUpdateSchema>
export const AdminSlugParamsSchema = z.object({ slug: AdminSlugSchema })
export const AdminFaqItemsQuerySchema = z.object({ category_code: AdminSlugSchema.optional() })

export const AdminFaqItemSchema = z.object({
  slug: z.string(),
  category_code: z.string(),
  name_en: z.string(),
  name_id: z.string(),
  /** Sanitised HTML, as stored and served. */
  konten_en: z.string(),
  konten_id: z.string(),
  position: z.number().int(),
})
export type AdminFaqItem = z.infer<typeof AdminFaqItemSchema>
export const AdminFaqItemResponseSchema = envelopeSchema(AdminFaqItemSchema)
export const AdminFaqItemsResponseSchema = envelopeSchema(z.array(AdminFaqItemSchema))

// ---------------------------------------------------------------------------------------------
// Articles

const articleFields = {
  icon: iconUrl,
  judul_en: line(200),
  judul_id: line(200),
  konten_en: html(),
  konten_id: html(),
  /** When it is shown as published (ISO 8601 with an offset); articles are listed newest first. */
  published_at: withinDates(
    z.iso.datetime({ offset: true, message: 'must be an ISO date and time with an offset' }),
  ),
}
export const AdminArticleCreateSchema = z
  .object({
    slug: AdminSlugSchema,
    ...articleFields,
    icon: iconUrl.default(''),
    published_at: articleFields.published_at.optional(),
  })
  .strict()
export type AdminArticleCreate = z.infer<typeof AdminArticleCreateSchema>
export const AdminArticleUpdateSchema = someField(partial(articleFields))
export type AdminArticleUpdate = z.infer<typeof AdminArticleUpdateSchema>

export const AdminArticleSchema = z.object({
  slug: z.string(),
  icon: z.string(),
  judul_en: z.string(),
  judul_id: z.string(),
  konten_en: z.string(),
  konten_id: z.string(),
  published_at: z.string(),
})
export type AdminArticle = z.infer<typeof AdminArticleSchema>
export const AdminArticleResponseSchema = envelopeSchema(AdminArticleSchema)
export const AdminArticlesResponseSchema = envelopeSchema(z.array(AdminArticleSchema))

// ---------------------------------------------------------------------------------------------
// Content pages and the about page (the page 'about')

const pageFields = { judul_en: line(200), judul_id: line(200), konten_en: html(), konten_id: html() }
export const AdminPageCreateSchema = z.object({ id: AdminSlugSchema, ...pageFields }).strict()
export type AdminPageCreate = z.infer<typeof AdminPageCreateSchema>
export const AdminPageUpdateSchema = someField(partial(pageFields))
export type AdminPageUpdate = z.infer<typeof AdminPageUpdateSchema>
export const AdminPageParamsSchema = z.object({ id: AdminSlugSchema })
/** PUT …/content/about: the about text (the title is optional, 'About us' / 'Tentang kami'). */
export const AdminAboutBodySchema = z
  .object({
    judul_en: line(200).optional(),
    judul_id: line(200).optional(),
    konten_en: html(),
    konten_id: html(),
  })
  .strict()
export type AdminAboutBody = z.infer<typeof AdminAboutBodySchema>

export const AdminPageSchema = z.object({
  id: z.string(),
  judul_en: z.string(),
  judul_id: z.string(),
  konten_en: z.string(),
  konten_id: z.string(),
})
export type AdminPage = z.infer<typeof AdminPageSchema>
export const AdminPageResponseSchema = envelopeSchema(AdminPageSchema)
export const AdminPagesResponseSchema = envelopeSchema(z.array(AdminPageSchema))

// ---------------------------------------------------------------------------------------------
// Stores

const storeFields = {
  id_brand: z.coerce
    .number()
    .int()
    .refine((id) => (BRAND_IDS as readonly number[]).includes(id), {
      message: `must be one of the group's brands: ${BRAND_IDS.join(', ')}`,
    }),
  name: line(200),
  address: line(500),
  city: line(120, 0),
  /** The store's WhatsApp number as shown (digits, spaces, +, -); may be empty. */
  whatsapp: z
    .string()
    .trim()
    .max(32, 'must be at most 32 characters')
    .regex(/^[+0-9 ()-]*$/, 'must be a phone number: digits, spaces, +, - and brackets'),
  /**
   * The map: the embed HTML of Google Maps or OpenStreetMap ("Share > Embed"), or its URL; empty
   * for none. Anything else is refused (422 STF202).
   */
  map_embed: z
    .string()
    .trim()
    .max(4000, 'must be at most 4000 characters')
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTER_MESSAGE),
  position,
}
export const AdminStoreCreateSchema = z
  .object({
    ...storeFields,
    city: storeFields.city.default(''),
    whatsapp: storeFields.whatsapp.default(''),
    map_embed: storeFields.map_embed.default(''),
    position: position.default(0),
  })
  .strict()
export type AdminStoreCreate = z.infer<typeof AdminStoreCreateSchema>
export const AdminStoreUpdateSchema = someField(partial(storeFields))
export type AdminStoreUpdate = z.infer<typeof AdminStoreUpdateSchema>
export const AdminStoreParamsSchema = z.object({
  id: z.coerce.number().int('must be a store id').min(1, 'must be a store id').max(2_147_483_647),
})
export const AdminStoresQuerySchema = z.object({
  id_brand: storeFields.id_brand.optional(),
})

export const AdminStoreSchema = z.object({
  id: z.number().int(),
  id_brand: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  whatsapp: z.string(),
  /** As stored (what staff pasted). */
  map_embed: z.string(),
  /** The allow-listed map URL the storefront shows, or null ('Maps Not Found'). */
  map_url: z.string().nullable(),
  position: z.number().int(),
})
export type AdminStore = z.infer<typeof AdminStoreSchema>
export const AdminStoreResponseSchema = envelopeSchema(AdminStoreSchema)
export const AdminStoresResponseSchema = envelopeSchema(z.array(AdminStoreSchema))

// ---------------------------------------------------------------------------------------------
// The campaign popup

/** One of the popup's vouchers (CAMPAIGN_VOUCHER_CODES) as it stands, and whether the popup shows it now. */
export const AdminCampaignVoucherSchema = z.object({
  code: z.string(),
  /** False when no voucher has this code (the popup leaves it out). */
  exists: z.boolean(),
  name: z.string().nullable(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  /** Listed by GET /api/v1/member/campaign right now (active, started, not ended, not used up). */
  shown_now: z.boolean(),
})
export const AdminCampaignSchema = z.object({
  vouchers: z.array(AdminCampaignVoucherSchema),
  /** Members who have seen (closed) the popup: it no longer opens for them. */
  members_seen: z.number().int(),
})
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>
export const AdminCampaignResponseSchema = envelopeSchema(AdminCampaignSchema)
export const AdminCampaignShowAgainResponseSchema = envelopeSchema(
  z.object({ members_reset: z.number().int() }),
)

// ---------------------------------------------------------------------------------------------
// The shipping rate table (decision 017)

export const AdminZoneIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'must not be empty')
  .max(24, 'must be at most 24 characters')
  .regex(/^[A-Z0-9_]+$/, "must be a zone id such as 'JAWA'")
export const AdminServiceIdSchema = z.coerce
  .number()
  .int('must be a courier service id')
  .min(1, 'must be a courier service id')
  .max(2_147_483_647)
/** A province id ('51') or a city id ('32.01'), as in the regions tables. */
export const AdminAreaIdSchema = z
  .string()
  .trim()
  .regex(/^\d{2}(\.\d{2})?$/, "must be a province id such as '51' or a city id such as '32.01'")

export const AdminRateParamsSchema = z.object({
  zone_id: AdminZoneIdSchema,
  service_id: AdminServiceIdSchema,
})
/** PUT …/shipping/rates/{zone_id}/{service_id}: the fare per started kilogram (creates the rate if missing). */
export const AdminRateBodySchema = z
  .object({
    price_per_kg: z.coerce
      .number()
      .int('must be a whole number of rupiah')
      .min(1, 'must be at least 1 rupiah')
      .max(10_000_000, 'must be at most 10,000,000 rupiah'),
  })
  .strict()
export type AdminRateBody = z.infer<typeof AdminRateBodySchema>
export const AdminZoneParamsSchema = z.object({ zone_id: AdminZoneIdSchema })
export const AdminZoneAreaParamsSchema = z.object({ zone_id: AdminZoneIdSchema, area_id: AdminAreaIdSchema })
export const AdminZoneAreaBodySchema = z.object({ area_id: AdminAreaIdSchema }).strict()

export const AdminCourierServiceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  provider: z.string(),
  packing_fee: z.number().int(),
  etd_min: z.number().int(),
  etd_max: z.number().int(),
  active: z.boolean(),
})
export const AdminZoneAreaSchema = z.object({
  area_id: z.string(),
  /** The province's or city's name when the regions are loaded, else null. */
  name: z.string().nullable(),
})
export const AdminShippingZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  extra_days: z.number().int(),
  areas: z.array(AdminZoneAreaSchema),
  /** One per service that serves the zone; a service without a rate does not serve it. */
  rates: z.array(z.object({ service_id: z.number().int(), price_per_kg: z.number().int() })),
})
export const AdminShippingTableSchema = z.object({
  services: z.array(AdminCourierServiceSchema),
  zones: z.array(AdminShippingZoneSchema),
})
export type AdminShippingTable = z.infer<typeof AdminShippingTableSchema>
export const AdminShippingTableResponseSchema = envelopeSchema(AdminShippingTableSchema)
export const AdminShippingZoneResponseSchema = envelopeSchema(AdminShippingZoneSchema)
export type AdminShippingZone = z.infer<typeof AdminShippingZoneSchema>

/** The answers' messages of the content and shipping-rate calls. */
export const ADMIN_CONTENT_MESSAGES = {
  created: say('Saved', 'Tersimpan'),
  updated: say('Changes saved', 'Perubahan disimpan'),
  deleted: say('Deleted', 'Dihapus'),
  campaignShownAgain: say(
    'The campaign popup will open again for every member',
    'Popup kampanye akan muncul lagi untuk semua member',
  ),
} as const
