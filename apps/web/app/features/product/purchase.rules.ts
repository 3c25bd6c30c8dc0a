import { isBuyable, type Product, type Variant } from '@busana/contract'

type StockFields = Pick<Product, 'status'>

/**
 * A size can be bought only if both the size and the product are available (docs/product/shopping.md
 * §4). The others can still be chosen, crossed out, to ask to be told when they are back (issue 42).
 */
export function isSizePickable(product: StockFields, variant: Pick<Variant, 'status_variant'>): boolean {
  return variant.status_variant === 'available' && product.status !== 'sold'
}

/**
 * The size chosen when a product opens: a product with exactly one variant preselects it (when that
 * size can be picked at all); otherwise nothing is chosen (docs/product/shopping.md §4). A bundle's one SET
 * variant is never chosen: a bundle is bought through its parts (the bundle panel).
 */
export function initialSku(product: StockFields & Pick<Product, 'variant' | 'is_bundling'>): string | null {
  if (product.is_bundling) return null
  const [only, ...rest] = product.variant
  return only && rest.length === 0 && isSizePickable(product, only) ? only.sku_product : null
}

/**
 * The chosen size when it is sold out (its variant or the whole product): the size "Tell me when it's
 * back" is offered for instead of Add to bag (issue 42). Never for a bundle, whose SET is not chosen.
 */
export function soldOutChoice(
  product: StockFields & Pick<Product, 'variant' | 'is_bundling'>,
  sku: string | null,
): Variant | null {
  if (product.is_bundling || !sku) return null
  const chosen = product.variant.find((v) => v.sku_product === sku)
  return chosen && !isSizePickable(product, chosen) ? chosen : null
}

export type AddToBagBlock =
  'bundle' | 'no-size' | 'cart-loading' | 'sold' | 'sold-size' | 'coming-soon' | null

/**
 * Why Add to bag is disabled, or null when it is enabled: the product is a bundle (its parts are
 * chosen in the bundle panel on its page; the server refuses a plain sku with 422 BND004), no size
 * chosen, the cart is loading, the product is sold, its label is COMING-SOON (docs/product/shopping.md
 * section 4), or the chosen size is sold out (issue 42: it can be chosen to be told when it is back).
 * Most specific reason first.
 */
export function addToBagBlock(
  product: StockFields & Pick<Product, 'product_lable' | 'is_bundling' | 'variant'>,
  sku: string | null,
  cartLoading: boolean,
): AddToBagBlock {
  if (product.is_bundling) return 'bundle'
  if (!isBuyable(product)) return product.status === 'sold' ? 'sold' : 'coming-soon'
  if (soldOutChoice(product, sku)) return 'sold-size'
  if (cartLoading) return 'cart-loading'
  if (!sku) return 'no-size'
  return null
}

/** Remaining milliseconds split into days, hours, minutes and seconds (seconds rounded up). */
export function splitRemaining(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000))
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  }
}
