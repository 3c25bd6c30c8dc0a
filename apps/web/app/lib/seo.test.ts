import { describe, expect, it } from 'vitest'
import { makeProduct } from '~/features/product/product.fixtures'
import {
  availability,
  breadcrumbJsonLd,
  canonicalLinks,
  commonString,
  listingDescription,
  productJsonLd,
} from './seo.ts'

const canonical = 'https://shop.example.id/shop/product/bsn-001/linen-shirt-dress'
const origin = 'https://shop.example.id'

describe('canonicalLinks', () => {
  it('makes the bare URL canonical and x-default, with an alternate per language', () => {
    expect(canonicalLinks(canonical, '?utm_source=ig&session_id=1')).toEqual([
      { tagName: 'link', rel: 'canonical', href: canonical },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: `${canonical}?lng=en` },
      { tagName: 'link', rel: 'alternate', hrefLang: 'id', href: `${canonical}?lng=id` },
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: canonical },
    ])
  })

  it('makes a language URL its own canonical, and ignores an unknown language', () => {
    expect(canonicalLinks(canonical, '?lng=id&utm_source=ig')[0]).toEqual({
      tagName: 'link',
      rel: 'canonical',
      href: `${canonical}?lng=id`,
    })
    expect(canonicalLinks(canonical, '?lng=fr')[0]).toMatchObject({ href: canonical })
  })
})

describe('availability', () => {
  it('follows status, COMING-SOON and Preorder', () => {
    expect(availability(makeProduct())).toBe('https://schema.org/InStock')
    expect(availability(makeProduct({ status: 'sold' }))).toBe('https://schema.org/OutOfStock')
    expect(availability(makeProduct({ product_lable: 'COMING-SOON' }))).toBe('https://schema.org/OutOfStock')
    expect(availability(makeProduct({ category_menu: 'Preorder' }))).toBe('https://schema.org/PreOrder')
    expect(availability(makeProduct({ category_menu: 'Preorder', status: 'sold' }))).toBe(
      'https://schema.org/OutOfStock',
    )
  })
})

describe('productJsonLd', () => {
  it('describes the product with absolute images and one Offer in IDR', () => {
    const product = makeProduct({ url_images: ['/media/p/bsn-001-1.svg', 'https://cdn.example/2.jpg'] })
    expect(productJsonLd(product, { canonical, origin, description: 'Relaxed linen.' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Linen Shirt Dress',
      image: ['https://shop.example.id/media/p/bsn-001-1.svg', 'https://cdn.example/2.jpg'],
      description: 'Relaxed linen.',
      sku: 'BSN-001',
      productID: 'BSN-001',
      url: canonical,
      brand: { '@type': 'Brand', name: 'Busana' },
      offers: {
        '@type': 'Offer',
        price: 399_000,
        priceCurrency: 'IDR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: canonical,
      },
    })
  })

  it('gives an AggregateOffer for a price range and no offer for an unknown price', () => {
    const range = productJsonLd(makeProduct({ start_price: 199_000, end_price: 299_000 }), {
      canonical,
      origin,
      description: '',
    })
    expect(range.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: 199_000,
      highPrice: 299_000,
      offerCount: 3,
      priceCurrency: 'IDR',
    })
    expect(range).not.toHaveProperty('description')
    // Not an answer the API gives (makeProduct refuses it): the guard against a price that is no number.
    const unknown = productJsonLd(
      { ...makeProduct(), selling_price: Number.NaN },
      {
        canonical,
        origin,
        description: '',
      },
    )
    expect(unknown).not.toHaveProperty('offers')
  })
})

describe('productJsonLd rating (issue 13)', () => {
  it('gives an AggregateRating only when published reviews exist', () => {
    const product = makeProduct({})
    const rated = productJsonLd(product, {
      canonical,
      origin,
      description: '',
      rating: { average: 4.5, count: 2 },
    })
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    })
    expect(
      productJsonLd(product, { canonical, origin, description: '', rating: { average: 0, count: 0 } }),
    ).not.toHaveProperty('aggregateRating')
    expect(productJsonLd(product, { canonical, origin, description: '', rating: null })).not.toHaveProperty(
      'aggregateRating',
    )
  })
})

describe('breadcrumbJsonLd and listing texts', () => {
  it('numbers the trail from 1', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: `${origin}/` },
        { name: 'Tops', url: `${origin}/shop/9/category/tops` },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: 'Tops', item: `${origin}/shop/9/category/tops` },
      ],
    })
  })

  it('reads a common string in the page language, and describes a listing in it', () => {
    const translations = { id: { common: { nav: { home: 'Beranda' } } } }
    expect(commonString(translations, 'id', 'nav.home', 'Home')).toBe('Beranda')
    expect(commonString(translations, 'en', 'nav.home', 'Home')).toBe('Home')
    expect(listingDescription('Tops', 'Busana', 'id')).toMatch(/^Belanja Tops di Busana/)
    expect(listingDescription('Tops', 'Busana', 'en')).toMatch(/^Shop Tops at Busana/)
  })
})
