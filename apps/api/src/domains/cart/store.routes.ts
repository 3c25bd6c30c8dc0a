import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  BundleCheckBodySchema,
  CART_MESSAGES,
  BundleCheckResponseSchema,
  CartAddBodySchema,
  CartRemoveBodySchema,
  CartResponseSchema,
  CartUpdateBodySchema,
  StockCheckBodySchema,
  StockCheckResponseSchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { addItem, checkBundle, checkStock, getBag, removeLine, updateLines } from './bag.service.ts'

const errors = errorResponses(400, 401, 404, 422)
const tokenNote =
  'Member call: `token` query parameter or `Authorization: Bearer` (401 CLE001 without a live session); ' +
  'members and phone guests alike. The bag is shared by every brand of the group.'
const bagNote = 'The answer carries the whole bag after the change (the same lines as GET /api/v1/cart).'

/**
 * The shared bag and the bundle calls (docs/product/shopping.md §7; decision 010). Answers are personal:
 * `Cache-Control: private, no-store`.
 */
export default async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = () => app.database.db
  privateAnswers(app)
  const auth = { preValidation: app.requireCustomer }

  app.get(
    '/v1/cart',
    {
      ...auth,
      schema: {
        tags: ['cart'],
        summary: "The customer's bag: lines of every brand, newest first",
        description:
          `${tokenNote} qty is a string; max_qty is the most the line may hold given stock and the bag's ` +
          'other lines; available false means the line can no longer be bought.',
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => envelope(await getBag(db(), request.customer.idPelanggan)),
  )

  app.post(
    '/v1/cart/add',
    {
      ...auth,
      schema: {
        tags: ['cart'],
        summary: 'Adds one unit: a variant sku, or a bundle value (list of sku_product and qty)',
        description:
          `${tokenNote} The same sku (or bundle composition) increments its line. 404 CRT004, 422 CRT002 ` +
          '(stock), CRT003 (sold / COMING-SOON), CRT005 (bag full), BND001-BND004 (bundle rules). ' +
          bagNote,
        body: CartAddBodySchema,
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = request.customer.idPelanggan
      await addItem(db(), id, request.body.product_code, request.body.sku_product)
      return envelope(await getBag(db(), id), request.say(CART_MESSAGES.added))
    },
  )

  app.post(
    '/v1/cart/update',
    {
      ...auth,
      schema: {
        tags: ['cart'],
        summary: 'Sets line quantities, all or nothing',
        description: `${tokenNote} 404 CRT001 for a line that is not the customer's; 422 CRT002 past stock. ${bagNote}`,
        body: CartUpdateBodySchema,
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = request.customer.idPelanggan
      await updateLines(db(), id, request.body.items)
      return envelope(await getBag(db(), id), request.say(CART_MESSAGES.updated))
    },
  )

  app.post(
    '/v1/cart/remove',
    {
      ...auth,
      schema: {
        tags: ['cart'],
        summary: 'Removes a line',
        description: `${tokenNote} 404 CRT001 for a line that is not the customer's. ${bagNote}`,
        body: CartRemoveBodySchema,
        response: { 200: CartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = request.customer.idPelanggan
      await removeLine(db(), id, request.body.id_line)
      return envelope(await getBag(db(), id), request.say(CART_MESSAGES.removed))
    },
  )

  app.post(
    '/v1/cart/check_stock',
    {
      preHandler: app.optionalMember,
      schema: {
        tags: ['cart'],
        summary: 'Bundle panel stock check: may a slot hold qty of the sku instead of old_qty?',
        description:
          'Our path: docs/product leaves it open. total_cart_qty is what the panel holds of this sku in all ' +
          "(old_qty included). data is true when the panel's new demand, plus the shopper's bag when a valid " +
          'token is sent, fits the stock; lowering is always allowed. 404 CRT004 for an unknown sku.',
        body: StockCheckBodySchema,
        response: { 200: StockCheckResponseSchema, ...errors },
      },
    },
    async (request) => envelope(await checkStock(db(), request.member?.idPelanggan ?? null, request.body)),
  )

  app.post(
    '/v1/orders/add_to_cart',
    {
      ...auth,
      schema: {
        tags: ['cart'],
        summary: 'Bundle check: may this bundle be added to the bag now?',
        description:
          `${tokenNote} Checks exactly what cart/add checks for the bundle value, writes nothing: data true, ` +
          "or the error cart/add would give (BND001 'Pembelian belum mencapai {max} pcs', BND002 " +
          "'Pembelian maksimal produk bundling ini adalah {max} pcs', BND003, BND004, CRT002-CRT005). " +
          'The client then adds it with POST /api/v1/cart/add (sku_product = the bundling list).',
        body: BundleCheckBodySchema,
        response: { 200: BundleCheckResponseSchema, ...errors },
      },
    },
    async (request) =>
      envelope(
        await checkBundle(db(), request.customer.idPelanggan, request.body.product, request.body.bundling),
        request.say(CART_MESSAGES.bundleAllowed),
      ),
  )
}
