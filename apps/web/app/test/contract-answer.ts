/**
 * Fake API answers checked against the contract (issue 25): every answer a test's fake server,
 * fake `api.request` or fake data source gives is parsed with the response schema of the call it
 * stands for, the one the API declares for that route (apps/api's `response: { 200: … }`). A fake
 * that drifts from the API fails its test with the call's name and the fields at fault, instead of
 * testing the page against answers the API never gives. The parsed value is what is answered, as
 * the API's serializer sends the parsed value too (unknown fields dropped).
 */
import type { z } from 'zod'
// Test code only, never bundled: the browser-import rule of eslint.config.js covers *.test.* files
// but not app/test/ and *.test-utils.tsx, which build on this file.
import * as contract from '@busana/contract/schemas'

/** The storefront's API calls, as `METHOD path` (path parameters as `:name`), and their answers. */
export const API_CALLS = {
  'GET /api/v1/cart': contract.CartResponseSchema,
  'POST /api/v1/cart/add': contract.CartResponseSchema,
  'POST /api/v1/cart/update': contract.CartResponseSchema,
  'POST /api/v1/cart/remove': contract.CartResponseSchema,
  'POST /api/v1/cart/check_stock': contract.StockCheckResponseSchema,
  'POST /api/v1/orders/add_to_cart': contract.BundleCheckResponseSchema,
  'POST /api/v1/orders/cart_new': contract.CheckoutDataResponseSchema,
  'POST /api/v1/orders/cart_guest': contract.CheckoutDataResponseSchema,
  'GET /api/v1/orders/payment': contract.PaymentListResponseSchema,
  'POST /api/v1/orders/promo': contract.PromoResponseSchema,
  'POST /api/v1/orders/checkout_new': contract.CheckoutResponseSchema,
  'POST /api/v1/orders/checkout_guest': contract.CheckoutResponseSchema,
  'GET /api/v1/member/order_history': contract.OrderHistoryResponseSchema,
  'GET /api/v1/member/order_guest_list': contract.OrderGuestListResponseSchema,
  'GET /api/v1/member/tracking/:id': contract.TrackingResponseSchema,
  // Returns and size exchanges (issue 40).
  'GET /api/v1/member/returns/options/:id': contract.ReturnOptionsResponseSchema,
  'POST /api/v1/member/returns': contract.ReturnCreatedResponseSchema,
  'GET /api/v1/member/returns': contract.ReturnListResponseSchema,
  'GET /api/v1/member/returns/:number': contract.ReturnResponseSchema,
  'POST /api/v1/member/returns/:number/cancel': contract.ReturnResponseSchema,
  'POST /api/v1/member/returns/:number/waybill': contract.ReturnResponseSchema,
  'GET /api/v1/member/alamat': contract.AddressListResponseSchema,
  'GET /api/v1/member/cek_alamat': contract.AddressCheckResponseSchema,
  'PATCH /api/v1/member/alamat_priority/:id': contract.AddressResponseSchema,
  'GET /api/v1/master/province': contract.ProvinceListResponseSchema,
  'GET /api/v1/master/city': contract.CityListResponseSchema,
  'GET /api/v1/master/subdistrict': contract.DistrictListResponseSchema,
  'GET /api/v1/pages/village': contract.VillageListResponseSchema,
  'GET /api/v1/member/campaign': contract.CampaignResponseSchema,
  'PUT /api/v1/member/is_campaign': contract.MessageResponseSchema,
  'GET /api/v1/member/profile': contract.ProfileResponseSchema,
  'PATCH /api/v1/member/profile': contract.ProfileResponseSchema,
  'POST /api/v1/member/login': contract.SessionResponseSchema,
  'POST /api/v1/member/login_otp_send': contract.LoginOtpSendResponseSchema,
  'POST /api/v1/member/login_otp': contract.SessionResponseSchema,
  'POST /api/v2/member/register': contract.RegisterResponseSchema,
  'POST /api/v2/member/resend_otp': contract.MessageResponseSchema,
  'POST /api/v2/member/verify_otp': contract.SessionResponseSchema,
  'POST /api/v1/member/forget': contract.MessageResponseSchema,
  'GET /api/v2/member/wishlist': contract.WishlistResponseSchema,
  'POST /api/v2/member/wishlist': contract.WishlistChangeResponseSchema,
  'DELETE /api/v2/member/wishlist/:code': contract.WishlistChangeResponseSchema,
  'GET /api/v1/pages/category': contract.CategoryResponseSchema,
  'GET /api/v1/pages/product': contract.ProductResponseSchema,
  'GET /api/v1/pages/search': contract.SearchResponseSchema,
  'GET /api/v1/pages/product_suggestion': contract.SuggestionResponseSchema,
  'GET /api/v1/pages/notification': contract.NotificationResponseSchema,
  'GET /api/v1/pages/product_rating/:code': contract.ProductRatingResponseSchema,
  'GET /api/v3/offline-store': contract.OfflineStoreResponseSchema,
} as const

export type ApiCall = keyof typeof API_CALLS
type Answer<C extends ApiCall> = z.input<(typeof API_CALLS)[C]>
type Data<C extends ApiCall> = Answer<C>['data']

/** `schema.parse(body)`, throwing with `call`'s name and each field at fault when the fake drifted. */
export function contractAnswer<S extends z.ZodType>(
  schema: S,
  body: z.input<S>,
  call = 'a fake answer',
): z.output<S> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const fields = result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
  throw new Error(`The fake answer of ${call} does not match the contract:\n  ${fields.join('\n  ')}`)
}

/** The whole envelope of `call`, checked (for fakes of `api.request`). */
export const contractEnvelope = <C extends ApiCall>(call: C, envelope: Answer<C>) =>
  contractAnswer(API_CALLS[call], envelope, call)

/**
 * `call`'s data, checked inside a success envelope (for fakes of a feature's data source and for
 * fixtures of what a call answers); paged calls take `extra.total_pages`.
 */
export const contractData = <C extends ApiCall>(
  call: C,
  data: Data<C>,
  extra: Partial<Omit<Answer<C>, 'data' | 'message' | 'status'>> = {},
): Data<C> =>
  (contractEnvelope(call, { status: 200, message: 'OK', ...extra, data } as Answer<C>) as { data: Data<C> })
    .data

/**
 * A success answer of `call` on window.fetch: `{ status: 200, message, data }` (paged calls add
 * `extra.total_pages`), checked against the call's schema.
 */
export function apiAnswer<C extends ApiCall>(
  call: C,
  data: Data<C>,
  message = 'OK',
  extra: Partial<Omit<Answer<C>, 'data' | 'message' | 'status'>> = {},
): Response {
  const envelope = contractEnvelope(call, { status: 200, message, ...extra, data } as Answer<C>)
  return new Response(JSON.stringify(envelope), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  })
}

/**
 * An error answer as the API's error handler gives it: a code of the contract's error catalogue,
 * with the catalogue's HTTP status for it, and the message.
 */
export function apiError(status: number, code: contract.ErrorCode, message: string): Response {
  const call = `an error ${code}`
  if (contract.errors[code]?.status !== status)
    throw new Error(
      `The fake answer of ${call} says ${status}; the catalogue gives ${contract.errors[code]?.status}`,
    )
  const envelope = contractAnswer(contract.ErrorEnvelopeSchema, { status, code, message, data: null }, call)
  return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } })
}
