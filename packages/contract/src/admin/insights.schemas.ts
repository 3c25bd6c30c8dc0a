import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'

/**
 * The back office's home (issue 30, decision 050): what needs doing now, and how the shop is
 * selling. Days are the shop's (UTC+7: a day starts at 00:00 WIB). Browser-safe (zod only).
 */

const count = z.number().int().nonnegative()
const rupiah = z.number().int()
/** A shop date, YYYY-MM-DD. */
const shopDay = z.string()

// ---------------------------------------------------------------- to do now

export const LowStockWarehouseSchema = z.object({
  id_warehouse: z.number().int(),
  name: z.string(),
  /** The shop's threshold for this warehouse: a sku is low at or below it (available units). */
  low_stock_at: z.number().int(),
  count,
})

/**
 * The counts of what the signed-in role may act on; an item the role may not act on is absent.
 * Each links to its filtered list in the back office.
 */
export const DashboardTodoSchema = z.object({
  /** When the counts were read (shop ISO string). */
  as_of: z.string(),
  /** Paid orders not yet shipped; the oldest's payment time. */
  to_ship: z.object({ count, oldest_paid_at: z.string().nullable() }).optional(),
  /** Open orders whose payment deadline falls within the next hour. */
  expiring: z.object({ count, first_expires_at: z.string().nullable() }).optional(),
  /** Cancelled orders whose money must go back (a paid order cancelled, or paid after its cancel). */
  refunds_due: z.object({ count, amount: rupiah }).optional(),
  /** Skus at or below each warehouse's threshold. */
  low_stock: z.object({ count, warehouses: z.array(LowStockWarehouseSchema) }).optional(),
  /** Reviews published since 00:00 WIB today. */
  reviews_today: z.object({ count, date: shopDay }).optional(),
  /** Staff invitations sent and neither accepted nor expired. */
  invitations_pending: z.object({ count }).optional(),
  /** Returns asked for and waiting for a decision (REQUESTED; issue 40). */
  returns_to_review: z.object({ count, oldest_at: z.string().nullable() }).optional(),
  /** Approved returns whose parcel the buyer sent back (waybill entered): to count on arrival. */
  returns_arrived: z.object({ count }).optional(),
  /** Received refund returns whose money has not gone back yet (bank transfers to make, provider refunds that failed). */
  returns_to_refund: z.object({ count, amount: rupiah }).optional(),
})
export type DashboardTodo = z.infer<typeof DashboardTodoSchema>
export const DashboardTodoResponseSchema = envelopeSchema(DashboardTodoSchema)

// ---------------------------------------------------------------- how we are selling

export const SALES_PERIODS = ['today', '7d', '30d'] as const
export type SalesPeriod = (typeof SALES_PERIODS)[number]

export const SalesFiguresSchema = z.object({
  /** What buyers paid (total_bayar) for orders paid in the period and not cancelled since. */
  revenue: rupiah,
  orders: count,
  /** revenue / orders, rounded to the rupiah; 0 without orders. */
  average_order_value: rupiah,
})
export type SalesFigures = z.infer<typeof SalesFiguresSchema>

export const SalesPeriodSchema = z.object({
  period: z.enum(SALES_PERIODS),
  /** The period's first and last shop day (today's period ends now). */
  from: shopDay,
  to: shopDay,
  current: SalesFiguresSchema,
  /** The same stretch just before it, cut at the same time of day. */
  previous: SalesFiguresSchema,
})
export type SalesPeriodFigures = z.infer<typeof SalesPeriodSchema>

export const SalesBrandSchema = z.object({ id_brand: z.number().int().nullable(), name: z.string() })

export const SalesDaySchema = z.object({
  date: shopDay,
  revenue: rupiah,
  orders: count,
  by_brand: z.array(z.object({ id_brand: z.number().int().nullable(), revenue: rupiah, orders: count })),
})
export type SalesDay = z.infer<typeof SalesDaySchema>

export const TopProductSchema = z.object({
  product_code: z.string(),
  product_name: z.string(),
  units: count,
  revenue: rupiah,
})
export type TopProduct = z.infer<typeof TopProductSchema>

export const SalesOverviewSchema = z.object({
  as_of: z.string(),
  periods: z.array(SalesPeriodSchema),
  /** The brands in the chart, in the order of their series. */
  brands: z.array(SalesBrandSchema),
  /** The last 30 shop days, oldest first, today last. */
  daily: z.array(SalesDaySchema),
  /** The last 30 days' best sellers (lines of paid orders, a bundle as one product). */
  top_by_units: z.array(TopProductSchema),
  top_by_revenue: z.array(TopProductSchema),
  vouchers: z.object({
    /** Paid orders in the last 30 days that used a voucher, and the discount they took. */
    uses: count,
    discount: rupiah,
    codes: z.array(z.object({ code: z.string(), uses: count, discount: rupiah })),
  }),
  payment_methods: z.array(
    z.object({
      payment_code: z.string(),
      payment_name: z.string(),
      orders: count,
      revenue: rupiah,
      /** Share of the period's paid orders, 0 to 1. */
      share: z.number(),
    }),
  ),
  /** Orders placed in the last 30 days and how many of them expired unpaid. */
  unpaid: z.object({ placed: count, expired: count }),
})
export type SalesOverview = z.infer<typeof SalesOverviewSchema>
export const SalesOverviewResponseSchema = envelopeSchema(SalesOverviewSchema)

// ---------------------------------------------------------------- the low-stock threshold

export const WarehouseThresholdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'must be a warehouse id' })
    .int('must be a warehouse id')
    .min(1, 'must be a warehouse id')
    .max(2_147_483_647, 'must be a warehouse id'),
})
export const WarehouseThresholdBodySchema = z.object({
  low_stock_at: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(100_000, 'must be at most 100000'),
})
export type WarehouseThresholdBody = z.infer<typeof WarehouseThresholdBodySchema>
