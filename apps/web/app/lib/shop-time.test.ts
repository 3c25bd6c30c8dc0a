import { describe, expect, it } from 'vitest'
import { formatWib, shopYear } from './shop-time.ts'

describe('the shop clock (Asia/Jakarta)', () => {
  it('formats an instant in WIB whatever the runtime zone', () => {
    expect(formatWib(Date.parse('2026-09-03T16:59:00Z'))).toBe('03 Sep 2026 23:59 WIB')
    expect(formatWib(Date.parse('2026-06-01T00:00:00Z'))).toBe('01 Jun 2026 07:00 WIB')
  })

  it('turns the year at midnight WIB, seven hours before UTC', () => {
    expect(shopYear(Date.parse('2025-12-31T16:59:59Z'))).toBe(2025)
    expect(shopYear(Date.parse('2025-12-31T17:00:00Z'))).toBe(2026)
  })
})
