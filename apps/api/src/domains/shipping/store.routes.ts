import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AppError,
  SESSION_KIND_MESSAGES,
  CartGuestBodySchema,
  CartNewBodySchema,
  CheckoutDataResponseSchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { guestCheckoutData, memberCheckoutData } from './shipping.service.ts'

const errors = errorResponses(400, 401, 403, 404, 422, 503)
const linesNote =
  'products: the ticked lines, each product_code, sku_product (a variant sku, or for a bundle the list of ' +
  'sku_product and qty) and qty, checked like the bag checks them: 404 CRT004, 422 CRT002 (stock, summed per ' +
  'variant with bundle parts), CRT003, BND001-BND004; 400 REQ001 naming the field for a malformed body. ' +
  'jenis_paket_list: the courier services with their fare (tarif) for the started kilograms of the parcel, ' +
  'cheapest first; 422 DVY001 when none delivers there (the client goes to /member/address); 503 SHP001 when ' +
  'the rate provider failed or timed out (retry).'

/** cart_new is the members' call: a guest by phone checks out with cart_guest. */
async function membersOnly(request: FastifyRequest) {
  if (request.customer.isGuest) {
    throw new AppError('CLE016', SESSION_KIND_MESSAGES.guestsUseGuest('/api/v1/orders/cart_guest'))
  }
}

/** cart_guest is the phone guests' call (a session from login_otp): members use their addresses. */
async function guestsOnly(request: FastifyRequest) {
  if (!request.customer.isGuest) {
    throw new AppError('CLE016', SESSION_KIND_MESSAGES.membersUseMember('/api/v1/orders/cart_new'))
  }
}

/**
 * The checkout data calls (docs/product/shopping.md §7; decision 017). Answers are personal:
 * `Cache-Control: private, no-store`.
 */
export default async function shippingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  privateAnswers(app)
  const context = () => ({
    db: app.database.db,
    shipping: app.shipping,
    config: app.config,
    log: app.log,
  })

  app.post(
    '/v1/orders/cart_new',
    {
      preValidation: [app.requireCustomer, membersOnly],
      schema: {
        tags: ['checkout'],
        summary:
          "Checkout data for a member: the ticked lines checked, the primary address and the couriers' fares",
        description:
          'Member call (`token` query parameter or `Authorization: Bearer`; 401 CLE001 without a session, 403 ' +
          'CLE016 for a guest by phone). alamat_penerima is the primary address; none, or one that needs an ' +
          `update (no sub-district), is 422 SON006 (the client goes to /member/address). ${linesNote}`,
        body: CartNewBodySchema,
        response: { 200: CheckoutDataResponseSchema, ...errors },
      },
    },
    async (request) =>
      envelope(await memberCheckoutData(context(), request.customer.idPelanggan, request.body.products)),
  )

  app.post(
    '/v1/orders/cart_guest',
    {
      preValidation: [app.requireCustomer, guestsOnly],
      schema: {
        tags: ['checkout'],
        summary: "Checkout data for a guest by phone: the ticked lines checked and the couriers' fares",
        description:
          'Guest call: a session from the phone code (POST /api/v1/member/login_otp); 403 CLE016 for a member. ' +
          "destination_code is the guest form's district, id_address_village its sub-district, which " +
          `must lie in it (422 ADR002). alamat_penerima is null: the guest form holds the address. ${linesNote}`,
        body: CartGuestBodySchema,
        response: { 200: CheckoutDataResponseSchema, ...errors },
      },
    },
    async (request) => envelope(await guestCheckoutData(context(), request.body)),
  )
}
