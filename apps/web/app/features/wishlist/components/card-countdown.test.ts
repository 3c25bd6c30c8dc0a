import { describe, expect, it } from 'vitest'
import { remainingText } from './card-countdown'

describe("a wishlist card's time left", () => {
  it('reads days, hours, minutes and seconds, the seconds rounded up', () => {
    expect(remainingText((26 * 3600 + 3 * 60 + 4) * 1000 - 300)).toBe('1d 02:03:04')
    expect(remainingText(59_001)).toBe('00:01:00')
  })

  it('leaves the seconds out, minutes rounded up, when the shopper asked for less motion (issue 29)', () => {
    expect(remainingText((26 * 3600 + 3 * 60 + 4) * 1000, false)).toBe('1d 02:04')
    expect(remainingText(60_000, false)).toBe('00:01')
    expect(remainingText(0, false)).toBe('00:00')
  })
})
