import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AdminBundleBodySchema,
  AdminProductCreateBodySchema,
  AdminProductListQuerySchema,
  AdminProductListResponseSchema,
  AdminProductParamsSchema,
  AdminProductResponseSchema,
  AdminProductUpdateBodySchema,
  AdminPublishBodySchema,
  CATALOG_MESSAGES,
  COLOUR_FAMILIES,
} from '@busana/contract/schemas'
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.ts'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import type { CatalogAdminScope } from './admin-scope.ts'
import {
  createProduct,
  getAdminProduct,
  listProducts,
  setBundle,
  setPublished,
  updateProduct,
} from './products.service.ts'

/** Products: the paged list, one product, create, change, publish and unpublish, the bundle. */
export function productRoutes(fastify: FastifyInstance, scope: CatalogAdminScope): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db, actorOf, catalogOnly, tags, note, changeNote, stock } = scope

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
          'Change a product’s fields: names, description, labels, countdown, related, brand, categories…',
        description:
          `${changeNote} description is HTML, sanitised with the stored-HTML allow-list (decision 033) and kept ` +
          "with its text (description_without_tags). end_at is the shop's wall clock (YYYY-MM-DDTHH:mm, UTC+7) " +
          'or null. harga_coret in rupiah (0 none). related_products and category_ids replace the lists ' +
          '(categories of the product’s brand; 422 STF106). colour_family is one of the listing filter’s ' +
          `families (${COLOUR_FAMILIES.join(', ')}) ` +
          'or null to clear it; anything else is a 400. final_sale (true or false) marks a product that cannot ' +
          'be returned (issue 40). Prices are not here: they follow the variants.',
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

  // Clients have always sent publish without a body, some as an empty JSON one: both mean no force.
  void app.register(async (scoped) => {
    acceptEmptyJsonBody(scoped)
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/v1/products/:code/publish',
      {
        ...catalogOnly,
        schema: {
          tags,
          summary: 'Publish a draft: shoppers see it everywhere (listings, search, product page, bag)',
          description:
            `${changeNote} Body optional: { "force": true } publishes a product without a picture (an image in ` +
            'its gallery) or without stock in any warehouse; without force such a product is refused with 409 ' +
            'STF115. A product without a size is refused with 409 STF113, forced or not. Both refusals name ' +
            'everything missing in `errors` (field size, picture or stock; the message in the request’s ' +
            'language). A forced publication’s audit row has changes { force, missing }. Again: unchanged.',
          params: AdminProductParamsSchema,
          body: AdminPublishBodySchema,
          response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        envelope(
          await setPublished(db, request.params.code, true, actorOf(request), stock, request.body?.force),
          request.say(CATALOG_MESSAGES.published),
        ),
    )
  })

  app.post(
    '/v1/products/:code/unpublish',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Take a product back to draft: it disappears from every public read; bags cannot buy it',
        description: `${changeNote} Again: unchanged.`,
        params: AdminProductParamsSchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await setPublished(db, request.params.code, false, actorOf(request), stock),
        request.say(CATALOG_MESSAGES.unpublished),
      ),
  )

  app.put(
    '/v1/products/:code/bundle',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary:
          'Set a product’s bundle: is_bundling, max_bundling, limit_qty_bundling, options of slots 1-5',
        description:
          `${changeNote} Rules (docs/product/shopping.md): a bundle is bought as exactly max_bundling pieces; with ` +
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
}
