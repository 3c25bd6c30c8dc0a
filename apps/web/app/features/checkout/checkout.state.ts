import {
  checkoutAmounts,
  PAYMENT_CATEGORIES,
  type CartLine,
  type CheckoutData,
  type CheckoutProductInput,
  type DeliveryPackage,
  type Discount,
  type PaymentCategory,
  type PaymentOption,
} from '@busana/contract'
import { lineQty } from '~/shared/bag/bag.rules.ts'

/**
 * The checkout page's state (docs/product/shopping.md §4, Checkout) as one pure reducer, so its rules are
 * tested without a browser: no courier is chosen until the shopper picks one; choosing a payment
 * collapses the list; a voucher result is kept until removed, and asked again when the fare it
 * depends on changes; one Idempotency-Key per attempt, kept for repeated presses of the same order.
 */

/** One ticked line as cart_new and cart_guest take it (a bundle line by its bundle value). */
export type CheckoutLineInput = {
  product_code: string
  sku_product: string | { sku_product: string; qty: number }[]
  qty: number
}

/** The bag line's value for the checkout calls: its sku, or for a bundle its parts and their qty. */
function lineValue(line: CartLine): CheckoutLineInput['sku_product'] {
  return line.bundling?.length
    ? line.bundling.map((part) => ({ sku_product: part.sku_product, qty: part.qty }))
    : line.sku_product
}

/** The ticked lines for cart_new / cart_guest (docs/product/shopping.md §7). */
export const checkoutLines = (lines: readonly CartLine[]): CheckoutLineInput[] =>
  lines.map((line) => ({ product_code: line.product_code, sku_product: lineValue(line), qty: lineQty(line) }))

/** The ticked lines for the promo and checkout calls (docs/product/shopping.md §3, Checkout payload). */
export const checkoutProducts = (lines: readonly CartLine[]): CheckoutProductInput[] =>
  lines.map((line) => ({
    id_line: line.id_line,
    product_code: line.product_code,
    sku_product: lineValue(line),
    qty: lineQty(line),
    quantity: lineQty(line),
    size: line.ukuran,
    product_name: line.product_name,
  }))

/** Payment options grouped by category, in the contract's category order, empty groups left out. */
export function groupPayments(options: readonly PaymentOption[]) {
  return PAYMENT_CATEGORIES.map((category) => ({
    category,
    options: options.filter((option) => option.category === category),
  })).filter(
    (group): group is { category: PaymentCategory; options: PaymentOption[] } => group.options.length > 0,
  )
}

/** A fresh Idempotency-Key (IDEMPOTENCY_KEY_PATTERN: a UUID fits). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

export interface CheckoutState {
  /** cart_new / cart_guest's answer, or null before it (or for a guest before the address). */
  data: CheckoutData | null
  /** The chosen courier service's id: none until the shopper picks one (docs/product/shopping.md §4). */
  deliveryId: number | null
  /** The payment options for the current amounts, or null while none were fetched. */
  payments: PaymentOption[] | null
  paymentId: number | null
  /** The payment list is open: it collapses after a choice and opens again with Change. */
  paymentListOpen: boolean
  /** The promo input's text and the applied Discount. */
  promoCode: string
  discount: Discount | null
  /** The key of the checkout attempt under way or last failed by the network; null: a new attempt. */
  idempotencyKey: string | null
  placing: boolean
}

export const initialCheckout: CheckoutState = {
  data: null,
  deliveryId: null,
  payments: null,
  paymentId: null,
  paymentListOpen: true,
  promoCode: '',
  discount: null,
  idempotencyKey: null,
  placing: false,
}

export type CheckoutAction =
  | { type: 'data'; data: CheckoutData | null }
  | { type: 'delivery'; id: number }
  | { type: 'payments'; options: PaymentOption[] }
  /** keepOpen: chosen by the arrow keys, which move through the list (issue 29). */
  | { type: 'payment'; id: number; keepOpen?: boolean }
  | { type: 'openPayments' }
  | { type: 'closePayments' }
  | { type: 'promoCode'; code: string }
  | { type: 'discount'; discount: Discount | null }
  | { type: 'placeStart'; key: string }
  | { type: 'placeEnd'; keepKey: boolean }

/** A change to what the order would be: the next PAY NOW is a new attempt with a new key. */
const changed = (state: CheckoutState, patch: Partial<CheckoutState>): CheckoutState => ({
  ...state,
  ...patch,
  idempotencyKey: state.placing ? state.idempotencyKey : null,
})

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'data': {
      // New checkout data (another address, a recheck): keep the courier only if still offered.
      const still = action.data?.jenis_paket_list.some((p) => p.id === state.deliveryId) ?? false
      return changed(state, { data: action.data, deliveryId: still ? state.deliveryId : null })
    }
    case 'delivery':
      return changed(state, { deliveryId: action.id })
    case 'payments': {
      // Fees follow the amount; a chosen method no longer offered is dropped.
      const still = action.options.some((o) => o.id_payment === state.paymentId)
      return {
        ...state,
        payments: action.options,
        paymentId: still ? state.paymentId : null,
        paymentListOpen: still ? state.paymentListOpen : true,
      }
    }
    case 'payment':
      return changed(state, { paymentId: action.id, paymentListOpen: action.keepOpen === true })
    case 'openPayments':
      return { ...state, paymentListOpen: true }
    case 'closePayments':
      return { ...state, paymentListOpen: state.paymentId === null }
    case 'promoCode':
      return { ...state, promoCode: action.code }
    case 'discount':
      // A success clears the input (docs/product/shopping.md §5); removing keeps what is typed.
      return changed(state, {
        discount: action.discount,
        promoCode: action.discount ? '' : state.promoCode,
      })
    case 'placeStart':
      // Repeated presses of the same order reuse the attempt's key.
      return { ...state, placing: true, idempotencyKey: state.idempotencyKey ?? action.key }
    case 'placeEnd':
      return { ...state, placing: false, idempotencyKey: action.keepKey ? state.idempotencyKey : null }
  }
}

/** The chosen courier service, or null. */
export const chosenDelivery = (state: CheckoutState): DeliveryPackage | null =>
  state.data?.jenis_paket_list.find((p) => p.id === state.deliveryId) ?? null

/** The chosen payment option, or null. */
export const chosenPayment = (state: CheckoutState): PaymentOption | null =>
  state.payments?.find((o) => o.id_payment === state.paymentId) ?? null

/** The summary's amounts, with the contract's rules (the server's, to the rupiah). */
export function summaryAmounts(lines: readonly CartLine[], state: CheckoutState) {
  return checkoutAmounts(
    lines.map((line) => ({ price: line.price, qty: lineQty(line) })),
    {
      delivery: chosenDelivery(state),
      payment_fee: chosenPayment(state)?.payment_fee ?? 0,
      promo: state.discount?.total_promo ?? 0,
    },
  )
}

/**
 * What GET /orders/payment is asked with: the delivery fare, and the lines plus packing less the
 * promo (before delivery and the fee, which the server adds for the fee's base).
 */
export function paymentQuery(lines: readonly CartLine[], state: CheckoutState) {
  const amounts = summaryAmounts(lines, state)
  return {
    delivery_price: amounts.delivery,
    total_transaction: Math.max(0, amounts.subtotal + amounts.packing - amounts.promo),
  }
}

/** Why PAY NOW cannot go on yet: no payment (the button is disabled), no courier (the message). */
export function payProblem(state: CheckoutState): 'payment' | 'delivery' | null {
  if (state.paymentId === null) return 'payment'
  if (state.deliveryId === null) return 'delivery'
  return null
}
