import { z } from 'zod'
import { envelopeSchema, pagedEnvelopeSchema } from '../envelope.schemas.ts'
import { withinDates } from '../dates.schemas.ts'
import { SHOP_UTC_OFFSET_MS, shopInstant } from '../clock.ts'
import { say } from '../language.ts'
import { isOwnMediaPath, isPlayableVideo } from '../catalog/video.rules.ts'
import { ColourFamilySchema } from '../catalog/catalog.schemas.ts'

/**
 * The back office's catalogue calls (issue 14, /api/admin/v1, roles owner and merchandiser):
 * products with drafts, variants, media, bundles, categories, menus, home sliders and brands.
 * Field names are the product's (docs/product/shopping.md §7) where the storefront shows them. Browser-safe
 * (zod only): the back office validates its forms with the same schemas.
 */

/** A new product's code: letters, digits, '-' and '_', starting with a letter or digit (a URL segment). */
export const NEW_PRODUCT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/
/** A variant's SKU: as a product code, up to 80 characters. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/
/** A category name is the URL segment of its listing (/shop/{brand}/category/{name}). */
export const CATEGORY_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/

/** Uploaded pictures: at most 10 MB and 40 megapixels each, judged by their bytes. */
export const CATALOG_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const CATALOG_IMAGE_MAX_PIXELS = 40_000_000
/** What an upload may really be (its bytes decide, never its name or declared type). */
export const CATALOG_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const
/** Gallery items (pictures and videos) per product. */
export const CATALOG_MEDIA_MAX = 12
/** Stored pictures fit inside this box (3:4, twice the storefront's 600 × 800 card). */
export const CATALOG_IMAGE_BOX = { width: 1200, height: 1600 } as const
/** Related products and options per bundle slot. */
export const CATALOG_RELATED_MAX = 24
export const CATALOG_BUNDLE_OPTIONS_MAX = 50

/** The audit log's catalogue actions. */
export const CATALOG_AUDIT_ACTIONS = [
  'product.create',
  'product.update',
  'product.publish',
  'product.unpublish',
  'product.bundle',
  /** A CSV import (issue 43 part 7): one row per import with its counts. */
  'product.import',
  'variant.create',
  'variant.update',
  'variant.delete',
  'media.upload',
  'media.video',
  'media.reorder',
  'media.delete',
  'category.create',
  'category.update',
  'category.delete',
  'category.products',
  'category.reorder',
  'segment.create',
  'segment.update',
  'segment.delete',
  'menu.create',
  'menu.update',
  'menu.delete',
  'slider.create',
  'slider.update',
  'slider.delete',
  'brand.update',
] as const
export type CatalogAuditAction = (typeof CATALOG_AUDIT_ACTIONS)[number]

const id = z.coerce.number().int().min(1).max(2_147_483_647)
const brandId = z.number().int().min(1, 'must be a brand id').max(2_147_483_647)
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`)
const required = (max: number) => text(max).min(1, 'is required')
/** Rupiah, whole: prices up to one billion. */
const rupiah = z
  .number()
  .int('must be whole rupiah')
  .min(0, 'must not be negative')
  .max(1_000_000_000, 'must be at most 1000000000')
export const AdminProductCodeSchema = z
  .string()
  .trim()
  .regex(NEW_PRODUCT_CODE_PATTERN, "must be 1-64 letters, digits, '-' or '_'")
const productCodes = (max: number) =>
  z
    .array(AdminProductCodeSchema)
    .max(max, `must hold at most ${max} products`)
    .refine(
      (codes) => new Set(codes.map((c) => c.toUpperCase())).size === codes.length,
      'must not repeat a product',
    )

/**
 * A wall-clock date-time on the shop's clock (UTC+7, what the back office's form sends):
 * 'YYYY-MM-DDTHH:mm' or with seconds. An ISO instant with an offset is taken as it is.
 */
export const ShopDateTimeSchema = withinDates(
  z
    .string()
    .trim()
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?$/,
      'must be a date and time, YYYY-MM-DDTHH:mm (shop time, UTC+7)',
    )
    .refine((value) => shopDateTimeInstant(value) !== null, 'must be a real date and time'),
)

/** The instant of a ShopDateTimeSchema value: without an offset it is wall-clock time in the shop (UTC+7). */
export function shopDateTimeInstant(value: string): number | null {
  const [date, rest = ''] = value.split('T')
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(rest)
  try {
    const instant = zoned ? Date.parse(value) : shopInstant(date!, rest)
    if (!Number.isFinite(instant)) return null
    // A day or hour that does not exist (2025-02-30, 25:00) rolls over in Date: refuse it.
    const wall = new Date(instant + (zoned ? 0 : SHOP_UTC_OFFSET_MS)).toISOString()
    return zoned || wall.startsWith(`${date}T${rest.slice(0, 5)}`) ? instant : null
  } catch {
    return null
  }
}

export const PRODUCT_LABLES = ['', 'ON-SALE', 'COMING-SOON'] as const
export const CATEGORY_MENUS = ['', 'Preorder'] as const
export const THUMBNAILS = ['NORMAL', 'BIG'] as const
export const SLIDE_OPTIONS = ['HORIZONTAL', 'VERTICAL'] as const
export const PRODUCT_STATUSES = ['available', 'sold'] as const

/** The product fields a merchandiser edits (everything optional on update). */
const productFields = {
  product_name: required(200),
  /** The other-language name: searched, not shown. */
  product_name_alt: text(200),
  /** HTML; sanitised by the server with the stored-HTML allow-list (script, style, events dropped). */
  description: z.string().max(50_000, 'must be at most 50000 characters'),
  product_lable: z.enum(PRODUCT_LABLES),
  category_menu: z.enum(CATEGORY_MENUS),
  /** 'sold' marks the whole product sold out whatever its stock. */
  status: z.enum(PRODUCT_STATUSES),
  thumbnail: z.enum(THUMBNAILS),
  slide_option: z.enum(SLIDE_OPTIONS),
  countdown: z.boolean(),
  /** The countdown's end on the shop's clock (UTC+7); null for none. */
  end_at: ShopDateTimeSchema.nullable(),
  /** The struck-through price in rupiah; 0 for none (served as the product's string). */
  harga_coret: rupiah,
  judul_related: text(120),
  /** Product codes shown under "related", in order. */
  related_products: productCodes(CATALOG_RELATED_MAX),
  canonical_product_code: AdminProductCodeSchema.nullable(),
  canonical_product_master_name: text(200).nullable(),
  id_brand: brandId,
  /** The junior line (Busana Kids). */
  is_child: z.boolean(),
  /** The listing filter's colour family (issue 39): one of COLOUR_FAMILIES, or null for none. */
  colour_family: ColourFamilySchema.nullable(),
  /** Final sale (issue 40): no returns; the product page says so. */
  final_sale: z.boolean(),
  /** Categories the product is listed in (of its brand), by id. */
  category_ids: z
    .array(z.number().int().min(1))
    .max(30, 'must hold at most 30 categories')
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a category'),
}

/** POST …/products: a new product, always a draft; the code is chosen once. */
export const AdminProductCreateBodySchema = z
  .object(productFields)
  .partial()
  .extend({ product_code: AdminProductCodeSchema, id_brand: brandId, product_name: required(200) })
  .strict()
export type AdminProductCreateBody = z.infer<typeof AdminProductCreateBodySchema>

/** PATCH …/products/{code}: any of the editable fields (at least one). */
export const AdminProductUpdateBodySchema = z
  .object(productFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' })
export type AdminProductUpdateBody = z.infer<typeof AdminProductUpdateBodySchema>

export const AdminProductParamsSchema = z.object({ code: AdminProductCodeSchema })
/**
 * POST …/products/{code}/publish (issue 43): optional; `force: true` publishes a product without a
 * picture or without stock (409 STF115 otherwise). No body (Fastify passes null), or an empty one,
 * is `force: false`.
 */
export const AdminPublishBodySchema = z
  .object({ force: z.boolean().default(false) })
  .strict()
  .nullish()
export type AdminPublishBody = z.infer<typeof AdminPublishBodySchema>
export const AdminVariantParamsSchema = z.object({
  code: AdminProductCodeSchema,
  sku: z.string().trim().regex(SKU_PATTERN, "must be 1-80 letters, digits, '-' or '_'"),
})
export const AdminMediaParamsSchema = z.object({ code: AdminProductCodeSchema, id })
export const AdminIdParamsSchema = z.object({ id })

export const PUBLICATION_STATES = ['all', 'draft', 'published'] as const

/** GET …/products: search by code or name, brand, draft or published, paged (newest change first). */
export const AdminProductListQuerySchema = z.object({
  q: text(100).optional(),
  id_brand: id.optional(),
  state: z.enum(PUBLICATION_STATES).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
})
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>

export const AdminProductSummarySchema = z.object({
  product_code: z.string(),
  product_name: z.string(),
  id_brand: z.number().int(),
  is_child: z.boolean(),
  /** ISO instant on the shop's clock, null for a draft. */
  published_at: z.string().nullable(),
  draft: z.boolean(),
  selling_price: z.number().int(),
  start_price: z.number().int(),
  end_price: z.number().int(),
  is_bundling: z.boolean(),
  variants: z.number().int(),
  url_image: z.string(),
  /** The listing filter's colour family (issue 39), null when none is set. */
  colour_family: ColourFamilySchema.nullable(),
  updated_at: z.string(),
})
export type AdminProductSummary = z.infer<typeof AdminProductSummarySchema>
export const AdminProductListResponseSchema = pagedEnvelopeSchema(z.array(AdminProductSummarySchema))

export const AdminVariantSchema = z.object({
  sku_product: z.string(),
  ukuran: z.string(),
  selling_price: z.number().int(),
  weight_grams: z.number().int(),
  /** Read only here: stock is changed by the stock calls. */
  stock: z.number().int(),
  position: z.number().int(),
})
export type AdminVariant = z.infer<typeof AdminVariantSchema>

export const AdminMediaSchema = z.object({
  id: z.number().int(),
  type: z.enum(['image', 'video']),
  url: z.string(),
  /** A video's poster; the picture itself for an image. */
  src: z.string(),
  position: z.number().int(),
})
export type AdminMedia = z.infer<typeof AdminMediaSchema>

/** One product with everything editable (GET, and the answer of every product change). */
export const AdminProductSchema = AdminProductSummarySchema.extend({
  product_name_alt: z.string(),
  description: z.string(),
  description_without_tags: z.string(),
  product_lable: z.string(),
  category_menu: z.string(),
  status: z.string(),
  thumbnail: z.string(),
  slide_option: z.string(),
  countdown: z.boolean(),
  /** ISO on the shop's clock ('…+07:00'), as the storefront gets it. */
  end_at: z.string().nullable(),
  harga_coret: z.string(),
  judul_related: z.string(),
  canonical_product_code: z.string().nullable(),
  canonical_product_master_name: z.string().nullable(),
  max_bundling: z.number().int(),
  limit_qty_bundling: z.number().int(),
  bundling_option_1: z.array(z.string()),
  bundling_option_2: z.array(z.string()),
  bundling_option_3: z.array(z.string()),
  bundling_option_4: z.array(z.string()),
  bundling_option_5: z.array(z.string()),
  related_products: z.array(z.string()),
  category_ids: z.array(z.number().int()),
  /** Final sale (issue 40): no returns. */
  final_sale: z.boolean(),
  variant: z.array(AdminVariantSchema),
  url_media: z.array(AdminMediaSchema),
})
export type AdminProduct = z.infer<typeof AdminProductSchema>
export const AdminProductResponseSchema = envelopeSchema(AdminProductSchema)

/** POST …/products/{code}/variants: a new size; its stock starts at 0 (the stock calls add it). */
export const AdminVariantCreateBodySchema = z
  .object({
    sku_product: z.string().trim().regex(SKU_PATTERN, "must be 1-80 letters, digits, '-' or '_'"),
    ukuran: required(32),
    selling_price: rupiah.min(1, 'must be at least 1'),
    weight_grams: z
      .number()
      .int('must be whole grams')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000'),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict()
export type AdminVariantCreateBody = z.infer<typeof AdminVariantCreateBodySchema>

/** PATCH …/variants/{sku}: size, price, weight or position (not stock, not the SKU). */
export const AdminVariantUpdateBodySchema = AdminVariantCreateBodySchema.omit({ sku_product: true })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' })
export type AdminVariantUpdateBody = z.infer<typeof AdminVariantUpdateBodySchema>

/**
 * PUT …/products/{code}/bundle (docs/product/shopping.md §5 and 8): a bundle is bought as exactly
 * max_bundling pieces picked from its slots' options; with limit_qty_bundling each chosen slot holds
 * exactly that many. Options are other, non-bundle products.
 */
export const AdminBundleBodySchema = z
  .object({
    is_bundling: z.boolean(),
    max_bundling: z.number().int().min(0).max(99, 'must be at most 99'),
    limit_qty_bundling: z.number().int().min(0).max(99, 'must be at most 99'),
    bundling_option_1: productCodes(CATALOG_BUNDLE_OPTIONS_MAX).default([]),
    bundling_option_2: productCodes(CATALOG_BUNDLE_OPTIONS_MAX).default([]),
    bundling_option_3: productCodes(CATALOG_BUNDLE_OPTIONS_MAX).default([]),
    bundling_option_4: productCodes(CATALOG_BUNDLE_OPTIONS_MAX).default([]),
    bundling_option_5: productCodes(CATALOG_BUNDLE_OPTIONS_MAX).default([]),
  })
  .strict()
  .superRefine((body, ctx) => {
    const slots = [1, 2, 3, 4, 5].filter(
      (n) => body[`bundling_option_${n}` as 'bundling_option_1'].length > 0,
    ).length
    if (!body.is_bundling) {
      if (slots > 0 || body.max_bundling > 0 || body.limit_qty_bundling > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['is_bundling'],
          message: 'must be true to give bundle options, max_bundling or limit_qty_bundling',
        })
      return
    }
    if (body.max_bundling < 1)
      ctx.addIssue({ code: 'custom', path: ['max_bundling'], message: 'must be at least 1 for a bundle' })
    if (slots === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['bundling_option_1'],
        message: 'a bundle needs at least one slot with options',
      })
    if (body.limit_qty_bundling > 0) {
      if (body.limit_qty_bundling > body.max_bundling)
        ctx.addIssue({
          code: 'custom',
          path: ['limit_qty_bundling'],
          message: 'must be at most max_bundling',
        })
      else if (body.max_bundling % body.limit_qty_bundling !== 0)
        ctx.addIssue({
          code: 'custom',
          path: ['limit_qty_bundling'],
          message: 'must divide max_bundling (every chosen slot holds exactly limit_qty_bundling pieces)',
        })
      else if (body.max_bundling / body.limit_qty_bundling > 5)
        ctx.addIssue({
          code: 'custom',
          path: ['limit_qty_bundling'],
          message: 'max_bundling / limit_qty_bundling must be at most 5 slots',
        })
    }
  })
export type AdminBundleBody = z.infer<typeof AdminBundleBodySchema>

/** A URL of media: https, or a path of this shop's own /media. */
const mediaUrl = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine(
    (value) => {
      if (/^\/media\/[A-Za-z0-9._~/-]+$/.test(value) && !value.includes('..')) return true
      try {
        const url = new URL(value)
        return url.protocol === 'https:' && url.username === '' && url.password === ''
      } catch {
        return false
      }
    },
    { message: 'must be an https:// URL or a /media/ path' },
  )

/**
 * POST …/products/{code}/media/video: a YouTube or Vimeo video link or an .mp4 file of this shop's
 * own media, with a poster picture of its own media: what the storefront can play under its page
 * policy (catalog/video.rules.ts).
 */
export const AdminVideoBodySchema = z
  .object({
    url: z.string().trim().max(500, 'must be at most 500 characters').refine(isPlayableVideo, {
      message: "must be a YouTube or Vimeo video link, or an .mp4 file of this shop's own /media/",
    }),
    poster: z.string().trim().max(500, 'must be at most 500 characters').refine(isOwnMediaPath, {
      message: "must be a picture of this shop's own /media/ (an uploaded picture)",
    }),
  })
  .strict()
export type AdminVideoBody = z.infer<typeof AdminVideoBodySchema>

/** PUT …/products/{code}/media/order: every gallery item's id, in the new order. */
export const AdminMediaOrderBodySchema = z
  .object({
    ids: z
      .array(z.number().int().min(1))
      .max(CATALOG_MEDIA_MAX, `must hold at most ${CATALOG_MEDIA_MAX} items`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an item'),
  })
  .strict()

export const AdminMediaListResponseSchema = envelopeSchema(z.array(AdminMediaSchema))

/** Where a product newly put in a category lands in its order (issue 43). */
export const CATEGORY_NEW_PRODUCTS = ['bottom', 'top'] as const
export type CategoryNewProducts = (typeof CATEGORY_NEW_PRODUCTS)[number]

/** Listings of one brand (categories, menus, sliders). */
export const AdminBrandQuerySchema = z.object({ id_brand: id.optional() })

export const AdminCategorySchema = z.object({
  id: z.number().int(),
  id_brand: z.number().int(),
  name: z.string(),
  title: z.string(),
  is_child: z.boolean(),
  priority: z.number().int(),
  url_image: z.string(),
  in_grid: z.boolean(),
  /** Where a product newly put in this category lands in its order: 'bottom' (the default) or 'top' (issue 43). */
  new_products: z.enum(CATEGORY_NEW_PRODUCTS),
  products: z.number().int(),
})
export type AdminCategory = z.infer<typeof AdminCategorySchema>
const categoryFields = {
  id_brand: brandId,
  name: z
    .string()
    .trim()
    .regex(CATEGORY_NAME_PATTERN, "must be 1-120 lowercase letters, digits or '-' (it is the listing's URL)"),
  title: required(120),
  is_child: z.boolean(),
  priority: z.number().int().min(-1000).max(1000),
  url_image: z.union([mediaUrl, z.literal('')]),
  in_grid: z.boolean(),
  new_products: z.enum(CATEGORY_NEW_PRODUCTS, { error: "must be 'top' or 'bottom'" }),
}
export const AdminCategoryCreateBodySchema = z
  .object(categoryFields)
  .partial({ is_child: true, priority: true, url_image: true, in_grid: true, new_products: true })
  .strict()
export type AdminCategoryCreateBody = z.infer<typeof AdminCategoryCreateBodySchema>
export const AdminCategoryUpdateBodySchema = z
  .object(categoryFields)
  .omit({ id_brand: true })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' })
export type AdminCategoryUpdateBody = z.infer<typeof AdminCategoryUpdateBodySchema>
export const AdminCategoryResponseSchema = envelopeSchema(AdminCategorySchema)
export const AdminCategoryListResponseSchema = envelopeSchema(z.array(AdminCategorySchema))

/** A named group inside a category with up to three banners (the listing's "segment list"). */
export const AdminSegmentSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  img1: z.string(),
  img2: z.string(),
  img3: z.string(),
  priority: z.number().int(),
})
export type AdminSegment = z.infer<typeof AdminSegmentSchema>
const banner = z.union([mediaUrl, z.literal('')])
const segmentFields = {
  name: required(120),
  img1: banner,
  img2: banner,
  img3: banner,
  priority: z.number().int().min(-1000).max(1000),
}
export const AdminSegmentCreateBodySchema = z
  .object(segmentFields)
  .partial({ img1: true, img2: true, img3: true, priority: true })
  .strict()
export type AdminSegmentCreateBody = z.infer<typeof AdminSegmentCreateBodySchema>
export const AdminSegmentUpdateBodySchema = z
  .object(segmentFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' })
export type AdminSegmentUpdateBody = z.infer<typeof AdminSegmentUpdateBodySchema>
export const AdminSegmentResponseSchema = envelopeSchema(AdminSegmentSchema)
export const AdminSegmentListResponseSchema = envelopeSchema(z.array(AdminSegmentSchema))

/** PUT …/categories/{id}/products: the listing, in order, each product optionally in a segment of the category. */
export const AdminCategoryProductsBodySchema = z
  .object({
    products: z
      .array(
        z
          .object({
            product_code: AdminProductCodeSchema,
            segment_id: z.number().int().min(1).nullable().default(null),
          })
          .strict(),
      )
      .max(2000, 'must hold at most 2000 products')
      .refine(
        (items) => new Set(items.map((i) => i.product_code.toUpperCase())).size === items.length,
        'must not repeat a product',
      ),
  })
  .strict()
export type AdminCategoryProductsBody = z.infer<typeof AdminCategoryProductsBodySchema>
/** One product of a category's listing as stored, with what a merchandiser needs to place it. */
export const AdminCategoryProductSchema = z.object({
  product_code: z.string(),
  segment_id: z.number().int().nullable(),
  position: z.number().int(),
  product_name: z.string(),
  /** The first picture (or a video's poster), '' when none. */
  url_image: z.string(),
  /** A draft is placed but shoppers see it only once published. */
  draft: z.boolean(),
})
export type AdminCategoryProduct = z.infer<typeof AdminCategoryProductSchema>
export const AdminCategoryProductsResponseSchema = envelopeSchema(z.array(AdminCategoryProductSchema))

/**
 * POST …/categories/{id}/products/reorder (issue 43): moves inside the listing, applied in order;
 * each puts one product of the listing at a 0-based place (past the end is the end). Nothing else
 * changes: products added meanwhile by another member of staff keep their place.
 */
export const AdminCategoryReorderBodySchema = z
  .object({
    moves: z
      .array(
        z
          .object({
            product_code: AdminProductCodeSchema,
            position: z.number().int().min(0).max(100_000),
          })
          .strict(),
      )
      .min(1, 'must hold at least one move')
      .max(200, 'must hold at most 200 moves'),
  })
  .strict()
export type AdminCategoryReorderBody = z.infer<typeof AdminCategoryReorderBodySchema>

export const AdminMenuSchema = z.object({
  id: z.number().int(),
  id_brand: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  category_name: z.string(),
  priority: z.number().int(),
  is_child: z.boolean(),
})
export type AdminMenu = z.infer<typeof AdminMenuSchema>
const menuFields = {
  id_brand: brandId,
  parent_id: z.number().int().min(1).nullable(),
  name: required(120),
  /** The category the entry opens (its name); '' for a heading. */
  category_name: z.union([
    z.string().trim().regex(CATEGORY_NAME_PATTERN, 'must be a category name'),
    z.literal(''),
  ]),
  priority: z.number().int().min(-1000).max(1000),
  is_child: z.boolean(),
}
export const AdminMenuCreateBodySchema = z
  .object(menuFields)
  .partial({ parent_id: true, category_name: true, priority: true, is_child: true })
  .strict()
export type AdminMenuCreateBody = z.infer<typeof AdminMenuCreateBodySchema>
export const AdminMenuUpdateBodySchema = z
  .object(menuFields)
  .omit({ id_brand: true })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' })
export type AdminMenuUpdateBody = z.infer<typeof AdminMenuUpdateBodySchema>
export const AdminMenuResponseSchema = envelopeSchema(AdminMenuSchema)
export const AdminMenuListResponseSchema = envelopeSchema(z.array(AdminMenuSchema))

export const AdminSliderSchema = z.object({
  id: z.number().int(),
  id_brand: z.number().int(),
  is_child: z.boolean(),
  /** The brand whose category the carousel links to. */
  link_brand: z.number().int(),
  category_name: z.string(),
  title: z.string(),
  url_image: z.array(z.string()),
  product_codes: z.array(z.string()),
  priority: z.number().int(),
})
export type AdminSlider = z.infer<typeof AdminSliderSchema>
const sliderFields = {
  id_brand: brandId,
  is_child: z.boolean(),
  link_brand: brandId,
  category_name: z.string().trim().regex(CATEGORY_NAME_PATTERN, 'must be a category name'),
  title: text(120),
  url_image: z.array(mediaUrl).max(5, 'must hold at most 5 pictures'),
  product_codes: productCodes(40),
  priority: z.number().int().min(-1000).max(1000),
}
export const AdminSliderCreateBodySchema = z
  .object(sliderFields)
  .partial({
    is_child: true,
    link_brand: true,
    title: true,
    url_image: true,
    product_codes: true,
    priority: true,
  })
  .strict()
export type AdminSliderCreateBody = z.infer<typeof AdminSliderCreateBodySchema>
export const AdminSliderUpdateBodySchema = z
  .object(sliderFields)
  .omit({ id_brand: true })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' })
export type AdminSliderUpdateBody = z.infer<typeof AdminSliderUpdateBodySchema>
export const AdminSliderResponseSchema = envelopeSchema(AdminSliderSchema)
export const AdminSliderListResponseSchema = envelopeSchema(z.array(AdminSliderSchema))

export const AdminBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  tagline: z.string(),
  products: z.number().int(),
})
export type AdminBrand = z.infer<typeof AdminBrandSchema>
/** PATCH …/brands/{id}: the shown name and tagline (the slug is in every URL and stays). */
export const AdminBrandUpdateBodySchema = z
  .object({ name: required(80), tagline: text(200) })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'give at least one field to change' })
export type AdminBrandUpdateBody = z.infer<typeof AdminBrandUpdateBodySchema>
export const AdminBrandResponseSchema = envelopeSchema(AdminBrandSchema)
export const AdminBrandListResponseSchema = envelopeSchema(z.array(AdminBrandSchema))

export const AdminEmptyResponseSchema = envelopeSchema(z.null())

/** The success messages of the catalogue calls, in both languages. */
export const CATALOG_MESSAGES = {
  productCreated: say('Product created as a draft', 'Produk dibuat sebagai draf'),
  productSaved: say('Product saved', 'Produk disimpan'),
  published: say('Product published', 'Produk diterbitkan'),
  unpublished: say('Product moved back to draft', 'Produk dikembalikan ke draf'),
  bundleSaved: say('Bundle saved', 'Paket bundling disimpan'),
  variantAdded: say('Variant added', 'Varian ditambahkan'),
  variantSaved: say('Variant saved', 'Varian disimpan'),
  variantRemoved: say('Variant removed', 'Varian dihapus'),
  pictureAdded: say('Picture added', 'Gambar ditambahkan'),
  videoAdded: say('Video added', 'Video ditambahkan'),
  gallerySaved: say('Gallery order saved', 'Urutan galeri disimpan'),
  mediaRemoved: say('Removed from the gallery', 'Dihapus dari galeri'),
  created: say('Created', 'Dibuat'),
  saved: say('Saved', 'Disimpan'),
  deleted: say('Deleted', 'Dihapus'),
}
