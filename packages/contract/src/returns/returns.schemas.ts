import { z } from 'zod'
import { envelopeSchema, pagedEnvelopeSchema } from '../envelope.schemas.ts'
import {
  REFUND_ACCOUNT_NUMBER_PATTERN,
  REFUND_METHODS,
  RETURN_COURIER_PATTERN,
  RETURN_LINES_MAX,
  RETURN_REASONS,
  RETURN_RESOLUTIONS,
  RETURN_STATUSES,
  RETURN_WINDOW_DAYS_MAX,
} from './returns.rules.ts'
import { TrackingEntrySchema, WAYBILL_PATTERN } from '../orders/orders.schemas.ts'

/**
 * Returns and size exchanges (issue 40, decision 055). Buyer calls under /api/v1/member/returns
 * (members, and guests through the phone-verified order lookup's session); staff calls under
 * /api/admin/v1/returns. Paths and field names are fixed by the issue. Amounts are whole rupiah,
 * instants ISO 8601 on the shop's clock (+07:00).
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /^[^\u0000-\u0008\u000b-\u001f\u007f]*$/
const plain = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min > 0 ? `must be ${min} to ${max} characters` : undefined)
    .max(max, `must be at most ${max} characters`)
    .regex(CONTROL, 'must not contain control characters')
const sku = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters')

export const ReturnReasonSchema = z.enum(RETURN_REASONS)
export const ReturnResolutionSchema = z.enum(RETURN_RESOLUTIONS)
export const ReturnStatusSchema = z.enum(RETURN_STATUSES)

/** Where a bank-transfer refund goes: the bank, the account number and its holder. */
export const RefundAccountSchema = z.object({
  bank: plain(2, 60),
  number: z
    .string()
    .trim()
    .regex(REFUND_ACCOUNT_NUMBER_PATTERN, 'must be an account number of 5 to 30 digits')
    .transform((value) => value.replace(/[ -]/g, '')),
  holder: plain(2, 100),
})
export type RefundAccount = z.infer<typeof RefundAccountSchema>

export const ReturnLineInputSchema = z.object({
  /** The order line's sku (a size of a product the order holds). */
  sku_product: sku,
  qty: z.number().int('must be a whole number').min(1, 'must be at least 1').max(99, 'must be at most 99'),
  reason: ReturnReasonSchema,
  /** EXCHANGE only: another size of the same product, one that can be bought now. */
  exchange_sku: sku.optional(),
})
export type ReturnLineInput = z.infer<typeof ReturnLineInputSchema>

/**
 * POST /api/v1/member/returns: JSON, or multipart/form-data with the same fields (`lines` and
 * `refund_account` as JSON text) and photos as files img1 to img3 (the review upload's checks).
 */
export const CreateReturnBodySchema = z
  .object({
    id_sales_header: z.string().trim().min(1, 'is required').max(64),
    resolution: ReturnResolutionSchema,
    lines: z
      .array(ReturnLineInputSchema)
      .min(1, 'must hold at least one line')
      .max(RETURN_LINES_MAX, `must hold at most ${RETURN_LINES_MAX} lines`),
    refund_account: RefundAccountSchema.optional(),
    note: plain(0, 500).optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>()
    body.lines.forEach((line, index) => {
      if (seen.has(line.sku_product))
        ctx.addIssue({ code: 'custom', path: ['lines', index, 'sku_product'], message: 'is given twice' })
      seen.add(line.sku_product)
      if (body.resolution === 'EXCHANGE' && !line.exchange_sku)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'exchange_sku'],
          message: 'is required for an exchange: the size wanted instead',
        })
      if (body.resolution === 'REFUND' && line.exchange_sku)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'exchange_sku'],
          message: 'is only for an exchange',
        })
      if (line.exchange_sku && line.exchange_sku === line.sku_product)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'exchange_sku'],
          message: 'must be another size than the one returned',
        })
    })
  })
export type CreateReturnBody = z.infer<typeof CreateReturnBodySchema>

export const ReturnNumberParamsSchema = z.object({ return_number: z.string().max(64) })
export const ReturnOrderParamsSchema = z.object({ id_sales_header: z.string().max(200) })

/** POST /api/v1/member/returns/{return_number}/waybill: the parcel the buyer sent back. */
export const ReturnWaybillBodySchema = z.object({
  courier: z
    .string()
    .trim()
    .toLowerCase()
    .regex(RETURN_COURIER_PATTERN, 'a courier such as jne, sicepat or jnt'),
  no_resi: z.string().trim().regex(WAYBILL_PATTERN, '6 to 40 letters, digits or dashes'),
})
export type ReturnWaybillBody = z.infer<typeof ReturnWaybillBodySchema>

export const ReturnLineSchema = z.object({
  sku_product: z.string(),
  product_code: z.string(),
  product_master_name: z.string(),
  ukuran: z.string(),
  url_image: z.string(),
  qty: z.number().int(),
  reason: ReturnReasonSchema,
  exchange_sku: z.string().nullable(),
  exchange_ukuran: z.string().nullable(),
  /** Counted by staff on receipt; null before. */
  accepted_qty: z.number().int().nullable(),
  /** Why units were not accepted (they are sent back to the buyer); null when all were. */
  not_accepted_reason: z.string().nullable(),
  /** What this line refunds (REFUND): its units' share of what was paid; 0 for an exchange. */
  refund_amount: z.number().int(),
})
export type ReturnLine = z.infer<typeof ReturnLineSchema>

export const ReturnEventSchema = z.object({
  at: z.string(),
  from: ReturnStatusSchema.nullable(),
  to: ReturnStatusSchema,
  /** 'customer', 'system', 'payment' or 'staff:<email>'. */
  actor: z.string(),
  note: z.string().nullable(),
})
export type ReturnEvent = z.infer<typeof ReturnEventSchema>

export const ReturnRefundSchema = z.object({
  method: z.enum(REFUND_METHODS),
  /** The order's payment method as named ('BCA Virtual Account', 'GoPay'). */
  payment_name: z.string(),
  /** Lines plus the delivery fee when refunded; the estimate (requested quantities) before receipt. */
  amount: z.number().int(),
  /** The delivery fee in `amount` (DEFECT and WRONG_ITEM only, once per order). */
  delivery_fee: z.number().int(),
  /** pending: to be paid; failed: the provider refused (staff retry); done: paid back. */
  state: z.enum(['estimate', 'pending', 'failed', 'done']),
  /** The bank transfer's or the provider's reference, once paid. */
  reference: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** BANK_TRANSFER: where it goes, the number masked but its last 4 digits. */
  account: z.object({ bank: z.string(), number: z.string(), holder: z.string() }).nullable(),
})
export type ReturnRefund = z.infer<typeof ReturnRefundSchema>

/** Where the buyer sends the parcel (the shop's return settings). */
export const ReturnShipToSchema = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  instructions: z.string(),
})
export type ReturnShipTo = z.infer<typeof ReturnShipToSchema>

export const ReturnParcelSchema = z.object({
  courier: z.string(),
  no_resi: z.string(),
  at: z.string(),
})

export const ReturnSchema = z.object({
  return_number: z.string(),
  id_sales_header: z.string(),
  sales_order_number: z.string(),
  status: ReturnStatusSchema,
  /** The status in the shopper's words, in the request's language. */
  status_message: z.string(),
  resolution: ReturnResolutionSchema,
  lines: z.array(ReturnLineSchema),
  /** Photo URLs (/media/return/{key}.webp). */
  photos: z.array(z.string()),
  note: z.string().nullable(),
  reject_reason: z.string().nullable(),
  /** REFUND only; null for an exchange. */
  refund: ReturnRefundSchema.nullable(),
  /** Where to send the parcel; shown once approved (null before and after a refusal). */
  ship_to: ReturnShipToSchema.nullable(),
  /** The parcel the buyer sent back, as entered. */
  buyer_parcel: ReturnParcelSchema.nullable(),
  /** EXCHANGE: the new size's parcel once shipped, with its tracking link. */
  exchange_parcel: ReturnParcelSchema.extend({ tracking_link: z.string() }).nullable(),
  created_at: z.string(),
  /** Oldest first. */
  events: z.array(ReturnEventSchema),
  /** The buyer may still cancel it (REQUESTED). */
  can_cancel: z.boolean(),
  /** The buyer may enter the parcel's waybill (APPROVED). */
  can_send_waybill: z.boolean(),
})
export type Return = z.infer<typeof ReturnSchema>
export const ReturnResponseSchema = envelopeSchema(ReturnSchema)

/**
 * GET /api/v1/member/returns/{return_number}/tracking: the exchange's parcel, its timeline newest
 * first (as an order's tracking), once shipped (404 TRK002 before).
 */
export const ReturnTrackingResponseSchema = envelopeSchema(z.array(TrackingEntrySchema)).extend({
  tracking: z.object({ no_resi: z.string(), courier: z.string(), delivered: z.boolean() }),
})
export type ReturnTrackingResponse = z.infer<typeof ReturnTrackingResponseSchema>

export const ReturnCreatedSchema = z.object({
  return_number: z.string(),
  status: ReturnStatusSchema,
})
export const ReturnCreatedResponseSchema = envelopeSchema(ReturnCreatedSchema)

export const ReturnListItemSchema = z.object({
  return_number: z.string(),
  id_sales_header: z.string(),
  sales_order_number: z.string(),
  status: ReturnStatusSchema,
  status_message: z.string(),
  resolution: ReturnResolutionSchema,
  /** Units asked for in all. */
  units: z.number().int(),
  /** REFUND: the amount (estimate before receipt); null for an exchange. */
  refund_amount: z.number().int().nullable(),
  created_at: z.string(),
})
export type ReturnListItem = z.infer<typeof ReturnListItemSchema>

/** GET /api/v1/member/returns: the caller's returns, newest first; `id_sales_header` narrows to one order. */
export const ReturnListQuerySchema = z.object({
  id_sales_header: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
})
export type ReturnListQuery = z.infer<typeof ReturnListQuerySchema>
export const ReturnListResponseSchema = pagedEnvelopeSchema(z.array(ReturnListItemSchema))

/**
 * GET /api/v1/member/returns/options/{id_sales_header}: what of a delivered order can still be
 * returned, until when, and the returns already asked for it.
 */
export const ReturnOptionsSchema = z.object({
  id_sales_header: z.string(),
  sales_order_number: z.string(),
  /** Whether anything can be returned now. */
  returnable: z.boolean(),
  /** Why not, in the shopper's words (not delivered, window over, all returned, final sale); null when returnable. */
  not_returnable_reason: z.string().nullable(),
  /** The window's end; null before delivery. */
  returnable_until: z.string().nullable(),
  window_days: z.number().int(),
  /** REFUND by BANK_TRANSFER needs refund_account. */
  refund_method: z.enum(REFUND_METHODS),
  payment_name: z.string(),
  lines: z.array(
    z.object({
      sku_product: z.string(),
      product_code: z.string(),
      product_master_name: z.string(),
      ukuran: z.string(),
      url_image: z.string(),
      quantity: z.number().int(),
      harga_jual: z.number().int(),
      /** Units that can still be returned (0: all returned or asked for, or final sale). */
      returnable_qty: z.number().int(),
      final_sale: z.boolean(),
      /** A bundle line: it goes back whole (its parts to stock), for a refund only. */
      is_bundling: z.boolean(),
      /** Other sizes of the product that can be bought now (an exchange's choices). */
      exchange_sizes: z.array(z.object({ sku_product: z.string(), ukuran: z.string() })),
    }),
  ),
  returns: z.array(ReturnListItemSchema),
})
export type ReturnOptions = z.infer<typeof ReturnOptionsSchema>
export const ReturnOptionsResponseSchema = envelopeSchema(ReturnOptionsSchema)

// ---------------------------------------------------------------- staff

/** GET /api/admin/v1/returns: the queue, by state (oldest first within one), searchable by number, order or buyer. */
export const StaffReturnListQuerySchema = z.object({
  status: ReturnStatusSchema.optional(),
  resolution: ReturnResolutionSchema.optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
})
export type StaffReturnListQuery = z.infer<typeof StaffReturnListQuerySchema>

export const StaffReturnListItemSchema = ReturnListItemSchema.extend({
  buyer_name: z.string(),
  is_guest: z.boolean(),
  /** The reasons of its lines, most common first. */
  reasons: z.array(ReturnReasonSchema),
  has_photos: z.boolean(),
  /** The buyer entered the parcel's waybill. */
  parcel_sent: z.boolean(),
  updated_at: z.string(),
})
export type StaffReturnListItem = z.infer<typeof StaffReturnListItemSchema>
export const StaffReturnListResponseSchema = pagedEnvelopeSchema(z.array(StaffReturnListItemSchema))

export const StaffReturnSchema = ReturnSchema.extend({
  buyer: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    is_guest: z.boolean(),
  }),
  order: z.object({
    status: z.string(),
    order_date: z.string(),
    delivered_at: z.string().nullable(),
    total_bayar: z.number().int(),
    biaya_kirim: z.number().int(),
    promo_value: z.number().int(),
    kode_promo: z.string().nullable(),
    payment_name: z.string(),
    payment_category: z.string(),
  }),
  /** The refund account unmasked, for the owner's transfer (null for others and when none). */
  refund_account: z.object({ bank: z.string(), number: z.string(), holder: z.string() }).nullable(),
  lines: z.array(
    ReturnLineSchema.extend({
      /** Where accepted units went back; null before receipt. */
      id_warehouse: z.number().int().nullable(),
      /** Units of the exchange size held for the buyer now. */
      held_qty: z.number().int(),
    }),
  ),
})
export type StaffReturn = z.infer<typeof StaffReturnSchema>
export const StaffReturnResponseSchema = envelopeSchema(StaffReturnSchema)

const staffNote = plain(3, 300)

export const StaffReturnRejectBodySchema = z.object({ reason: staffNote })
export type StaffReturnRejectBody = z.infer<typeof StaffReturnRejectBodySchema>

export const StaffReturnApproveBodySchema = z.object({ note: plain(0, 300).optional() }).default({})

/**
 * POST …/returns/{n}/receive: what arrived, every line of the return once; units not accepted go
 * back to the buyer with `not_accepted_reason` (required when accepted_qty < qty). Accepted units
 * go into `id_warehouse` (default the selling warehouse); DEFECT ones to its not-for-sale count.
 */
export const StaffReturnReceiveBodySchema = z.object({
  lines: z
    .array(
      z.object({
        sku_product: sku,
        accepted_qty: z.number().int('must be a whole number').min(0, 'must not be negative').max(99),
        id_warehouse: z.number().int().min(1).optional(),
        not_accepted_reason: plain(3, 300).optional(),
      }),
    )
    .min(1, 'must hold every line of the return')
    .max(RETURN_LINES_MAX),
})
export type StaffReturnReceiveBody = z.infer<typeof StaffReturnReceiveBodySchema>

/** POST …/returns/{n}/refund: a bank transfer's reference (or, empty, a retry of a failed provider refund). */
export const StaffReturnRefundBodySchema = z.object({ reference: plain(3, 100).optional() })
export type StaffReturnRefundBody = z.infer<typeof StaffReturnRefundBodySchema>

/** POST …/returns/{n}/ship: the exchange's parcel. */
export const StaffReturnShipBodySchema = z.object({
  courier: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_-]{2,32}$/, 'a courier code such as jne, sicepat or jnt')
    .optional(),
  no_resi: z.string().trim().regex(WAYBILL_PATTERN, '6 to 40 letters, digits or dashes'),
})
export type StaffReturnShipBody = z.infer<typeof StaffReturnShipBodySchema>

/** The shop's return rules (GET/PUT /api/admin/v1/settings/returns). */
export const ReturnSettingsSchema = z.object({
  window_days: z.number().int().min(0).max(RETURN_WINDOW_DAYS_MAX),
  ship_to_name: plain(2, 120),
  ship_to_phone: z
    .string()
    .trim()
    .regex(/^\+?\d{8,15}$/, 'must be a phone number of 8 to 15 digits'),
  ship_to_address: plain(10, 500),
  /** What else the buyer should know (packing, the return number on the parcel). */
  instructions: plain(0, 1000),
})
export type ReturnSettings = z.infer<typeof ReturnSettingsSchema>
export const ReturnSettingsResponseSchema = envelopeSchema(ReturnSettingsSchema)

/** The home's figures: return rate by product and size with the reasons (GET /api/admin/v1/insights/returns). */
export const ReturnRateQuerySchema = z.object({
  days: z.coerce.number().int().min(7).max(365).default(90),
  limit: z.coerce.number().int().min(1).max(100).default(10),
})
export const ReturnRateRowSchema = z.object({
  product_code: z.string(),
  product_name: z.string(),
  /** null: the product as a whole; else one size. */
  ukuran: z.string().nullable(),
  /** Units delivered in the period. */
  sold: z.number().int(),
  /** Of them, units asked back (live returns). */
  returned: z.number().int(),
  /** returned / sold, 0 to 1. */
  rate: z.number(),
  /** Units per reason, most first. */
  reasons: z.array(z.object({ reason: ReturnReasonSchema, units: z.number().int() })),
})
export type ReturnRateRow = z.infer<typeof ReturnRateRowSchema>
export const ReturnRatesSchema = z.object({
  days: z.number().int(),
  products: z.array(ReturnRateRowSchema),
  sizes: z.array(ReturnRateRowSchema),
})
export type ReturnRates = z.infer<typeof ReturnRatesSchema>
export const ReturnRatesResponseSchema = envelopeSchema(ReturnRatesSchema)
