import { describe, expect, it } from 'vitest'
import { wibInstant, wibLocal } from './vouchers.api.ts'

// The shop's clock is WIB (UTC+7) whatever the browser's zone: the form shows and sends its wall clock.
describe('voucher window conversions', () => {
  it('shows an instant as the WIB wall clock for <input type="datetime-local">', () => {
    expect(wibLocal('2026-12-01T13:00:00.000Z')).toBe('2026-12-01T20:00')
    expect(wibLocal('2026-12-01T20:00:00+07:00')).toBe('2026-12-01T20:00')
    // Past midnight in Jakarta is still the day before in UTC.
    expect(wibLocal('2026-12-31T17:30:00Z')).toBe('2027-01-01T00:30')
  })

  it('shows no window end as an empty field', () => {
    expect(wibLocal(null)).toBe('')
  })

  it('sends the typed wall clock as an instant at +07:00, or null when empty', () => {
    expect(wibInstant('2026-12-01T20:00')).toBe('2026-12-01T20:00:00+07:00')
    expect(wibInstant('2026-12-01T20:00:45')).toBe('2026-12-01T20:00:00+07:00')
    expect(wibInstant('')).toBeNull()
  })

  it('round-trips: what is shown is what is sent back', () => {
    const at = '2027-03-15T02:05:00.000Z'
    expect(Date.parse(wibInstant(wibLocal(at))!)).toBe(Date.parse(at))
  })
})
