import { catalogueMessage } from '../errors.ts'
import type { Localized } from '../language.ts'
import { PROMO_MESSAGES } from '../messages.ts'
import { formatIdr } from '../catalog/catalog.rules.ts'

/**
 * Pure checkout rules shared by the API and the storefront (docs/product/shopping.md §3, 5 and 9;
 * docs/product/account.md campaign popup; decision 018): the order total, the voucher kinds and the discount
 * they give, why a voucher is refused, the guest form's rules and phone masking. The API recomputes every
 * amount with these functions from its own database; the storefront calls the same ones to show
 * what the server will answer, to the rupiah. All amounts are whole rupiah (IDR has no decimals).
 */

/** The warehouse every order ships from (docs/product/shopping.md §9: warehouse id sent on checkout: 1). */
export const CHECKOUT_WAREHOUSE_ID = 1

/** The largest amount in rupiah a request may carry (a trillion): past it, a 400, not an overflow. */
export const MAX_RUPIAH = 1_000_000_000_000

/**
 * An Idempotency-Key header of the checkout calls: 8 to 128 letters, digits, - and _ (a UUID fits).
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

/** The guest's full street address needs at least this many characters (docs/product/shopping.md §5 and 9). */
export const GUEST_ADDRESS_MIN_LENGTH = 30

/** Payment option categories (docs/product/shopping.md §3: VIRTUAL-ACCOUNT, E-WALLET, QRIS). */
export const PAYMENT_CATEGORIES = ['VIRTUAL-ACCOUNT', 'E-WALLET', 'QRIS'] as const
export type PaymentCategory = (typeof PAYMENT_CATEGORIES)[number]

/**
 * Voucher kinds (the Discount's `type`): FIXED takes a fixed amount off the lines; PERCENTAGE takes
 * a whole percentage of the lines, up to a cap; SHIPPING takes up to an amount off the delivery fare.
 */
export const VOUCHER_TYPES = ['FIXED', 'PERCENTAGE', 'SHIPPING'] as const
export type VoucherType = (typeof VOUCHER_TYPES)[number]

/** What the discount rules need of a voucher (the API reads it from its table). */
export interface VoucherTerms {
  type: VoucherType
  /** FIXED and SHIPPING: the amount in rupiah; PERCENTAGE: the whole percentage, 1 to 100. */
  value: number
  /** PERCENTAGE: the most it takes off, in rupiah; null for no cap. Ignored by the other kinds. */
  max_discount: number | null
  /** The lines' subtotal must be at least this (0: no minimum). */
  min_purchase: number
}

/** What the refusal rules need of a voucher besides its terms. */
export interface VoucherState extends VoucherTerms {
  /** First valid instant (ms since the epoch) or null for no start; inclusive. */
  starts_at: number | null
  /** Last valid instant (ms since the epoch) or null for no end; inclusive. */
  ends_at: number | null
  /** Uses allowed in all (null: unlimited) and uses counted so far. */
  usage_limit: number | null
  used_count: number
  /** Uses allowed to one customer (member, or guest by verified phone); absent: 1. */
  per_customer_limit?: number
  /** The brands (ids), categories (ids) and product codes it applies to; all empty or absent: every line. */
  brands?: readonly number[]
  categories?: readonly number[]
  products?: readonly string[]
  /** Only for a customer without an order that is not cancelled. */
  first_order_only?: boolean
}

/** What decides whether a ticked line counts for a voucher. */
export interface VoucherLine {
  idBrand: number | null
  productCode: string
  /** The categories its product is in (read only for a voucher limited to categories). */
  categoryIds?: readonly number[]
}

/** Does the voucher count only some lines (brands, categories or products named)? */
export const voucherHasLineRules = (voucher: Pick<VoucherState, 'brands' | 'categories' | 'products'>) =>
  (voucher.brands?.length ?? 0) + (voucher.categories?.length ?? 0) + (voucher.products?.length ?? 0) > 0

/**
 * Does a line count for the voucher (decision 058): always without line rules; otherwise when its
 * brand is one of `brands`, its product is in one of `categories` or its code is one of `products`.
 */
export function voucherLineQualifies(
  voucher: Pick<VoucherState, 'brands' | 'categories' | 'products'>,
  line: VoucherLine,
): boolean {
  if (!voucherHasLineRules(voucher)) return true
  if (line.idBrand !== null && voucher.brands?.includes(line.idBrand)) return true
  if (voucher.products?.includes(line.productCode)) return true
  return !!line.categoryIds?.some((id) => voucher.categories?.includes(id))
}

/** Throws unless `value` is a whole number of rupiah from 0 up (a bug upstream, never a shopper's input). */
function assertRupiah(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of rupiah (got ${value})`)
  }
}

/** The lines' subtotal: the sum of unit price times quantity (docs/product/shopping.md §9), whole rupiah. */
export function linesSubtotal(lines: readonly { price: number; qty: number }[]): number {
  let sum = 0
  for (const line of lines) {
    assertRupiah('price', line.price)
    assertRupiah('qty', line.qty)
    sum += line.price * line.qty
  }
  assertRupiah('subtotal', sum)
  return sum
}

/** The amounts an order total is made of, each in whole rupiah. */
export interface OrderAmounts {
  /** Sum of price times quantity of the ordered lines. */
  subtotal: number
  /** The chosen courier service's fare (tarif). */
  delivery: number
  /** The courier service's packing_fee. */
  packing: number
  /** The payment option's payment_fee (the service fee). */
  payment_fee: number
  /** The voucher's discount (total_promo / promo_value). */
  promo: number
}

/**
 * The order total (docs/product/shopping.md §9): lines + delivery + packing + payment fee − promo, in whole
 * rupiah, never below 0. Throws a RangeError for a fractional or negative amount.
 */
export function orderTotal(amounts: OrderAmounts): number {
  for (const [name, value] of Object.entries(amounts)) assertRupiah(name, value)
  const { subtotal, delivery, packing, payment_fee, promo } = amounts
  return Math.max(0, subtotal + delivery + packing + payment_fee - promo)
}

/**
 * The discount a voucher gives for the lines' subtotal and the delivery fare, in whole rupiah.
 * FIXED: its amount, at most the subtotal. PERCENTAGE: value% of the subtotal rounded DOWN to the
 * rupiah (the shopper never gets a fraction the shop would have to round up), at most its cap.
 * SHIPPING: its amount, at most the delivery fare (0 before a courier is chosen). It never takes
 * off more than what it discounts. Minimum purchase and validity are `voucherRefusal`'s concern.
 */
export function voucherDiscount(voucher: VoucherTerms, subtotal: number, delivery: number): number {
  assertRupiah('subtotal', subtotal)
  assertRupiah('delivery', delivery)
  assertRupiah('value', voucher.value)
  switch (voucher.type) {
    case 'FIXED':
      return Math.min(voucher.value, subtotal)
    case 'SHIPPING':
      return Math.min(voucher.value, delivery)
    case 'PERCENTAGE': {
      if (voucher.value > 100) throw new RangeError(`a percentage must be at most 100 (got ${voucher.value})`)
      // Whole numbers only, so the product is exact up to Number.MAX_SAFE_INTEGER / 100.
      const share = Math.floor((subtotal * voucher.value) / 100)
      if (voucher.max_discount === null) return share
      assertRupiah('max_discount', voucher.max_discount)
      return Math.min(share, voucher.max_discount)
    }
  }
}

/** What a payment method charges (the API reads it from its table; decision 019). */
export interface PaymentFeeTerms {
  /** Rupiah per payment. */
  fee_flat: number
  /** Hundredths of a percent of the amount paid before the fee: 70 is 0.7 %. */
  fee_percent_bp: number
}

/**
 * A payment method's service fee (payment_fee) for an order whose amount before the fee is
 * `amount` (lines + delivery + packing − promo): the flat part plus the percentage, rounded UP to
 * the rupiah (the provider's MDR is charged on the rupiah). 0 for an amount of 0.
 */
export function paymentFee(terms: PaymentFeeTerms, amount: number): number {
  assertRupiah('amount', amount)
  assertRupiah('fee_flat', terms.fee_flat)
  assertRupiah('fee_percent_bp', terms.fee_percent_bp)
  if (amount === 0) return 0
  return terms.fee_flat + Math.ceil((amount * terms.fee_percent_bp) / 10_000)
}

/** The courier service and payment option an order uses, as far as the amounts go. */
export interface CheckoutChoice {
  /** The chosen jenis_paket (tarif, packing_fee), or null before the shopper picks one. */
  delivery: { tarif: number; packing_fee: number } | null
  /** The chosen payment option's payment_fee, or 0 before one is chosen. */
  payment_fee: number
  /** The applied Discount's total_promo, or 0 without a voucher. */
  promo: number
}

/**
 * Every amount of the checkout summary and the order, from the ticked lines and the choices:
 * subtotal, delivery, packing, payment fee, promo and the total (`orderTotal`), whole rupiah. The
 * promo is capped at what it can discount (subtotal + delivery), so the shown discount is the one
 * the total subtracts.
 */
export function checkoutAmounts(
  lines: readonly { price: number; qty: number }[],
  choice: CheckoutChoice,
): OrderAmounts & { total: number } {
  const subtotal = linesSubtotal(lines)
  const delivery = choice.delivery?.tarif ?? 0
  assertRupiah('tarif', delivery)
  assertRupiah('promo', choice.promo)
  const amounts: OrderAmounts = {
    subtotal,
    delivery,
    packing: choice.delivery?.packing_fee ?? 0,
    payment_fee: choice.payment_fee,
    promo: Math.min(choice.promo, subtotal + delivery),
  }
  return { ...amounts, total: orderTotal(amounts) }
}

/** Fees (service, packing, discount) are shown only when not 0 (docs/product/shopping.md §9). */
export const isFeeShown = (amount: number) => amount !== 0

/** Where an instant falls in a validity window (both ends inclusive, null: open). */
export function voucherWindow(
  now: number,
  startsAt: number | null,
  endsAt: number | null,
): 'not-started' | 'active' | 'expired' {
  if (startsAt !== null && now < startsAt) return 'not-started'
  if (endsAt !== null && now > endsAt) return 'expired'
  return 'active'
}

/** A refusal of voucherRefusal: a catalogue code. */
export type VoucherRefusal =
  'PRM001' | 'PRM002' | 'PRM003' | 'PRM004' | 'PRM005' | 'PRM006' | 'PRM007' | 'PRM008' | 'PRM009' | 'PRM010'

/**
 * Why a voucher is refused, as a catalogue code, or null when it may be used (checked in this order):
 * PRM001 unknown code, PRM002 expired, PRM003 not valid yet, PRM007 none of the lines counts (a
 * voucher with brands, categories or products), PRM004 the lines' subtotal is below its minimum
 * purchase (PRM008 when the voucher counts only some lines: their subtotal), PRM009 a first-order
 * voucher and the customer has an order, PRM005 every use is taken, PRM006 this customer has used it
 * already (PRM010 when its per_customer_limit above 1 is reached).
 *
 * `subtotal` is the subtotal of the lines that count (all of them without line rules) and
 * `qualifyingLines` their number; `usesByCustomer` the customer's uses counted so far
 * (`usedByCustomer`, the older flag, is one use); `hasOrders` is only read for a first-order voucher.
 */
export function voucherRefusal(
  voucher: VoucherState | null,
  context: {
    now: number
    subtotal: number
    usedByCustomer?: boolean
    usesByCustomer?: number
    qualifyingLines?: number
    hasOrders?: boolean
  },
): VoucherRefusal | null {
  if (voucher === null) return 'PRM001'
  const window = voucherWindow(context.now, voucher.starts_at, voucher.ends_at)
  if (window === 'expired') return 'PRM002'
  if (window === 'not-started') return 'PRM003'
  const someLines = voucherHasLineRules(voucher)
  if (someLines && context.qualifyingLines === 0) return 'PRM007'
  if (context.subtotal < voucher.min_purchase) return someLines ? 'PRM008' : 'PRM004'
  if (voucher.first_order_only && context.hasOrders) return 'PRM009'
  if (voucher.usage_limit !== null && voucher.used_count >= voucher.usage_limit) return 'PRM005'
  const limit = voucher.per_customer_limit ?? 1
  const uses = Math.max(context.usesByCustomer ?? 0, context.usedByCustomer ? 1 : 0)
  if (uses >= limit) return limit > 1 ? 'PRM010' : 'PRM006'
  return null
}

/**
 * The shopper message for a refusal, in both languages: the catalogue's, except PRM004 and PRM008,
 * which name the minimum purchase ('Minimum purchase for this voucher is Rp 300.000'), and PRM010,
 * which names the per-customer limit. The API sends it with the code.
 */
export function voucherRefusalMessage(
  code: VoucherRefusal,
  voucher: Pick<VoucherState, 'min_purchase' | 'per_customer_limit'> | null,
): Localized {
  if (code === 'PRM004' && voucher) return PROMO_MESSAGES.belowMinimum(formatIdr(voucher.min_purchase))
  if (code === 'PRM008' && voucher) {
    return PROMO_MESSAGES.belowMinimumOnQualifying(formatIdr(voucher.min_purchase))
  }
  if (code === 'PRM010' && voucher) return PROMO_MESSAGES.perCustomerLimit(voucher.per_customer_limit ?? 1)
  return catalogueMessage(code)
}

/** A voucher code as shoppers type it: trimmed and upper-cased ('  hemat50 ' is HEMAT50). */
export const normalizeVoucherCode = (code: string) => code.trim().toUpperCase()

/** A voucher code: letters and digits, - and _, 3 to 32 characters (after normalizeVoucherCode). */
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/

/** The simple e-mail pattern of the guest contact form (docs/product/shopping.md §5: "a simple {email} pattern"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The guest contact form's problem, or null (docs/product/shopping.md §5): the name is required; the e-mail
 * is required and must match EMAIL_PATTERN only when the account needs an e-mail (need_email).
 * Otherwise its format is not checked (issue 26 item 16): the order simply goes without an e-mail
 * that is not one (guestEmailToSend). Answers the key of CHECKOUT_MESSAGES to show by the field;
 * 'emailInvalid' is announced with CHECKOUT_MESSAGES.emailCheck, the others with `contact`.
 */
export function guestContactProblem(
  contact: { name: string; email: string },
  needEmail: boolean,
): 'nameRequired' | 'emailRequired' | 'emailInvalid' | null {
  if (contact.name.trim() === '') return 'nameRequired'
  if (!needEmail) return null
  const email = contact.email.trim()
  if (email === '') return 'emailRequired'
  return EMAIL_PATTERN.test(email) ? null : 'emailInvalid'
}

/**
 * The buyer_email a guest order carries: the e-mail typed, trimmed, when it is one; '' otherwise
 * (an account that needs an e-mail never gets here without one, guestContactProblem).
 */
export function guestEmailToSend(email: string): string {
  const trimmed = email.trim()
  return EMAIL_PATTERN.test(trimmed) ? trimmed : ''
}

/** Is the guest's full address long enough (≥ 30 characters, spaces at the ends not counted)? */
export const isGuestAddressLongEnough = (address: string) => address.trim().length >= GUEST_ADDRESS_MIN_LENGTH

/** The guest shipping form's fields (docs/product/shopping.md §2 and 5). */
export interface GuestShipping {
  province: string
  city: string
  /** The district: its destination_code. */
  destination_code: string
  /** The sub-district (village) id. */
  village: string
  penerima: string
  hp_penerima: string
  alamat_lengkap: string
  kode_pos: string
}

const filled = (value: string) => value.trim() !== ''

/**
 * Save of the guest shipping form is enabled only when province, city, district, sub-district,
 * recipient and phone are filled and the address has 30 or more characters (docs/product/shopping.md §5).
 */
export function canSaveGuestShipping(form: GuestShipping): boolean {
  return (
    [form.province, form.city, form.destination_code, form.village, form.penerima, form.hp_penerima].every(
      filled,
    ) && isGuestAddressLongEnough(form.alamat_lengkap)
  )
}

/**
 * Why checkout may not go on with this guest address, as the key of CHECKOUT_MESSAGES, or null:
 * recipient, phone, full address, destination code and postal code are required
 * ('shippingRequired'), and the address needs 30 characters ('addressTooShort'; docs/product/shopping.md §5).
 */
export function guestShippingProblem(
  form: Pick<GuestShipping, 'penerima' | 'hp_penerima' | 'alamat_lengkap' | 'destination_code' | 'kode_pos'>,
): 'shippingRequired' | 'addressTooShort' | null {
  const required = [
    form.penerima,
    form.hp_penerima,
    form.alamat_lengkap,
    form.destination_code,
    form.kode_pos,
  ]
  if (!required.every(filled)) return 'shippingRequired'
  return isGuestAddressLongEnough(form.alamat_lengkap) ? null : 'addressTooShort'
}

/**
 * A phone masked for display (docs/product/shopping.md §5: only its last 4 digits shown): every earlier
 * digit becomes '*' ('081234567890' → '********7890'); other characters are kept. A number of 4
 * digits or fewer is shown as it is.
 */
export function maskPhone(phone: string): string {
  let keep = 4
  const chars = [...phone]
  for (let i = chars.length - 1; i >= 0; i--) {
    if (!/\d/.test(chars[i]!)) continue
    if (keep > 0) keep--
    else chars[i] = '*'
  }
  return chars.join('')
}
