import {
  BUNDLE_MESSAGES,
  bundlePieces,
  bundleTotalProblem,
  isBuyable,
  MAX_BUNDLE_SLOTS,
  type Product,
  type BundleOption,
  type Variant,
} from '@busana/contract'

/**
 * The bundle purchase panel's rules (docs/product/shopping.md §4 Bundle slots, 5 and 8), as pure functions
 * over the product and the slots. The panel component only wires them to clicks and calls. The
 * messages are the product's Indonesian words on every page (docs/product gives no other; decision 027).
 */

export type BundleProduct = Pick<
  Product,
  'product_code' | 'status' | 'product_lable' | 'max_bundling' | 'limit_qty_bundling'
> &
  Record<
    | 'bundling_option_1'
    | 'bundling_option_2'
    | 'bundling_option_3'
    | 'bundling_option_4'
    | 'bundling_option_5',
    BundleOption[]
  >

/** A bundle slot (docs/product/shopping.md §3, client state): id, product_code, product_name, variantList, variant, qty. */
export interface BundleSlot {
  id: number
  /** The products this slot offers (its bundling option). */
  options: BundleOption[]
  product_code: string | null
  product_name: string
  variantList: Variant[]
  /** The chosen size, or null. */
  variant: Variant | null
  qty: number
}

/** The total is recomputed this long after a slot change; the slots reset this long after an add (docs/product/shopping.md §4, §9). */
export const BUNDLE_TOTAL_DELAY_MS = 300
export const BUNDLE_RESET_DELAY_MS = 300

/** The non-empty bundling options, in order (bundling_option_1 to 5). */
export function bundleOptionLists(product: BundleProduct): BundleOption[][] {
  return [
    product.bundling_option_1,
    product.bundling_option_2,
    product.bundling_option_3,
    product.bundling_option_4,
    product.bundling_option_5,
  ].filter((list) => list.length > 0)
}

/**
 * What a slot added with Add Products offers: every product of every option, once. Docs/product leaves
 * it open; any piece of the bundle may fill an extra slot (the server accepts a component from any option).
 */
export function extraSlotOptions(product: BundleProduct): BundleOption[] {
  const seen = new Set<string>()
  return bundleOptionLists(product)
    .flat()
    .filter((p) => (seen.has(p.product_code) ? false : (seen.add(p.product_code), true)))
}

export function emptySlot(id: number, options: BundleOption[]): BundleSlot {
  return { id, options, product_code: null, product_name: '', variantList: [], variant: null, qty: 0 }
}

/** One empty slot (qty 0) per non-empty bundling option, at most five (docs/product/shopping.md §2, §4, §9). */
export function initialSlots(product: BundleProduct): BundleSlot[] {
  return bundleOptionLists(product)
    .slice(0, MAX_BUNDLE_SLOTS)
    .map((options, index) => emptySlot(index + 1, options))
}

/** The pieces the slots hold in all. */
export function bundleTotal(slots: readonly BundleSlot[]): number {
  return bundlePieces(slots)
}

/** Size buttons are clickable only when status_variant is 'available' (docs/product/shopping.md §5). */
export function isVariantPickable(variant: Pick<Variant, 'status_variant'>): boolean {
  return variant.status_variant === 'available'
}

/** The most slots the panel may hold: max_bundling, and never more than five. */
export function slotLimit(product: Pick<Product, 'max_bundling'>): number {
  return Math.min(product.max_bundling, MAX_BUNDLE_SLOTS)
}

/**
 * Add Products is enabled only if the bundle is not sold, not COMING-SOON, the slot count is below
 * max_bundling (and five) and the total is below max_bundling (docs/product/shopping.md §5).
 */
export function canAddSlot(product: BundleProduct, slots: readonly BundleSlot[]): boolean {
  return isBuyable(product) && slots.length < slotLimit(product) && bundleTotal(slots) < product.max_bundling
}

/** A size pick sets the slot's quantity to limit_qty_bundling, or 1 when there is no limit. */
export function pickedQty(product: Pick<Product, 'limit_qty_bundling'>): number {
  return product.limit_qty_bundling > 0 ? product.limit_qty_bundling : 1
}

/** Plus and minus are disabled when limit_qty_bundling is set (docs/product/shopping.md §4). */
export function qtyLocked(product: Pick<Product, 'limit_qty_bundling'>): boolean {
  return product.limit_qty_bundling > 0
}

/**
 * Picking a size (or the automatic pick of a single variant) is allowed only while the total is
 * below max_bundling; otherwise the 'at the cap' message (docs/product/shopping.md §4, §8).
 */
export function sizePickBlock(product: BundleProduct, slots: readonly BundleSlot[]): string | null {
  return bundleTotal(slots) < product.max_bundling ? null : BUNDLE_MESSAGES.sizeAtCap(product.max_bundling).id
}

/** Plus adds 1 only if the total is below max_bundling (docs/product/shopping.md §4, §8). */
export function increaseBlock(product: BundleProduct, slots: readonly BundleSlot[]): string | null {
  return bundleTotal(slots) < product.max_bundling ? null : BUNDLE_MESSAGES.over(product.max_bundling).id
}

/**
 * What minus does: at qty above 1 it decreases; at qty 1 it removes the slot when more than one slot
 * exists; otherwise nothing (docs/product/shopping.md §4).
 */
export function minusAction(slots: readonly BundleSlot[], slot: BundleSlot): 'decrease' | 'remove' | null {
  if (slot.qty > 1) return 'decrease'
  if (slot.qty === 1 && slots.length > 1) return 'remove'
  return null
}

/** How many pieces of `sku` the slots hold in all. */
export function skuTotal(slots: readonly BundleSlot[], sku: string): number {
  return slots.reduce((sum, slot) => sum + (slot.variant?.sku_product === sku ? slot.qty : 0), 0)
}

/** The stock check before a slot holds `qty` of `sku` (docs/product/shopping.md §3, cart-check payload). */
export interface StockCheckInput {
  sku_product: string
  qty: number
  old_qty: number
  total_cart_qty: number
}

/**
 * The cart-check payload for slot `slotId` to hold `qty` of `sku`: old_qty is what the slot holds of
 * that sku now (0 for a new size), total_cart_qty what all slots hold of it (old_qty included).
 */
export function stockCheckFor(
  slots: readonly BundleSlot[],
  slotId: number,
  sku: string,
  qty: number,
): StockCheckInput {
  const slot = slots.find((s) => s.id === slotId)
  const oldQty = slot?.variant?.sku_product === sku ? slot.qty : 0
  return { sku_product: sku, qty, old_qty: oldQty, total_cart_qty: skuTotal(slots, sku) }
}

/**
 * The final check before the bundle goes to the bag: only an exact match with max_bundling passes
 * (docs/product/shopping.md §5, §8). Answers the message to show, or null.
 */
export function addBlock(
  product: Pick<Product, 'max_bundling'>,
  slots: readonly BundleSlot[],
): string | null {
  const problem = bundleTotalProblem(bundleTotal(slots), product.max_bundling)
  return problem ? BUNDLE_MESSAGES[problem](product.max_bundling).id : null
}

/** The bundle value sent to the server: only slots with a size and qty above 0 (docs/product/shopping.md §5). */
export function bundlingPayload(slots: readonly BundleSlot[]): { sku_product: string; qty: number }[] {
  return slots.flatMap((slot) =>
    slot.variant && slot.qty > 0 ? [{ sku_product: slot.variant.sku_product, qty: slot.qty }] : [],
  )
}

// Slot transitions: each answers new slots and never changes its input.

/** A chosen product: the slot starts over with that product's sizes, no size and qty 0. */
export function chooseProduct(slots: readonly BundleSlot[], slotId: number, option: BundleOption | null) {
  return slots.map((slot) =>
    slot.id !== slotId
      ? slot
      : {
          ...slot,
          product_code: option?.product_code ?? null,
          product_name: option?.product_name ?? '',
          variantList: option?.variant ?? [],
          variant: null,
          qty: 0,
        },
  )
}

/** The slot holds `variant` at `qty`. */
export function setVariant(slots: readonly BundleSlot[], slotId: number, variant: Variant, qty: number) {
  return slots.map((slot) => (slot.id === slotId ? { ...slot, variant, qty } : slot))
}

export function setQty(slots: readonly BundleSlot[], slotId: number, qty: number) {
  return slots.map((slot) => (slot.id === slotId ? { ...slot, qty } : slot))
}

export function removeSlot(slots: readonly BundleSlot[], slotId: number) {
  return slots.filter((slot) => slot.id !== slotId)
}

/** A new empty slot after the others; ids stay unique. */
export function addSlot(slots: readonly BundleSlot[], options: BundleOption[]) {
  const id = slots.reduce((max, slot) => Math.max(max, slot.id), 0) + 1
  return [...slots, emptySlot(id, options)]
}

/** The only variant of a product with exactly one (it is picked for the shopper), else null. */
export function singleVariant(option: Pick<BundleOption, 'variant'>): Variant | null {
  return option.variant.length === 1 ? (option.variant[0] ?? null) : null
}
