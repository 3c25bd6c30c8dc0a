import { isBuyable, priceDisplay, type Product } from '@busana/contract'
import { LANGUAGE_QUERY, LANGUAGES, normalizeLanguage } from './i18n.ts'

/**
 * What the public pages tell search engines and link previews (docs/decisions/029-search-engines.md):
 * canonical and language links, JSON-LD and Open Graph, as React Router meta descriptors. Compact on
 * purpose: every byte is in each page's HTML.
 */

type MetaDescriptor = Record<string, unknown>

const SCHEMA = 'https://schema.org'

/** An absolute URL under the shop's origin (relative media paths are served by this shop). */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin.endsWith('/') ? origin : `${origin}/`).toString()
  } catch {
    return url
  }
}

/**
 * The canonical link and the language alternates of a page whose canonical URL (without query) is
 * `canonical`. The language is switchable by URL (`?lng=id`, docs/product/account.md §9), so each
 * language's URL is an alternate and its own canonical; the bare URL, whose language follows the
 * visitor, is x-default and the canonical of itself (tracking parameters are dropped).
 */
export function canonicalLinks(canonical: string, search: string): MetaDescriptor[] {
  const lng = normalizeLanguage(new URLSearchParams(search).get(LANGUAGE_QUERY))
  const inLanguage = (language: string) => `${canonical}?${LANGUAGE_QUERY}=${language}`
  return [
    { tagName: 'link', rel: 'canonical', href: lng ? inLanguage(lng) : canonical },
    ...LANGUAGES.map((language) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: language,
      href: inLanguage(language),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: canonical },
  ]
}

/**
 * schema.org availability: sold out, or COMING-SOON (cannot be bought yet), is OutOfStock;
 * category_menu Preorder is PreOrder; otherwise InStock (docs/product/shopping.md §4 (badges)).
 */
export function availability(product: Pick<Product, 'status' | 'product_lable' | 'category_menu'>): string {
  if (!isBuyable(product)) return `${SCHEMA}/OutOfStock`
  if (product.category_menu === 'Preorder') return `${SCHEMA}/PreOrder`
  return `${SCHEMA}/InStock`
}

/** The images of a product, absolute, at most five (the gallery's first ones). */
export function productImages(product: Pick<Product, 'url_image' | 'url_images'>, origin: string): string[] {
  const all = [product.url_image, ...product.url_images].filter(Boolean)
  return [...new Set(all)].slice(0, 5).map((url) => absoluteUrl(url, origin))
}

/**
 * JSON-LD Product (schema.org): name, images, plain-text description, code as sku, brand, and one
 * Offer in IDR (an AggregateOffer for a price range) with availability. No offer when the price
 * is unknown ('???'). React Router writes it with `<`, `>` and `&` escaped (`script:ld+json`).
 */
export function productJsonLd(
  product: Pick<
    Product,
    | 'product_name'
    | 'product_code'
    | 'brand_name'
    | 'url_image'
    | 'url_images'
    | 'status'
    | 'product_lable'
    | 'category_menu'
    | 'start_price'
    | 'end_price'
    | 'selling_price'
    | 'harga_coret'
    | 'variant'
  >,
  options: {
    canonical: string
    origin: string
    description: string
    /** Published reviews' average and count (issue 13): an AggregateRating only when count > 0. */
    rating?: { average: number; count: number } | null
  },
) {
  const price = priceDisplay(product)
  const rating = options.rating
  const offer = {
    priceCurrency: 'IDR',
    availability: availability(product),
    itemCondition: `${SCHEMA}/NewCondition`,
    url: options.canonical,
  }
  const offers =
    price.kind === 'range'
      ? {
          '@type': 'AggregateOffer',
          lowPrice: price.from,
          highPrice: price.to,
          offerCount: Math.max(1, product.variant.length),
          ...offer,
        }
      : price.kind === 'single'
        ? { '@type': 'Offer', price: price.price, ...offer }
        : undefined
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.product_name,
    image: productImages(product, options.origin),
    ...(options.description ? { description: options.description } : {}),
    sku: product.product_code,
    productID: product.product_code,
    url: options.canonical,
    ...(product.brand_name ? { brand: { '@type': 'Brand', name: product.brand_name } } : {}),
    ...(offers ? { offers } : {}),
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}

/** JSON-LD BreadcrumbList of a trail of named pages (absolute URLs). */
export function breadcrumbJsonLd(trail: { name: string; url: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  }
}

/** A string of the common namespace the root loader sent (the page's language), else `fallback`. */
export function commonString(
  translations: Partial<Record<string, Record<string, unknown>>> | undefined,
  lng: string | undefined,
  path: string,
  fallback: string,
): string {
  let value: unknown = lng ? translations?.[lng]?.common : undefined
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key]
  return typeof value === 'string' ? value : fallback
}

/** A listing's description meta in the page's language. */
export function listingDescription(title: string, brand: string, lng: string | undefined): string {
  return lng === 'id'
    ? `Belanja ${title} di ${brand}: koleksi fesyen terbaru, harga dalam Rupiah, kirim ke seluruh Indonesia.`
    : `Shop ${title} at ${brand}: the latest fashion, priced in Rupiah, delivered across Indonesia.`
}
