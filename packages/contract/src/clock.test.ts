import { describe, expect, it } from 'vitest'
import {
  formatWib,
  SHOP_UTC_OFFSET_MS,
  shopClock,
  shopInstant,
  shopIsoString,
  shopMidnight,
  shopYear,
} from './clock.ts'

describe("the shop's UTC+7 clock (docs/product/shopping.md §2 and 9)", () => {
  it('is seven hours ahead of UTC', () => {
    expect(SHOP_UTC_OFFSET_MS).toBe(7 * 3_600_000)
  })

  it('reads the wall clock of Jakarta from the UTC fields', () => {
    const d = shopClock(Date.parse('2025-12-31T17:30:00Z'))
    expect([d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]).toEqual(
      [2026, 0, 1, 0, 30],
    )
    expect(shopClock(new Date('2025-12-31T17:30:00Z')).getTime()).toBe(d.getTime())
  })

  it("turns the year at midnight in Jakarta, not in the runtime's zone", () => {
    expect(shopYear(Date.parse('2025-12-31T16:59:59Z'))).toBe(2025)
    expect(shopYear(Date.parse('2025-12-31T17:00:00Z'))).toBe(2026)
  })

  it('writes an instant as ISO 8601 with the +07:00 offset, to the second', () => {
    expect(shopIsoString(new Date('2025-01-31T16:59:00.123Z'))).toBe('2025-01-31T23:59:00+07:00')
    expect(shopIsoString('2025-01-31T23:59:00+07:00')).toBe('2025-01-31T23:59:00+07:00')
    expect(shopIsoString(null)).toBeNull()
    expect(shopIsoString('not a date')).toBeNull()
  })

  it('finds midnight in Jakarta of the day an instant falls on', () => {
    expect(new Date(shopMidnight(Date.parse('2025-06-02T03:00:00Z'))).toISOString()).toBe(
      '2025-06-01T17:00:00.000Z',
    )
    // 23:30 in Jakarta is still that day; 00:30 is the next.
    expect(shopMidnight(Date.parse('2025-06-02T16:30:00Z'))).toBe(Date.parse('2025-06-01T17:00:00Z'))
    expect(shopMidnight(Date.parse('2025-06-02T17:30:00Z'))).toBe(Date.parse('2025-06-02T17:00:00Z'))
  })

  it('formats an instant in WIB with Intl, whatever the runtime zone', () => {
    expect(formatWib(Date.parse('2026-09-03T16:59:00Z'))).toBe('03 Sep 2026 23:59 WIB')
    expect(formatWib(new Date('2026-06-01T00:00:00Z'))).toBe('01 Jun 2026 07:00 WIB')
  })
})

describe('shopInstant: a WIB wall-clock time as an instant', () => {
  it("reads the campaign's end, 25 August 2024 23:59 WIB", () => {
    expect(new Date(shopInstant('2024-08-25', '23:59:59')).toISOString()).toBe('2024-08-25T16:59:59.000Z')
    expect(shopInstant('2024-08-25', '23:59')).toBe(shopInstant('2024-08-25', '23:59:00'))
  })

  it('is midnight WIB without a time', () => {
    expect(shopInstant('2025-01-01')).toBe(Date.parse('2024-12-31T17:00:00Z'))
    expect(shopInstant('2025-01-01')).toBe(shopMidnight(Date.parse('2025-01-01T03:00:00+07:00')))
  })

  it('refuses what is not a date', () => {
    expect(() => shopInstant('25/08/2024')).toThrow(RangeError)
    expect(() => shopInstant('2024-13-45')).toThrow(RangeError)
    expect(() => shopInstant('2024-08-25', '7pm')).toThrow(RangeError)
  })
})
