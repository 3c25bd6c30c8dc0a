import { describe, expect, it } from 'vitest'
import {
  canonicalProductUrl,
  categoryPath,
  formatIdr,
  formatRp,
  hasMorePages,
  hasStrikePrice,
  isBuyable,
  isCountdownActive,
  PRODUCT_CODE_PATTERN,
  priceDisplay,
  priceText,
  productBadge,
  productDisplayState,
  productPath,
  productSlug,
} from './catalog.rules.ts'

const NOW = Date.parse('2026-11-22T10:00:00+07:00')
const plain = {
  countdown: false,
  end_at: null,
  product_lable: '',
  status: 'available' as const,
  category_menu: '',
}

describe('productBadge (docs/product/shopping.md: badge priority)', () => {
  it('shows none while a countdown is active, whatever else holds', () => {
    const p = {
      ...plain,
      countdown: true,
      end_at: '2026-11-23T00:00:00+07:00',
      product_lable: 'ON-SALE',
      status: 'sold' as const,
    }
    expect(productBadge(p, NOW)).toBeNull()
  })
  it('ignores a countdown that has already ended', () => {
    const p = { ...plain, countdown: true, end_at: '2026-11-21T00:00:00+07:00', product_lable: 'ON-SALE' }
    expect(productBadge(p, NOW)).toBe('ON SALE')
  })
  it('puts ON SALE before COMING SOON, OUT OF STOCK and PRE ORDER', () => {
    expect(
      productBadge({ ...plain, product_lable: 'ON-SALE', status: 'sold', category_menu: 'Preorder' }, NOW),
    ).toBe('ON SALE')
    expect(productBadge({ ...plain, product_lable: 'COMING-SOON', status: 'sold' }, NOW)).toBe('COMING SOON')
    expect(productBadge({ ...plain, status: 'sold', category_menu: 'Preorder' }, NOW)).toBe('OUT OF STOCK')
    expect(productBadge({ ...plain, category_menu: 'Preorder' }, NOW)).toBe('PRE ORDER')
    expect(productBadge(plain, NOW)).toBeNull()
  })
  it('maps the display state the same way', () => {
    expect(productDisplayState({ ...plain, product_lable: 'COMING-SOON' })).toBe('soon')
    expect(productDisplayState({ ...plain, status: 'sold' })).toBe('sold')
    expect(productDisplayState({ ...plain, category_menu: 'Preorder' })).toBe('preorder')
    expect(productDisplayState(plain)).toBeNull()
  })
})

describe('isCountdownActive', () => {
  it('needs the flag, a parseable end and an end ahead', () => {
    expect(isCountdownActive({ countdown: true, end_at: '2026-11-22T10:00:01+07:00' }, NOW)).toBe(true)
    expect(isCountdownActive({ countdown: true, end_at: '2026-11-22T10:00:00+07:00' }, NOW)).toBe(false)
    expect(isCountdownActive({ countdown: false, end_at: '2026-12-01T00:00:00+07:00' }, NOW)).toBe(false)
    expect(isCountdownActive({ countdown: true, end_at: 'not a date' }, NOW)).toBe(false)
  })
})

describe('price display (docs/product/shopping.md: price rules)', () => {
  it('shows a range when start_price is not 0', () => {
    const d = priceDisplay({
      start_price: 199000,
      end_price: 259000,
      selling_price: 199000,
      harga_coret: '300000',
    })
    expect(d).toEqual({ kind: 'range', from: 199000, to: 259000 })
    expect(priceText(d)).toBe('Rp. 199,000 - Rp. 259,000')
  })
  it('strikes harga_coret through only when it is not 0 or empty', () => {
    expect(priceDisplay({ start_price: 0, selling_price: 149000, harga_coret: '199000' })).toEqual({
      kind: 'single',
      price: 149000,
      strike: 199000,
    })
    expect(priceDisplay({ start_price: 0, selling_price: 149000, harga_coret: '0' })).toMatchObject({
      strike: null,
    })
    expect(priceDisplay({ start_price: 0, selling_price: 149000, harga_coret: '' })).toMatchObject({
      strike: null,
    })
    expect(hasStrikePrice(' 0 ')).toBe(false)
    expect(hasStrikePrice(undefined)).toBe(false)
  })
  it("shows '???' when the price is missing", () => {
    expect(priceText(priceDisplay({ start_price: 0 }))).toBe('???')
    expect(priceText(priceDisplay({}))).toBe('???')
  })
})

describe('money formats', () => {
  it('formats IDR the Indonesian way without decimals', () => {
    expect(formatIdr(250000)).toBe('Rp 250.000')
    expect(formatIdr(1234567.6)).toBe('Rp 1.234.568')
  })
  it("formats cards and bundles as 'Rp.' with comma thousands", () => {
    expect(formatRp(250000)).toBe('Rp. 250,000')
    expect(formatRp(0)).toBe('Rp. 0')
    expect(formatRp(12500000)).toBe('Rp. 12,500,000')
  })
})

describe('product URLs (docs/product/shopping.md: canonical rule)', () => {
  it('lowercases the code and hyphenates the lowercased name', () => {
    expect(productSlug('  Kemeja Linen   Oversize ')).toBe('kemeja-linen-oversize')
    expect(productPath({ product_code: 'PRP-TS-001', product_name: 'Kaos Basic Putih' })).toBe(
      '/shop/product/prp-ts-001/kaos-basic-putih',
    )
  })
  it('prefers the canonical code and master name when present', () => {
    const product = { product_code: 'PRP-TS-001-BLK', product_name: 'Kaos Basic Hitam' }
    expect(canonicalProductUrl('https://shop.example/', product)).toBe(
      'https://shop.example/shop/product/prp-ts-001-blk/kaos-basic-hitam',
    )
    expect(
      canonicalProductUrl('https://shop.example', {
        ...product,
        canonical_product_code: 'PRP-TS-001',
        canonical_product_master_name: 'Kaos Basic',
      }),
    ).toBe('https://shop.example/shop/product/prp-ts-001/kaos-basic')
    expect(
      canonicalProductUrl('https://shop.example', {
        ...product,
        canonical_product_code: ' ',
        canonical_product_master_name: null,
      }),
    ).toBe('https://shop.example/shop/product/prp-ts-001-blk/kaos-basic-hitam')
  })
  it('builds category links', () => {
    expect(categoryPath(9, 'new-drop')).toBe('/shop/9/category/new-drop')
  })
})

describe('endless scrolling stop rule (docs/product/shopping.md: Listing)', () => {
  it('goes on after a full page', () => {
    expect(hasMorePages({ items: 10, groups: 1 }, 10)).toBe(true)
  })
  it('stops after fewer than a page, an empty group list, or an error', () => {
    expect(hasMorePages({ items: 9, groups: 1 }, 10)).toBe(false)
    expect(hasMorePages({ items: 0, groups: 0 }, 10)).toBe(false)
    expect(hasMorePages({ items: 10, groups: 1, error: true }, 10)).toBe(false)
  })
})

describe('can this be bought (docs/product/shopping.md §4 and 5)', () => {
  it('refuses a sold product and a coming-soon one, whatever else is set', () => {
    expect(isBuyable({ status: 'available', product_lable: '' })).toBe(true)
    expect(isBuyable({ status: 'available', product_lable: 'ON-SALE' })).toBe(true)
    expect(isBuyable({ status: 'sold', product_lable: '' })).toBe(false)
    expect(isBuyable({ status: 'available', product_lable: 'COMING-SOON' })).toBe(false)
    expect(isBuyable({ status: 'sold', product_lable: 'COMING-SOON' })).toBe(false)
  })
})

describe('product codes', () => {
  it('are letters, digits, - and _, at most 64', () => {
    expect(PRODUCT_CODE_PATTERN.test('PRP-1001_a')).toBe(true)
    expect(PRODUCT_CODE_PATTERN.test('x'.repeat(64))).toBe(true)
    expect(PRODUCT_CODE_PATTERN.test('x'.repeat(65))).toBe(false)
    expect(PRODUCT_CODE_PATTERN.test('')).toBe(false)
    expect(PRODUCT_CODE_PATTERN.test('a b')).toBe(false)
    expect(PRODUCT_CODE_PATTERN.test('a.b')).toBe(false)
  })
})
