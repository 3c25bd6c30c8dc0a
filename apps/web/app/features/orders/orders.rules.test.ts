import { describe, expect, it } from 'vitest'
import {
  countdown,
  thankNow,
  isResultWord,
  linkedOrderNumbers,
  lookupNumbers,
  missingNumbers,
  orderDate,
  paymentResult,
  resultMatches,
  resultWord,
  statusTone,
  trackingWhen,
} from './orders.rules.ts'

describe('paymentResult', () => {
  it('Paid and the later states give success, Open waiting, Cancel and anything else failed', () => {
    expect(paymentResult('Paid')).toBe('success')
    expect(paymentResult('Delivery')).toBe('success')
    expect(paymentResult('Success')).toBe('success')
    expect(paymentResult('Open')).toBe('waiting')
    expect(paymentResult('Cancel')).toBe('failed')
    expect(paymentResult('Whatever')).toBe('failed')
  })
})

describe('resultWord and resultMatches', () => {
  it('keeps the spelling family of success', () => {
    expect(resultWord('Paid', 'succes')).toBe('succes')
    expect(resultWord('Paid', 'success')).toBe('success')
    expect(resultWord('Open', 'succes')).toBe('waiting')
    expect(resultWord('Cancel', 'succes')).toBe('failed')
  })
  it('accepts either spelling for a paid order and nothing else', () => {
    expect(resultMatches('succes', 'Paid')).toBe(true)
    expect(resultMatches('success', 'Delivery')).toBe(true)
    expect(resultMatches('waiting', 'Paid')).toBe(false)
    expect(resultMatches('waiting', 'Open')).toBe(true)
    expect(resultMatches('failed', 'Open')).toBe(false)
    expect(resultMatches('failed', 'Cancel')).toBe(true)
  })
  it('knows the result words', () => {
    expect(isResultWord('succes')).toBe(true)
    expect(isResultWord('paid')).toBe(false)
    expect(isResultWord(undefined)).toBe(false)
  })
})

describe('countdown', () => {
  it('counts hours, minutes and seconds and stops at zero', () => {
    const now = Date.parse('2026-11-23T12:00:00Z')
    expect(countdown(now + (23 * 3600 + 59 * 60 + 5) * 1000, now)).toBe('23:59:05')
    expect(countdown(now + 999, now)).toBe('00:00:00')
    expect(countdown(now - 5000, now)).toBe('00:00:00')
  })
})

describe('orderDate and statusTone', () => {
  it('reads dates on the shop clock and colours the chips', () => {
    expect(orderDate('2026-11-23T18:00:00Z')).toBe('24 Nov 2026')
    expect(statusTone('Cancel')).toContain('red')
    expect(statusTone('Delivery')).toContain('amber')
    expect(statusTone('Paid')).toContain('sky')
    expect(statusTone('Open')).toContain('neutral')
  })
})

describe('trackingWhen', () => {
  it('reads the instant on the shop clock as DD MMMM YYYY and HH:mm', () => {
    expect(trackingWhen('2026-11-23T17:30:00Z')).toEqual({ date: '24 November 2026', time: '00:30' })
    expect(trackingWhen('2026-08-05T09:05:00+07:00', 'id')).toEqual({
      date: '05 Agustus 2026',
      time: '09:05',
    })
  })
  it('keeps an unreadable value', () => {
    expect(trackingWhen('soon')).toEqual({ date: 'soon', time: '' })
  })
})

describe('lookupNumbers and missingNumbers', () => {
  it('trims, upper-cases, splits commas and drops blanks and repeats', () => {
    expect(lookupNumbers([' bsn-1 ', '', 'BSN-1,bsn-2', '  '], 10)).toEqual(['BSN-1', 'BSN-2'])
    expect(lookupNumbers(['a', 'b', 'c'], 2)).toEqual(['A', 'B'])
  })
  it('names the numbers no order answered for', () => {
    expect(missingNumbers(['BSN-1', 'BSN-2'], [{ sales_order_number: 'bsn-1' }])).toEqual(['BSN-2'])
  })
})

describe('linkedOrderNumbers (issue 28: /tracking?order=)', () => {
  it('reads one or several comma-separated numbers, trimmed and upper-cased, repeats dropped', () => {
    expect(linkedOrderNumbers(['BSN-261123-AAAA1111'], 10)).toEqual(['BSN-261123-AAAA1111'])
    expect(
      linkedOrderNumbers([' bsn-261123-aaaa1111 , BSN-261123-BBBB2222,,bsn-261123-AAAA1111'], 10),
    ).toEqual(['BSN-261123-AAAA1111', 'BSN-261123-BBBB2222'])
    expect(linkedOrderNumbers(['BSN-1', 'BSN-2,BSN-3'], 10)).toEqual(['BSN-1', 'BSN-2', 'BSN-3'])
  })
  it('drops what is not an order number and keeps at most max', () => {
    expect(linkedOrderNumbers(['<script>,BSN 1,-BSN,BSN/1,' + 'A'.repeat(41) + ',BSN-OK'], 10)).toEqual([
      'BSN-OK',
    ])
    const eleven = Array.from({ length: 11 }, (_, i) => `BSN-${i}`).join(',')
    expect(linkedOrderNumbers([eleven], 10)).toHaveLength(10)
    expect(linkedOrderNumbers([eleven], 10)[9]).toBe('BSN-9')
    expect(linkedOrderNumbers([], 10)).toEqual([])
    expect(linkedOrderNumbers([' , '], 10)).toEqual([])
  })
})

describe('thankNow (issue 26 item 10)', () => {
  it('issue 26 item 10: a Paid order not yet thanked in this browser goes to its success page', () => {
    expect(thankNow('Paid', false)).toBe(true)
    expect(thankNow('paid', false)).toBe(true)
  })
  it('issue 26 item 10: a thanked order, an unpaid one and the later stages show their own page', () => {
    expect(thankNow('Paid', true)).toBe(false)
    for (const status of ['Open', 'Cancel', 'Delivery', 'Success'])
      expect(thankNow(status, false)).toBe(false)
  })
})
