/**
 * Indonesian mobile numbers: the one home of what a client may send and the one form the API stores
 * and answers (docs/product/account.md §5, issue 25). The contract's PhoneSchema, the API through it, and the
 * storefront's +62 fields (address form, guest checkout, registration, guest login) all use these.
 *
 * | sent or typed           | stored         |
 * |-------------------------|----------------|
 * | `081234567890`          | `081234567890` |
 * | `81234567890`           | `081234567890` |
 * | `6281234567890`         | `081234567890` |
 * | `+62 812-3456-7890`     | `081234567890` |
 * | `0211234567`, `0081…`   | refused        |
 *
 * A +62 field is more forgiving than the API: it drops every leading zero of what was typed after
 * the label (docs/product/account.md §5), so `0081234567890` typed there is sent as `081234567890`.
 */

/** Digits of a mobile number after its leading 0 (or after the +62 label): 8 then 8 to 11 more. */
export const PHONE_MIN_DIGITS = 9
export const PHONE_MAX_DIGITS = 12
/**
 * Indonesian mobile number as the API stores and answers it, the member's and an address
 * recipient's: 08, a non-zero digit, then 7 to 10 digits (10 to 13 in all; docs/product/account.md §5 sends
 * it with a leading 0). Landlines (021…) and padded numbers (00000812…) are not mobile numbers.
 */
export const PHONE_PATTERN = /^08[1-9]\d{7,10}$/

/**
 * The stored form of a phone a client sent (issue 11): `8…` (the product's address form strips the 0),
 * `08…`, `628…` and `+628…` all become `08…`; spaces, dashes, dots and brackets are dropped.
 * Anything else is returned as it came (without separators), for PHONE_PATTERN to refuse.
 */
export function normalisePhone(sent: string): string {
  const compact = sent.trim().replace(/[\s().-]/g, '')
  if (/^\+?628/.test(compact)) return `0${compact.replace(/^\+?62/, '')}`
  if (compact.startsWith('8')) return `0${compact}`
  return compact
}

/**
 * What goes after the +62 label: of what the shopper typed or pasted in a +62 field, or of a stored
 * phone, the digits without a country code (`+62 812…`, `62812…`) or leading zeros (docs/product/account.md
 * section 5: the label stands in for them; section 2: a stored phone is shown without its 0).
 * '' when there is none.
 */
export function phoneAfterPrefix(value: string | null | undefined): string {
  if (!value) return ''
  return value
    .replace(/\D/g, '')
    .replace(/^62(?=0*8)/, '')
    .replace(/^0+/, '')
}

/**
 * A +62 field's number as the API wants it: what goes after the label in its stored form, so
 * `812…`, `0812…`, `62812…` and `+62 812-…` all send `0812…` (docs/product/account.md §5).
 */
export const phoneForApi = (typed: string) => normalisePhone(phoneAfterPrefix(typed))

/** True when a +62 field holds a mobile number the API accepts once sent (phoneForApi). */
export const isPhoneAfterPrefix = (typed: string) => PHONE_PATTERN.test(phoneForApi(typed))

/**
 * The number of a wa.me link (country code 62, digits only) from a stored or typed Indonesian
 * number, mobile or fixed: `0812…`, `812…`, `62812…` and `+62 812-…` all give `62812…`; null when
 * it has fewer than 8 digits, too short to be a number.
 */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 8) return null
  return `62${digits.replace(/^(62|0+)/, '')}`
}
