import { describe, expect, it } from 'vitest'
import { forceablePublish, missingForPublishing, publishRefusal } from './publish.rules.ts'

describe('missingForPublishing', () => {
  it('is empty for a product with a size, a picture and stock', () => {
    expect(missingForPublishing({ sizes: 2, pictures: 1, onHand: 3 })).toEqual([])
  })

  it('names each missing thing, in a fixed order', () => {
    expect(missingForPublishing({ sizes: 1, pictures: 0, onHand: 5 })).toEqual(['picture'])
    expect(missingForPublishing({ sizes: 1, pictures: 2, onHand: 0 })).toEqual(['stock'])
    expect(missingForPublishing({ sizes: 0, pictures: 0, onHand: 0 })).toEqual(['size', 'picture', 'stock'])
  })
})

describe('forceablePublish', () => {
  it('allows forcing past a missing picture or stock, never past a missing size', () => {
    expect(forceablePublish(['picture', 'stock'])).toBe(true)
    expect(forceablePublish(['size'])).toBe(false)
  })
})

describe('publishRefusal', () => {
  it('says what is missing in both languages', () => {
    expect(publishRefusal(['stock'])).toEqual({
      en: 'This product has no stock in any warehouse',
      id: 'Produk ini belum punya stok di gudang mana pun',
    })
    expect(publishRefusal(['picture', 'stock']).en).toBe(
      'This product has no picture and no stock in any warehouse',
    )
    expect(publishRefusal(['size', 'picture', 'stock'])).toEqual({
      en: 'This product has no size, no picture and no stock in any warehouse: add a size before publishing',
      id:
        'Produk ini belum punya ukuran, belum punya gambar, dan belum punya stok di gudang mana pun: ' +
        'tambahkan ukuran sebelum menerbitkan',
    })
  })
})
