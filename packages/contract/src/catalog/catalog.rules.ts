import type { ProductCard } from './catalog.schemas.ts'

/** Listing page size and offset step (docs/product/shopping.md §9). */
export const LISTING_PAGE_SIZE = 10
/** The most one listing call may ask for (CategoryQuerySchema's cap on `limit`). */
export const LISTING_MAX_LIMIT = 50
/** Search results page and popup size (docs/product/account.md §9). */
export const SEARCH_PAGE_SIZE = 10
export const SEARCH_POPUP_SIZE = 5
/** The search popup asks from this many characters on (docs/product/account.md §4). */
export const SEARCH_MIN_CHARS = 3
/** A product code: letters, digits, '-' and '_', at most 64 (anything else is an unknown product). */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Whether a product can be bought at all: not sold out and not COMING-SOON (docs/product/shopping.md §4
 * and 5). The API refuses such a product in the bag (422 CRT003); the storefront disables its
 * Add to bag, its bundle panel and its bundle choosers.
 */
export function isBuyable(product: { status: string; product_lable: string }): boolean {
  return product.status !== 'sold' && product.product_lable !== 'COMING-SOON'
}

export type Badge = 'ON SALE' | 'COMING SOON' | 'OUT OF STOCK' | 'PRE ORDER'

/** True while the product shows a countdown whose end is still ahead. */
export function isCountdownActive(
  product: Pick<ProductCard, 'countdown' | 'end_at'>,
  now: number = Date.now(),
) {
  if (!product.countdown || !product.end_at) return false
  const end = Date.parse(product.end_at)
  return Number.isFinite(end) && end > now
}

/**
 * The card badge by the product's priority (000 section 2, Product card): none while a countdown is
 * active; ON SALE; COMING SOON; OUT OF STOCK when sold; PRE ORDER for the Preorder menu; else none.
 */
export function productBadge(
  product: Pick<ProductCard, 'countdown' | 'end_at' | 'product_lable' | 'status' | 'category_menu'>,
  now: number = Date.now(),
): Badge | null {
  if (isCountdownActive(product, now)) return null
  if (product.product_lable === 'ON-SALE') return 'ON SALE'
  if (product.product_lable === 'COMING-SOON') return 'COMING SOON'
  if (product.status === 'sold') return 'OUT OF STOCK'
  if (product.category_menu === 'Preorder') return 'PRE ORDER'
  return null
}

/** Display state of a product (docs/product/shopping.md §4): the same priority without the countdown rule. */
export function productDisplayState(
  product: Pick<ProductCard, 'product_lable' | 'status' | 'category_menu'>,
): 'sale' | 'soon' | 'sold' | 'preorder' | null {
  if (product.product_lable === 'ON-SALE') return 'sale'
  if (product.product_lable === 'COMING-SOON') return 'soon'
  if (product.status === 'sold') return 'sold'
  if (product.category_menu === 'Preorder') return 'preorder'
  return null
}

/**
 * Whole digits grouped by thousands with `separator`, a minus sign before a negative amount. By
 * hand rather than Intl.NumberFormat: the page's first Intl formatter loads the browser's locale
 * data, a long task on a phone while the page hydrates (decision 040).
 */
function groupThousands(amount: number, separator: string): string {
  const rounded = Math.round(amount)
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, separator)
  return rounded < 0 ? `-${digits}` : digits
}

/** IDR in Indonesian format without decimals: 'Rp 250.000' (docs/product/shopping.md §1). */
export function formatIdr(amount: number): string {
  const grouped = groupThousands(amount, '.')
  return grouped.startsWith('-') ? `-Rp ${grouped.slice(1)}` : `Rp ${grouped}`
}

/** Card and bundle format: digits grouped by thousands with commas, prefixed 'Rp.' ('Rp. 250,000'). */
export function formatRp(amount: number): string {
  return `Rp. ${groupThousands(amount, ',')}`
}

/** True when harga_coret holds a struck-through price ('0' or empty means none). */
export function hasStrikePrice(hargaCoret: string | null | undefined): boolean {
  if (hargaCoret === null || hargaCoret === undefined) return false
  const value = hargaCoret.trim()
  return value !== '' && value !== '0' && Number(value.replace(/[^\d]/g, '')) > 0
}

export type PriceDisplay =
  | { kind: 'range'; from: number; to: number }
  | { kind: 'single'; price: number; strike: number | null }
  | { kind: 'unknown' }

/**
 * The price rule (docs/product/shopping.md §2, Product detail): a range from start_price to end_price when
 * start_price is not 0; otherwise selling_price with harga_coret struck through when set; '???' if missing.
 */
export function priceDisplay(
  product: Partial<Pick<ProductCard, 'start_price' | 'end_price' | 'selling_price' | 'harga_coret'>>,
): PriceDisplay {
  if (product.start_price && product.start_price !== 0) {
    return { kind: 'range', from: product.start_price, to: product.end_price ?? product.start_price }
  }
  if (
    product.selling_price === undefined ||
    product.selling_price === null ||
    Number.isNaN(product.selling_price)
  ) {
    return { kind: 'unknown' }
  }
  const strike = hasStrikePrice(product.harga_coret)
    ? Number(String(product.harga_coret).replace(/[^\d]/g, ''))
    : null
  return { kind: 'single', price: product.selling_price, strike }
}

/** The price as text in the card format: 'Rp. 100,000 - Rp. 150,000', 'Rp. 99,000' or '???'. */
export function priceText(display: PriceDisplay, format: (n: number) => string = formatRp): string {
  if (display.kind === 'range') return `${format(display.from)} - ${format(display.to)}`
  if (display.kind === 'single') return format(display.price)
  return '???'
}

/** Lowercases and replaces each run of whitespace with a hyphen (route and canonical slug). */
export function productSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-')
}

/** The product route: /shop/product/{code lowercased}/{name lowercased, spaces as hyphens}. */
export function productPath(product: Pick<ProductCard, 'product_code' | 'product_name'>): string {
  return `/shop/product/${encodeURIComponent(product.product_code.toLowerCase())}/${encodeURIComponent(productSlug(product.product_name))}`
}

/**
 * Canonical URL: the shop host plus the product path, preferring canonical_product_code and
 * canonical_product_master_name when present (docs/product/shopping.md §2).
 */
export function canonicalProductUrl(
  shopOrigin: string,
  product: Pick<ProductCard, 'product_code' | 'product_name'> & {
    canonical_product_code?: string | null
    canonical_product_master_name?: string | null
  },
): string {
  const code = product.canonical_product_code?.trim() || product.product_code
  const name = product.canonical_product_master_name?.trim() || product.product_name
  return `${shopOrigin.replace(/\/+$/, '')}${productPath({ product_code: code, product_name: name })}`
}

/**
 * Endless scrolling stops when a load brings fewer than a page of items, an empty segment list,
 * or an error (docs/product/shopping.md §4, Listing).
 */
export function hasMorePages(
  result: { items: number; groups: number; error?: boolean },
  pageSize: number,
): boolean {
  if (result.error) return false
  if (result.groups === 0) return false
  return result.items >= pageSize
}

/** Category listing link: /shop/{id_brand}/category/{category_name}. */
export function categoryPath(idBrand: number, categoryName: string): string {
  return `/shop/${idBrand}/category/${encodeURIComponent(categoryName)}`
}

/** What a product card shows (badge, price, sizes, link): the part of a product a page inlines. */
export type CardView = Pick<
  ProductCard,
  | 'product_code'
  | 'product_name'
  | 'url_image'
  | 'status'
  | 'product_lable'
  | 'category_menu'
  | 'start_price'
  | 'end_price'
  | 'selling_price'
  | 'harga_coret'
  | 'countdown'
  | 'end_at'
  | 'thumbnail'
> & { variant: Pick<ProductCard['variant'][number], 'sku_product' | 'ukuran' | 'status_variant'>[] }

/**
 * A product reduced to what its card shows, so a server-rendered page inlines only that in its
 * hydration data (issue 12: every page's HTML at most 50 KB).
 */
export function toCardView(product: CardView): CardView {
  return {
    product_code: product.product_code,
    product_name: product.product_name,
    url_image: product.url_image,
    status: product.status,
    product_lable: product.product_lable,
    category_menu: product.category_menu,
    start_price: product.start_price,
    end_price: product.end_price,
    selling_price: product.selling_price,
    harga_coret: product.harga_coret,
    countdown: product.countdown,
    end_at: product.end_at,
    thumbnail: product.thumbnail,
    variant: product.variant.map((v) => ({
      sku_product: v.sku_product,
      ukuran: v.ukuran,
      status_variant: v.status_variant,
    })),
  }
}

/** A product a bundle slot offers: its card, with each size's price. */
export type BundleOption = Omit<CardView, 'variant'> & { variant: ProductCard['variant'] }

/** A bundling option reduced to what a bundle slot shows and needs. */
export function toBundleOption(product: BundleOption): BundleOption {
  return { ...toCardView(product), variant: product.variant }
}
