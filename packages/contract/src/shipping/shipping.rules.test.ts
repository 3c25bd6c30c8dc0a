import { describe, expect, it } from 'vitest'
import { etdLabel, parcelGrams, shippingFare, startedKilograms } from './shipping.rules.ts'

describe('startedKilograms', () => {
  it.each([
    [0, 1],
    [1, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [2000, 2],
    [2001, 3],
    [12_345, 13],
  ])('%i g is %i started kg', (grams, kg) => {
    expect(startedKilograms(grams)).toBe(kg)
  })

  it('refuses a negative or non-finite weight', () => {
    expect(() => startedKilograms(-1)).toThrow(RangeError)
    expect(() => startedKilograms(Number.NaN)).toThrow(RangeError)
  })
})

describe('parcelGrams and shippingFare', () => {
  it('sums weight × qty and prices each started kilogram', () => {
    const grams = parcelGrams([
      { weightGrams: 700, qty: 1 },
      { weightGrams: 250, qty: 2 },
    ])
    expect(grams).toBe(1200)
    expect(shippingFare(10_000, grams)).toBe(20_000)
    expect(shippingFare(10_000, 1000)).toBe(10_000)
    expect(shippingFare(9_000, 0)).toBe(9_000)
  })
})

describe('etdLabel', () => {
  it('prints one day or a range', () => {
    expect(etdLabel(1, 1)).toBe('1')
    expect(etdLabel(2, 3)).toBe('2-3')
  })
})
