import { describe, expect, it } from 'vitest'
import { crc16ccitt, hasValidCrc, parseEmv, qrisPayload, tlv, withCrc } from './qris.ts'
import { SANDBOX_QRIS_MERCHANT } from './sandbox.ts'
import { midtransAmount, notificationSignature, signatureMatches } from './signature.ts'

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the check value of the catalogue of CRC parameters for "123456789" (0x29B1)', () => {
    expect(crc16ccitt('123456789')).toBe(0x29b1)
  })

  it('gives 0xFFFF (the initial value) for nothing and known values for short inputs', () => {
    expect(crc16ccitt('')).toBe(0xffff)
    // 'A' → 0xB915, computed independently (a bitwise CCITT-FALSE in Python).
    expect(crc16ccitt('A')).toBe(0xb915)
  })
})

describe('QRIS payloads', () => {
  const payload = qrisPayload(SANDBOX_QRIS_MERCHANT, 125_000, 'BSN-261123-ABCD2345')

  it('is an EMVCo MPM string: dynamic, IDR, the amount, the bill number, and tag 63 the CRC of the rest', () => {
    const fields = parseEmv(payload)
    expect(fields.map(([tag]) => tag)).toEqual([
      '00',
      '01',
      '26',
      '51',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '61',
      '62',
      '63',
    ])
    const byTag = new Map(fields)
    expect(byTag.get('00')).toBe('01')
    expect(byTag.get('01')).toBe('12')
    expect(byTag.get('53')).toBe('360')
    expect(byTag.get('54')).toBe('125000')
    expect(byTag.get('58')).toBe('ID')
    expect(byTag.get('59')).toBe('BUSANA')
    expect(new Map(parseEmv(byTag.get('51')!)).get('00')).toBe('ID.CO.QRIS.WWW')
    expect(new Map(parseEmv(byTag.get('62')!)).get('01')).toBe('BSN-261123-ABCD2345')
    expect(byTag.get('63')).toMatch(/^[0-9A-F]{4}$/)
    const crc = crc16ccitt(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0')
    expect(payload.endsWith(`6304${crc}`)).toBe(true)
    expect(hasValidCrc(payload)).toBe(true)
  })

  it('detects a changed amount or a changed CRC', () => {
    expect(hasValidCrc(payload.replace('5406125000', '5406100000'))).toBe(false)
    const last = payload.at(-1) === '0' ? '1' : '0'
    expect(hasValidCrc(payload.slice(0, -1) + last)).toBe(false)
    expect(hasValidCrc('not a payload')).toBe(false)
  })

  it('builds fields with two-digit lengths and refuses what does not fit', () => {
    expect(tlv('54', '125000')).toBe('5406125000')
    expect(withCrc('000201')).toMatch(/^0002016304[0-9A-F]{4}$/)
    expect(() => tlv('5', 'x')).toThrow(RangeError)
    expect(() => tlv('59', 'x'.repeat(100))).toThrow(RangeError)
    expect(() => qrisPayload(SANDBOX_QRIS_MERCHANT, 0, 'BSN')).toThrow(RangeError)
    expect(() => parseEmv('0005ab')).toThrow(/malformed/)
  })
})

describe('notification signatures', () => {
  it("is SHA-512 of order_id + status_code + gross_amount + server key, as Midtrans' docs compute it", () => {
    const signature = notificationSignature('BSN-1', '200', midtransAmount(125_000), 'sandbox-server-key')
    expect(midtransAmount(125_000)).toBe('125000.00')
    expect(signature).toMatch(/^[0-9a-f]{128}$/)
    expect(signature).toBe(
      // sha512('BSN-1200125000.00sandbox-server-key'), computed independently with sha512sum.
      '812d6a28352bba1a9861de97795a76fd64a275551ae4a7b7a099f652aba28a103d87a86368c068e5716b0905823e9f7e733530d84bace3a3fe14b19b740602f6',
    )
    expect(signatureMatches(signature.toUpperCase(), signature)).toBe(true)
    expect(signatureMatches(signature.slice(1), signature)).toBe(false)
  })
})
