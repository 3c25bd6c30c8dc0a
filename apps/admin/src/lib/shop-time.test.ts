import { describe, expect, it } from 'vitest'
import { formatShopTime } from './shop-time.ts'

describe('formatShopTime (issue 30)', () => {
  it("reads an instant on the shop's clock, the zone named", () => {
    expect(formatShopTime('2026-11-26T07:18:00Z', 'en')).toBe('26 Nov 2026, 14:18 WIB')
    // Past 17:00 UTC it is already the next day in Jakarta.
    expect(formatShopTime('2026-12-25T17:05:00Z', 'en')).toBe('26 Dec 2026, 00:05 WIB')
  })

  it('writes the month in Indonesian for Indonesian staff, the time the same way', () => {
    expect(formatShopTime(new Date('2026-12-26T02:05:00Z'), 'id')).toBe('26 Des 2026, 09:05 WIB')
  })
})
