import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AdminProductParamsSchema,
  AdminProductResponseSchema,
  AdminVariantCreateBodySchema,
  AdminVariantParamsSchema,
  AdminVariantUpdateBodySchema,
  CATALOG_MESSAGES,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import type { CatalogAdminScope } from './admin-scope.ts'
import { createVariant, deleteVariant, updateVariant } from './products.service.ts'

/** A product's variants (sizes): add, change, remove. */
export function variantRoutes(fastify: FastifyInstance, scope: CatalogAdminScope): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db, actorOf, catalogOnly, tags, changeNote, orders } = scope

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
        await deleteVariant(db, request.params.code, request.params.sku, actorOf(request), orders),
        request.say(CATALOG_MESSAGES.variantRemoved),
      ),
  )
}
