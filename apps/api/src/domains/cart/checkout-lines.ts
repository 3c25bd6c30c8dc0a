import { and, eq, inArray } from 'drizzle-orm'
import { AppError, say, mergeBundleParts, parcelGrams } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { cartLines } from '../../db/schema/index.ts'
import { productsWithBrand, variantsForSaleOnPool } from '../catalog/index.ts'
import { resolveLine } from './bundles.ts'
import {
  findProduct,
  loadBag,
  loadVariants,
  lockBag,
  reads,
  type BagLine,
  type BundleValue,
  variantInfo,
  type VariantInfo,
} from './cart.queries.ts'
import { buyable, checkBuyable, checkDemand, demandOf, notAvailable, perUnit } from './demand.ts'

/**
 * The lines of a checkout (domains/orders, domains/shipping), checked with the bag's own rules:
 * lines a shopper ticks before the bag is read (`checkCheckoutLines`), the ticked lines of the
 * shopper's own bag priced for an order (`orderedLines`), and their removal once ordered.
 */

/**
 * The parcel's weight in grams: packed weight × units of each piece that travels, the plain skus
 * and the bundle parts (a bundle's own sku weighs nothing), from the variants the checks loaded.
 */
function parcelWeight(lines: readonly BagLine[], info: Map<string, VariantInfo>): number {
  const pieces = new Map<string, number>()
  for (const line of lines) {
    const travelling =
      line.components.length > 0 ? line.components : [{ skuProduct: line.skuProduct, qty: 1 }]
    for (const part of travelling) {
      pieces.set(part.skuProduct, (pieces.get(part.skuProduct) ?? 0) + part.qty * line.qty)
    }
  }
  const weighed = [...pieces].flatMap(([sku, qty]) => {
    const variant = info.get(sku)
    return variant ? [{ weightGrams: variant.weightGrams, qty }] : []
  })
  return parcelGrams(weighed)
}

/**
 * Checks lines a shopper ticked for checkout (POST /orders/cart_new, cart_guest) with the bag's
 * own rules, as if they were a bag of their own: each product and sku (or bundle value) as
 * cart/add checks it (CRT004, BND001-BND004, CRT003), and the summed demand per variant, bundle
 * parts included, against stock (CRT002). Writes nothing. Answers the parcel's weight in grams:
 * packed weight × units of each piece that travels, the plain skus and the bundle parts (a
 * bundle's own sku weighs nothing), read from the variants the checks already loaded.
 */
export async function checkCheckoutLines(
  db: Db,
  lines: readonly { product_code: string; sku_product: string | BundleValue; qty: number }[],
): Promise<{ weightGrams: number }> {
  const planned: BagLine[] = []
  for (const [i, input] of lines.entries()) {
    const product = await findProduct(db, input.product_code)
    const line = await resolveLine(db, product, input.sku_product, {
      isBundle: say(
        `products.${i}: this product is a bundle: send its bundle value (sku_product and qty list)`,
        `products.${i}: produk ini adalah paket bundling: kirim nilai bundling-nya (daftar sku_product dan qty)`,
      ),
      notBundle: say(
        `products.${i}: this product is not a bundle: send one variant sku`,
        `products.${i}: produk ini bukan paket bundling: kirim satu sku varian`,
      ),
      variantNotFound: say(
        `products.${i}.sku_product: product variant not found`,
        `products.${i}.sku_product: varian produk tidak ditemukan`,
      ),
    })
    planned.push({ ...line, idLine: 0, qty: input.qty })
  }
  const info = await loadVariants(db, [...demandOf(planned).keys()])
  for (const line of planned) checkBuyable(line, info)
  checkDemand([], planned, info)
  return { weightGrams: parcelWeight(planned, info) }
}

/** A ticked bag line as an order takes it: priced from the database, with its parts. */
export interface OrderedLine {
  idLine: number
  productCode: string
  productName: string
  skuProduct: string
  ukuran: string
  idBrand: number
  qty: number
  /** The unit price now (a bundle's own sku's price), whole rupiah. */
  price: number
  image: string
  components: { skuProduct: string; productName: string; ukuran: string; qty: number }[]
}

/** What a checkout sends of a ticked line (docs/product/shopping.md §3, Checkout payload). */
interface TickedLine {
  id_line: number
  product_code: string
  sku_product: string | BundleValue
  qty: number
}

/** A bundle value as a comparable key: the parts merged by sku and sorted. */
const partsKey = (parts: readonly { sku_product: string; qty: number }[]) =>
  mergeBundleParts(parts)
    .map((part) => `${part.sku_product}:${part.qty}`)
    .sort()
    .join(',')

/**
 * The ticked lines of a checkout (POST /orders/promo, checkout_new, checkout_guest) taken from the
 * customer's own bag, priced from the database. Each id_line must be a line of this customer's bag
 * (404 CRT001 otherwise, as for another customer's line); its product_code, sku_product (the sku,
 * or for a bundle its own sku or the list of its parts) and qty must be the bag line's (409 CHK001
 * naming the field: the bag changed since the page loaded, or the payload was altered). Every
 * piece must still be buyable (422 CRT003) and the summed demand per variant, bundle parts
 * included, must fit the stock (422 CRT002). Answers the lines, the demand to take from stock and
 * the parcel's weight in grams. Writes nothing: placeOrder takes the stock with `takeStock`.
 */
export async function orderedLines(
  db: Db,
  idPelanggan: number,
  ticked: readonly TickedLine[],
  read: {
    /** Units per sku this press already took from stock as its claim (inventory's claims.ts): still its to order. */
    claimed?: ReadonlyMap<string, number>
    /**
     * What checkoutPrecheck read of these lines' variants and products before the press claimed its
     * units: used instead of reading them again when it covers every line (see below).
     */
    known?: CheckoutPrecheck
  } = {},
): Promise<{ lines: OrderedLine[]; demand: Map<string, number>; weightGrams: number }> {
  const { claimed, known } = read
  const bag = await loadBag(db, idPelanggan)
  const byId = new Map(bag.map((line) => [line.idLine, line]))
  const chosen: BagLine[] = []
  for (const [i, input] of ticked.entries()) {
    const line = byId.get(input.id_line)
    if (!line)
      throw new AppError(
        'CRT001',
        say(
          `products.${i}.id_line: item not found in your bag`,
          `products.${i}.id_line: produk tidak ditemukan di tas belanja Anda`,
        ),
      )
    const changed = (field: string) =>
      new AppError(
        'CHK001',
        say(
          `products.${i}.${field}: does not match the line in your bag; please reload your bag`,
          `products.${i}.${field}: tidak sesuai dengan produk di tas belanja Anda; silakan muat ulang tas belanja`,
        ),
      )
    if (input.product_code.toUpperCase() !== line.productCode.toUpperCase()) throw changed('product_code')
    if (typeof input.sku_product === 'string') {
      if (input.sku_product !== line.skuProduct) throw changed('sku_product')
    } else if (
      line.components.length === 0 ||
      partsKey(input.sku_product) !==
        partsKey(line.components.map((part) => ({ sku_product: part.skuProduct, qty: part.qty })))
    ) {
      throw changed('sku_product')
    }
    if (input.qty !== line.qty) throw changed('qty')
    chosen.push(line)
  }
  const demand = demandOf(chosen)
  // The precheck's read, when the press claimed exactly this demand after it: its names, prices and
  // buyability were read a few milliseconds ago, as good as a read here (nothing locks them), and
  // two statements fewer in the order's transaction (issue 41); what the press may order of each
  // size is what it holds. Otherwise read now, with the claimed units counted back.
  const fromPrecheck =
    known &&
    claimed &&
    claimed.size === demand.size &&
    [...demand].every(([sku, units]) => claimed.get(sku) === units && known.variants.has(sku)) &&
    chosen.every((line) => known.products.has(line.productCode))
  const [info, lineProducts] = fromPrecheck
    ? [
        new Map([...demand].map(([sku, units]) => [sku, { ...known.variants.get(sku)!, stock: units }])),
        known.products,
      ]
    : await reads(
        db,
        () => loadVariants(db, [...demand.keys()]),
        async () => {
          const products = await productsWithBrand(
            db,
            chosen.map((line) => line.productCode),
          )
          return new Map(
            [...products].map(([code, p]) => [code, { idBrand: p.idBrand, image: p.images[0] ?? '' }]),
          )
        },
      )
  if (!fromPrecheck) {
    for (const [sku, units] of claimed ?? []) {
      const variant = info.get(sku)
      if (variant) info.set(sku, { ...variant, stock: variant.stock + units })
    }
  }
  for (const line of chosen) checkBuyable(line, info)
  checkDemand([], chosen, info)
  const lines = chosen.map((line): OrderedLine => {
    const own = info.get(line.skuProduct)!
    const product = lineProducts.get(line.productCode)
    return {
      idLine: line.idLine,
      productCode: line.productCode,
      productName: own.productName,
      skuProduct: line.skuProduct,
      ukuran: own.ukuran,
      idBrand: product?.idBrand ?? 0,
      qty: line.qty,
      price: own.sellingPrice,
      image: product?.image ?? '',
      components: line.components.map((part) => {
        const variant = info.get(part.skuProduct)!
        return {
          skuProduct: part.skuProduct,
          productName: variant.productName,
          ukuran: variant.ukuran,
          qty: part.qty,
        }
      }),
    }
  })
  return { lines, demand, weightGrams: parcelWeight(chosen, info) }
}

/**
 * The first look at a checkout's ticked lines, from one read of the variants they name before
 * anything else is read or locked (issue 41): in a sale most presses come after the last unit.
 * Refuses a line naming a variant that cannot be ordered now, sold out or its product not for sale,
 * with the 422 CRT003 `orderedLines` would answer. It reads the committed stock after the press
 * arrived, so it never refuses a unit that is free. Answers the parcel's weight as the lines claim
 * it, for the courier's quote before the transaction, or null when a line names something it cannot
 * weigh (a bundle by its own sku, an unknown sku): the caller then weighs the bag with
 * `orderedLines`. With it the units per sku the lines ask for, which the press claims at once
 * (inventory's claims.ts) when every line is a plain variant. Nothing here is trusted for the order:
 * `orderedLines` checks the lines against the bag inside the transaction (CRT001, CHK001), the
 * weight again, and the claim must be the bag's demand. For the pool's `db`.
 */
export async function checkoutPrecheck(
  db: Db,
  ticked: readonly TickedLine[],
  /** Told of a variant refused because its stock read 0 (inventory's sold-out memory keeps it). */
  soldOut?: (sku: string, variant: VariantInfo) => void,
): Promise<CheckoutPrecheck | null> {
  const planned = plannedLines(ticked)
  const skus = skusOf(planned)
  if (skus.length === 0) return null
  // The variants the lines name, with their product's buyability, in one prepared statement.
  const rows = await variantsForSaleOnPool(db, skus)
  const info = new Map<string, VariantInfo>()
  const products = new Map<string, { idBrand: number; image: string }>()
  let weighable = true
  for (const row of rows) {
    // A bundle's own sku: its stock and weight are its parts', which only the bag line knows.
    if (row.isBundling) continue
    const { idBrand, image, ...forSale } = row
    const variant = variantInfo(forSale)
    if (!buyable(variant)) {
      if (variant.stock === 0) soldOut?.(row.skuProduct, variant)
      throw notAvailable(variant)
    }
    info.set(row.skuProduct, variant)
    products.set(row.productCode, { idBrand, image })
  }
  for (const line of planned) {
    for (const sku of perUnit(line).keys()) if (sku && !info.has(sku)) weighable = false
  }
  if (!weighable) return null
  const plain = planned.every((line) => line.components.length === 0)
  return {
    weightGrams: parcelWeight(planned, info),
    demand: plain ? demandOf(planned) : null,
    variants: info,
    products,
  }
}

/** The variants' skus a checkout's ticked lines name: each plain line's, each bundle part's. */
export const tickedSkus = (ticked: readonly TickedLine[]): string[] => skusOf(plannedLines(ticked))

const skusOf = (planned: readonly BagLine[]) => [
  ...new Set(planned.flatMap((line) => [...perUnit(line).keys()].filter(Boolean))),
]

/** The ticked lines as bag lines (a bundle's parts merged), for the checks before the bag is read. */
function plannedLines(ticked: readonly TickedLine[]): BagLine[] {
  return ticked.map((input): BagLine => ({
    idLine: input.id_line,
    productCode: input.product_code,
    lineKey: '',
    qty: input.qty,
    ...(typeof input.sku_product === 'string'
      ? { skuProduct: input.sku_product, components: [] }
      : {
          skuProduct: '',
          components: mergeBundleParts(input.sku_product).map((part) => ({
            skuProduct: part.sku_product,
            qty: part.qty,
          })),
        }),
  }))
}

/** What checkoutPrecheck found of the lines a checkout names. */
export interface CheckoutPrecheck {
  /** The parcel's weight as the lines claim it, grams. */
  weightGrams: number
  /** Units per sku the lines ask for, when every line is a plain variant (a bundle's are its bag line's). */
  demand: Map<string, number> | null
  /** The variants read, by sku (bundles' own skus left out). */
  variants: Map<string, VariantInfo>
  /** Their products' brand and first picture, by stored product code. */
  products: Map<string, { idBrand: number; image: string }>
}

/**
 * The removal of ordered lines from the customer's bag, built and not run (null for no lines): the
 * order's transaction runs it with its other writes (db/together.ts).
 */
export function orderedLinesRemoval(tx: Transaction, idPelanggan: number, ids: readonly number[]) {
  if (ids.length === 0) return null
  return tx
    .delete(cartLines)
    .where(and(eq(cartLines.idPelanggan, idPelanggan), inArray(cartLines.idLine, [...ids])))
}

/** Locks the customer row for an order's transaction (the bag's lock: orders and bag changes queue). */
export const lockCustomer = lockBag
