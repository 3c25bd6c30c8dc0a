import { describe, expect, it } from 'vitest'
import {
  countdown,
  isResultWord,
  orderDate,
  paymentResult,
  resultMatches,
  resultWord,
  statusTone,
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
    expect(statusTone('Paid')).toContain('green')
    expect(statusTone('Open')).toContain('neutral')
  })
})
