import { z } from 'zod'
import { personName } from '../text.ts'
import { envelopeSchema } from '../envelope.schemas.ts'
import { LineIdSchema, QtySchema, wholeNumber } from '../cart/cart.schemas.ts'
import { MAX_CART_LINES } from '../cart/cart.rules.ts'
import { DestinationCodeSchema, VillageIdSchema } from '../regions/regions.schemas.ts'
import { CheckoutLineSchema } from '../shipping/shipping.schemas.ts'
import { PhoneSchema } from '../members/members.schemas.ts'
import { POSTAL_CODE_PATTERN } from '../addresses/addresses.rules.ts'
import { CHECKOUT_MESSAGES } from '../messages.ts'
import {
  CHECKOUT_WAREHOUSE_ID,
  EMAIL_PATTERN,
  GUEST_ADDRESS_MIN_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_RUPIAH,
  normalizeVoucherCode,
  PAYMENT_CATEGORIES,
  VOUCHER_CODE_PATTERN,
  VOUCHER_TYPES,
} from './checkout.rules.ts'

/**
 * Checkout: payment options, the promo call, the member and guest checkout payloads and the order
 * result (docs/product/shopping.md §3, 5 and 7; decision 018). Field names are the product's. Unknown keys
 * are dropped, as everywhere in the contract: a price or total the client adds is never read, the
 * server recomputes them (checkout.rules.ts).
 */

/** An amount of whole rupiah from 0 to MAX_RUPIAH, as a number or a string of digits. */
const RupiahSchema = wholeNumber(0, MAX_RUPIAH)

/**
 * A positive id that must be there: missing, null, '' or 0 answer `missing` (the shopper's words,
 * e.g. "You haven't selected a delivery method."), anything else not a whole number answers
 * 'must be a whole number'.
 */
function requiredId(missing: string) {
  return z.preprocess(
    (value) => (value === '' || value === 0 || value === '0' ? undefined : value),
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^\d{1,16}$/, 'must be a whole number'),
        ],
        {
          error: (issue) =>
            issue.input === undefined || issue.input === null ? missing : 'must be a whole number',
        },
      )
      .transform((value) => Number(value))
      .pipe(
        z.number().int('must be a whole number').min(1, missing).max(Number.MAX_SAFE_INTEGER, 'is too large'),
      ),
  )
}

/** A voucher code as typed: trimmed and upper-cased, then letters, digits, - and _ (3 to 32). */
const VoucherCodeSchema = z
  .string({ error: 'Please enter a voucher code' })
  .transform(normalizeVoucherCode)
  .pipe(
    z
      .string()
      .min(1, { message: 'Please enter a voucher code', abort: true })
      .regex(VOUCHER_CODE_PATTERN, 'must be 3 to 32 letters, digits, - or _'),
  )

// ---------------------------------------------------------------------------------------------
// GET /api/v1/orders/payment

/** Query of GET /api/v1/orders/payment (docs/product/shopping.md §7; token is the auth plugin's). */
export const PaymentQuerySchema = z.object({
  delivery_price: RupiahSchema,
  total_transaction: RupiahSchema,
})
export type PaymentQuery = z.input<typeof PaymentQuerySchema>

/** A payment option (docs/product/shopping.md §3). A gopay E-WALLET shows a QR (next issue). */
export const PaymentOptionSchema = z.object({
  id_payment: z.number().int(),
  name: z.string(),
  logo: z.string(),
  category: z.enum(PAYMENT_CATEGORIES),
  deskripsi: z.string(),
  /** The service fee of this method for this order, whole rupiah (shown only when not 0). */
  payment_fee: z.number().int().nonnegative(),
})
export type PaymentOption = z.infer<typeof PaymentOptionSchema>
export const PaymentListResponseSchema = envelopeSchema(z.array(PaymentOptionSchema))
export type PaymentListResponse = z.infer<typeof PaymentListResponseSchema>

// ---------------------------------------------------------------------------------------------
// The ticked lines, as the promo and checkout calls send them

/**
 * One ticked bag line in the promo and checkout payloads (docs/product/shopping.md §3: id, sku_product, size,
 * product_name, product_code, quantity, qty, id_line): cart_new's line (a bundle line may send its
 * bundle value as sku_product) plus the bag line's id and what the page shows. The server reads id_line and
 * qty and checks product_code and sku_product against that line; the rest is informational. quantity, when
 * sent, must equal qty.
 */
export const CheckoutProductSchema = CheckoutLineSchema.extend({
  id: z.union([z.number(), z.string().max(80)]).optional(),
  size: z.string().max(40).optional(),
  product_name: z.string().max(300).optional(),
  quantity: QtySchema.optional(),
  id_line: LineIdSchema,
}).refine((line) => line.quantity === undefined || line.quantity === line.qty, {
  path: ['quantity'],
  message: 'must equal qty',
})
export type CheckoutProduct = z.infer<typeof CheckoutProductSchema>
export type CheckoutProductInput = z.input<typeof CheckoutProductSchema>

/** The ticked lines: at least one, each bag line once. */
const CheckoutProductsSchema = z
  .array(CheckoutProductSchema)
  .min(1, 'must list at least one line')
  .max(MAX_CART_LINES, `must list at most ${MAX_CART_LINES} lines`)
  .superRefine((lines, ctx) => {
    const seen = new Set<number>()
    lines.forEach((line, index) => {
      if (seen.has(line.id_line))
        ctx.addIssue({ code: 'custom', path: [index, 'id_line'], message: 'is listed twice' })
      seen.add(line.id_line)
    })
  })

// ---------------------------------------------------------------------------------------------
// POST /api/v1/orders/promo

/**
 * Body of POST /api/v1/orders/promo (docs/product/shopping.md §5 and 7: the delivery method id and price,
 * the code, the transaction total and the ticked products). Docs/product names no fields; these are the
 * names the other checkout calls use. The server recomputes the subtotal and the fare from
 * products and id_delivery_method; delivery_price and total_transaction are the client's view.
 */
export const PromoBodySchema = z.object({
  id_delivery_method: wholeNumber(1, Number.MAX_SAFE_INTEGER).nullish(),
  delivery_price: RupiahSchema.optional(),
  kode_promo: VoucherCodeSchema,
  total_transaction: RupiahSchema.optional(),
  products: CheckoutProductsSchema,
})
export type PromoBody = z.infer<typeof PromoBodySchema>
export type PromoBodyInput = z.input<typeof PromoBodySchema>

/** The Discount (docs/product/shopping.md §3): what the voucher takes off, total_promo in whole rupiah. */
export const DiscountSchema = z.object({
  id_promo: z.number().int(),
  kode_promo: z.string(),
  type: z.enum(VOUCHER_TYPES),
  total_promo: z.number().int().nonnegative(),
  voucher_name: z.string(),
  /**
   * The ticked lines (id_line) the discount counted (decision 058): all of them unless the voucher
   * names brands, categories or products. Sent by POST /orders/promo.
   */
  voucher_lines: z.array(z.number().int()).optional(),
  /** The subtotal of those lines, the one its min_purchase and discount are computed on. */
  voucher_subtotal: z.number().int().nonnegative().optional(),
})
export type Discount = z.infer<typeof DiscountSchema>
export const PromoResponseSchema = envelopeSchema(DiscountSchema)
export type PromoResponse = z.infer<typeof PromoResponseSchema>

// ---------------------------------------------------------------------------------------------
// POST /api/v1/orders/checkout_new and checkout_guest

/** 'true', 'false', 1, 0 or a boolean, as a boolean. */
const FlagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
  .transform((value) => value === true || value === 1 || value === 'true' || value === '1')

/** The member checkout payload's fields (docs/product/shopping.md §3). */
const memberCheckoutShape = {
  id_delivery_method: requiredId(CHECKOUT_MESSAGES.deliveryRequired.en),
  id_payment: requiredId(CHECKOUT_MESSAGES.paymentRequired.en),
  /** The Discount's id_promo; the server finds the voucher by kode_promo and checks they agree. */
  id_promo: wholeNumber(1, Number.MAX_SAFE_INTEGER).nullish(),
  kode_promo: z.string().max(64).nullish(),
  use_promo: FlagSchema.optional().default(false),
  products: CheckoutProductsSchema,
  /** Always warehouse 1 (docs/product/shopping.md §9); absent means 1. */
  id_warehouse: z
    .union([z.literal(CHECKOUT_WAREHOUSE_ID), z.literal(String(CHECKOUT_WAREHOUSE_ID))], {
      error: `must be ${CHECKOUT_WAREHOUSE_ID}`,
    })
    .optional()
    .transform(() => CHECKOUT_WAREHOUSE_ID),
}

/** use_promo asks for a voucher: kode_promo must then be a voucher code (normalized). */
function withPromoRule<T extends { use_promo: boolean; kode_promo?: string | null | undefined }>(
  body: T,
  ctx: z.RefinementCtx,
): T {
  if (!body.use_promo) return { ...body, kode_promo: null, id_promo: null }
  const code = normalizeVoucherCode(body.kode_promo ?? '')
  if (!VOUCHER_CODE_PATTERN.test(code)) {
    ctx.addIssue({
      code: 'custom',
      path: ['kode_promo'],
      message: code === '' ? 'is required when use_promo is true' : 'must be 3 to 32 letters, digits, - or _',
    })
  }
  return { ...body, kode_promo: code }
}

/**
 * Body of POST /api/v1/orders/checkout_new (docs/product/shopping.md §3, member checkout payload). Prices,
 * fees, the discount and the total are the server's: nothing here carries an amount.
 */
export const MemberCheckoutBodySchema = z.object(memberCheckoutShape).transform(withPromoRule)
export type MemberCheckoutBody = z.infer<typeof MemberCheckoutBodySchema>
export type MemberCheckoutBodyInput = z.input<typeof MemberCheckoutBodySchema>

/**
 * Body of POST /api/v1/orders/checkout_guest: the member payload plus the buyer and the shipping
 * address (docs/product/shopping.md §3 and 5). buyer_phone, when sent, must be a phone: the server uses the
 * phone the code verified. buyer_email may be empty unless the account needs an e-mail
 * (need_email: the server's check, guestContactProblem). id_address_village is ours: with it the
 * server checks that kode_pos is the sub-district's postal code.
 */
export const GuestCheckoutBodySchema = z
  .object({
    ...memberCheckoutShape,
    buyer_name: personName({ missing: CHECKOUT_MESSAGES.nameRequired.en }),
    buyer_phone: PhoneSchema.optional(),
    buyer_email: z
      .string()
      .trim()
      .max(254, 'must be at most 254 characters')
      .refine((email) => email === '' || EMAIL_PATTERN.test(email), CHECKOUT_MESSAGES.emailInvalid.en)
      .nullish()
      .transform((email) => email ?? ''),
    penerima: personName({ missing: CHECKOUT_MESSAGES.shippingRequired.en }),
    hp_penerima: PhoneSchema,
    alamat_lengkap: z
      .string({ error: CHECKOUT_MESSAGES.shippingRequired.en })
      .trim()
      .min(GUEST_ADDRESS_MIN_LENGTH, CHECKOUT_MESSAGES.addressTooShort.en)
      .max(500, 'must be at most 500 characters'),
    destination_code: DestinationCodeSchema,
    kode_pos: z.string({ error: 'is required' }).trim().regex(POSTAL_CODE_PATTERN, 'must be 5 digits'),
    id_address_village: VillageIdSchema.optional(),
  })
  .transform(withPromoRule)
export type GuestCheckoutBody = z.infer<typeof GuestCheckoutBodySchema>
export type GuestCheckoutBodyInput = z.input<typeof GuestCheckoutBodySchema>

/**
 * Headers of the checkout calls: an optional Idempotency-Key (a client written from docs/product sends
 * none). The same key with the same body answers the first result again; with another body, IDM001.
 */
export const CheckoutHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 128 letters, digits, - or _')
    .optional(),
})

/**
 * The Order result (docs/product/shopping.md §3): id_sales_header, the order's id in /member/order/{id}.
 * A string: order ids are unguessable, not a sequence (decision 018).
 */
export const OrderResultSchema = z.object({ id_sales_header: z.string().min(1) })
export type OrderResult = z.infer<typeof OrderResultSchema>
export const CheckoutResponseSchema = envelopeSchema(OrderResultSchema)
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>
