import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'
import { ProductCardSchema } from '../catalog/catalog.schemas.ts'
import { PRODUCT_CODE_PATTERN } from '../catalog/catalog.rules.ts'
import { MAX_BUNDLE_SLOTS, MAX_CART_LINES, MAX_LINE_QTY } from './cart.rules.ts'

/**
 * The shared bag, bundles and the wishlist (docs/product/shopping.md §3, 4, 5 and 7; decision 010).
 * The bag belongs to the customer, not to a brand: one bag across the group, each line with its brand.
 */

export const ProductCodeSchema = z
  .string()
  .trim()
  .regex(PRODUCT_CODE_PATTERN, 'must be a product code (letters, digits, - and _)')
export const SkuSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,80}$/, 'must be a variant sku (letters, digits, -, _ and .)')

/**
 * A whole number from `min` to `max`, as a number or a string of digits. Not z.coerce: that takes
 * true as 1, [7] as 7 and null, '' or [] as 0.
 */
export function wholeNumber(min: number, max: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/, 'must be a whole number'),
    ])
    .transform((value) => Number(value))
    .pipe(
      z
        .number()
        .int('must be a whole number')
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`),
    )
}

/**
 * A quantity: a whole number from 1 to MAX_LINE_QTY, as a number or a string of digits (the
 * answers carry qty as a string). 0, negative, fractional, huge or non-numeric values are a 400.
 */
export const QtySchema = wholeNumber(1, MAX_LINE_QTY)

/**
 * A bag line's id: a positive whole number. An id past the database's range is not refused here:
 * it is simply not found (404 CRT001).
 */
export const LineIdSchema = wholeNumber(1, Number.MAX_SAFE_INTEGER)

/** One component of a bundle as the client sends it: a variant of a slot product and its quantity. */
export const BundleComponentInputSchema = z.object({ sku_product: SkuSchema, qty: QtySchema })
export type BundleComponentInput = z.input<typeof BundleComponentInputSchema>

/** The bundle value: the components, at least one (entries with the same sku are merged by the server). */
export const BundleValueSchema = z
  .array(BundleComponentInputSchema)
  .min(1, 'must list at least one product')
  .max(MAX_BUNDLE_SLOTS * 5, 'lists too many products')

/**
 * POST /api/v1/cart/add: product_code, sku_product (a variant sku, or the bundle value for a bundle
 * product: the list of sku_product and qty), qty always 1. Adding an existing sku (or the same bundle
 * composition) increments its line.
 */
export const CartAddBodySchema = z.object({
  product_code: ProductCodeSchema,
  sku_product: z.union([SkuSchema, BundleValueSchema]),
  qty: z.union([z.literal(1), z.literal('1')]).transform(() => 1 as const),
})
export type CartAddBody = z.input<typeof CartAddBodySchema>

/** POST /api/v1/cart/update: new quantities of lines (each line once). */
export const CartUpdateBodySchema = z.object({
  items: z
    .array(z.object({ id_line: LineIdSchema, qty: QtySchema }))
    .min(1, 'must list at least one line')
    .max(MAX_CART_LINES, `must list at most ${MAX_CART_LINES} lines`),
})
export type CartUpdateBody = z.input<typeof CartUpdateBodySchema>

/** POST /api/v1/cart/remove: the line to delete. */
export const CartRemoveBodySchema = z.object({ id_line: LineIdSchema })

/** A bundle line's component as the bag shows it (docs/product/shopping.md: name, sku_product, ukuran, qty). */
export const BundleComponentSchema = z.object({
  name: z.string(),
  product_code: z.string(),
  sku_product: z.string(),
  ukuran: z.string(),
  qty: z.number().int(),
})

/** A bag line (docs/product/shopping.md §3, Cart line); `checked` is client-only and never sent. */
export const CartLineSchema = z.object({
  id_line: z.number().int(),
  id_brand: z.number().int(),
  brand_name: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  /** The variant sku; for a bundle line the bundle product's own sku (PRP-B01-SET). */
  sku_product: z.string(),
  ukuran: z.string(),
  /** As docs/product has it: a string. */
  qty: z.string(),
  /** Unit price in IDR (variant or bundle price). */
  price: z.number().int(),
  url_image: z.array(z.string()),
  /** The most units this line may hold now, given stock and the bag's other lines (≥ qty unless stock fell). */
  max_qty: z.number().int(),
  /** False when the product can no longer be bought (sold out or withdrawn): the line must be removed. */
  available: z.boolean(),
  /** Present (non-empty) only on bundle lines. */
  bundling: z.array(BundleComponentSchema).optional(),
})
export type CartLine = z.infer<typeof CartLineSchema>
export const CartResponseSchema = envelopeSchema(z.array(CartLineSchema))
export type CartResponse = z.infer<typeof CartResponseSchema>

/**
 * POST /api/v1/cart/check_stock (path ours: docs/product leaves it out): may a bundle slot hold `qty` of
 * `sku_product` instead of `old_qty`, when the panel's slots already hold `total_cart_qty` of that sku
 * in all (old_qty included)? Answers data true or false; a signed-in shopper's bag counts too.
 */
export const StockCheckBodySchema = z.object({
  sku_product: SkuSchema,
  qty: wholeNumber(0, MAX_LINE_QTY),
  old_qty: wholeNumber(0, MAX_LINE_QTY),
  total_cart_qty: wholeNumber(0, MAX_LINE_QTY * MAX_BUNDLE_SLOTS),
})
export const StockCheckResponseSchema = envelopeSchema(z.boolean())

/**
 * POST /api/v1/orders/add_to_cart: the bundle check before the bundle is added with cart/add
 * (docs/product/shopping.md §3, Bundle add payload: product, variant null, bundling list of sku_product and
 * qty).
 */
export const BundleCheckBodySchema = z.object({
  product: ProductCodeSchema,
  variant: z.null().optional(),
  bundling: BundleValueSchema,
})
export const BundleCheckResponseSchema = envelopeSchema(z.boolean())

/** The wishlist: product cards, newest first, is_wishlist true. */
export const WishlistResponseSchema = envelopeSchema(z.array(ProductCardSchema))
export const WishlistAddBodySchema = z.object({ product_code: ProductCodeSchema })
export const WishlistParamsSchema = z.object({ code: ProductCodeSchema })
export const WishlistChangeResponseSchema = envelopeSchema(z.object({ product_code: z.string() }))
