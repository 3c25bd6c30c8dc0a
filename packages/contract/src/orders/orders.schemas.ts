import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'
import { PAYMENT_CATEGORIES } from '../checkout/checkout.rules.ts'
import { ORDER_STATUSES } from './orders.rules.ts'

/**
 * The order detail (spec 000 section 3, Order detail): GET /api/v1/member/order_history/{id}.
 * Amounts are whole rupiah; instants are ISO 8601 with the shop's offset (+07:00). The payments
 * issue fills the payment block's rekening, deeplink and qr_code and adds tutorial_payment; the
 * orders issue adds the list and tracking.
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

export const OrderPaymentSchema = z.object({
  name: z.string(),
  fee: z.number().int(),
  /** The virtual account or bill number (payments issue); null until the provider issued it. */
  rekening: z.string().nullable(),
  payment_logo: z.string(),
  payment_method_code: z.string(),
  payment_method_category: z.enum(PAYMENT_CATEGORIES),
  deeplink: z.string().nullable(),
  qr_code: z.string().nullable(),
  expired_at: z.string(),
})
export type OrderPayment = z.infer<typeof OrderPaymentSchema>

export const OrderDetailSchema = z.object({
  sales_header: OrderSalesHeaderSchema,
  sales_line: z.array(OrderSalesLineSchema),
  shipping: OrderShippingSchema,
  payment: OrderPaymentSchema,
})
export type OrderDetail = z.infer<typeof OrderDetailSchema>
export const OrderDetailResponseSchema = envelopeSchema(OrderDetailSchema)
export type OrderDetailResponse = z.infer<typeof OrderDetailResponseSchema>

/** Path of GET /api/v1/member/order_history/{id}: anything that is not an order id is simply not found. */
export const OrderIdParamsSchema = z.object({ id: z.string().max(200) })

/** An order id as checkout answers it (a UUID). */
export const ORDER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
