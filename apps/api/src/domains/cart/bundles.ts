import {
  AppError,
  say,
  type Localized,
  BUNDLE_MESSAGES,
  bundleLineKey,
  bundlePieces,
  bundleTotalProblem,
  mergeBundleParts,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { bundleOptionCodes, firstVariantSku, variantSkuOf } from '../catalog/index.ts'
import { loadVariants, productBuyable, reads, type BundleValue, type ProductRow } from './cart.queries.ts'
import { variantNotFound } from './demand.ts'

/**
 * Bundle composition (docs/product/shopping.md §2; decision 010): the line a plain sku or a bundle value
 * makes, shared by cart/add, the bundle check and the checkout lines so they can never disagree.
 */

/** A bag line to be: the product, its sku (the bundle's own sku for bundles), key and parts. */
export interface NewLine {
  productCode: string
  skuProduct: string
  lineKey: string
  components: { skuProduct: string; qty: number }[]
}

/**
 * Checks a bundle value against its bundle product and returns the line it makes. In order:
 * unknown sku (404 CRT004); a part that is not an option of one of the bundle's slots (422 BND003);
 * with limit_qty_bundling > 0 a slot whose qty is not exactly that (422 BND003; the panel fixes
 * each slot at that quantity, see decision 010); total pieces under or over max_bundling (422
 * BND001 / BND002 with the product's messages); a bundle or part that cannot be bought (422 CRT003).
 * Entries with the same sku are merged.
 */
async function composeBundle(
  db: Db,
  product: ProductRow,
  value: readonly { sku_product: string; qty: number }[],
): Promise<NewLine> {
  const merged = new Map(mergeBundleParts(value).map((part) => [part.sku_product, part.qty]))
  const [info, options, ownSku] = await reads(
    db,
    () => loadVariants(db, merged.keys()),
    () => bundleOptionCodes(db, product.productCode),
    () => firstVariantSku(db, product.productCode),
  )
  const optionCodes = new Set(options)
  for (const sku of merged.keys()) {
    const variant = info.get(sku)
    if (!variant) throw new AppError('CRT004', variantNotFound(sku))
    if (!optionCodes.has(variant.productCode)) {
      throw new AppError(
        'BND003',
        say(
          `${variant.productName} is not an option of this bundle`,
          `${variant.productName} bukan pilihan paket bundling ini`,
        ),
      )
    }
  }
  const limit = product.limitQtyBundling
  if (limit > 0) {
    const wrong = value.find((entry) => entry.qty !== limit)
    if (wrong) {
      throw new AppError(
        'BND003',
        say(
          `Each product of this bundle is bought ${limit} pcs at a time`,
          `Setiap produk dalam paket bundling ini dibeli ${limit} pcs sekaligus`,
        ),
      )
    }
  }
  const max = product.maxBundling
  const problem = bundleTotalProblem(bundlePieces(value), max)
  if (problem) throw new AppError(problem === 'under' ? 'BND001' : 'BND002', BUNDLE_MESSAGES[problem](max))
  if (!productBuyable(product.status, product.productLable) || !ownSku) {
    throw new AppError(
      'CRT003',
      say('This bundle is not available to order', 'Paket bundling ini tidak dapat dipesan'),
    )
  }
  const components = [...merged].map(([skuProduct, qty]) => ({ skuProduct, qty }))
  return {
    productCode: product.productCode,
    skuProduct: ownSku,
    lineKey: bundleLineKey(ownSku, value),
    components,
  }
}

/** The refusals resolveLine answers with; a missing variant message falls back to CRT004's own. */
export interface LineMessages {
  isBundle: Localized
  notBundle: Localized
  variantNotFound?: Localized
}

/**
 * The line a plain sku or a bundle value of `product` makes: a plain sku must be one of the
 * product's variants (CRT004) and the product no bundle; a bundle value is composed and checked by
 * composeBundle. A value of the wrong kind is BND004.
 */
export async function resolveLine(
  db: Db,
  product: ProductRow,
  value: string | BundleValue,
  msg: LineMessages,
): Promise<NewLine> {
  if (typeof value !== 'string') {
    if (!product.isBundling) throw new AppError('BND004', msg.notBundle)
    return composeBundle(db, product, value)
  }
  if (product.isBundling) throw new AppError('BND004', msg.isBundle)
  const sku = await variantSkuOf(db, product.productCode, value)
  if (!sku) throw new AppError('CRT004', msg.variantNotFound)
  return { productCode: product.productCode, skuProduct: sku, lineKey: sku, components: [] }
}
