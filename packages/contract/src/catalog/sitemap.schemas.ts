import { z } from 'zod'
import { envelopeSchema, pagedEnvelopeSchema } from '../envelope.schemas.ts'
import { GroupBrandQuery } from './catalog.schemas.ts'
import { SITEMAP_PAGE_MAX } from './sitemap.rules.ts'

/** GET /api/v1/pages/sitemap: no parameters (our call; docs/product has none for search engines). */
export const SitemapQuerySchema = z.object({})

/** What one brand gives the sitemap: its listings and its products' canonical pages. */
export const SitemapBrandSchema = z.object({
  id_brand: z.number().int(),
  name: z.string(),
  /** Category listings of the brand: /shop/{id_brand}/category/{category_name}. */
  listings: z.number().int().nonnegative(),
  /** Product pages of the brand, one per canonical URL (colours of one master count once). */
  products: z.number().int().nonnegative(),
  /** The newest catalogue change among them (ISO 8601), null when the brand has none. */
  lastmod: z.string().nullable(),
})
export type SitemapBrand = z.infer<typeof SitemapBrandSchema>
/** Every brand of the group, in id order, with how many URLs each gives. */
export const SitemapResponseSchema = envelopeSchema(z.array(SitemapBrandSchema))

/** GET /api/v1/pages/sitemap/urls: a window of one brand's URLs (listings first, then products). */
export const SitemapUrlsQuerySchema = z.object({
  id_brand: GroupBrandQuery.optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(SITEMAP_PAGE_MAX).default(SITEMAP_PAGE_MAX),
})
export type SitemapUrlsQuery = z.infer<typeof SitemapUrlsQuerySchema>

/** One page for search engines: its path under the shop's origin and when it last changed. */
export const SitemapUrlSchema = z.object({
  type: z.enum(['listing', 'product', 'page']),
  /**
   * /shop/{id_brand}/category/{name}, the product's canonical path (docs/product/shopping.md §2), or a
   * shell page: help, stores, about, the articles and content pages.
   */
  path: z.string(),
  /** ISO 8601; null for a listing without products. */
  lastmod: z.string().nullable(),
})
export type SitemapUrl = z.infer<typeof SitemapUrlSchema>
/** The window's URLs and `total_pages` = ceil(total / limit). */
export const SitemapUrlsResponseSchema = pagedEnvelopeSchema(z.array(SitemapUrlSchema))

/** GET /api/v1/pages/sitemap/pages: the shell's pages for search engines (help, stores, about, articles, content pages). */
export const SitemapPagesResponseSchema = envelopeSchema(z.array(SitemapUrlSchema))
