import type {
  CheckoutData,
  Discount,
  GuestCheckoutBodyInput,
  MemberCheckoutBodyInput,
  OrderResult,
  PaymentOption,
  PromoBodyInput,
} from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'
import type { CheckoutLineInput } from './checkout.state.ts'

// The contract's types only (type imports: no zod reaches the browser).
export type { CheckoutData, Discount, OrderResult, PaymentOption }

/**
 * The checkout calls (docs/product/shopping.md §7; decision 018). The checkout data and the order calls are
 * silent: the page reacts to their codes itself (SON001 Info popup, SON006/DVY001 to
 * /member/address); the others show the server's message in the popup like every call.
 */

/** POST /api/v1/orders/cart_new: the member's ticked lines → primary address and courier services. */
export async function fetchMemberCheckoutData(api: ApiClient, products: CheckoutLineInput[]) {
  const answer = await api.request<CheckoutData>('/api/v1/orders/cart_new', {
    method: 'POST',
    member: true,
    silent: true,
    body: { products },
  })
  return answer.data
}

/** POST /api/v1/orders/cart_guest: the guest's ticked lines to the guest form's destination. */
export async function fetchGuestCheckoutData(
  api: ApiClient,
  products: CheckoutLineInput[],
  destination: { destination_code: string; id_address_village: string },
) {
  const answer = await api.request<CheckoutData>('/api/v1/orders/cart_guest', {
    method: 'POST',
    member: true,
    silent: true,
    body: { products, ...destination },
  })
  return answer.data
}

/** GET /api/v1/orders/payment: the payment options with their fee for this amount. */
export async function fetchPaymentOptions(
  api: ApiClient,
  amounts: { delivery_price: number; total_transaction: number },
  signal?: AbortSignal,
): Promise<PaymentOption[]> {
  const answer = await api.request<PaymentOption[] | null>('/api/v1/orders/payment', {
    member: true,
    query: amounts,
    signal,
  })
  return Array.isArray(answer.data) ? answer.data : []
}

/** POST /api/v1/orders/promo: the Discount and the server's message (shown on success). */
export async function requestPromo(api: ApiClient, body: PromoBodyInput, options: { silent?: boolean } = {}) {
  const answer = await api.request<Discount>('/api/v1/orders/promo', {
    method: 'POST',
    member: true,
    silent: options.silent,
    body,
  })
  return { discount: answer.data, message: answer.message ?? '' }
}

/**
 * POST /api/v1/orders/checkout_new (member) or checkout_guest (guest), with the attempt's
 * Idempotency-Key: the same key and body answer the first result again, never a second order.
 */
export async function placeOrder(
  api: ApiClient,
  kind: 'member' | 'guest',
  body: MemberCheckoutBodyInput | GuestCheckoutBodyInput,
  idempotencyKey: string,
) {
  const answer = await api.request<OrderResult>(
    kind === 'guest' ? '/api/v1/orders/checkout_guest' : '/api/v1/orders/checkout_new',
    { method: 'POST', member: true, silent: true, body, headers: { 'Idempotency-Key': idempotencyKey } },
  )
  return { order: answer.data, message: answer.message ?? '' }
}
