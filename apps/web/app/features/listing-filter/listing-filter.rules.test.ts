import { describe, expect, it } from 'vitest'
import { facetsFixture } from '~/features/catalog/catalog.fixtures.ts'
import {
  addedChipKey,
  chipKey,
  clearedFilter,
  filterChips,
  filterIdentity,
  filterOfSearch,
  filterSearch,
  lastChip,
  withoutChip,
  withSort,
} from './listing-filter.rules.ts'
import {
  choiceEnabled,
  colourChoices,
  isPresetChosen,
  parseRupiah,
  PRICE_PRESETS,
  sizeChoices,
  toggleColour,
  toggleSize,
  withOnSale,
  withPrice,
} from './overlay.rules.ts'

const facets = facetsFixture()

describe('the address carries the filter', () => {
  it('writes one address per choice, keeping the page’s own parameters first', () => {
    const search = filterSearch('?query=kemeja&lng=id&size=XL', {
      size: ['L', 'M'],
      colour: ['blue', 'black'],
      min_price: 100_000,
      on_sale: 'YES',
      sort: 'price_asc',
    })
    expect(search).toBe(
      '?query=kemeja&lng=id&size=M%2CL&colour=black%2Cblue&min_price=100000&on_sale=YES&sort=price_asc',
    )
    // And reads back to the same filter.
    expect(filterOfSearch(search)).toEqual({
      size: ['M', 'L'],
      colour: ['black', 'blue'],
      min_price: 100_000,
      on_sale: 'YES',
      sort: 'price_asc',
    })
  })

  it('drops the parameters when the filter is cleared, and the question mark when nothing is left', () => {
    expect(filterSearch('?size=M&sort=price_desc', {})).toBe('')
    expect(filterSearch('?lng=en&size=M', clearedFilter({ size: ['M'], sort: 'discount' }))).toBe(
      '?lng=en&sort=discount',
    )
  })

  it('gives the same identity to the same choices in any order', () => {
    expect(filterIdentity({ size: ['L', 'M'] })).toBe(filterIdentity({ size: ['M', 'L'] }))
    expect(filterIdentity({ sort: 'newest' })).toBe(filterIdentity({}))
  })
})

describe('editing a filter', () => {
  it('toggles sizes and colours, removing the key when the last goes', () => {
    const one = toggleSize({}, 'M')
    expect(one).toEqual({ size: ['M'] })
    expect(toggleSize(one, 'M')).toEqual({})
    const colours = toggleColour(toggleColour({}, 'black'), 'red')
    expect(colours.colour).toEqual(['black', 'red'])
    expect(toggleColour(colours, 'black').colour).toEqual(['red'])
  })

  it('sets and clears price, on sale and sort', () => {
    expect(withPrice({}, 100_000, undefined)).toEqual({ min_price: 100_000 })
    expect(withPrice({ min_price: 1, max_price: 2 }, undefined, undefined)).toEqual({})
    expect(withOnSale({}, true)).toEqual({ on_sale: 'YES' })
    expect(withOnSale({ on_sale: 'YES' }, false)).toEqual({})
    expect(withSort({ size: ['M'] }, 'price_asc')).toEqual({ size: ['M'], sort: 'price_asc' })
    expect(withSort({ sort: 'price_asc' }, 'newest')).toEqual({})
  })

  it('knows a preset by its exact range', () => {
    const under = PRICE_PRESETS[0]!
    expect(isPresetChosen(withPrice({}, under.min, under.max), under)).toBe(true)
    expect(isPresetChosen(withPrice({}, 1, under.max), under)).toBe(false)
  })

  it('reads a rupiah field’s digits, whatever the grouping', () => {
    expect(parseRupiah('100.000')).toBe(100_000)
    expect(parseRupiah('Rp 250,000')).toBe(250_000)
    expect(parseRupiah('')).toBeUndefined()
    expect(parseRupiah('abc')).toBeUndefined()
    expect(parseRupiah('99999999999999')).toBe(1_000_000_000)
  })
})

describe('chips', () => {
  const filter = filterOfSearch('?size=L,M&colour=red&max_price=100000&on_sale=YES&sort=price_asc')

  it('lists sizes in size order, colours, the price, on sale; never the sort', () => {
    expect(filterChips(filter).map(chipKey)).toEqual(['size:M', 'size:L', 'colour:red', 'price', 'on_sale'])
  })

  it('removes one chip and keeps the rest and the sort', () => {
    expect(withoutChip(filter, { kind: 'size', value: 'M' })).toEqual({
      size: ['L'],
      colour: ['red'],
      max_price: 100_000,
      on_sale: 'YES',
      sort: 'price_asc',
    })
    const noPrice = withoutChip(filter, { kind: 'price' })
    expect(noPrice.max_price).toBeUndefined()
    expect(withoutChip({ colour: ['red'] }, { kind: 'colour', value: 'red' })).toEqual({})
  })

  it('offers to take back the filter added last, or the last one of a shared link', () => {
    const before = { size: ['M'] }
    const after = { size: ['M'], on_sale: 'YES' as const }
    expect(addedChipKey(before, after)).toBe('on_sale')
    expect(addedChipKey(after, before)).toBeNull()
    expect(addedChipKey({ min_price: 1 }, { min_price: 2 })).toBe('price')
    expect(lastChip(filter, 'size:M')).toEqual({ kind: 'size', value: 'M' })
    expect(lastChip(filter, null)).toEqual({ kind: 'on_sale' })
    expect(lastChip(filter, 'size:XXL')).toEqual({ kind: 'on_sale' })
    expect(lastChip({}, null)).toBeUndefined()
  })
})

describe('choices and their counts', () => {
  it('disables a choice that would show nothing unless it is chosen', () => {
    expect(choiceEnabled(0, false)).toBe(false)
    expect(choiceEnabled(0, true)).toBe(true)
    expect(choiceEnabled(3, false)).toBe(true)
  })

  it('offers the facet’s sizes in their order, plus a chosen size it no longer lists', () => {
    expect(sizeChoices(facets, { size: ['XL'] })).toEqual([...facets.size, { value: 'XL', count: 0 }])
    expect(sizeChoices(facets, { size: ['M'] })).toEqual(facets.size)
  })

  it('offers the facet’s colours in the fixed order, plus a chosen one it does not list', () => {
    expect(colourChoices(facets, { colour: ['red'] })).toEqual([
      { value: 'black', count: 5 },
      { value: 'red', count: 0 },
      { value: 'blue', count: 3 },
    ])
  })
})
