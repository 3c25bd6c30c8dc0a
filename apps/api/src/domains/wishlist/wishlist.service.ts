import { and, count, desc, asc, eq, inArray } from 'drizzle-orm'
import { AppError, MAX_WISHLIST_ITEMS, type ProductCard } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { wishlistItems } from '../../db/schema/index.ts'
import { inOrder, loadCards, storedProductCode } from '../catalog/index.ts'
import { lockMember } from '../members/index.ts'

/**
 * The wishlist (docs/product/account.md §2 (Wishlist), docs/product/shopping.md §7): products a customer
 * keeps, shared across the group's brands. Adding and removing are idempotent; at most MAX_WISHLIST_ITEMS
 * products.
 */

/** The customer's wishlist as product cards, newest first, each with is_wishlist true. Two queries. */
export async function listWishlist(db: Db, idPelanggan: number): Promise<ProductCard[]> {
  const rows = await db
    .select({ code: wishlistItems.productCode })
    .from(wishlistItems)
    .where(eq(wishlistItems.idPelanggan, idPelanggan))
    .orderBy(desc(wishlistItems.createdAt), asc(wishlistItems.productCode))
  const codes = rows.map((r) => r.code)
  const cards = inOrder(await loadCards(db, codes), codes)
  for (const card of cards) card.is_wishlist = true
  return cards
}

/**
 * Adds a product (POST /member/wishlist); already there: nothing changes. Unknown product: 404
 * CAT001; a full wishlist: 422 WSH001. Answers the product's code as stored.
 */
export async function addToWishlist(db: Db, idPelanggan: number, code: string): Promise<string> {
  const productCode = await storedProductCode(db, code)
  if (!productCode) throw new AppError('CAT001')
  await db.transaction(async (tx) => {
    // One change of a customer's wishlist at a time, so the size limit holds under parallel adds.
    await lockMember(tx, idPelanggan)
    const [present] = await tx
      .select({ code: wishlistItems.productCode })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.idPelanggan, idPelanggan), eq(wishlistItems.productCode, productCode)))
    if (present) return
    const [held] = await tx
      .select({ n: count() })
      .from(wishlistItems)
      .where(eq(wishlistItems.idPelanggan, idPelanggan))
    if (Number(held?.n ?? 0) >= MAX_WISHLIST_ITEMS) throw new AppError('WSH001')
    await tx.insert(wishlistItems).values({ idPelanggan, productCode }).onConflictDoNothing()
  })
  return productCode
}

/** Removes a product (DELETE /member/wishlist/{code}); absent: nothing changes. Answers the code. */
export async function removeFromWishlist(db: Db, idPelanggan: number, code: string): Promise<string> {
  const productCode = (await storedProductCode(db, code)) ?? code
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.idPelanggan, idPelanggan), eq(wishlistItems.productCode, productCode)))
  return productCode
}

/** Of `codes`, those in the customer's wishlist (one query). */
export async function wishlistedAmong(
  db: Db,
  idPelanggan: number,
  codes: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Set()
  const rows = await db
    .select({ code: wishlistItems.productCode })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.idPelanggan, idPelanggan), inArray(wishlistItems.productCode, unique)))
  return new Set(rows.map((r) => r.code))
}
