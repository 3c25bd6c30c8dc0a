import { describe, expect, it } from 'vitest'
import { groupFixture } from './catalog.fixtures.ts'
import { listingHasMore, mergeGroups, reloadWindows } from './listing.rules.ts'

describe('listing rules', () => {
  it('merges consecutive groups with the same name, keeping the first banners', () => {
    const merged = mergeGroups([
      groupFixture(0, 2, { name: 'A', img1: 'a1' }),
      groupFixture(2, 2, { name: 'A', img1: 'a2', img2: 'a3' }),
      groupFixture(4, 1, { name: 'B' }),
      groupFixture(5, 1, { name: 'A' }),
    ])
    expect(merged.map((g) => [g.name, g.item.length, g.img1, g.img2])).toEqual([
      ['A', 4, 'a1', 'a3'],
      ['B', 1, '', ''],
      ['A', 1, '', ''],
    ])
  })
  it('has more only after a full page in a non-empty group list', () => {
    expect(listingHasMore([groupFixture(0, 6), groupFixture(6, 4)])).toBe(true)
    expect(listingHasMore([groupFixture(0, 9)])).toBe(false)
    expect(listingHasMore([])).toBe(false)
  })
  it('judges a reload against what it asked for', () => {
    expect(listingHasMore([groupFixture(0, 20)], 20)).toBe(true)
    expect(listingHasMore([groupFixture(0, 15)], 20)).toBe(false)
    expect(listingHasMore([], 20)).toBe(false)
  })
  it('reloads as many as are shown from offset 0, at least a page, in windows of at most 50', () => {
    expect(reloadWindows(0)).toEqual([{ offset: 0, limit: 10 }])
    expect(reloadWindows(4)).toEqual([{ offset: 0, limit: 10 }])
    expect(reloadWindows(20)).toEqual([{ offset: 0, limit: 20 }])
    expect(reloadWindows(50)).toEqual([{ offset: 0, limit: 50 }])
    expect(reloadWindows(120)).toEqual([
      { offset: 0, limit: 50 },
      { offset: 50, limit: 50 },
      { offset: 100, limit: 20 },
    ])
  })
})
