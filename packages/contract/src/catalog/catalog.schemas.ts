import { z } from 'zod'
import { BRAND_IDS } from '../brands.ts'
import { printable } from '../text.ts'
import { envelopeSchema, pagedEnvelopeSchema } from '../envelope.schemas.ts'
import {
  LISTING_MAX_LIMIT,
  LISTING_PAGE_SIZE,
  PRODUCT_CODE_PATTERN,
  SEARCH_PAGE_SIZE,
  SEARCH_POPUP_SIZE,
} from './catalog.rules.ts'
import {
  COLOUR_FAMILIES,
  LISTING_SORTS,
  MAX_FILTER_PRICE,
  MAX_FILTER_VALUES,
  SIZE_VALUE_PATTERN,
  normaliseSize,
} from './listing-filter.rules.ts'

/** A colour family of the fixed list (listing-filter.rules.ts). */
export const ColourFamilySchema = z.enum(COLOUR_FAMILIES)

/** 'YES' or 'NO' flags of the product (is_child). */
export const YesNoSchema = z.enum(['YES', 'NO'])

/** A gallery item (docs/product/shopping.md §3, url_media). */
export const MediaItemSchema = z.object({
  type: z.enum(['image', 'video']),
  url: z.string(),
  /** Poster image of a video; the image itself for an image. */
  src: z.string(),
})
export type MediaItem = z.infer<typeof MediaItemSchema>

export const VariantSchema = z.object({
  sku_product: z.string(),
  ukuran: z.string(),
  selling_price: z.number().int(),
  status_variant: z.enum(['available', 'sold']),
})
export type Variant = z.infer<typeof VariantSchema>

/** The product as cards show it (lists, grids, related products, search, bundle choosers). */
export const ProductCardSchema = z.object({
  product_code: z.string(),
  product_name: z.string(),
  id_brand: z.number().int(),
  url_image: z.string(),
  url_images: z.array(z.string()),
  status: z.enum(['available', 'sold']),
  product_lable: z.string(),
  category_menu: z.string(),
  start_price: z.number().int(),
  end_price: z.number().int(),
  selling_price: z.number().int(),
  /** '0' or '' means no struck-through price. */
  harga_coret: z.string(),
  sold_qty: z.number().int(),
  is_bundling: z.boolean(),
  /** True while a countdown to end_at is shown. */
  countdown: z.boolean(),
  /** ISO 8601 with the +07:00 offset, or null. */
  end_at: z.string().nullable(),
  thumbnail: z.string(),
  variant: z.array(VariantSchema),
  is_wishlist: z.boolean(),
})
export type ProductCard = z.infer<typeof ProductCardSchema>

/** The full product of GET /api/v1/pages/product (answer's data.data). */
export const ProductSchema = ProductCardSchema.extend({
  brand_name: z.string(),
  canonical_product_code: z.string().nullable(),
  canonical_product_master_name: z.string().nullable(),
  /** Sanitised HTML. */
  description: z.string(),
  description_without_tags: z.string(),
  url_media: z.array(MediaItemSchema),
  /** The product's colour family (issue 39), null when staff have not set one. */
  colour_family: ColourFamilySchema.nullable(),
  /** Final sale (issue 40): no returns; the product page says so. */
  final_sale: z.boolean(),
  related_product: z.array(ProductCardSchema),
  judul_related: z.string(),
  slide_option: z.string(),
  max_bundling: z.number().int(),
  limit_qty_bundling: z.number().int(),
  bundling_option_1: z.array(ProductCardSchema),
  bundling_option_2: z.array(ProductCardSchema),
  bundling_option_3: z.array(ProductCardSchema),
  bundling_option_4: z.array(ProductCardSchema),
  bundling_option_5: z.array(ProductCardSchema),
})
export type Product = z.infer<typeof ProductSchema>

/** A comma-separated list parameter (`size=M,L`); a repeated parameter (`size=M&size=L`) is read alike. */
const commaList = <T extends string>(item: z.ZodType<T, string>, what: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value.join(',') : value)
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(item)
        .min(1, `must name at least one ${what}`)
        .max(MAX_FILTER_VALUES, `must name at most ${MAX_FILTER_VALUES} ${what}s`),
    )
    .transform((values) => [...new Set(values)])

const priceParam = z.coerce
  .number()
  .int('must be a whole number of rupiah')
  .min(0, 'must be at least 0')
  .max(MAX_FILTER_PRICE)

/**
 * Filter and sort of a listing or search (issue 39), beside the spec's parameters. `size`: sizes,
 * a product matches when one of them can be bought now; `colour`: colour families; `min_price` and
 * `max_price`: whole rupiah on the price paid now (a product matches when any of its sizes is inside);
 * `on_sale=YES`: products with a struck price; `sort`: newest (today's order), price_asc, price_desc,
 * discount, popular.
 */
export const ListingFilterQueryFields = {
  sort: z.enum(LISTING_SORTS).optional(),
  size: commaList(
    z
      .string()
      .transform(normaliseSize)
      .pipe(z.string().regex(SIZE_VALUE_PATTERN, 'must be sizes such as S, M, XL, 30 or ALL SIZE')),
    'size',
  ).optional(),
  colour: commaList(
    z
      .string()
      .transform((c) => c.toLowerCase())
      .pipe(z.enum(COLOUR_FAMILIES)),
    'colour',
  ).optional(),
  min_price: priceParam.optional(),
  max_price: priceParam.optional(),
  on_sale: z.enum(['YES', 'NO']).optional(),
}

/** min_price above max_price is a 400 naming max_price. */
const priceOrder = (query: { min_price?: number; max_price?: number }, ctx: z.RefinementCtx) => {
  if (query.min_price !== undefined && query.max_price !== undefined && query.max_price < query.min_price)
    ctx.addIssue({
      code: 'custom',
      path: ['max_price'],
      message: 'must be at least min_price',
    })
}

/** The filter part of a listing or search answer (issue 39), counted with the other chosen filters. */
export const ListingFacetsSchema = z.object({
  /** Products matching every chosen filter (the overlay's "Show N products"). */
  total: z.number().int().nonnegative(),
  /** Every size of the listing's products in size order, each with the products buyable now in it. */
  size: z.array(z.object({ value: z.string(), count: z.number().int().nonnegative() })),
  /** Every colour family of the listing's products in the fixed order, with its count. */
  colour: z.array(z.object({ value: ColourFamilySchema, count: z.number().int().nonnegative() })),
  /** The lowest and highest price paid now among the products the other filters leave; null if none. */
  price: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  /** Products with a struck price among those the other filters leave. */
  on_sale: z.number().int().nonnegative(),
})
export type ListingFacets = z.infer<typeof ListingFacetsSchema>

const IsChildQuery = YesNoSchema.default('NO')
/** The token a member call may carry; catalog reads accept it and ignore it until accounts exist. */
const TokenQuery = z
  .string()
  .max(512)
  .optional()
  .describe('Member token: the answer becomes private (Cache-Control: private, no-store)')

/** A brand id of the group (9, 5, 14, 18, 13, 17), as a query parameter. */
export const GroupBrandQuery = z.coerce
  .number()
  .int()
  .refine((id) => (BRAND_IDS as readonly number[]).includes(id), `must be one of ${BRAND_IDS.join(', ')}`)
  .describe(`A brand id of the group: ${BRAND_IDS.join(', ')}`)

/** GET /api/v1/pages/home */
export const HomeQuerySchema = z.object({ is_child: IsChildQuery, token: TokenQuery })
export const HomeSliderSchema = z.object({
  category_name: z.string(),
  title: z.string(),
  id_brand: z.number().int(),
  url_image: z.array(z.string()),
  item: z.array(ProductCardSchema),
})
export const HomeCategorySchema = z.object({ category_name: z.string(), url_image: z.string() })
export const HomeDataSchema = z.object({
  slider: z.array(HomeSliderSchema),
  category: z.array(HomeCategorySchema),
})
export type HomeSlider = z.infer<typeof HomeSliderSchema>
export type HomeData = z.infer<typeof HomeDataSchema>
export const HomeResponseSchema = envelopeSchema(HomeDataSchema)

/**
 * GET /api/v1/pages/category. `id_brand` is the brand owning the category (default: the brand id
 * header). The window is `offset`/`limit`; when `offset` is absent and `page` is given the window
 * starts at (page - 1) * limit. `type`, `real_brand` and `per_page` are accepted for the product's
 * client and do not change the answer.
 */
export const CategoryQuerySchema = z
  .object({
    category: printable(120),
    type: z.string().max(40).optional(),
    id_brand: GroupBrandQuery.optional(),
    real_brand: GroupBrandQuery.optional(),
    limit: z.coerce.number().int().min(1).max(LISTING_MAX_LIMIT).default(LISTING_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(100_000).optional(),
    is_child: IsChildQuery,
    token: TokenQuery,
    page: z.coerce.number().int().min(1).max(10_000).optional(),
    per_page: z.coerce.number().int().min(1).max(50).optional(),
    ...ListingFilterQueryFields,
  })
  .superRefine(priceOrder)
export type CategoryQuery = z.infer<typeof CategoryQuerySchema>
/** One group of a listing page: plain groups have only `item`; segments add a name and banners. */
export const CategoryGroupSchema = z.object({
  name: z.string(),
  title: z.string(),
  img1: z.string(),
  img2: z.string(),
  img3: z.string(),
  item: z.array(ProductCardSchema),
})
export type CategoryGroup = z.infer<typeof CategoryGroupSchema>
/**
 * Listing answer: the groups of the window and `total_pages` = ceil(total / limit) beside data, and
 * the filter's `facets` (issue 39).
 */
export const CategoryResponseSchema = pagedEnvelopeSchema(z.array(CategoryGroupSchema)).extend({
  facets: ListingFacetsSchema,
})

/** GET /api/v1/pages/product */
export const ProductQuerySchema = z.object({
  product_code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(PRODUCT_CODE_PATTERN, 'must contain only letters, digits, - and _'),
  token: TokenQuery,
})
/** The answer's data.data is the product (docs/product/shopping.md §7). */
export const ProductResponseSchema = envelopeSchema(z.object({ data: ProductSchema }))

/** GET /api/v2/pages/menu */
export const MenuQuerySchema = z.object({ is_child: IsChildQuery, token: TokenQuery })
export type MenuEntry = {
  name: string
  priority: number
  id_brand: number
  is_child: 'YES' | 'NO'
  /** The category the entry opens, '' for a heading. */
  category_name: string
  sub: MenuEntry[]
}
export const MenuEntrySchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    name: z.string(),
    priority: z.number().int(),
    id_brand: z.number().int(),
    is_child: YesNoSchema,
    category_name: z.string(),
    sub: z.array(MenuEntrySchema),
  }),
)
// Named in the registry so the OpenAPI document publishes the recursive tree as
// #/components/schemas/MenuEntry (issue 44: an unnamed one was referenced and never defined).
z.globalRegistry.add(MenuEntrySchema, { id: 'MenuEntry' })
export const MenuResponseSchema = envelopeSchema(z.array(MenuEntrySchema))

/** GET /api/v1/pages/site: `is_child` selects the junior category list. */
export const SiteQuerySchema = z.object({ is_child: IsChildQuery, token: TokenQuery })

/** GET /api/v1/pages/site (our path: docs/product leaves the site data call's path open). */
export const SiteDataSchema = z.object({
  brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), tagline: z.string() }),
  sidebar: z.array(z.object({ name: z.string(), link: z.string() })),
  category: z.array(z.object({ category_name: z.string(), title: z.string() })),
  footer: z.object({
    social_media: z.array(z.object({ name: z.string(), link: z.string(), logo: z.string() })),
    metode_pembayaran: z.array(z.object({ name: z.string(), logo: z.string() })),
    color: z.object({ background: z.string() }),
    whatsapp: z.string(),
  }),
})
export type SiteData = z.infer<typeof SiteDataSchema>
export const SiteResponseSchema = envelopeSchema(SiteDataSchema)

/** GET /api/v1/pages/search */
export const SearchQuerySchema = z
  .object({
    key: printable(100),
    limit: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
    current_page: z.coerce.number().int().min(1).max(10_000).default(1),
    token: TokenQuery,
    ...ListingFilterQueryFields,
  })
  .superRefine(priceOrder)
export type SearchQuery = z.infer<typeof SearchQuerySchema>
/**
 * Search answer: product cards of the page and `total_pages` beside data, and the filter's `facets`
 * (issue 39); 404 CAT003 when the key finds nothing (a filter that leaves nothing is a 200 with no card).
 */
export const SearchResponseSchema = pagedEnvelopeSchema(z.array(ProductCardSchema)).extend({
  facets: ListingFacetsSchema,
})

/** GET /api/v1/pages/product_suggestion: the popup's few best matches. */
export const SuggestionQuerySchema = z.object({
  key: printable(100),
  limit: z.coerce.number().int().min(1).max(20).default(SEARCH_POPUP_SIZE),
  token: TokenQuery,
})
export const SuggestionResponseSchema = envelopeSchema(z.array(ProductCardSchema))
