import { describe, expect, it } from 'vitest'
import { cap, makeBundle, tee } from './bundle.fixtures'
import {
  addBlock,
  addSlot,
  bundleOptionLists,
  bundleTotal,
  bundlingPayload,
  canAddSlot,
  chooseProduct,
  extraSlotOptions,
  increaseBlock,
  initialSlots,
  isVariantPickable,
  minusAction,
  pickedQty,
  qtyLocked,
  removeSlot,
  setVariant,
  singleVariant,
  sizePickBlock,
  slotLimit,
  stockCheckFor,
  type BundleSlot,
} from './bundle.rules'

const S = tee.variant[0]!
const M = tee.variant[1]!

/** Slots of `product` where slot i holds qtys[i] of the tee in size S (0: empty). */
function filled(qtys: number[], product = makeBundle()): BundleSlot[] {
  let slots = initialSlots(product)
  qtys.forEach((qty, i) => {
    const id = slots[i]!.id
    slots = chooseProduct(slots, id, tee)
    if (qty > 0) slots = setVariant(slots, id, S, qty)
  })
  return slots
}

describe('slots', () => {
  it('starts with one empty slot (qty 0) per non-empty bundling option', () => {
    const slots = initialSlots(makeBundle())
    expect(slots).toHaveLength(3)
    expect(slots.map((s) => s.qty)).toEqual([0, 0, 0])
    expect(slots.every((s) => s.product_code === null && s.variant === null)).toBe(true)
    expect(slots[1]!.options.map((o) => o.product_code)).toEqual(['TEE-1', 'CAP-1'])
  })

  it('skips empty options and never makes more than five slots', () => {
    const many = makeBundle({
      bundling_option_1: [tee],
      bundling_option_2: [],
      bundling_option_3: [cap],
      bundling_option_4: [tee],
      bundling_option_5: [cap],
    })
    expect(bundleOptionLists(many)).toHaveLength(4)
    expect(initialSlots(many)).toHaveLength(4)
  })

  it('offers every product of every option once in an added slot', () => {
    expect(extraSlotOptions(makeBundle()).map((o) => o.product_code)).toEqual([
      'TEE-1',
      'TEE-2',
      'TEE-9',
      'TEE-8',
      'CAP-1',
    ])
  })

  it('choosing a product starts the slot over with its sizes, no size and qty 0', () => {
    const slots = chooseProduct(filled([2]), 1, cap)
    expect(slots[0]).toMatchObject({ product_code: 'CAP-1', variant: null, qty: 0 })
    expect(slots[0]!.variantList).toEqual(cap.variant)
  })

  it('adds slots with fresh ids and removes by id', () => {
    const slots = addSlot(removeSlot(initialSlots(makeBundle()), 2), [tee])
    expect(slots.map((s) => s.id)).toEqual([1, 3, 4])
  })

  it('names the single variant of a one-size product only', () => {
    expect(singleVariant(cap)?.ukuran).toBe('ALL SIZE')
    expect(singleVariant(tee)).toBeNull()
  })
})

describe('choosers and sizes', () => {
  it('lets only available sizes be clicked', () => {
    expect(isVariantPickable({ status_variant: 'available' })).toBe(true)
    expect(isVariantPickable({ status_variant: 'sold' })).toBe(false)
  })
})

describe('quantities', () => {
  it('a size pick sets qty to limit_qty_bundling, or 1', () => {
    expect(pickedQty(makeBundle())).toBe(1)
    expect(pickedQty(makeBundle({ limit_qty_bundling: 2 }))).toBe(2)
  })

  it('locks plus and minus when limit_qty_bundling is set', () => {
    expect(qtyLocked(makeBundle())).toBe(false)
    expect(qtyLocked(makeBundle({ limit_qty_bundling: 1 }))).toBe(true)
  })

  it('allows a size pick only while the total is below max_bundling', () => {
    expect(sizePickBlock(makeBundle(), filled([1, 1]))).toBeNull()
    expect(sizePickBlock(makeBundle(), filled([1, 1, 1]))).toBe(
      'Anda telah mencapai batas pembelian maksimal produk bundling ini (3 pcs)',
    )
  })

  it('allows plus only while the total is below max_bundling', () => {
    expect(increaseBlock(makeBundle(), filled([2]))).toBeNull()
    expect(increaseBlock(makeBundle(), filled([2, 1]))).toBe(
      'Pembelian maksimal produk bundling ini adalah 3 pcs',
    )
  })

  it('minus decreases above 1, removes at 1 when other slots exist, else does nothing', () => {
    const slots = filled([2, 1, 0])
    expect(minusAction(slots, slots[0]!)).toBe('decrease')
    expect(minusAction(slots, slots[1]!)).toBe('remove')
    expect(minusAction(slots, slots[2]!)).toBeNull()
    const alone = filled([1], makeBundle({ bundling_option_2: [], bundling_option_3: [] }))
    expect(minusAction(alone, alone[0]!)).toBeNull()
  })

  it('sums the slots', () => {
    expect(bundleTotal(filled([2, 0, 1]))).toBe(3)
  })
})

describe('add products', () => {
  it('is enabled below the slot limit and the total', () => {
    const product = makeBundle({ max_bundling: 4 })
    expect(canAddSlot(product, filled([1, 1], product))).toBe(true)
  })

  it('is disabled at max_bundling slots, at the total, or for a sold or coming-soon bundle', () => {
    expect(canAddSlot(makeBundle(), initialSlots(makeBundle()))).toBe(false) // 3 slots of 3
    const four = makeBundle({ max_bundling: 4 })
    expect(canAddSlot(four, filled([2, 2], four))).toBe(false) // total 4 of 4
    expect(canAddSlot(makeBundle({ max_bundling: 4, status: 'sold' }), filled([1]))).toBe(false)
    expect(canAddSlot(makeBundle({ max_bundling: 4, product_lable: 'COMING-SOON' }), filled([1]))).toBe(false)
  })

  it('never allows more than five slots', () => {
    const big = makeBundle({ max_bundling: 12 })
    expect(slotLimit(big)).toBe(5)
    let slots = initialSlots(big)
    slots = addSlot(addSlot(slots, [tee]), [tee])
    expect(slots).toHaveLength(5)
    expect(canAddSlot(big, slots)).toBe(false)
  })
})

describe('stock check payload', () => {
  it('a new size: old_qty 0 and what the slots hold of that sku', () => {
    const slots = filled([1, 0])
    expect(stockCheckFor(slots, 2, S.sku_product, 1)).toEqual({
      sku_product: S.sku_product,
      qty: 1,
      old_qty: 0,
      total_cart_qty: 1,
    })
  })

  it('plus: old_qty is the slot quantity, total_cart_qty includes it', () => {
    const slots = filled([2, 1])
    expect(stockCheckFor(slots, 1, S.sku_product, 3)).toEqual({
      sku_product: S.sku_product,
      qty: 3,
      old_qty: 2,
      total_cart_qty: 3,
    })
    expect(stockCheckFor(slots, 1, M.sku_product, 1).total_cart_qty).toBe(0)
  })
})

describe('add to bag', () => {
  it('passes only an exact match with max_bundling', () => {
    expect(addBlock(makeBundle(), filled([1, 1]))).toBe('Pembelian belum mencapai 3 pcs')
    expect(addBlock(makeBundle(), filled([2, 2]))).toBe('Pembelian maksimal produk bundling ini adalah 3 pcs')
    expect(addBlock(makeBundle(), filled([2, 1]))).toBeNull()
  })

  it('sends only slots with a size and qty above 0', () => {
    let slots = filled([2, 0, 1])
    slots = chooseProduct(slots, 2, cap) // chosen, no size yet
    expect(bundlingPayload(slots)).toEqual([
      { sku_product: 'TEE-1-S', qty: 2 },
      { sku_product: 'TEE-1-S', qty: 1 },
    ])
  })
})
