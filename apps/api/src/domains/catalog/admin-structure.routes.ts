import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AdminBrandListResponseSchema,
  AdminBrandQuerySchema,
  AdminBrandResponseSchema,
  AdminBrandUpdateBodySchema,
  AdminCategoryCreateBodySchema,
  AdminCategoryListResponseSchema,
  AdminCategoryProductsBodySchema,
  AdminCategoryProductsResponseSchema,
  AdminCategoryReorderBodySchema,
  AdminCategoryResponseSchema,
  AdminCategoryUpdateBodySchema,
  AdminEmptyResponseSchema,
  AdminIdParamsSchema,
  AdminMenuCreateBodySchema,
  AdminMenuListResponseSchema,
  AdminMenuResponseSchema,
  AdminMenuUpdateBodySchema,
  AdminSegmentCreateBodySchema,
  AdminSegmentListResponseSchema,
  AdminSegmentResponseSchema,
  AdminSegmentUpdateBodySchema,
  AdminSliderCreateBodySchema,
  AdminSliderListResponseSchema,
  AdminSliderResponseSchema,
  AdminSliderUpdateBodySchema,
  CATALOG_MESSAGES,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { staffCallNote } from '../staff/index.ts'
import type { CatalogAdminScope } from './admin-scope.ts'
import {
  createCategory,
  createMenu,
  createSegment,
  createSlider,
  deleteCategory,
  deleteMenu,
  deleteSegment,
  deleteSlider,
  reorderCategoryProducts,
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

/**
 * The shop's structure: categories, menus and sliders (list, create, change, delete from one
 * table), a category's listing and segments, and the brands.
 */
export function structureRoutes(fastify: FastifyInstance, scope: CatalogAdminScope): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db, actorOf, catalogOnly, everyStaff, tags, note, changeNote } = scope

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

  app.post(
    '/v1/categories/:id/products/reorder',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "Move products inside a category's listing (the storefront's default order)",
        description:
          `${changeNote} moves: [{ product_code, position }], applied in order; each puts a product of ` +
          'the listing at a 0-based place (past the end is the end). Only the order changes: products ' +
          'added meanwhile keep their place. A product not in the listing: 422 STF106. Unknown ' +
          'category: 404 STF111.',
        params: AdminIdParamsSchema,
        body: AdminCategoryReorderBodySchema,
        response: { 200: AdminCategoryProductsResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      envelope(
        await reorderCategoryProducts(db, request.params.id, request.body, actorOf(request)),
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

  // Every role reads the brands: orders, stock, reviews and stores name them (issue 43).
  app.get(
    '/v1/brands',
    {
      ...everyStaff,
      schema: {
        tags,
        summary: 'The brands of the group, with how many products each holds',
        description: staffCallNote('self'),
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
