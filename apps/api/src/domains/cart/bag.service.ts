import { and, eq, sql } from 'drizzle-orm'
import { AppError, say, MAX_CART_LINES, MAX_LINE_QTY, type CartLine } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { cartLineComponents, cartLines } from '../../db/schema/index.ts'
import { productsWithBrand } from '../catalog/index.ts'
import { resolveLine, type NewLine } from './bundles.ts'
import {
  findProduct,
  loadBag,
  loadVariants,
  lockBag,
  reads,
  type BagLine,
  type BundleValue,
} from './cart.queries.ts'
import { buyable, checkBuyable, checkDemand, demandOf, perUnit } from './demand.ts'

/**
 * The shared bag (docs/product/shopping.md §2-5 and 7; decision 010).
 *
 * Rules:
 * - The bag belongs to the customer (member or phone guest), not to a brand: one bag across the
 *   group, each line with its brand. Every query is scoped by id_pelanggan, so another customer's
 *   line is simply not found (404 CRT001).
 * - Demand: for every variant, the plain lines' qty plus, over bundle lines, component qty × line
 *   qty (and the bundle's own sku × line qty) must not exceed the sellable stock. The bag does not
 *   reserve stock (checkout does); it only refuses to promise more than there is (422 CRT002). A
 *   change is checked on the variants whose demand it raises, so lowering a quantity always works
 *   even after stock fell.
 * - A line is identified by its line_key: the sku of a plain line; for a bundle the bundle's sku
 *   and its parts, merged by sku and sorted (`PRP-B01-SET|PRP-1001-M:1,PRP-1002-L:2`). Adding the
 *   same thing again increments the line.
 * - Every change runs in one transaction that first locks the customer row (FOR NO KEY UPDATE):
 *   changes of one bag queue, so no update is lost and the demand check sees the final bag. The
 *   unique (id_pelanggan, line_key) index and ON CONFLICT make a duplicate line impossible anyway.
 */

/** The largest id a line can have (PostgreSQL integer): bigger ids are simply not found. */
const MAX_ID = 2_147_483_647

/** What adding one unit does: increments `existing`, or creates `line`. */
interface AddPlan {
  line: NewLine
  existing: BagLine | undefined
}

/**
 * Plans adding one unit of a plain sku or a bundle value to the bag, checking every rule (see the
 * module comment) against the bag as it is; writes nothing.
 */
async function planAdd(
  tx: Db,
  idPelanggan: number,
  productCode: string,
  value: string | readonly { sku_product: string; qty: number }[],
): Promise<AddPlan> {
  const product = await findProduct(tx, productCode)
  const line = await resolveLine(tx, product, value, {
    isBundle: say(
      'This product is a bundle: send its bundle value (sku_product and qty list)',
      'Produk ini adalah paket bundling: kirim nilai bundling-nya (daftar sku_product dan qty)',
    ),
    notBundle: say(
      'This product is not a bundle: send one variant sku as sku_product',
      'Produk ini bukan paket bundling: kirim satu sku varian sebagai sku_product',
    ),
  })

  const bag = await loadBag(tx, idPelanggan)
  const existing = bag.find((l) => l.lineKey === line.lineKey)
  if (existing && existing.qty + 1 > MAX_LINE_QTY) {
    throw new AppError(
      'CRT005',
      say(
        `A bag line holds at most ${MAX_LINE_QTY} units`,
        `Satu produk di tas belanja paling banyak ${MAX_LINE_QTY} pcs`,
      ),
    )
  }
  if (!existing && bag.length >= MAX_CART_LINES) {
    throw new AppError(
      'CRT005',
      say(
        `Your bag is full: it holds at most ${MAX_CART_LINES} lines`,
        `Tas belanja Anda sudah penuh: paling banyak ${MAX_CART_LINES} produk`,
      ),
    )
  }
  const after: BagLine[] = existing
    ? bag.map((l) => (l === existing ? { ...l, qty: l.qty + 1 } : l))
    : [...bag, { ...line, idLine: 0, qty: 1 }]
  const info = await loadVariants(tx, [...demandOf(after).keys()])
  checkBuyable(line, info)
  checkDemand(bag, after, info)
  return { line, existing }
}

/**
 * Adds one unit (POST /cart/add): a plain sku increments its line or creates one; a bundle value is
 * checked like the bundle check and the same composition increments its line.
 */
export async function addItem(
  db: Db,
  idPelanggan: number,
  productCode: string,
  value: string | BundleValue,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBag(tx, idPelanggan)
    const { line } = await planAdd(tx, idPelanggan, productCode, value)
    const [row] = await tx
      .insert(cartLines)
      .values({
        idPelanggan,
        productCode: line.productCode,
        skuProduct: line.skuProduct,
        lineKey: line.lineKey,
        qty: 1,
      })
      .onConflictDoUpdate({
        target: [cartLines.idPelanggan, cartLines.lineKey],
        set: { qty: sql`${cartLines.qty} + 1`, updatedAt: new Date() },
      })
      .returning({ idLine: cartLines.idLine, qty: cartLines.qty })
    if (row && row.qty === 1 && line.components.length > 0) {
      await tx.insert(cartLineComponents).values(
        line.components.map((c, position) => ({
          idLine: row.idLine,
          skuProduct: c.skuProduct,
          qty: c.qty,
          position,
        })),
      )
    }
  })
}

/**
 * The bundle check (POST /orders/add_to_cart): true when cart/add with this bundle value would
 * succeed now; otherwise the same error cart/add would give (BND001-BND004, CRT002-CRT005).
 */
export async function checkBundle(
  db: Db,
  idPelanggan: number,
  productCode: string,
  value: BundleValue,
): Promise<true> {
  await planAdd(db, idPelanggan, productCode, value)
  return true
}

/**
 * Sets quantities (POST /cart/update), all or nothing: an id that is not the customer's line is
 * 404 CRT001; a line listed twice 400; raising a line that can no longer be bought 422 CRT003;
 * raising demand past stock 422 CRT002.
 */
export async function updateLines(
  db: Db,
  idPelanggan: number,
  items: readonly { id_line: number; qty: number }[],
): Promise<void> {
  const seen = new Set<number>()
  items.forEach((item, i) => {
    if (seen.has(item.id_line)) {
      throw new AppError('REQ001', `Invalid body field 'items.${i}.id_line': the line is listed twice`)
    }
    seen.add(item.id_line)
  })
  await db.transaction(async (tx) => {
    await lockBag(tx, idPelanggan)
    const bag = await loadBag(tx, idPelanggan)
    const wanted = new Map(items.map((item) => [item.id_line, item.qty]))
    for (const id of wanted.keys()) {
      if (id > MAX_ID || !bag.some((l) => l.idLine === id)) throw new AppError('CRT001')
    }
    const after = bag.map((l) => ({ ...l, qty: wanted.get(l.idLine) ?? l.qty }))
    if (after.every((l, i) => l.qty === bag[i]!.qty)) return
    const raised = after.filter((l, i) => l.qty > bag[i]!.qty)
    const info = await loadVariants(tx, [...demandOf(after).keys()])
    for (const line of raised) checkBuyable(line, info)
    checkDemand(bag, after, info)
    const now = new Date()
    for (const [i, line] of after.entries()) {
      if (line.qty === bag[i]!.qty) continue
      await tx
        .update(cartLines)
        .set({ qty: line.qty, updatedAt: now })
        .where(and(eq(cartLines.idLine, line.idLine), eq(cartLines.idPelanggan, idPelanggan)))
    }
  })
}

/** Deletes a line (POST /cart/remove); 404 CRT001 when it is not the customer's. */
export async function removeLine(db: Db, idPelanggan: number, idLine: number): Promise<void> {
  if (idLine > MAX_ID) throw new AppError('CRT001')
  await db.transaction(async (tx) => {
    await lockBag(tx, idPelanggan)
    const deleted = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.idLine, idLine), eq(cartLines.idPelanggan, idPelanggan)))
      .returning({ idLine: cartLines.idLine })
    if (deleted.length === 0) throw new AppError('CRT001')
  })
}

/**
 * The bundle panel's stock check (POST /cart/check_stock): may a slot hold `qty` of the variant
 * instead of `old_qty`, when the panel's slots hold `total_cart_qty` of it in all (old_qty
 * included)? The panel's new demand, plus the bag's demand when a shopper is known, must fit the
 * stock, and the variant must be buyable. Lowering (qty ≤ old_qty) is always allowed. Unknown sku:
 * 404 CRT004.
 */
export async function checkStock(
  db: Db,
  idPelanggan: number | null,
  body: { sku_product: string; qty: number; old_qty: number; total_cart_qty: number },
): Promise<boolean> {
  const [info, bag] = await reads(
    db,
    () => loadVariants(db, [body.sku_product]),
    () => (idPelanggan === null ? Promise.resolve([]) : loadBag(db, idPelanggan)),
  )
  const variant = info.get(body.sku_product)
  if (!variant) throw new AppError('CRT004')
  if (body.qty <= body.old_qty) return true
  if (!buyable(variant)) return false
  const panel = Math.max(body.total_cart_qty - body.old_qty, 0) + body.qty
  const inBag = demandOf(bag).get(body.sku_product) ?? 0
  return panel + inBag <= variant.stock
}

/**
 * The customer's bag (GET /cart): lines newest first with brand, price, images, the most units the
 * line may hold given stock and the bag's other lines (max_qty), whether it can still be bought,
 * and a bundle line's parts. Four queries whatever the bag's size.
 */
export async function getBag(db: Db, idPelanggan: number): Promise<CartLine[]> {
  const bag = await loadBag(db, idPelanggan)
  if (bag.length === 0) return []
  const [info, lineProducts] = await reads(
    db,
    () => loadVariants(db, [...demandOf(bag).keys()]),
    () =>
      productsWithBrand(
        db,
        bag.map((l) => l.productCode),
      ),
  )
  const demand = demandOf(bag)
  return bag.map((line) => {
    const product = lineProducts.get(line.productCode)
    const own = info.get(line.skuProduct)
    let maxQty = MAX_LINE_QTY
    let available = true
    for (const [sku, units] of perUnit(line)) {
      const variant = info.get(sku)
      if (!buyable(variant)) available = false
      const others = (demand.get(sku) ?? 0) - units * line.qty
      const room = Math.floor(((variant?.stock ?? 0) - others) / units)
      maxQty = Math.min(maxQty, Math.max(room, 0))
    }
    const images = product?.images ?? []
    const answer: CartLine = {
      id_line: line.idLine,
      id_brand: product?.idBrand ?? 0,
      brand_name: product?.brandName ?? '',
      product_code: line.productCode,
      product_name: product?.productName ?? '',
      sku_product: line.skuProduct,
      ukuran: own?.ukuran ?? '',
      qty: String(line.qty),
      price: own?.sellingPrice ?? product?.sellingPrice ?? 0,
      url_image: images,
      max_qty: available ? maxQty : 0,
      available,
    }
    if (line.components.length > 0) {
      answer.bundling = line.components.map((part) => {
        const variant = info.get(part.skuProduct)
        return {
          name: variant?.productName ?? '',
          product_code: variant?.productCode ?? '',
          sku_product: part.skuProduct,
          ukuran: variant?.ukuran ?? '',
          qty: part.qty,
        }
      })
    }
    return answer
  })
}
