import { and, inArray, isNotNull, sql } from 'drizzle-orm'
import { shopIsoString, type MediaItem, type ProductCard, type Variant } from '@busana/contract/schemas'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Db } from '../../db/client.ts'
import { productMedia, products, variants } from '../../db/schema/index.ts'
import { sellableStockOf } from '../inventory/index.ts'

/**
 * A product shoppers may see: published (issue 14). A draft (published_at null) is absent from every
 * public read: cards, listings, search, the product page, the bag, the wishlist and the sitemap.
 */
export const isPublished = isNotNull(products.publishedAt)

/** A variant row as aggregated by the card query. */
interface VariantRow {
  sku_product: string
  ukuran: string
  selling_price: number
  stock: number
}

/** Columns of `products` every card needs, plus its variants and media aggregated as JSON. */
export const cardColumns = {
  productCode: products.productCode,
  idBrand: products.idBrand,
  productName: products.productName,
  status: products.status,
  productLable: products.productLable,
  categoryMenu: products.categoryMenu,
  startPrice: products.startPrice,
  endPrice: products.endPrice,
  sellingPrice: products.sellingPrice,
  hargaCoret: products.hargaCoret,
  soldQty: products.soldQty,
  isBundling: products.isBundling,
  countdown: products.countdown,
  endAt: products.endAt,
  thumbnail: products.thumbnail,
  // Correlated aggregates keep a card list at one query whatever its length (no N+1). The outer
  // column is written table-qualified by hand: drizzle leaves columns unqualified in one-table selects.
  // A size's stock is inventory's sellable stock, looked up inside the same statement.
  variants: sql<VariantRow[] | string>`coalesce((
    select json_agg(json_build_object('sku_product', v.sku_product, 'ukuran', v.ukuran,
      'selling_price', v.selling_price, 'stock', ${sellableStockOf(sql`v.sku_product`)}) order by v.position, v.sku_product)
    from ${variants} v where v.product_code = ${products}.product_code), '[]'::json)`,
  media: sql<MediaItem[] | string>`coalesce((
    select json_agg(json_build_object('type', m.type, 'url', m.url, 'src', m.src) order by m.position, m.id)
    from ${productMedia} m where m.product_code = ${products}.product_code), '[]'::json)`,
}

export type CardRow = {
  productCode: string
  idBrand: number
  productName: string
  status: string
  productLable: string
  categoryMenu: string
  startPrice: number
  endPrice: number
  sellingPrice: number
  hargaCoret: string
  soldQty: number
  isBundling: boolean
  countdown: boolean
  endAt: Date | string | null
  thumbnail: string
  variants: VariantRow[] | string
  media: MediaItem[] | string
}

/** JSON columns come parsed from both drivers; parse defensively if one hands back text. */
export function jsonList<T>(value: T[] | string | null | undefined): T[] {
  if (value === null || value === undefined) return []
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value
}

/** Media of a product as the product's url_media, and its image urls for url_image(s). */
export function imagesOf(media: MediaItem[]): string[] {
  return media.filter((item) => item.type === 'image').map((item) => item.url)
}

/** A card from its row. `status` is 'sold' when the product says so or every variant is out of stock. */
export function toCard(row: CardRow): ProductCard {
  const variantRows = jsonList(row.variants)
  const media = jsonList(row.media)
  const images = imagesOf(media)
  const variant: Variant[] = variantRows.map((v) => ({
    sku_product: v.sku_product,
    ukuran: v.ukuran,
    selling_price: Number(v.selling_price),
    status_variant: Number(v.stock) > 0 ? 'available' : 'sold',
  }))
  const allSold = variant.length > 0 && variant.every((v) => v.status_variant === 'sold')
  return {
    product_code: row.productCode,
    product_name: row.productName,
    id_brand: row.idBrand,
    // A video-first gallery still shows a picture on the card: its poster.
    url_image: images[0] ?? media[0]?.src ?? '',
    url_images: images,
    status: row.status === 'sold' || allSold ? 'sold' : 'available',
    product_lable: row.productLable,
    category_menu: row.categoryMenu,
    start_price: row.startPrice,
    end_price: row.endPrice,
    selling_price: row.sellingPrice,
    harga_coret: row.hargaCoret,
    sold_qty: row.soldQty,
    is_bundling: row.isBundling,
    countdown: row.countdown,
    // end_at on the shop's UTC+7 clock (docs/product/shopping.md §9): '2025-01-31T23:59:00+07:00'.
    end_at: shopIsoString(row.endAt),
    thumbnail: row.thumbnail,
    variant,
    // Accounts come later: a member's wishlist lookup will set this (see markWishlist).
    is_wishlist: false,
  }
}

/**
 * Cards of the given product codes in one query, keyed by code (callers keep their own order).
 * Unknown codes are simply absent.
 */
export async function loadCards(db: Db, codes: readonly string[]): Promise<Map<string, ProductCard>> {
  const unique = [...new Set(codes)]
  const cards = new Map<string, ProductCard>()
  if (unique.length === 0) return cards
  const rows = (await db
    .select(cardColumns)
    .from(products)
    .where(and(inArray(products.productCode, unique), isPublished))) as CardRow[]
  for (const row of rows) cards.set(row.productCode, toCard(row))
  return cards
}

/** The cards of `codes` in that order, skipping unknown ones. */
export function inOrder(cards: Map<string, ProductCard>, codes: readonly string[]): ProductCard[] {
  const list: ProductCard[] = []
  for (const code of codes) {
    const card = cards.get(code)
    if (card) list.push(card)
  }
  return list
}

/**
 * The one product lookup by code (product page, bag, wishlist, reviews): codes are case-insensitive;
 * a draft is not found (issue 14). The
 * primary key answers the usual spellings (as given, upper- or lower-cased; the exact one first);
 * only a mixed-case code falls back to a scan. Undefined when there is none.
 */
export async function findProductByCode<C extends SelectedFields>(
  db: Db,
  code: string,
  columns: C,
): Promise<SelectResultFields<C> | undefined> {
  // Drizzle cannot infer a select over generic columns; the row is exactly `columns`' result.
  const fields: SelectedFields = columns
  const [exact] = await db
    .select(fields)
    .from(products)
    .where(
      and(
        sql`${products.productCode} in (${code}, ${code.toUpperCase()}, ${code.toLowerCase()})`,
        isPublished,
      ),
    )
    .orderBy(sql`${products.productCode} = ${code} desc`)
    .limit(1)
  if (exact) return exact as SelectResultFields<C>
  const [loose] = await db
    .select(fields)
    .from(products)
    .where(and(sql`lower(${products.productCode}) = lower(${code})`, isPublished))
    .limit(1)
  return loose as SelectResultFields<C> | undefined
}
