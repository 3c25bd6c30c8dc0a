import { describe, expect, it } from 'vitest'
import { BUNDLE_MESSAGES } from '../messages.ts'
import {
  bundleComposition,
  bundleLineKey,
  bundlePieces,
  bundleTotalProblem,
  mergeBundleParts,
} from './cart.rules.ts'

describe('bundle line identity (decision 010)', () => {
  it('merges parts with the same sku, keeping their first order', () => {
    expect(
      mergeBundleParts([
        { sku_product: 'B-M', qty: 1 },
        { sku_product: 'A-L', qty: 2 },
        { sku_product: 'B-M', qty: 1 },
      ]),
    ).toEqual([
      { sku_product: 'B-M', qty: 2 },
      { sku_product: 'A-L', qty: 2 },
    ])
  })

  it('gives the same composition for the same parts in any order or split', () => {
    const one = bundleComposition([
      { sku_product: 'PRP-1002-L', qty: 2 },
      { sku_product: 'PRP-1001-M', qty: 1 },
    ])
    const other = bundleComposition([
      { sku_product: 'PRP-1001-M', qty: 1 },
      { sku_product: 'PRP-1002-L', qty: 1 },
      { sku_product: 'PRP-1002-L', qty: 1 },
    ])
    expect(one).toBe('PRP-1001-M:1,PRP-1002-L:2')
    expect(other).toBe(one)
  })

  it('tells different quantities apart', () => {
    expect(bundleComposition([{ sku_product: 'A', qty: 1 }])).not.toBe(
      bundleComposition([{ sku_product: 'A', qty: 2 }]),
    )
  })

  it('keys a bundle line by its own sku and its composition, as the bag stores it', () => {
    expect(
      bundleLineKey('PRP-B01-SET', [
        { sku_product: 'PRP-1002-L', qty: 2 },
        { sku_product: 'PRP-1001-M', qty: 1 },
      ]),
    ).toBe('PRP-B01-SET|PRP-1001-M:1,PRP-1002-L:2')
  })

  it('sorts by code unit, not by locale (the keys already stored depend on it)', () => {
    expect(
      bundleComposition([
        { sku_product: 'a', qty: 1 },
        { sku_product: 'B', qty: 1 },
      ]),
    ).toBe('B:1,a:1')
  })
})

describe('the exact-total rule (docs/product/shopping.md §5 and 8)', () => {
  it('counts the pieces of a value', () => {
    expect(bundlePieces([])).toBe(0)
    expect(bundlePieces([{ qty: 1 }, { qty: 2 }])).toBe(3)
  })

  it('passes only a total equal to max_bundling', () => {
    expect(bundleTotalProblem(2, 3)).toBe('under')
    expect(bundleTotalProblem(0, 3)).toBe('under')
    expect(bundleTotalProblem(3, 3)).toBeNull()
    expect(bundleTotalProblem(4, 3)).toBe('over')
  })

  it('names the message to show for each problem', () => {
    expect(BUNDLE_MESSAGES.under(3).id).toBe('Pembelian belum mencapai 3 pcs')
    expect(BUNDLE_MESSAGES.over(3).id).toBe('Pembelian maksimal produk bundling ini adalah 3 pcs')
    expect(BUNDLE_MESSAGES.sizeAtCap(3).id).toBe(
      'Anda telah mencapai batas pembelian maksimal produk bundling ini (3 pcs)',
    )
  })
})
