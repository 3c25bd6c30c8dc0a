import { AppError, say, type Localized } from '@busana/contract/schemas'
import { notEnoughStock } from '../inventory/index.ts'
import type { BagLine, VariantInfo } from './cart.queries.ts'

/**
 * Demand and buyability, the rules every change of the bag and every checkout line is checked
 * with (README.md, "Rules in one place"). Pure: the caller loads the variants.
 */

/** A variant can be ordered: it exists, its product is buyable and it has stock. */
export const buyable = (v: Pick<VariantInfo, 'productBuyable' | 'stock'> | undefined): boolean =>
  !!v && v.productBuyable && v.stock > 0

/** Units of each variant one unit of the line asks for. */
export function perUnit(line: Pick<BagLine, 'skuProduct' | 'components'>): Map<string, number> {
  const units = new Map<string, number>([[line.skuProduct, 1]])
  for (const part of line.components) units.set(part.skuProduct, (units.get(part.skuProduct) ?? 0) + part.qty)
  return units
}

/** Summed demand per variant of a bag: plain qty plus component qty × bundle qty. */
export function demandOf(
  lines: readonly Pick<BagLine, 'skuProduct' | 'components' | 'qty'>[],
): Map<string, number> {
  const demand = new Map<string, number>()
  for (const line of lines) {
    for (const [sku, units] of perUnit(line)) demand.set(sku, (demand.get(sku) ?? 0) + units * line.qty)
  }
  return demand
}

/** CRT004 naming the sku. */
export const variantNotFound = (sku: string): Localized =>
  say(`Product variant not found: ${sku}`, `Varian produk tidak ditemukan: ${sku}`)

/**
 * Refuses a change of the bag from `before` to `after` that raises the demand of a variant past its
 * stock (422 CRT002, naming the product and size). Variants whose demand does not rise are not
 * checked: lowering a quantity is always allowed.
 */
export function checkDemand(
  before: readonly BagLine[],
  after: readonly BagLine[],
  info: Map<string, VariantInfo>,
): void {
  const was = demandOf(before)
  for (const [sku, wanted] of demandOf(after)) {
    if (wanted <= (was.get(sku) ?? 0)) continue
    const variant = info.get(sku)
    if (!variant) throw new AppError('CRT004', variantNotFound(sku))
    if (wanted > variant.stock) {
      throw new AppError(
        'CRT002',
        notEnoughStock(`${variant.productName} (${variant.ukuran})`, variant.stock),
      )
    }
  }
}

/** A line's skus are all known and buyable (for adds and raised quantities: else 422 CRT003). */
export function checkBuyable(
  line: Pick<BagLine, 'skuProduct' | 'components'>,
  info: Map<string, VariantInfo>,
): void {
  for (const sku of perUnit(line).keys()) {
    const variant = info.get(sku)
    if (!variant) throw new AppError('CRT004', variantNotFound(sku))
    if (!buyable(variant)) throw notAvailable(variant)
  }
}

/** 422 CRT003 naming the product and size: sold out, or its product not for sale. */
export const notAvailable = (variant: Pick<VariantInfo, 'productName' | 'ukuran'>) =>
  new AppError(
    'CRT003',
    say(
      `${variant.productName} (${variant.ukuran}) is not available to order`,
      `${variant.productName} (${variant.ukuran}) tidak dapat dipesan`,
    ),
  )
