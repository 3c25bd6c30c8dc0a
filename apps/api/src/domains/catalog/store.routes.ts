import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  CategoryQuerySchema,
  CategoryResponseSchema,
  ErrorEnvelopeSchema,
  HomeQuerySchema,
  HomeResponseSchema,
  MenuQuerySchema,
  MenuResponseSchema,
  ProductQuerySchema,
  ProductResponseSchema,
  SiteQuerySchema,
  SiteResponseSchema,
  SitemapQuerySchema,
  SitemapPagesResponseSchema,
  SitemapResponseSchema,
  SitemapUrlsQuerySchema,
  SitemapUrlsResponseSchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { publicReads } from '../../plugins/http-cache.ts'
import {
  getCategoryPage,
  getHome,
  getMenu,
  getProduct,
  getSiteData,
  type Viewer,
  type WishlistLookup,
} from './catalog.service.ts'
import { getSitemapBrands, getSitemapPages, getSitemapUrls } from './sitemap.service.ts'
import { answerCacheMemo, filterCacheParams, type UnitsSoldSince } from './listing-filter.ts'

const notFoundErrors = errorResponses(400, 404)
const cacheNote =
  'Public answers carry `Cache-Control: public, max-age=60, stale-while-revalidate=300` and a strong ETag ' +
  '(If-None-Match gives 304); with `token` the answer is `private, no-store`.'
const viewerNote =
  " With a live member token the cards carry the shopper's is_wishlist flags; an unknown or expired token " +
  'is answered like a visitor (flags false), still private.'

/**
 * What the catalog's and search's routes are given by app.ts: the wishlist's flags and the units
 * sold per product (orders' `unitsSoldSince`, the `popular` sort).
 */
export interface CatalogRoutesOptions {
  wishlisted: WishlistLookup
  unitsSoldSince?: UnitsSoldSince
}

const filterNote =
  " Filter and sort (issue 39): `sort` newest (today's order, the default) | price_asc (lowest price first) | " +
  'price_desc (highest price first) | discount (largest percentage off first) | popular (most units sold in the ' +
  'last 30 days); `size=M,L` (a product matches when one of them can be bought now: stock after holds, not sold ' +
  'out, not coming soon); `colour=black,blue` (colour families); `min_price`, `max_price` (whole rupiah on the ' +
  'price paid now; a product matches when any of its sizes is inside); `on_sale=YES` (a struck price). ' +
  '`facets` beside `data`: every size of the listing with the products buyable in it, every colour family, the ' +
  'price range and the on-sale count, each counted with the other chosen filters; `total` with all of them. ' +
  'An unknown sort, size or colour or a negative or reversed price range is 400 REQ001 naming the field.'

/** The shopper a personalised read is for (set by optionalMember from `token`), or none. */
export const viewerFor = (request: FastifyRequest, wishlisted: WishlistLookup): Viewer | undefined =>
  request.member ? { memberId: request.member.idPelanggan, wishlisted } : undefined

/**
 * Catalog reads (docs/product/shopping.md §7 and 001 section 7): home, category listing, product, menu and
 * site data. Every answer is public and cached (plugins/http-cache.ts) unless a token is sent.
 */
export default async function catalogRoutes(fastify: FastifyInstance, options: CatalogRoutesOptions) {
  const viewerOf = (request: FastifyRequest) => viewerFor(request, options.wishlisted)
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // Public answers kept per instance and dropped when the catalog changes (plugins/http-cache.ts).
  const read = publicReads(app, 'catalog')
  const listing = { memo: answerCacheMemo(app.responseCache), unitsSoldSince: options.unitsSoldSince }

  /** GET /api/v1/pages/home: carousels and category grid of the brand (is_child selects the junior home). */
  app.get(
    '/v1/pages/home',
    {
      preHandler: app.optionalMember,
      schema: {
        tags: ['catalog'],
        summary: 'Home page: carousels (slider) and category grid',
        description: cacheNote + viewerNote,
        querystring: HomeQuerySchema,
        response: { 200: HomeResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'home',
        params: request.query,
        schema: HomeResponseSchema,
        load: async () =>
          envelope(
            await getHome(
              app.database.db,
              request.brandId,
              request.query.is_child === 'YES',
              viewerOf(request),
            ),
          ),
      }),
  )

  /** GET /api/v1/pages/category: one window of a listing, grouped by segment, with total_pages. */
  app.get(
    '/v1/pages/category',
    {
      preHandler: app.optionalMember,
      schema: {
        tags: ['catalog'],
        summary: 'Category listing window (endless scrolling)',
        description:
          '`id_brand` is the brand owning the category (default: the brand id header). Products are ordered by ' +
          'segment priority then position; `data` holds one group per segment present in the window (a plain ' +
          "category: one group named ''), `total_pages` = ceil(total / limit). A window past the end gives `data: []`. " +
          cacheNote +
          viewerNote +
          filterNote,
        querystring: CategoryQuerySchema,
        response: { 200: CategoryResponseSchema, ...notFoundErrors },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'category',
        // type, real_brand and per_page do not change the answer: keep them out of the key; the
        // filter is one normalised part (size=L,M and M,L are one answer).
        params: {
          ...filterCacheParams(request.query),
          type: undefined,
          real_brand: undefined,
          per_page: undefined,
          category: request.query.category.toLowerCase(),
        },
        schema: CategoryResponseSchema,
        load: async () => {
          const page = await getCategoryPage(
            app.database.db,
            request.brandId,
            request.query,
            viewerOf(request),
            listing,
          )
          return { ...pagedEnvelope(page.groups, page.totalPages), facets: page.facets }
        },
      }),
  )

  /** GET /api/v1/pages/product: the product page; the answer's data.data is the product. */
  app.get(
    '/v1/pages/product',
    {
      preHandler: app.optionalMember,
      schema: {
        tags: ['catalog'],
        summary: 'Product detail (data.data is the product)',
        description: `Product codes are case-insensitive. ${cacheNote}${viewerNote}`,
        querystring: ProductQuerySchema,
        response: { 200: ProductResponseSchema, ...notFoundErrors },
      },
    },
    (request, reply) =>
      read(request, reply, {
        // The product does not depend on the calling brand; the key still carries it (cacheKey).
        route: 'product',
        params: { ...request.query, product_code: request.query.product_code.toLowerCase() },
        schema: ProductResponseSchema,
        load: async () =>
          envelope({
            data: await getProduct(app.database.db, request.query.product_code, viewerOf(request)),
          }),
      }),
  )

  /** GET /api/v2/pages/menu: the navigation tree of the brand, sorted by priority. */
  app.get(
    '/v2/pages/menu',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Navigation menu tree',
        description: cacheNote,
        querystring: MenuQuerySchema,
        response: { 200: MenuResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'menu',
        params: request.query,
        schema: MenuResponseSchema,
        load: async () =>
          envelope(await getMenu(app.database.db, request.brandId, request.query.is_child === 'YES')),
      }),
  )

  /**
   * GET /api/v1/pages/site: site shell data (brand, sidebar, category list, footer). Docs/product leaves
   * this call's path open (001 section 7, "site data load paths: not shown"); this is our choice.
   */
  app.get(
    '/v1/pages/site',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Site data: brand, sidebar, categories, footer',
        description:
          'Our path: docs/product leaves the site data call open. Footer: social_media, metode_pembayaran ' +
          `(payment method logos), color.background and the WhatsApp number. ${cacheNote}`,
        querystring: SiteQuerySchema,
        response: { 200: SiteResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'site',
        params: request.query,
        schema: SiteResponseSchema,
        load: async () =>
          envelope(
            // No settings row yet: the schema's default colour and no WhatsApp button.
            await getSiteData(app.database.db, request.brandId, request.query.is_child === 'YES', {
              whatsapp: '',
              background: '#1f1a17',
            }),
          ),
      }),
  )

  /**
   * GET /api/v1/pages/sitemap and /sitemap/urls: what the storefront's /sitemap.xml lists (our
   * calls; docs/product has none for search engines, docs/decisions/029-search-engines.md).
   */
  app.get(
    '/v1/pages/sitemap',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Sitemap: every brand with its number of listings and product pages',
        description:
          'Our call (decision 029). Every brand of the group, in id order: `listings` (its categories), ' +
          '`products` (one per canonical product page) and `lastmod`, the newest product change (ISO 8601). ' +
          `The same for every brand header. ${cacheNote}`,
        querystring: SitemapQuerySchema,
        response: { 200: SitemapResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'sitemap',
        params: {},
        schema: SitemapResponseSchema,
        load: async () => envelope(await getSitemapBrands(app.database.db)),
      }),
  )

  app.get(
    '/v1/pages/sitemap/pages',
    {
      schema: {
        tags: ['catalog'],
        summary: "Sitemap: the shell's pages (help, stores, about, articles, content pages)",
        description:
          'Our call (decision 029). `data` holds `{type: "page", path, lastmod}`: /help/faq, /our-store, ' +
          '/about-us, /article, every article (`/article/{slug}`, newest first, `lastmod` its publication) and ' +
          'every content page (`/pages/{id}`). The same for every brand header; the storefront lists them after ' +
          `its home page. ${cacheNote}`,
        querystring: SitemapQuerySchema,
        response: { 200: SitemapPagesResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'sitemap-pages',
        params: {},
        schema: SitemapPagesResponseSchema,
        load: async () => envelope(await getSitemapPages(app.database.db)),
      }),
  )

  app.get(
    '/v1/pages/sitemap/urls',
    {
      schema: {
        tags: ['catalog'],
        summary: "Sitemap: a window of one brand's URLs (listings, then canonical product pages)",
        description:
          'Our call (decision 029). `id_brand` (default: the brand id header) picks the brand; `offset` and ' +
          '`limit` (at most 5000) the window. `data` holds `{type, path, lastmod}`: the listings ' +
          '(`/shop/{id_brand}/category/{name}`, by priority) then one canonical product path per master ' +
          '(docs/product/shopping.md §2: canonical code and master name preferred), by code; `lastmod` is the newest ' +
          "change of the page's products (null for an empty listing). Paths only: the shop adds its origin. " +
          `\`total_pages\` = ceil(total / limit). ${cacheNote}`,
        querystring: SitemapUrlsQuerySchema,
        response: { 200: SitemapUrlsResponseSchema, 400: ErrorEnvelopeSchema },
      },
    },
    (request, reply) =>
      read(request, reply, {
        route: 'sitemap-urls',
        params: request.query,
        schema: SitemapUrlsResponseSchema,
        load: async () => {
          const { urls, total } = await getSitemapUrls(
            app.database.db,
            request.query.id_brand ?? request.brandId,
            request.query,
          )
          return pagedEnvelope(urls, Math.ceil(total / request.query.limit))
        },
      }),
  )
}
