import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AppError,
  SESSION_KIND_MESSAGES,
  CHECKOUT_MESSAGES,
  CheckoutHeadersSchema,
  CheckoutResponseSchema,
  GuestCheckoutBodySchema,
  MemberCheckoutBodySchema,
  ORDER_ID_PATTERN,
  ORDER_NUMBER_PATTERN,
  OrderDetailResponseSchema,
  OrderGuestDetailResponseSchema,
  OrderGuestListQuerySchema,
  OrderGuestListResponseSchema,
  OrderHistoryQuerySchema,
  OrderHistoryResponseSchema,
  OrderIdParamsSchema,
  TrackingParamsSchema,
  TrackingResponseSchema,
  PaymentListResponseSchema,
  PaymentQuerySchema,
  PROMO_MESSAGES,
  PromoBodySchema,
  PromoResponseSchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { privateAnswers } from '../../plugins/http-cache.ts'
import { enforceLimits } from '../../plugins/rate-limit.ts'
import { orderedLines } from '../cart/index.ts'
import { productsInCategories } from '../catalog/index.ts'
import { hasOrderNotCancelled, placeOrder } from './checkout.service.ts'
import { orderHeaderStore } from './header-store.ts'
import { requestLanguage } from '../payments/index.ts'
import { guestOrderDetail, orderDetail } from './order-detail.ts'
import { guestOrderList, orderHistory } from './order-history.ts'
import { trackOrder } from './tracking.service.ts'
import { paymentOptions } from './payment-options.ts'
import { applicableVoucher, countVoucherTry } from '../promotions/index.ts'

const sessionNote =
  'Member or guest-by-phone call: `token` query parameter or `Authorization: Bearer` (401 CLE001 without a live session).'

/** Lookups by order number or waybill, per address (numbers are unguessable; this bounds trying). */
const LOOKUP_LIMIT = { limit: 60, windowMs: 15 * 60_000 }

/** checkout_new is the members' call: a guest by phone uses checkout_guest. */
async function membersOnly(request: FastifyRequest) {
  if (request.customer.isGuest) {
    throw new AppError('CLE016', SESSION_KIND_MESSAGES.guestsUseGuest('/api/v1/orders/checkout_guest'))
  }
}

/** checkout_guest needs a guest session from the phone code (login_otp). */
async function guestsOnly(request: FastifyRequest) {
  if (!request.customer.isGuest) {
    throw new AppError('CLE016', SESSION_KIND_MESSAGES.membersUseMember('/api/v1/orders/checkout_new'))
  }
}

const checkoutNote =
  'Places the order in one transaction (decision 019): prices, fees, the discount and the total are ' +
  "computed from the database (the client's numbers are never read); stock is taken per variant, bundle parts " +
  'included (422 CRT002 when it ran out); the voucher use is counted (PRM001-PRM006), and a code is a voucher try ' +
  'under the limits of POST /orders/promo (429 REQ006); the ordered lines leave ' +
  'the bag. 409 SON001 while an unpaid order exists; 404 CRT001 / 409 CHK001 for a line that is not, or no longer, ' +
  'the bag line it names; 400 REQ001 naming the field (e.g. id_delivery_method not offered for the address); ' +
  '422 PAY001 for a payment method not offered; 503 SHP001 when the rate provider failed. `Idempotency-Key`: the ' +
  'same key with the same body answers the first result again without a second order; with another body 422 IDM001.'

/**
 * The checkout calls (docs/product/shopping.md §7): payment options, the promo check, placing an order and
 * its detail. Answers are personal: `Cache-Control: private, no-store`.
 */
export default async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  privateAnswers(app)
  const context = () => ({
    db: app.database.db,
    shipping: app.shipping,
    payments: app.payments,
    config: app.config,
    log: app.log,
    headers: orderHeaderStore,
    soldOut: app.soldOut,
  })

  app.get(
    '/v1/orders/payment',
    {
      preValidation: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: 'Payment options with their service fee for this order',
        description:
          `${sessionNote} delivery_price and total_transaction (the lines + packing − promo) make the amount the ` +
          'fee is computed on: payment_fee = the flat fee + the percentage, rounded up to the rupiah.',
        querystring: PaymentQuerySchema,
        response: { 200: PaymentListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      envelope(
        await paymentOptions(app.database.db, request.query.total_transaction + request.query.delivery_price),
      ),
  )

  app.post(
    '/v1/orders/promo',
    {
      preValidation: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: 'Checks a voucher code against the ticked lines and answers its discount',
        description:
          `${sessionNote} The subtotal is computed from the bag lines named in products (404 CRT001, 409 CHK001 ` +
          'as at checkout); a SHIPPING voucher is previewed against delivery_price, and checkout recomputes it with ' +
          'the real fare. Refusals: 404 PRM001 unknown, 422 PRM002 expired, 422 PRM003 not yet valid, 422 PRM004 below ' +
          'the minimum (named), 409 PRM005 used up, 409 PRM006 already used by you; a voucher with rules (decision 058): ' +
          '422 PRM007 no line it applies to, 422 PRM008 those lines below its minimum (named), 422 PRM009 first order ' +
          'only, 409 PRM010 its per-customer limit reached. voucher_lines names the lines (id_line) the discount ' +
          'counted and voucher_subtotal their subtotal. Nothing is reserved: the use is ' +
          'counted when the order is placed. 429 REQ006 after 30 tries in 15 minutes.',
        body: PromoBodySchema,
        response: { 200: PromoResponseSchema, ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const db = app.database.db
      const id = request.customer.idPelanggan
      await countVoucherTry(db, id, request.ip)
      const { lines } = await orderedLines(db, id, request.body.products)
      const applied = await applicableVoucher(db, request.body.kode_promo, {
        idPelanggan: id,
        lines,
        delivery: request.body.id_delivery_method ? (request.body.delivery_price ?? 0) : 0,
        now: Date.now(),
        hasOrders: () => hasOrderNotCancelled(db, id),
        inCategories: (codes, categoryIds) => productsInCategories(db, codes, categoryIds),
      })
      const { voucher, discount } = applied
      return envelope(
        {
          id_promo: voucher.id,
          kode_promo: voucher.code,
          type: voucher.type,
          total_promo: discount,
          voucher_name: voucher.name,
          voucher_lines: applied.lines,
          voucher_subtotal: applied.subtotal,
        },
        request.say(PROMO_MESSAGES.applied(voucher.name)),
      )
    },
  )

  app.post(
    '/v1/orders/checkout_new',
    {
      preValidation: [app.requireCustomer, membersOnly],
      schema: {
        tags: ['checkout'],
        summary: "Places a member's order: the ticked lines to the primary address",
        description: `Member call (403 CLE016 for a guest by phone). 422 SON006 without a complete primary address. ${checkoutNote}`,
        headers: CheckoutHeadersSchema,
        body: MemberCheckoutBodySchema,
        response: { 200: CheckoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503) },
      },
    },
    async (request) =>
      envelope(
        await placeOrder(
          context(),
          {
            idPelanggan: request.customer.idPelanggan,
            isGuest: false,
            address: request.ip,
            language: request.language,
          },
          request.body,
          request.headers['idempotency-key'],
        ),
        request.say(CHECKOUT_MESSAGES.placed),
      ),
  )

  app.post(
    '/v1/orders/checkout_guest',
    {
      preValidation: [app.requireCustomer, guestsOnly],
      schema: {
        tags: ['checkout'],
        summary: "Places a guest's order: the ticked lines to the address of the guest form",
        description:
          'Guest call: a session from the phone code (POST /api/v1/member/login_otp); 403 CLE016 for a member. The ' +
          "buyer's phone is the verified phone (buyer_phone is not read); buyer_email is required when the account " +
          'needs an e-mail (need_email). destination_code, id_address_village and kode_pos must agree (422 ADR002). ' +
          checkoutNote,
        headers: CheckoutHeadersSchema,
        body: GuestCheckoutBodySchema,
        response: { 200: CheckoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503) },
      },
    },
    async (request) =>
      envelope(
        await placeOrder(
          context(),
          {
            idPelanggan: request.customer.idPelanggan,
            isGuest: true,
            address: request.ip,
            language: request.language,
          },
          request.body,
          request.headers['idempotency-key'],
        ),
        request.say(CHECKOUT_MESSAGES.placed),
      ),
  )

  app.get(
    '/v1/member/order_history/:id',
    {
      preValidation: app.requireCustomer,
      schema: {
        tags: ['orders'],
        summary: "One of the caller's orders: header, lines, shipping and payment",
        description:
          `${sessionNote} Another customer's order, or an id that is none, answers 404 ORD001. The payment block ` +
          'carries how to pay (rekening, biller_code, deeplink, qr_code, qr_string; payment_state pending while the ' +
          'provider has not issued it) and tutorial_payment the How to Pay steps in the language of ?lng=, the ' +
          'i18next cookie or Accept-Language (en or id; English by default). An Open order past its deadline is ' +
          'cancelled before it is answered (decision 020).',
        params: OrderIdParamsSchema,
        response: { 200: OrderDetailResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      if (!ORDER_ID_PATTERN.test(request.params.id)) throw new AppError('ORD001')
      return envelope(
        await orderDetail(
          context(),
          request.customer.idPelanggan,
          request.params.id.toLowerCase(),
          requestLanguage(request),
        ),
      )
    },
  )

  app.get(
    '/v1/member/order_history',
    {
      preValidation: app.requireCustomer,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first, paged",
        description:
          `${sessionNote} Members and phone guests see their own orders only. current_page (from 1) and max_record ` +
          '(1-50, 20 by default); total_pages beside data.',
        querystring: OrderHistoryQuerySchema,
        response: { 200: OrderHistoryResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { current_page: page, max_record: perPage } = request.query
      const { items, totalPages } = await orderHistory(
        app.database.db,
        request.customer.idPelanggan,
        page,
        perPage,
      )
      return pagedEnvelope(items, totalPages)
    },
  )

  app.get(
    '/v1/member/order_guest_list',
    {
      preHandler: app.optionalMember,
      schema: {
        tags: ['orders'],
        summary: 'Orders by their numbers (the /tracking page), for anyone holding them',
        description:
          'order_id: one or several order numbers, comma-separated or repeated (at most 10). Numbers that match no ' +
          'order are left out of data (an empty list when none does). No session needed. 60 lookups per address ' +
          'in 15 minutes (429 REQ006).',
        querystring: OrderGuestListQuerySchema,
        response: { 200: OrderGuestListResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await enforceLimits(app.database.db, [{ key: `order-lookup:ip:${request.ip}`, rule: LOOKUP_LIMIT }])
      return envelope(await guestOrderList(app.database.db, request.query.order_id))
    },
  )

  app.get(
    '/v1/member/order_guest/:id',
    {
      preHandler: app.optionalMember,
      schema: {
        tags: ['orders'],
        summary: 'One order by its number: in full for its owner, masked for anyone else',
        description:
          "{id} is the sales_order_number. The caller's own order (member or phone-guest session) answers in full " +
          "with masked false; anyone else holding the number sees status, dates, lines and totals, the recipient's " +
          'initials, the phone reduced to its last 4 digits and the address to district and city, and no payment ' +
          'details (masked true). 404 ORD001 when no order has this number; 60 lookups per address in 15 minutes.',
        params: OrderIdParamsSchema,
        response: { 200: OrderGuestDetailResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async (request) => {
      await enforceLimits(app.database.db, [{ key: `order-lookup:ip:${request.ip}`, rule: LOOKUP_LIMIT }])
      const number = request.params.id.trim().toUpperCase()
      if (!ORDER_NUMBER_PATTERN.test(number)) throw new AppError('ORD001')
      return envelope(
        await guestOrderDetail(
          context(),
          request.member?.idPelanggan ?? null,
          number,
          requestLanguage(request),
        ),
      )
    },
  )

  app.get(
    '/v1/member/tracking/:id',
    {
      preHandler: app.optionalMember,
      schema: {
        tags: ['orders'],
        summary: "A parcel's timeline, newest first: by the caller's order id or by waybill",
        description:
          "{id}: the caller's own order's id_sales_header (session needed: 401 CLE001 without; another's is 404 " +
          "ORD001), or a waybill (no_resi) of a shipped order, for anyone holding it (as on the couriers' sites; " +
          "the order number is then null unless it is the caller's). data: entries { waktu (ISO, +07:00), " +
          'keterangan } in the language of ?lng=, the cookie or Accept-Language; tracking: status, courier, paket, ' +
          "delivered. A courier's delivered report moves the order to Success. 404 TRK002 when not shipped or " +
          'unknown; 503 TRK001 when the courier could not be asked. Answers are reused for a short while ' +
          '(TRACKING_CACHE_SECONDS). 60 lookups per address in 15 minutes.',
        params: TrackingParamsSchema,
        response: { 200: TrackingResponseSchema, ...errorResponses(401, 404, 429, 503) },
      },
    },
    async (request) => {
      await enforceLimits(app.database.db, [{ key: `order-lookup:ip:${request.ip}`, rule: LOOKUP_LIMIT }])
      const { summary, entries } = await trackOrder(
        { db: app.database.db, tracking: app.tracking, config: app.config, log: app.log },
        request.member?.idPelanggan ?? null,
        request.params.id.trim(),
        requestLanguage(request),
      )
      return { ...envelope(entries), tracking: summary }
    },
  )
}
