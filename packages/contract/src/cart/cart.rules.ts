/**
 * Pure bag and bundle rules shared by the API and the storefront (docs/product/shopping.md §3-5 and 9;
 * decision 010). The API enforces them; the storefront applies the same functions before it asks.
 */

/** One line may ask for at most this many units (stock permitting). */
export const MAX_LINE_QTY = 99
/** A bag holds at most this many lines. */
export const MAX_CART_LINES = 50
/** A wishlist holds at most this many products. */
export const MAX_WISHLIST_ITEMS = 200
/** Bundles have up to five slots (docs/product/shopping.md §9). */
export const MAX_BUNDLE_SLOTS = 5

/** One part of a bundle: a variant of a slot product and its quantity. */
export interface BundlePart {
  sku_product: string
  qty: number
}

/** The parts merged by sku (entries with the same sku add up), in their first order. */
export function mergeBundleParts(parts: readonly BundlePart[]): BundlePart[] {
  const merged = new Map<string, number>()
  for (const part of parts) merged.set(part.sku_product, (merged.get(part.sku_product) ?? 0) + part.qty)
  return [...merged].map(([sku_product, qty]) => ({ sku_product, qty }))
}

/**
 * A bundle's composition as text: its parts merged by sku and sorted by sku, `sku:qty` joined by
 * commas (`PRP-1001-M:1,PRP-1002-L:2`). Two values with the same parts in any order or split
 * have the same composition.
 */
export function bundleComposition(parts: readonly BundlePart[]): string {
  return mergeBundleParts(parts)
    .sort((a, b) => (a.sku_product < b.sku_product ? -1 : a.sku_product > b.sku_product ? 1 : 0))
    .map((part) => `${part.sku_product}:${part.qty}`)
    .join(',')
}

/**
 * The identity of a bundle line (decision 010, line identity): the bundle's own sku and its
 * composition (`PRP-B01-SET|PRP-1001-M:1,PRP-1002-L:2`). Adding the same bundle again increments
 * that line; a plain line's identity is its sku.
 */
export function bundleLineKey(ownSku: string, parts: readonly BundlePart[]): string {
  return `${ownSku}|${bundleComposition(parts)}`
}

/** The pieces a bundle value holds in all. */
export function bundlePieces(parts: readonly { qty: number }[]): number {
  return parts.reduce((sum, part) => sum + part.qty, 0)
}

/**
 * The exact-total rule (docs/product/shopping.md §5 and 8): a bundle goes to the bag only when its pieces
 * are exactly max_bundling. Answers 'under' or 'over' (BUNDLE_MESSAGES, API codes BND001 and
 * BND002), or null when the total is exact.
 */
export function bundleTotalProblem(pieces: number, maxBundling: number): 'under' | 'over' | null {
  if (pieces < maxBundling) return 'under'
  if (pieces > maxBundling) return 'over'
  return null
}
