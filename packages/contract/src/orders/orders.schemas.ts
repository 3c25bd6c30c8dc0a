import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'
import { PAYMENT_CATEGORIES } from '../checkout/checkout.rules.ts'
import { ORDER_STATUSES } from './orders.rules.ts'

/**
 * The order detail (spec 000 section 3, Order detail): GET /api/v1/member/order_history/{id}.
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

export const OrderDetailSchema = z.object({
  sales_header: OrderSalesHeaderSchema,
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
