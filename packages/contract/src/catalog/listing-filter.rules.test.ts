import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  compareSizes,
  filterParams,
  isFiltered,
  readFilterParams,
} from './listing-filter.rules.ts'

describe('the listing filter rules (issue 39)', () => {
  it('orders sizes as a shop does: letters, then numbers, then ages, then the rest', () => {
    const sizes = ['ALL SIZE', '30', 'XL', '4Y', 'S', '28', 'XXL', 'M', '10Y', 'XS', '2Y', 'L', '30.5']
    expect([...sizes].sort(compareSizes)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '28',
      '30',
      '30.5',
      '2Y',
      '4Y',
      '10Y',
      'ALL SIZE',
    ])
  })

  it('writes one address per choice, whatever order it was made in', () => {
    const a = filterParams({
      size: ['L', 'M'],
      colour: ['blue', 'black'],
      sort: 'price_asc',
      max_price: 200_000,
    })
    const b = filterParams({
      max_price: 200_000,
      sort: 'price_asc',
      colour: ['black', 'blue'],
      size: ['M', 'L'],
    })
    expect(a).toEqual(b)
    expect(new URLSearchParams(a).toString()).toBe(
      'size=M%2CL&colour=black%2Cblue&max_price=200000&sort=price_asc',
    )
    // The defaults are left out: newest is today's order.
    expect(filterParams({ sort: 'newest', size: [], colour: [] })).toEqual([])
  })

  it('reads an address leniently: what it cannot read is dropped, not an error page', () => {
    const params = new URLSearchParams(
      'size=m,l,%3Cx%3E&colour=Blue,teal&min_price=300000&max_price=100000&on_sale=YES&sort=cheap',
    )
    expect(readFilterParams(params)).toEqual({
      size: ['M', 'L'],
      colour: ['blue'],
      min_price: 300_000,
      on_sale: 'YES',
    })
    expect(readFilterParams(new URLSearchParams('min_price=-5&max_price=abc&sort=discount'))).toEqual({
      sort: 'discount',
    })
    // Round trip.
    const filter = {
      size: ['S', 'XL'],
      colour: ['green' as const],
      min_price: 1,
      max_price: 2,
      sort: 'popular' as const,
    }
    expect(readFilterParams(new URLSearchParams(filterParams(filter)))).toEqual(filter)
  })

  it('counts the chosen filters for the Filter button and knows a filtered address', () => {
    expect(
      activeFilterCount({ size: ['S', 'M'], colour: ['red'], min_price: 5, max_price: 9, on_sale: 'YES' }),
    ).toBe(5)
    expect(activeFilterCount({ sort: 'price_desc' })).toBe(0)
    expect(isFiltered({ sort: 'price_desc' })).toBe(true)
    expect(isFiltered({ sort: 'newest' })).toBe(false)
    expect(isFiltered({})).toBe(false)
  })
})
