import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import multipart from '@fastify/multipart'
import {
  AdminBrandListResponseSchema,
  AdminBrandQuerySchema,
  AdminBrandResponseSchema,
  AdminBrandUpdateBodySchema,
  AdminBundleBodySchema,
  AdminCategoryCreateBodySchema,
  AdminCategoryListResponseSchema,
  AdminCategoryProductsBodySchema,
  AdminCategoryProductsResponseSchema,
  AdminCategoryResponseSchema,
  AdminCategoryUpdateBodySchema,
  AdminEmptyResponseSchema,
  AdminIdParamsSchema,
  AdminMediaOrderBodySchema,
  AdminMediaParamsSchema,
  AdminMenuCreateBodySchema,
  AdminMenuListResponseSchema,
  AdminMenuResponseSchema,
  AdminMenuUpdateBodySchema,
  AdminProductCreateBodySchema,
  AdminProductListQuerySchema,
  AdminProductListResponseSchema,
  AdminProductParamsSchema,
  AdminProductResponseSchema,
  AdminProductUpdateBodySchema,
  AdminSegmentCreateBodySchema,
  AdminSegmentListResponseSchema,
  AdminSegmentResponseSchema,
  AdminSegmentUpdateBodySchema,
  AdminSliderCreateBodySchema,
  AdminSliderListResponseSchema,
  AdminSliderResponseSchema,
  AdminSliderUpdateBodySchema,
  AdminVariantCreateBodySchema,
  AdminVariantParamsSchema,
  AdminVariantUpdateBodySchema,
  AdminVideoBodySchema,
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_MAX_PIXELS,
  CATALOG_MEDIA_MAX,
  CATALOG_MESSAGES,
  type StaffRole,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { staffCallNote, staffScope } from '../staff/index.ts'
import { addProductImage, addProductVideo, deleteMedia, reorderMedia } from './product-media.service.ts'
import {
  createProduct,
  createVariant,
  deleteVariant,
  getAdminProduct,
  listProducts,
  setBundle,
  setPublished,
  updateProduct,
  updateVariant,
} from './products.service.ts'
import {
  createCategory,
  createMenu,
  createSegment,
  createSlider,
  deleteCategory,
  deleteMenu,
  deleteSegment,
  deleteSlider,
  listBrands,
  listCategories,
  listCategoryProducts,
  listMenus,
  listSegments,
  listSliders,
  setCategoryProducts,
  updateBrand,
  updateCategory,
  updateMenu,
  updateSegment,
  updateSlider,
} from './structure.service.ts'
import { CATALOG_MULTIPART_LIMITS, readUpload } from './upload.ts'

/** The catalogue is the owner's and the merchandiser's (issue 14), reading and changing alike. */
export const CATALOG_ROLES = ['owner', 'merchandiser'] as const satisfies readonly StaffRole[]

const note = staffCallNote(CATALOG_ROLES)
const changeNote =
  `${note} One transaction with its audit row; every storefront process drops its cached answers ` +
  'within milliseconds (decision 016).'

/**
 * The staff catalogue (issue 14) under /api/admin/v1: products (drafts, publishing), variants,
 * media, bundles, categories, menus, home sliders and brands. Guarded like every staff call
 * (staff-session.ts); the cookie plugin is registered in this scope too, so the back office's
 * cookie session works here as on the staff routes.
 */
export default async function staffCatalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, auditActorOf: actorOf } = await staffScope(app)
  // Only this plugin (and the reviews') parses multipart bodies, limits enforced while streaming.
  await app.register(multipart, { limits: CATALOG_MULTIPART_LIMITS })
  const catalogOnly = { preValidation: staffOnly(CATALOG_ROLES) }
  const tags = ['staff catalog']

  // Products

  app.get(
    '/v1/products',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Products, drafts included: search by code or name, brand, draft or published; paged',
        description: `${note} q matches code, name and other-language name (case-insensitive); state all, draft or published; newest change first; per_page 50 (at most 200).`,
        querystring: AdminProductListQuerySchema,
        response: { 200: AdminProductListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listProducts(db, request.query)
      return pagedEnvelope(page.products, page.totalPages)
    },
  )

  app.get(
    '/v1/products/:code',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary:
          'One product with everything editable: variants (with stock), media, related, bundle slots, categories',
        description: `${note} Code any case; drafts included. Unknown: 404 STF100.`,
        params: AdminProductParamsSchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await getAdminProduct(db, request.params.code)),
  )

  app.post(
    '/v1/products',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Create a product, as a draft (invisible to shoppers until published)',
        description:
          `${changeNote} product_code, id_brand and product_name, and any field of PATCH. A code in use ` +
          '(any case): 409 STF101. An unknown brand, category or related product: 422 STF106. Prices come ' +
          'from the variants added next.',
        body: AdminProductCreateBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) =>
      envelope(
        await createProduct(db, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.productCreated),
      ),
  )

  app.patch(
    '/v1/products/:code',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary:
          "Change a product's fields: names, description, labels, countdown, related, brand, categories…",
        description:
          `${changeNote} description is HTML, sanitised with the stored-HTML allow-list (decision 033) and kept ` +
          "with its text (description_without_tags). end_at is the shop's wall clock (YYYY-MM-DDTHH:mm, UTC+7) " +
          'or null. harga_coret in rupiah (0 none). related_products and category_ids replace the lists ' +
          "(categories of the product's brand; 422 STF106). Prices are not here: they follow the variants.",
        params: AdminProductParamsSchema,
        body: AdminProductUpdateBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      envelope(
        await updateProduct(db, request.params.code, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.productSaved),
      ),
  )

  for (const publish of [true, false]) {
    app.post(
      `/v1/products/:code/${publish ? 'publish' : 'unpublish'}`,
      {
        ...catalogOnly,
        schema: {
          tags,
          summary: publish
            ? 'Publish a draft: shoppers see it everywhere (listings, search, product page, bag)'
            : 'Take a product back to draft: it disappears from every public read; bags cannot buy it',
          description: publish
            ? `${changeNote} Needs a variant (409 STF113). Again: unchanged.`
            : `${changeNote} Again: unchanged.`,
          params: AdminProductParamsSchema,
          response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        envelope(
          await setPublished(db, request.params.code, publish, actorOf(request)),
          request.say(publish ? CATALOG_MESSAGES.published : CATALOG_MESSAGES.unpublished),
        ),
    )
  }

  app.put(
    '/v1/products/:code/bundle',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary:
          "Set a product's bundle: is_bundling, max_bundling, limit_qty_bundling, options of slots 1-5",
        description:
          `${changeNote} Rules (spec 000): a bundle is bought as exactly max_bundling pieces; with ` +
          'limit_qty_bundling each chosen slot holds exactly that many, so it divides max_bundling in at ' +
          'most 5 slots (400). Options are other, existing, non-bundle products (422 STF106 / STF105); a ' +
          'bundle has one variant, its own SKU (422 STF105). is_bundling false clears the slots.',
        params: AdminProductParamsSchema,
        body: AdminBundleBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      envelope(
        await setBundle(db, request.params.code, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.bundleSaved),
      ),
  )

  // Variants

  app.post(
    '/v1/products/:code/variants',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Add a variant (size): SKU, ukuran, selling_price, weight_grams; stock starts at 0',
        description:
          `${changeNote} Stock is set by the stock calls, not here. The product's selling_price, start_price ` +
          'and end_price follow its variants. A SKU in use: 409 STF103.',
        params: AdminProductParamsSchema,
        body: AdminVariantCreateBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await createVariant(db, request.params.code, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.variantAdded),
      ),
  )

  app.patch(
    '/v1/products/:code/variants/:sku',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "Change a variant's size, price, weight or position",
        description: `${changeNote} Prices of the product follow. Unknown SKU on this product: 404 STF102.`,
        params: AdminVariantParamsSchema,
        body: AdminVariantUpdateBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await updateVariant(db, request.params.code, request.params.sku, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.variantSaved),
      ),
  )

  app.delete(
    '/v1/products/:code/variants/:sku',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Remove a variant not in an open order',
        description:
          `${changeNote} In an Open or Paid order (as a line or a bundle part): 409 STF104. A bag line holding ` +
          'it stays and shows as unavailable (bag lines never block). The last variant of a published ' +
          'product: 409 STF113 (unpublish first).',
        params: AdminVariantParamsSchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await deleteVariant(db, request.params.code, request.params.sku, actorOf(request)),
        request.say(CATALOG_MESSAGES.variantRemoved),
      ),
  )

  // Media

  app.post(
    '/v1/products/:code/media/images',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary:
          'Upload a picture (multipart, field `file`): re-encoded to WebP and AVIF, added to the gallery',
        description:
          `${changeNote} JPEG, PNG, WebP or AVIF by its bytes, whatever its name (SVG and anything else: 415 ` +
          `STF107); at most ${CATALOG_IMAGE_MAX_BYTES / 1024 / 1024} MB and ${CATALOG_IMAGE_MAX_PIXELS / 1_000_000} ` +
          `megapixels, read from the header before decoding (413 STF108); at most ${CATALOG_MEDIA_MAX} items ` +
          'per product (409 STF109). Stored fitted in 1200 × 1600 without metadata, served at ' +
          '/media/v1/u/{key}.webp (the gallery URL) and .avif, immutable.',
        params: AdminProductParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const bytes = await readUpload(request)
      return envelope(
        await addProductImage(db, request.params.code, bytes, actorOf(request)),
        request.say(CATALOG_MESSAGES.pictureAdded),
      )
    },
  )

  app.post(
    '/v1/products/:code/media/videos',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Add a video by URL (YouTube, Vimeo or an .mp4 file) with its poster picture',
        description: `${changeNote} https:// only (or a /media/ path of this shop). At most ${CATALOG_MEDIA_MAX} items (409 STF109).`,
        params: AdminProductParamsSchema,
        body: AdminVideoBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await addProductVideo(db, request.params.code, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.videoAdded),
      ),
  )

  app.put(
    '/v1/products/:code/media/order',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "Reorder the gallery: every item's id, in the new order (the first picture is the card's)",
        description: `${changeNote} Every item of the product exactly once, or 422 STF114.`,
        params: AdminProductParamsSchema,
        body: AdminMediaOrderBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      envelope(
        await reorderMedia(db, request.params.code, request.body.ids, actorOf(request)),
        request.say(CATALOG_MESSAGES.gallerySaved),
      ),
  )

  app.delete(
    '/v1/products/:code/media/:id',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Remove a picture or video from the gallery (an uploaded picture is deleted with it)',
        description: `${changeNote} Unknown item on this product: 404 STF110.`,
        params: AdminMediaParamsSchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await deleteMedia(db, request.params.code, request.params.id, actorOf(request)),
        request.say(CATALOG_MESSAGES.mediaRemoved),
      ),
  )

  // Categories, menus, sliders, brands: list, create, change, delete.

  const structure = [
    {
      path: 'categories',
      what: 'category (a listing; in_grid shows it in the home grid)',
      list: AdminCategoryListResponseSchema,
      one: AdminCategoryResponseSchema,
      create: AdminCategoryCreateBodySchema,
      update: AdminCategoryUpdateBodySchema,
      notes:
        'A name (the listing URL) the brand already uses: 409 STF112. Renaming keeps menus and sliders on it. Deleting keeps its products.',
    },
    {
      path: 'menus',
      what: 'navigation entry (parent_id nests it; category_name opens a listing, empty for a heading)',
      list: AdminMenuListResponseSchema,
      one: AdminMenuResponseSchema,
      create: AdminMenuCreateBodySchema,
      update: AdminMenuUpdateBodySchema,
      notes: 'An unknown parent or category of the brand: 422 STF106. Deleting removes its children.',
    },
    {
      path: 'sliders',
      what: 'home carousel (title, link to a category, banner pictures, product codes, priority)',
      list: AdminSliderListResponseSchema,
      one: AdminSliderResponseSchema,
      create: AdminSliderCreateBodySchema,
      update: AdminSliderUpdateBodySchema,
      notes:
        'Unknown products or category: 422 STF106. Drafts among product_codes are not shown to shoppers until published.',
    },
  ] as const
  const services = {
    categories: {
      list: listCategories,
      create: createCategory,
      update: updateCategory,
      remove: deleteCategory,
    },
    menus: { list: listMenus, create: createMenu, update: updateMenu, remove: deleteMenu },
    sliders: { list: listSliders, create: createSlider, update: updateSlider, remove: deleteSlider },
  }

  for (const area of structure) {
    const service = services[area.path]
    app.get(
      `/v1/${area.path}`,
      {
        ...catalogOnly,
        schema: {
          tags,
          summary: `Every ${area.what.split(' (')[0]} (of one brand with id_brand)`,
          description: note,
          querystring: AdminBrandQuerySchema,
          response: { 200: area.list, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => envelope(await service.list(db, request.query.id_brand)),
    )
    app.post(
      `/v1/${area.path}`,
      {
        ...catalogOnly,
        schema: {
          tags,
          summary: `Create a ${area.what}`,
          description: `${changeNote} ${area.notes}`,
          body: area.create,
          response: { 200: area.one, ...errorResponses(400, 401, 403, 409, 422) },
        },
      },
      // The body is the area's own schema, validated by the route; each service takes its own.
      async (request) =>
        envelope(
          await service.create(db, request.body as never, actorOf(request)),
          request.say(CATALOG_MESSAGES.created),
        ),
    )
    app.patch(
      `/v1/${area.path}/:id`,
      {
        ...catalogOnly,
        schema: {
          tags,
          summary: `Change a ${area.what.split(' (')[0]}`,
          description: `${changeNote} ${area.notes} Unknown id: 404 STF111.`,
          params: AdminIdParamsSchema,
          body: area.update,
          response: { 200: area.one, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        envelope(
          await service.update(db, request.params.id, request.body as never, actorOf(request)),
          request.say(CATALOG_MESSAGES.saved),
        ),
    )
    app.delete(
      `/v1/${area.path}/:id`,
      {
        ...catalogOnly,
        schema: {
          tags,
          summary: `Delete a ${area.what.split(' (')[0]}`,
          description: `${changeNote} Unknown id: 404 STF111.`,
          params: AdminIdParamsSchema,
          response: { 200: AdminEmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await service.remove(db, request.params.id, actorOf(request))
        return envelope(null, request.say(CATALOG_MESSAGES.deleted))
      },
    )
  }

  app.get(
    '/v1/categories/:id/products',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "A category's listing as stored: its products in order, each with its segment",
        description: `${note} Drafts included. Unknown category: 404 STF111.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminCategoryProductsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await listCategoryProducts(db, request.params.id)),
  )

  app.put(
    '/v1/categories/:id/products',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "Set a category's listing: every product in order, each in one of its segments or none",
        description:
          `${changeNote} Replaces the listing. Products of the category's brand (drafts may be placed; shoppers ` +
          'see them once published); a segment of this category. Otherwise 422 STF106.',
        params: AdminIdParamsSchema,
        body: AdminCategoryProductsBodySchema,
        response: { 200: AdminCategoryProductsResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      envelope(
        await setCategoryProducts(db, request.params.id, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.saved),
      ),
  )

  app.get(
    '/v1/categories/:id/segments',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "A category's segments: named groups of its listing with up to three banners",
        description: `${note} Unknown category: 404 STF111.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminSegmentListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await listSegments(db, request.params.id)),
  )

  app.post(
    '/v1/categories/:id/segments',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Add a segment to a category: name, banners img1-img3, priority',
        description: `${changeNote} Unknown category: 404 STF111.`,
        params: AdminIdParamsSchema,
        body: AdminSegmentCreateBodySchema,
        response: { 200: AdminSegmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await createSegment(db, request.params.id, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.created),
      ),
  )

  app.patch(
    '/v1/segments/:id',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "Change a segment's name, banners or priority",
        description: `${changeNote} Unknown id: 404 STF111.`,
        params: AdminIdParamsSchema,
        body: AdminSegmentUpdateBodySchema,
        response: { 200: AdminSegmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await updateSegment(db, request.params.id, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.saved),
      ),
  )

  app.delete(
    '/v1/segments/:id',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Delete a segment (its products stay in the category, outside any segment)',
        description: `${changeNote} Unknown id: 404 STF111.`,
        params: AdminIdParamsSchema,
        response: { 200: AdminEmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteSegment(db, request.params.id, actorOf(request))
      return envelope(null, request.say(CATALOG_MESSAGES.deleted))
    },
  )

  app.get(
    '/v1/brands',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'The brands of the group, with how many products each holds',
        description: note,
        response: { 200: AdminBrandListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await listBrands(db)),
  )

  app.patch(
    '/v1/brands/:id',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "Change a brand's shown name or tagline (its slug is in every URL and stays)",
        description: `${changeNote} Unknown id: 404 STF111.`,
        params: AdminIdParamsSchema,
        body: AdminBrandUpdateBodySchema,
        response: { 200: AdminBrandResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await updateBrand(db, request.params.id, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.saved),
      ),
  )
}
