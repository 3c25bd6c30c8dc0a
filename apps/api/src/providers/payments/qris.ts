/**
 * QRIS payloads (Bank Indonesia's QR standard, EMVCo Merchant-Presented Mode): a string of
 * tag-length-value fields ending with tag 63, the CRC-16/CCITT-FALSE of everything before it
 * including '6304', as four upper-case hex digits.
 */

/**
 * CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR (the
 * check value of '123456789' is 0x29B1). Over the string's bytes (QRIS payloads are ASCII).
 */
export function crc16ccitt(text: string): number {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc
}

/** One TLV field: two-digit tag, two-digit length, value (at most 99 characters). */
export function tlv(tag: string, value: string): string {
  if (!/^\d{2}$/.test(tag)) throw new RangeError(`EMV tag must be two digits: ${tag}`)
  if (value.length === 0 || value.length > 99)
    throw new RangeError(`EMV field ${tag} must be 1-99 characters`)
  return `${tag}${String(value.length).padStart(2, '0')}${value}`
}

/** Appends tag 63 with the CRC of the payload and '6304'. */
export function withCrc(payload: string): string {
  const body = `${payload}6304`
  return `${body}${crc16ccitt(body).toString(16).toUpperCase().padStart(4, '0')}`
}

/** The top-level fields of an EMV payload, in order; throws when a length runs past the end. */
export function parseEmv(payload: string): Array<[tag: string, value: string]> {
  const fields: Array<[string, string]> = []
  let at = 0
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2)
    const length = Number(payload.slice(at + 2, at + 4))
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length) || at + 4 + length > payload.length) {
      throw new Error(`malformed EMV field at ${at}`)
    }
    fields.push([tag, payload.slice(at + 4, at + 4 + length)])
    at += 4 + length
  }
  return fields
}

/** Whether a payload's tag 63 is the CRC of what precedes it. */
export function hasValidCrc(payload: string): boolean {
  const at = payload.length - 8
  if (at < 0 || payload.slice(at, at + 4) !== '6304') return false
  const body = payload.slice(0, at + 4)
  return crc16ccitt(body).toString(16).toUpperCase().padStart(4, '0') === payload.slice(at + 4)
}

export interface QrisMerchant {
  /** The acquirer's reverse domain (tag 26 sub-tag 00), e.g. ID.CO.BUSANA.WWW in the sandbox. */
  globalId: string
  /** The merchant's PAN (tag 26 sub-tag 01) and id (sub-tag 02). */
  pan: string
  merchantId: string
  /** The national merchant id (tag 51 sub-tag 02, NMID). */
  nmid: string
  /** Merchant category code: 5651 family clothing stores. */
  mcc: string
  name: string
  city: string
  postalCode: string
}

/**
 * A dynamic QRIS payload for one bill: point of initiation 12 (dynamic, one payment), IDR (360),
 * the amount, Indonesia, the merchant, the bill number (tag 62 sub-tag 01) and the CRC.
 */
export function qrisPayload(merchant: QrisMerchant, amount: number, billNumber: string): string {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError('QRIS amount must be a positive whole rupiah')
  const fields = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv(
      '26',
      tlv('00', merchant.globalId) +
        tlv('01', merchant.pan) +
        tlv('02', merchant.merchantId) +
        tlv('03', 'UME'),
    ),
    tlv('51', tlv('00', 'ID.CO.QRIS.WWW') + tlv('02', merchant.nmid) + tlv('03', 'UME')),
    tlv('52', merchant.mcc),
    tlv('53', '360'),
    tlv('54', String(amount)),
    tlv('58', 'ID'),
    tlv('59', merchant.name.slice(0, 25)),
    tlv('60', merchant.city.slice(0, 15)),
    tlv('61', merchant.postalCode),
    tlv('62', tlv('01', billNumber.slice(0, 25))),
  ]
  return withCrc(fields.join(''))
}
