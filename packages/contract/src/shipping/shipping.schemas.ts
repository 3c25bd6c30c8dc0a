import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'
import { BundleValueSchema, ProductCodeSchema, QtySchema, SkuSchema } from '../cart/cart.schemas.ts'
import { MAX_CART_LINES } from '../cart/cart.rules.ts'
import { DestinationCodeSchema, VillageIdSchema } from '../regions/regions.schemas.ts'

/**
 * The checkout data calls (docs/product/shopping.md §3 and 7; decision 017): POST /api/v1/orders/cart_new
 * (member) and POST /api/v1/orders/cart_guest (guest by phone) check the ticked bag lines against
 * stock and answer the recipient address and the courier services with their fares.
 */

/** One ticked line: a variant sku, or a bundle's list of sku_product and qty, and its qty. */
export const CheckoutLineSchema = z.object({
  product_code: ProductCodeSchema,
  sku_product: z.union([SkuSchema, BundleValueSchema]),
  qty: QtySchema,
})
export type CheckoutLineInput = z.input<typeof CheckoutLineSchema>
export type CheckoutLine = z.output<typeof CheckoutLineSchema>

const LinesSchema = z
  .array(CheckoutLineSchema)
  .min(1, 'must list at least one product')
  .max(MAX_CART_LINES, `must list at most ${MAX_CART_LINES} products`)

/** Body of POST /api/v1/orders/cart_new: the ticked lines; the address is the member's primary one. */
export const CartNewBodySchema = z.object({ products: LinesSchema })
export type CartNewBody = z.input<typeof CartNewBodySchema>

/**
 * Body of POST /api/v1/orders/cart_guest: the ticked lines and the guest form's destination: the
 * district (destination_code) and its sub-district (the form needs it before checkout,
 * docs/product/shopping.md section 5; its postal code is what rate aggregators price by). The sub-district
 * must lie in the district.
 */
export const CartGuestBodySchema = z.object({
  products: LinesSchema,
  destination_code: DestinationCodeSchema,
  id_address_village: VillageIdSchema,
})
export type CartGuestBody = z.input<typeof CartGuestBodySchema>

/** alamat_penerima: where the parcel goes (the member's primary address). */
export const RecipientAddressSchema = z.object({
  id_alamat: z.number().int(),
  penerima: z.string(),
  alamat_lengkap: z.string(),
  /** The district (kecamatan); destination_code is its id. */
  district: z.string(),
  city: z.string(),
  province: z.string(),
  kode_pos: z.string(),
  hp_penerima: z.string(),
  destination_code: z.string(),
  id_address_village: z.string(),
  /** The sub-district (kelurahan / desa). */
  village: z.string(),
})
export type RecipientAddress = z.infer<typeof RecipientAddressSchema>

/** jenis_paket: a courier service with its fare for this parcel and destination. */
export const DeliveryPackageSchema = z.object({
  /** Sent back at checkout as id_delivery_method. */
  id: z.number().int(),
  /** The service: REG, YES, EZ, BEST. */
  name: z.string(),
  /** The courier: JNE, J&T, SiCepat, AnterAja. */
  provider: z.string(),
  /** The fare in whole rupiah for the parcel's started kilograms. */
  tarif: z.number().int(),
  packing_fee: z.number().int(),
  /** Delivery estimate in days, from and to, and as couriers print it ('2-3'). */
  etd_min: z.number().int(),
  etd_max: z.number().int(),
  etd: z.string(),
})
export type DeliveryPackage = z.infer<typeof DeliveryPackageSchema>

/** The checkout data: the address (null for a guest: the guest form holds it) and the packages. */
export const CheckoutDataSchema = z.object({
  alamat_penerima: RecipientAddressSchema.nullable(),
  /** Cheapest first; none is chosen until the shopper picks one (docs/product/shopping.md §4). */
  jenis_paket_list: z.array(DeliveryPackageSchema),
  /** The parcel's weight in grams (each piece's packed weight × qty); fares use its started kg. */
  weight_grams: z.number().int(),
})
export type CheckoutData = z.infer<typeof CheckoutDataSchema>

export const CheckoutDataResponseSchema = envelopeSchema(CheckoutDataSchema)
