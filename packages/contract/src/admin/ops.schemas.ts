import { z } from 'zod'
import { envelopeSchema, pagedEnvelopeSchema } from '../envelope.schemas.ts'
import { ShopDateSchema, withinDates } from '../dates.schemas.ts'
import { say } from '../language.ts'
import { ORDER_STATUSES } from '../orders/orders.rules.ts'
import {
  StaffOrderParamsSchema,
  StaffOrderSchema,
  StaffShipBodySchema,
  WAYBILL_PATTERN,
} from '../orders/orders.schemas.ts'
import { normalizeVoucherCode, VOUCHER_CODE_PATTERN, VOUCHER_TYPES } from '../checkout/checkout.rules.ts'

/**
 * The back office's operations calls (issue 14): stock per warehouse, the orders screen (list,
 * detail, bulk ship, packing slips) and vouchers. Browser-safe (zod only): the back office
 * validates its forms with these same schemas.
 */

const MAX_INT = 2_147_483_647
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u0008\u000b-\u001f\u007f]*$/
const note = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(NO_CONTROL, 'must not contain control characters')
const pageQuery = {
  page: z.coerce.number().int().min(1, 'must be 1 or more').max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200, 'must be at most 200').default(50),
}
const idNumber = (what: string) =>
  z.coerce
    .number({ error: `must be a ${what} id` })
    .int(`must be a ${what} id`)
    .min(1, `must be a ${what} id`)
    .max(MAX_INT, `must be a ${what} id`)
/** A date in the shop's time zone (UTC+7), YYYY-MM-DD, within the shop's range (dates.schemas.ts). */
const shopDate = ShopDateSchema
/** A query flag: true/false/1/0. */
const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1')

const StockSkuSchema = z
  .string()
  .trim()
  .min(1, 'enter a sku')
  .max(80, 'must be at most 80 characters')
  .regex(NO_CONTROL, 'must not contain control characters')

// ---------------------------------------------------------------- stock

/** Why on_hand changed: a fixed list, so reports can group adjustments. */
export const STOCK_ADJUST_REASONS = [
  'stocktake',
  'received',
  'returned',
  'damaged',
  'lost',
  'transfer',
  'correction',
] as const
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number]
const ReasonSchema = z.enum(STOCK_ADJUST_REASONS, {
  error: `must be one of ${STOCK_ADJUST_REASONS.join(', ')}`,
})

export const WarehouseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  /** The warehouse checkout sells from: its available count is the shop's stock. */
  sellable: z.boolean(),
  /** The shop's low-stock threshold here: a sku is low at or below it (available units; issue 30). */
  low_stock_at: z.number().int(),
})
export type Warehouse = z.infer<typeof WarehouseSchema>
export const WarehouseListResponseSchema = envelopeSchema(z.array(WarehouseSchema))
export const WarehouseResponseSchema = envelopeSchema(WarehouseSchema)

/**
 * GET …/stock: sku × warehouse, filtered; low_stock: available at or below low_stock_at, or when it
 * is absent at or below each warehouse's own threshold (issue 30).
 */
export const StockQuerySchema = z.object({
  product_code: z.string().trim().max(64).optional(),
  id_brand: idNumber('brand').optional(),
  id_warehouse: idNumber('warehouse').optional(),
  /** Part of a sku or product name. */
  q: z.string().trim().max(80).optional(),
  low_stock: flag.optional(),
  low_stock_at: z.coerce.number().int().min(0).max(100_000).optional(),
  ...pageQuery,
})
export type StockQuery = z.infer<typeof StockQuerySchema>

export const StockLevelSchema = z.object({
  sku_product: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  ukuran: z.string(),
  id_brand: z.number().int(),
  id_warehouse: z.number().int(),
  warehouse_name: z.string(),
  /** Units in the warehouse. */
  on_hand: z.number().int(),
  /** Units of open orders (Open or Paid, not yet shipped) from this warehouse. */
  held: z.number().int(),
  /** on_hand − held: what can still be sold (for the sellable warehouse, the shop's stock). */
  available: z.number().int(),
  /** Units returned defective (issue 40): in the warehouse but never sold, outside on_hand. */
  not_for_sale: z.number().int(),
})
export type StockLevel = z.infer<typeof StockLevelSchema>
export const StockListResponseSchema = pagedEnvelopeSchema(z.array(StockLevelSchema))
export const StockLevelResponseSchema = envelopeSchema(StockLevelSchema)

/** POST …/stock/adjust: change on_hand by `delta`, or `set` it; a reason always. */
export const StockAdjustBodySchema = z
  .object({
    sku_product: StockSkuSchema,
    id_warehouse: idNumber('warehouse').default(1),
    delta: z
      .number({ error: 'must be a whole number of units' })
      .int('must be a whole number of units')
      .min(-1_000_000)
      .max(1_000_000)
      .refine((value) => value !== 0, 'must not be 0')
      .optional(),
    set: z
      .number({ error: 'must be a whole number of units' })
      .int('must be a whole number of units')
      .min(0, 'must be 0 or more')
      .max(1_000_000)
      .optional(),
    reason: ReasonSchema,
    note: note(300).optional(),
  })
  .refine((body) => (body.delta === undefined) !== (body.set === undefined), {
    message: 'give either delta or set',
    path: ['delta'],
  })
export type StockAdjustBody = z.infer<typeof StockAdjustBodySchema>

export const StockAdjustmentSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  sku_product: z.string(),
  id_warehouse: z.number().int(),
  delta: z.number().int(),
  on_hand_after: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  /** adjust (one call), import (a CSV) or return (units a return brought back, issue 40). */
  source: z.enum(['adjust', 'import', 'return']),
  staff_id: z.number().int().nullable(),
  staff_email: z.string().nullable(),
})
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>
export const StockAdjustmentListResponseSchema = pagedEnvelopeSchema(z.array(StockAdjustmentSchema))

/** GET …/stock/adjustments: newest first. */
export const StockAdjustmentQuerySchema = z.object({
  sku_product: z.string().trim().max(80).optional(),
  id_warehouse: idNumber('warehouse').optional(),
  ...pageQuery,
})
export type StockAdjustmentQuery = z.infer<typeof StockAdjustmentQuerySchema>

/** GET …/stock/export.csv: the same filters as the list, every page. */
export const StockExportQuerySchema = StockQuerySchema.omit({ page: true, per_page: true })

/** The CSV's columns: export writes them all; import reads sku, warehouse and on_hand. */
export const STOCK_CSV_COLUMNS = ['sku', 'warehouse', 'on_hand', 'held', 'available'] as const
/** At most this many rows in one import. */
export const STOCK_IMPORT_MAX_ROWS = 5000

/** POST …/stock/import: CSV text (header sku,warehouse,on_hand), all rows or none. */
export const StockImportBodySchema = z.object({
  csv: z
    .string({ error: 'paste or upload the CSV text' })
    .min(1, 'the CSV is empty')
    .max(1_000_000, 'the CSV is larger than 1 MB'),
  reason: ReasonSchema,
  note: note(300).optional(),
})
export type StockImportBody = z.infer<typeof StockImportBodySchema>
export const StockImportResponseSchema = envelopeSchema(
  z.object({
    /** Rows read. */
    rows: z.number().int(),
    /** Rows whose on_hand changed (the others already had it). */
    changed: z.number().int(),
  }),
)

// ---------------------------------------------------------------- orders

/**
 * The list's order (issue 30): newest (order date, newest first) or oldest (order date, oldest
 * first; with status=Paid, the oldest payment first: paid_at, then order date, so "paid orders to
 * ship, oldest first" is the queue the warehouse works through).
 */
export const ADMIN_ORDER_SORTS = ['newest', 'oldest'] as const
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number]
/** refund_state: due (a paid order cancelled, or money received after its cancel) or refunded. */
export const ADMIN_ORDER_REFUNDS = ['due', 'refunded'] as const
/** expiring=hour: Open orders whose payment deadline falls within the next 60 minutes, not yet passed. */
export const ADMIN_ORDER_EXPIRING = ['hour'] as const
/** The filters the list and the CSV export share (issue 30). */
const orderFilters = {
  status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  id_brand: idNumber('brand').optional(),
  /** A payment code (bca_va, gopay, …). */
  payment: z.string().trim().toLowerCase().max(32).optional(),
  q: z.string().trim().max(254).optional(),
  refund: z
    .enum(ADMIN_ORDER_REFUNDS, { error: `must be one of ${ADMIN_ORDER_REFUNDS.join(', ')}` })
    .optional(),
  expiring: z.enum(ADMIN_ORDER_EXPIRING, { error: 'must be hour' }).optional(),
  sort: z
    .enum(ADMIN_ORDER_SORTS, { error: `must be one of ${ADMIN_ORDER_SORTS.join(', ')}` })
    .default('newest'),
}
const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to
const fromAfterTo = { message: 'must not be after to', path: ['from'] }

/**
 * GET …/orders: newest first unless sort says otherwise; from/to are shop dates (UTC+7), to
 * inclusive; q an order number, phone or e-mail; refund and expiring as above.
 */
export const AdminOrdersQuerySchema = z
  .object({ ...orderFilters, from: shopDate.optional(), to: shopDate.optional(), ...pageQuery })
  .refine(fromNotAfterTo, fromAfterTo)
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>

/** The longest period one CSV export covers (a leap year). */
export const ORDER_EXPORT_MAX_DAYS = 366
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000

/**
 * GET …/orders/export.csv (issue 30): the orders of shop dates from..to (UTC+7, both inclusive, at
 * most 366 days) with the list's filters, for accounting.
 */
export const AdminOrderExportQuerySchema = z
  .object({
    ...orderFilters,
    from: shopDate,
    to: shopDate,
  })
  .refine(fromNotAfterTo, fromAfterTo)
  .refine((query) => dayNumber(query.to) - dayNumber(query.from) < ORDER_EXPORT_MAX_DAYS, {
    message: `must be at most ${ORDER_EXPORT_MAX_DAYS} days after from`,
    path: ['to'],
  })
export type AdminOrderExportQuery = z.infer<typeof AdminOrderExportQuerySchema>

/**
 * The export's columns, one row per order line (issue 30): the order's fields repeat on each of its
 * lines, its amounts only on its first line (so a spreadsheet's sum of total is the period's total);
 * an order without lines has one row with empty line cells.
 */
export const ORDER_EXPORT_COLUMNS = [
  'order_number',
  /** 'YYYY-MM-DD HH:mm' on the shop's clock (WIB), as the paid date. */
  'order_date_wib',
  'paid_date_wib',
  'status',
  'buyer_name',
  'phone',
  'email',
  'brand',
  'line',
  'sku',
  'product_name',
  'size',
  'qty',
  'unit_price',
  'line_total',
  'subtotal',
  'shipping_fare',
  'packing_fee',
  'payment_fee',
  'voucher_code',
  'discount',
  'total',
  'payment_method',
  'courier',
  'waybill',
  'refund_amount',
  'refund_state',
] as const

export const AdminOrderListItemSchema = z.object({
  id_sales_header: z.string(),
  sales_order_number: z.string(),
  order_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  id_brand: z.number().int().nullable(),
  id_warehouse: z.number().int(),
  buyer_name: z.string(),
  buyer_email: z.string().nullable(),
  buyer_phone: z.string(),
  total_bayar: z.number().int(),
  payment_code: z.string(),
  payment_name: z.string(),
  paket: z.string(),
  no_resi: z.string().nullable(),
  /** Units ordered (lines' quantities). */
  units: z.number().int(),
  /** When it was paid (shop ISO string), null before; a Paid row shows how long it has waited (issue 30). */
  paid_at: z.string().nullable(),
  /** The payment deadline (shop ISO string): an Open row shows how soon it runs out (issue 30). */
  expired_time: z.string(),
  /** due or refunded for a cancelled order whose money goes back (issue 30). */
  refund_state: z.enum(ADMIN_ORDER_REFUNDS).nullable(),
})
export type AdminOrderListItem = z.infer<typeof AdminOrderListItemSchema>
export const AdminOrderListResponseSchema = pagedEnvelopeSchema(z.array(AdminOrderListItemSchema))

const OrderLineSchema = z.object({
  id: z.number().int(),
  product_code: z.string(),
  sku_product: z.string(),
  product_name: z.string(),
  ukuran: z.string(),
  id_brand: z.number().int(),
  quantity: z.number().int(),
  harga_jual: z.number().int(),
  url_image: z.string(),
  is_bundling: z.boolean(),
  /** A bundle's parts, per unit of the line. */
  components: z.array(
    z.object({
      sku_product: z.string(),
      product_name: z.string(),
      ukuran: z.string(),
      qty: z.number().int(),
    }),
  ),
})

/**
 * The order updates (issue 28, decision 048): the moments of an order its buyer hears about, the
 * channels they go by, and a message's state: pending (waiting for its first or next attempt),
 * sending (one process holds it), sent, failed (given up after its last attempt; staff may re-send).
 */
export const ORDER_MESSAGE_MOMENTS = [
  'placed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'refund',
  // A return's moments (issue 40): one message per return and moment.
  'return_approved',
  'return_rejected',
  'return_received',
  'return_refunded',
  'exchange_shipped',
] as const
export type OrderMessageMoment = (typeof ORDER_MESSAGE_MOMENTS)[number]
export const ORDER_MESSAGE_CHANNELS = ['WHATSAPP', 'SMS', 'EMAIL'] as const
export type OrderMessageChannel = (typeof ORDER_MESSAGE_CHANNELS)[number]
export const ORDER_MESSAGE_STATES = ['pending', 'sending', 'sent', 'failed'] as const
export type OrderMessageState = (typeof ORDER_MESSAGE_STATES)[number]

/** One message to the buyer as the order page lists it (never its idempotency key). */
export const AdminOrderMessageSchema = z.object({
  id: z.number().int(),
  moment: z.enum(ORDER_MESSAGE_MOMENTS),
  channel: z.enum(ORDER_MESSAGE_CHANNELS),
  /** The phone number or e-mail address it goes to, as copied in when it was queued. */
  recipient: z.string(),
  /** The language it is written in: the one the order was placed in. */
  language: z.enum(['en', 'id']),
  state: z.enum(ORDER_MESSAGE_STATES),
  /** Attempts so far (a pending message with attempts and a last_error is being retried). */
  attempts: z.number().int(),
  /** When a pending message is tried next. */
  next_attempt_at: z.string(),
  /** What was sent (the e-mail's subject or the message's title, and its text); null until rendered. */
  subject: z.string().nullable(),
  body: z.string().nullable(),
  last_error: z.string().nullable(),
  /** 'system' (the order's move) or 'staff:<e-mail>' (a re-send). */
  requested_by: z.string(),
  /** The message this one sends again (the first of its line), or null. */
  resend_of: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
})
export type AdminOrderMessage = z.infer<typeof AdminOrderMessageSchema>

export const AdminOrderDetailSchema = AdminOrderListItemSchema.omit({
  units: true,
  paid_at: true,
  expired_time: true,
}).extend({
  lines: z.array(OrderLineSchema),
  address: z.object({
    penerima: z.string(),
    hp_penerima: z.string(),
    alamat_lengkap: z.string(),
    subdistrict: z.string(),
    district: z.string(),
    city: z.string(),
    province: z.string(),
    kode_pos: z.string(),
    destination_code: z.string(),
  }),
  amounts: z.object({
    subtotal: z.number().int(),
    biaya_kirim: z.number().int(),
    packing_fee: z.number().int(),
    payment_fee: z.number().int(),
    promo_value: z.number().int(),
    total_bayar: z.number().int(),
  }),
  payment: z.object({
    code: z.string(),
    name: z.string(),
    category: z.string(),
    expired_time: z.string(),
    paid_at: z.string().nullable(),
  }),
  voucher: z.object({ id: z.number().int().nullable(), code: z.string() }).nullable(),
  shipping: z.object({
    paket: z.string(),
    courier_code: z.string(),
    weight_grams: z.number().int(),
    courier: z.string().nullable(),
    no_resi: z.string().nullable(),
    shipped_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  }),
  cancelled_at: z.string().nullable(),
  refund_amount: z.number().int().nullable(),
  refund_state: z.enum(['due', 'refunded']).nullable(),
  events: StaffOrderSchema.shape.events,
  /** The messages to the buyer about this order (decision 048), oldest first. */
  messages: z.array(AdminOrderMessageSchema),
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>
export const AdminOrderDetailResponseSchema = envelopeSchema(AdminOrderDetailSchema)

/** POST …/orders/{n}/messages/{id}/resend: the order and one of its messages. */
export const AdminOrderMessageParamsSchema = StaffOrderParamsSchema.extend({ id: idNumber('message') })
/** The re-send: the new message, pending (the sender takes it within seconds). */
export const AdminOrderMessageResponseSchema = envelopeSchema(AdminOrderMessageSchema)

const orderNumber = z
  .string({ error: 'enter the order number' })
  .trim()
  .toUpperCase()
  .min(1, 'enter the order number')
  .max(40, 'must be at most 40 characters')

/** POST …/orders/bulk-ship: each order shipped on its own (one failing does not undo the others). */
export const BulkShipBodySchema = z.object({
  orders: z
    .array(
      z.object({
        sales_order_number: orderNumber,
        courier: StaffShipBodySchema.shape.courier,
        no_resi: z.string().trim().regex(WAYBILL_PATTERN, '6 to 40 letters, digits or dashes'),
      }),
    )
    .min(1, 'give at least one order')
    .max(100, 'at most 100 orders at once'),
})
export type BulkShipBody = z.infer<typeof BulkShipBodySchema>
export const BulkShipResultSchema = z.object({
  sales_order_number: z.string(),
  ok: z.boolean(),
  order: StaffOrderSchema.nullable(),
  /** Why it failed: an error code (ORD001, ORD002, ORD003, REQ001) and its message. */
  code: z.string().nullable(),
  message: z.string().nullable(),
})
export const BulkShipResponseSchema = envelopeSchema(
  z.object({ shipped: z.number().int(), failed: z.number().int(), results: z.array(BulkShipResultSchema) }),
)

/** GET …/orders/packing-slips?numbers=A,B: up to 50 orders. */
export const PackingSlipQuerySchema = z.object({
  numbers: z
    .string({ error: 'give one or more order numbers, separated by commas' })
    .max(2500)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim().toUpperCase())
          .filter((part) => part !== ''),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(40))
        .min(1, 'give one or more order numbers, separated by commas')
        .max(50, 'at most 50 orders at once'),
    ),
})

export const PackingSlipSchema = z.object({
  shop: z.object({ id_brand: z.number().int().nullable(), brand_name: z.string() }),
  sales_order_number: z.string(),
  order_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  paket: z.string(),
  no_resi: z.string().nullable(),
  weight_grams: z.number().int(),
  recipient: z.object({
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    subdistrict: z.string(),
    district: z.string(),
    city: z.string(),
    province: z.string(),
    kode_pos: z.string(),
  }),
  lines: z.array(
    z.object({
      sku_product: z.string(),
      product_name: z.string(),
      ukuran: z.string(),
      qty: z.number().int(),
      /** A bundle's part: the bundle's sku it belongs to. */
      part_of: z.string().nullable(),
    }),
  ),
  /** The last note staff wrote on the order (e.g. a cancel reason), if any; free text for the packer. */
  note: z.string().nullable(),
})
export type PackingSlip = z.infer<typeof PackingSlipSchema>
export const PackingSlipResponseSchema = envelopeSchema(z.array(PackingSlipSchema))

// ---------------------------------------------------------------- vouchers

export const VOUCHER_STATES = ['paused', 'scheduled', 'running', 'expired', 'used_up'] as const

const rupiah = (what: string) =>
  z
    .number({ error: `${what} must be whole rupiah` })
    .int(`${what} must be whole rupiah`)
    .min(0, `${what} must be 0 or more`)
    .max(1_000_000_000)
const instant = withinDates(
  z.iso.datetime({ offset: true, error: 'must be a date and time with its offset' }),
)

/** The most brands, categories or products one voucher names. */
export const VOUCHER_RULE_ITEMS_MAX = 200

/** A voucher's list of brand or category ids (each once). */
const voucherIds = (what: 'brand' | 'category') =>
  z
    .array(
      z
        .number({ error: `must be ${what} ids` })
        .int(`must be ${what} ids`)
        .min(1)
        .max(MAX_INT),
      {
        error: `must be a list of ${what} ids`,
      },
    )
    .max(VOUCHER_RULE_ITEMS_MAX, `at most ${VOUCHER_RULE_ITEMS_MAX} ${what} ids`)
    .transform((ids) => [...new Set(ids)])

const voucherFields = {
  name: z.string().trim().min(1, 'enter a name').max(120, 'must be at most 120 characters'),
  type: z.enum(VOUCHER_TYPES, { error: `must be one of ${VOUCHER_TYPES.join(', ')}` }),
  value: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(1_000_000_000),
  max_discount: rupiah('max_discount').nullable(),
  min_purchase: rupiah('min_purchase'),
  starts_at: instant.nullable(),
  ends_at: instant.nullable(),
  usage_limit: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(MAX_INT).nullable(),
  paused: z.boolean(),
  // The rules (issue 43 part 6, decision 058): all optional, a voucher without them as before.
  per_customer_limit: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(MAX_INT),
  brands: voucherIds('brand'),
  categories: voucherIds('category'),
  products: z
    .array(z.string({ error: 'must be product codes' }).trim().min(1, 'a product code is empty').max(64), {
      error: 'must be a list of product codes',
    })
    .max(VOUCHER_RULE_ITEMS_MAX, `at most ${VOUCHER_RULE_ITEMS_MAX} products`)
    .transform((codes) => [...new Set(codes)]),
  first_order_only: z.boolean({ error: 'must be true or false' }),
}

type VoucherTermsInput = {
  type?: string
  value?: number
  starts_at?: string | null
  ends_at?: string | null
}
const percentFits = (body: VoucherTermsInput) =>
  body.type !== 'PERCENTAGE' || body.value === undefined || body.value <= 100
const windowFits = (body: VoucherTermsInput) =>
  !body.starts_at || !body.ends_at || Date.parse(body.starts_at) < Date.parse(body.ends_at)

/** POST …/vouchers. */
export const VoucherCreateBodySchema = z
  .object({
    code: z
      .string({ error: 'enter a code' })
      .transform(normalizeVoucherCode)
      .pipe(z.string().regex(VOUCHER_CODE_PATTERN, 'must be 3 to 32 letters, digits, - or _')),
    ...voucherFields,
    max_discount: voucherFields.max_discount.default(null),
    min_purchase: voucherFields.min_purchase.default(0),
    starts_at: voucherFields.starts_at.default(null),
    ends_at: voucherFields.ends_at.default(null),
    usage_limit: voucherFields.usage_limit.default(null),
    paused: voucherFields.paused.default(false),
    per_customer_limit: voucherFields.per_customer_limit.default(1),
    brands: voucherFields.brands.default([]),
    categories: voucherFields.categories.default([]),
    products: voucherFields.products.default([]),
    first_order_only: voucherFields.first_order_only.default(false),
  })
  .refine(percentFits, { message: 'a percentage must be at most 100', path: ['value'] })
  .refine(windowFits, { message: 'must be after starts_at', path: ['ends_at'] })
export type VoucherCreateBody = z.infer<typeof VoucherCreateBodySchema>

/** PATCH …/vouchers/{id}: any of the terms (the code stays; shoppers and orders know it). */
export const VoucherUpdateBodySchema = z
  .object(voucherFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    message: 'give at least one field to change',
    path: ['name'],
  })
  .refine(percentFits, { message: 'a percentage must be at most 100', path: ['value'] })
  .refine(windowFits, { message: 'must be after starts_at', path: ['ends_at'] })
export type VoucherUpdateBody = z.infer<typeof VoucherUpdateBodySchema>

export const VoucherIdParamsSchema = z.object({ id: idNumber('voucher') })

/** GET …/vouchers. */
export const VoucherListQuerySchema = z.object({
  q: z.string().trim().max(64).optional(),
  state: z.enum(VOUCHER_STATES, { error: `must be one of ${VOUCHER_STATES.join(', ')}` }).optional(),
  ...pageQuery,
})
export type VoucherListQuery = z.infer<typeof VoucherListQuerySchema>

export const AdminVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(VOUCHER_TYPES),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_purchase: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  paused: z.boolean(),
  state: z.enum(VOUCHER_STATES),
  created_at: z.string(),
  per_customer_limit: z.number().int(),
  brands: z.array(z.number().int()),
  categories: z.array(z.number().int()),
  products: z.array(z.string()),
  first_order_only: z.boolean(),
})
export type AdminVoucher = z.infer<typeof AdminVoucherSchema>
export const AdminVoucherListResponseSchema = pagedEnvelopeSchema(z.array(AdminVoucherSchema))
export const AdminVoucherResponseSchema = envelopeSchema(AdminVoucherSchema)

export const VoucherRedemptionSchema = z.object({
  id_pelanggan: z.number().int(),
  customer_name: z.string().nullable(),
  at: z.string(),
  id_sales_header: z.string(),
  sales_order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  promo_value: z.number().int(),
  total_bayar: z.number().int(),
})
export const AdminVoucherDetailResponseSchema = envelopeSchema(
  AdminVoucherSchema.extend({ redemptions: z.array(VoucherRedemptionSchema) }),
)

/** The envelope messages of the operations calls. */
export const OPS_MESSAGES = {
  stockAdjusted: say('Stock adjusted', 'Stok disesuaikan'),
  stockImported: say('Stock imported', 'Stok diimpor'),
  thresholdSaved: say('Low-stock threshold saved', 'Batas stok menipis disimpan'),
  bulkShipped: say('Orders processed', 'Pesanan diproses'),
  voucherCreated: say('Voucher created', 'Voucher dibuat'),
  voucherUpdated: say('Voucher updated', 'Voucher diperbarui'),
  voucherPaused: say('Voucher paused', 'Voucher dijeda'),
  voucherResumed: say('Voucher resumed', 'Voucher dilanjutkan'),
  messageResent: say('The message will be sent again in a moment', 'Pesan akan dikirim ulang sebentar lagi'),
}
