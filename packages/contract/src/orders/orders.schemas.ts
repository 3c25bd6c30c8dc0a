import { z } from 'zod'
import { envelopeSchema, pagedEnvelopeSchema } from '../envelope.schemas.ts'
import { PAYMENT_CATEGORIES } from '../checkout/checkout.rules.ts'
import { GUEST_LOOKUP_MAX, ORDER_STATUSES, WAYBILL_PATTERN } from './orders.rules.ts'
import { STAFF_ROLES } from '../staff/permissions.ts'

/**
 * The order detail (docs/product/shopping.md §3, Order detail): GET /api/v1/member/order_history/{id}.
 * Amounts are whole rupiah; instants are ISO 8601 with the shop's offset (+07:00). The payments
 * issue filled the payment block and added tutorial_payment (decision 020); the orders issue adds
 * the list and tracking.
 */
export const OrderSalesHeaderSchema = z.object({
  id_sales_header: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The status in the shopper's words ('Waiting for payment', …). */
  status_message: z.string(),
  sales_order_number: z.string(),
  order_date: z.string(),
  no_resi: z.string().nullable(),
  subtotal: z.number().int(),
  biaya_kirim: z.number().int(),
  packing_fee: z.number().int(),
  payment_fee: z.number().int(),
  promo_value: z.number().int(),
  kode_promo: z.string().nullable(),
  total_bayar: z.number().int(),
  /** The payment deadline (an unpaid order is cancelled after it). */
  expired_time: z.string(),
})
export type OrderSalesHeader = z.infer<typeof OrderSalesHeaderSchema>

export const OrderSalesLineSchema = z.object({
  quantity: z.number().int(),
  harga_jual: z.number().int(),
  url_image: z.string(),
  product_code: z.string(),
  product_master_name: z.string(),
  sku_product: z.string(),
  ukuran: z.string(),
  is_bundling: z.boolean(),
  /** A bundle line's parts (per unit of the line); empty for a plain line. */
  bundling: z.array(
    z.object({
      sku_product: z.string(),
      product_master_name: z.string(),
      ukuran: z.string(),
      qty: z.number().int(),
    }),
  ),
})
export type OrderSalesLine = z.infer<typeof OrderSalesLineSchema>

export const OrderShippingSchema = z.object({
  paket: z.string(),
  etd: z.string(),
  penerima: z.string(),
  alamat_lengkap: z.string(),
  subdistrict: z.string(),
  district: z.string(),
  city: z.string(),
  province: z.string(),
  kode_pos: z.string(),
  no_hp: z.string(),
})
export type OrderShipping = z.infer<typeof OrderShippingSchema>

/**
 * How the order is paid (decision 020). Fields the method has no use for are null, and all of them
 * are null while the provider has not issued the payment yet (payment_state 'pending': show the
 * deadline and reload).
 */
export const OrderPaymentSchema = z.object({
  name: z.string(),
  fee: z.number().int(),
  /** The virtual account number, or Mandiri's bill key (VIRTUAL-ACCOUNT). */
  rekening: z.string().nullable(),
  payment_logo: z.string(),
  payment_method_code: z.string(),
  payment_method_category: z.enum(PAYMENT_CATEGORIES),
  /** The e-wallet app link (GoPay, ShopeePay): open it on a phone. */
  deeplink: z.string().nullable(),
  /** A QR image's URL (QRIS and e-wallets): an SVG of this API, or the provider's image. */
  qr_code: z.string().nullable(),
  /** The payment deadline, as sales_header.expired_time. */
  expired_at: z.string(),
  /** Mandiri bill payment: the biller (company) code entered before the bill key; else null. */
  biller_code: z.string().nullable(),
  /** The text the QR code carries (a QRIS payload or an e-wallet link), for clients drawing it themselves. */
  qr_string: z.string().nullable(),
  /** 'issued': the fields above are filled; 'pending': the provider has not answered yet (reload); 'none': the order is no longer Open and was never issued. */
  payment_state: z.enum(['issued', 'pending', 'none']),
})
export type OrderPayment = z.infer<typeof OrderPaymentSchema>

/** One How to Pay section: a bank channel (ATM, mobile, internet banking) or an app's steps. */
export const TutorialPaymentSchema = z.object({
  judul: z.string(),
  /** The steps as numbered plain-text lines ('1. …\n2. …'), no HTML. */
  deskripsi: z.string(),
  /** The same steps, one string each. */
  steps: z.array(z.string()),
})
export type TutorialPayment = z.infer<typeof TutorialPaymentSchema>

/** When the order reached a status (from its order events), oldest first. */
export const OrderStatusStepSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  waktu: z.string(),
})
export type OrderStatusStep = z.infer<typeof OrderStatusStepSchema>

export const OrderDetailSchema = z.object({
  sales_header: OrderSalesHeaderSchema,
  /** The order's way so far: placed (Open), Paid, Delivery, Success or Cancel, with when (+07:00). */
  status_history: z.array(OrderStatusStepSchema),
  sales_line: z.array(OrderSalesLineSchema),
  shipping: OrderShippingSchema,
  payment: OrderPaymentSchema,
  /** How to Pay for the order's method, in the request's language (?lng=, the i18next cookie, Accept-Language; English by default). */
  tutorial_payment: z.array(TutorialPaymentSchema),
})
export type OrderDetail = z.infer<typeof OrderDetailSchema>
export const OrderDetailResponseSchema = envelopeSchema(OrderDetailSchema)
export type OrderDetailResponse = z.infer<typeof OrderDetailResponseSchema>

/** Path of GET /api/v1/member/order_history/{id}: anything that is not an order id is simply not found. */
export const OrderIdParamsSchema = z.object({ id: z.string().max(200) })

/** An order id as checkout answers it (a UUID). */
export const ORDER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Order numbers as checkout makes them: BSN-YYMMDD- and 8 Crockford base-32 characters. */
export const ORDER_NUMBER_PATTERN = /^BSN-\d{6}-[0-9A-HJKMNP-TV-Z]{8}$/

// The waybill's shape lives in the zod-free core so the storefront's forms check it too (decision 012).
export { WAYBILL_PATTERN }

/** Order list item (docs/product/shopping.md §3; docs/product/account.md's tracking list item is the same without the id). */
export const OrderListItemSchema = z.object({
  id_sales_header: z.string(),
  order_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_message: z.string(),
  sales_order_number: z.string(),
  /** What the order costs the shopper: total_bayar. */
  total: z.number().int(),
  /** The waybill once shipped (Track Order shows when present); null before. */
  no_resi: z.string().nullable(),
  /** The courier and service ('JNE REG'). */
  paket: z.string(),
})
export type OrderListItem = z.infer<typeof OrderListItemSchema>

/** Query of GET /api/v1/member/order_history: newest first, paged. */
export const OrderHistoryQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).max(10_000).default(1),
  max_record: z.coerce.number().int().min(1).max(50).default(20),
})
export type OrderHistoryQuery = z.input<typeof OrderHistoryQuerySchema>
/** The caller's orders of the page, newest first, with `total_pages` beside data. */
export const OrderHistoryResponseSchema = pagedEnvelopeSchema(z.array(OrderListItemSchema))
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponseSchema>

/**
 * Query of GET /api/v1/member/order_guest_list: order_id once or repeated, each one order number
 * or several separated by commas (the /tracking page's entries). Upper-cased, blanks dropped,
 * duplicates removed; at most GUEST_LOOKUP_MAX.
 */
export const OrderGuestListQuerySchema = z.object({
  order_id: z
    .union([z.string().max(400), z.array(z.string().max(400)).max(GUEST_LOOKUP_MAX)])
    .transform((value) => [
      ...new Set(
        (Array.isArray(value) ? value : [value])
          .flatMap((part) => part.split(','))
          .map((part) => part.trim().toUpperCase())
          .filter((part) => part !== ''),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(40))
        .min(1, 'enter at least one order number')
        .max(GUEST_LOOKUP_MAX, `at most ${GUEST_LOOKUP_MAX} order numbers at once`),
    ),
})
export type OrderGuestListQuery = z.input<typeof OrderGuestListQuerySchema>

/**
 * A guest order list entry (docs/product/account.md §3, Order list item (tracking)). Numbers that match no
 * order are simply absent. no_resi is the waybill (its holder may follow the parcel anyway).
 */
export const OrderGuestListItemSchema = OrderListItemSchema.omit({ id_sales_header: true })
export type OrderGuestListItem = z.infer<typeof OrderGuestListItemSchema>
export const OrderGuestListResponseSchema = envelopeSchema(z.array(OrderGuestListItemSchema))

/**
 * Guest order detail (GET /api/v1/member/order_guest/{sales_order_number}): the order detail's
 * shape. `masked` false: the caller's own order (their phone-guest or member session), in full.
 * `masked` true (anyone else holding the number): status, dates, lines and totals; the recipient
 * reduced to initials, the phone to its last 4 digits, the address to district and city (street,
 * sub-district, province and postal code empty); no payment instructions (rekening, deeplink, QR
 * null; tutorial_payment empty) and no id_sales_header ('').
 */
export const OrderGuestDetailSchema = OrderDetailSchema.extend({ masked: z.boolean() })
export type OrderGuestDetail = z.infer<typeof OrderGuestDetailSchema>
export const OrderGuestDetailResponseSchema = envelopeSchema(OrderGuestDetailSchema)

/** Tracking entry (docs/product/shopping.md and 001 section 3): when (ISO 8601, +07:00) and what happened. */
export const TrackingEntrySchema = z.object({
  waktu: z.string(),
  keterangan: z.string(),
})
export type TrackingEntry = z.infer<typeof TrackingEntrySchema>

/** What the parcel's timeline belongs to, beside data. */
export const TrackingSummarySchema = z.object({
  /** The order's status (Delivery while on its way, Success once delivered). */
  status: z.enum(ORDER_STATUSES),
  status_message: z.string(),
  /** The order number: only for the caller's own order (null for a lookup by waybill). */
  sales_order_number: z.string().nullable(),
  no_resi: z.string(),
  /** The courier carrying it ('JNE'), and the service as ordered ('JNE REG'). */
  courier: z.string(),
  paket: z.string(),
  delivered: z.boolean(),
})
export type TrackingSummary = z.infer<typeof TrackingSummarySchema>

/**
 * GET /api/v1/member/tracking/{id} (docs/product: status, data): data is the timeline, newest first;
 * `tracking` says whose parcel it is. {id}: the caller's own order's id_sales_header, or a waybill
 * number (anyone holding it).
 */
export const TrackingResponseSchema = envelopeSchema(z.array(TrackingEntrySchema)).extend({
  tracking: TrackingSummarySchema,
})
export type TrackingResponse = z.infer<typeof TrackingResponseSchema>
export const TrackingParamsSchema = z.object({ id: z.string().max(200) })

// ---- The staff API (/api/admin/v1): what the orders issue needs; the back office adds the rest.

// The roles and what each may do: staff/permissions.ts (zod-free, read by the back office too).

/** A code of an authenticator app (TOTP, RFC 6238): six digits. */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6 digits of the authenticator app')

export const StaffLoginBodySchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
  /** The authenticator code, for an account with the second factor on (401 STF004 without). */
  totp: TotpCodeSchema.optional(),
  /**
   * 'bearer' (default): the token is answered for `Authorization: Bearer` (scripts). 'cookie': the
   * back office SPA; the token goes into an httpOnly cookie and the answer carries a CSRF token.
   */
  session: z.enum(['bearer', 'cookie']).default('bearer'),
})
export type StaffLoginBody = z.infer<typeof StaffLoginBodySchema>
export const StaffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
})
export type Staff = z.infer<typeof StaffSchema>
export const StaffLoginResponseSchema = envelopeSchema(
  z.object({
    /** Bearer sessions only: a cookie session's token stays in its httpOnly cookie. */
    token: z.string().optional(),
    /** Cookie sessions only: send it as x-csrf-token on every call that changes something. */
    csrf_token: z.string().optional(),
    expires_at: z.string(),
    staff: StaffSchema,
  }),
)

export const StaffOrderParamsSchema = z.object({ sales_order_number: z.string().max(64) })

/** POST …/orders/{n}/ship: the courier ('jne', as in courier_code; defaults to the ordered one) and the waybill. */
export const StaffShipBodySchema = z.object({
  courier: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_-]{2,32}$/, 'a courier code such as jne, sicepat or jnt')
    .optional(),
  no_resi: z.string().trim().regex(WAYBILL_PATTERN, '6 to 40 letters, digits or dashes'),
})
export type StaffShipBody = z.infer<typeof StaffShipBodySchema>

/** POST …/orders/{n}/cancel: why (kept in the order's events). */
export const StaffCancelBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3)
    .max(300)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u0008\u000b-\u001f\u007f]*$/, 'must not contain control characters'),
})

/**
 * POST …/orders/{number}/refund (issue 30): the money owed back has been paid; the transfer's
 * reference (a bank or e-wallet reference) is kept in the order's history.
 */
export const StaffRefundBodySchema = z.object({
  reference: z
    .string()
    .trim()
    .min(3, 'must be 3 to 100 characters')
    .max(100, 'must be 3 to 100 characters')
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
})
export type StaffRefundBody = z.infer<typeof StaffRefundBodySchema>

/** One status change of an order: who, when, from, to. */
export const OrderEventSchema = z.object({
  at: z.string(),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  /** 'customer', 'payment', 'system', 'courier' or 'staff:<email>'. */
  actor: z.string(),
  note: z.string().nullable(),
})
export type OrderEvent = z.infer<typeof OrderEventSchema>

/** A staff action's answer: the order as it now stands, with its events (oldest first). */
export const StaffOrderSchema = z.object({
  id_sales_header: z.string(),
  sales_order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  courier: z.string().nullable(),
  no_resi: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** A paid order cancelled: the amount to refund (refund_state 'due' until staff record it). */
  refund_amount: z.number().int().nullable(),
  refund_state: z.enum(['due', 'refunded']).nullable(),
  events: z.array(OrderEventSchema),
})
export type StaffOrder = z.infer<typeof StaffOrderSchema>
export const StaffOrderResponseSchema = envelopeSchema(StaffOrderSchema)
