/**
 * Pure account rules shared by the API and the storefront (spec 001 sections 5 and 9).
 */

/** Minimum password length (spec 001 section 9). */
export const PASSWORD_MIN_LENGTH = 8
/** Registration codes have 4 digits, guest-login codes 6 (spec 001 section 9). */
export const REGISTER_OTP_DIGITS = 4
export const GUEST_OTP_DIGITS = 6
/** Guest codes live 5 minutes: the storefront's countdown (spec 001 section 2). */
export const GUEST_OTP_TTL_SECONDS = 300
/** Delivery methods of one-time codes. */
export const OTP_CHANNELS = ['SMS', 'WHATSAPP'] as const
export type OtpChannel = (typeof OTP_CHANNELS)[number]

/** The occupations of the profile (spec 001 section 3). */
export const OCCUPATIONS = ['KARYAWAN', 'PELAJAR', 'WIRAUSAHA'] as const
export type Occupation = (typeof OCCUPATIONS)[number]
/**
 * The profile form's '-' occupation: none. PATCH sends it as the spec's array of one (['-']); the
 * API stores no occupation and answers ['-'] again, so the form shows '-' after a reload.
 */
export const NO_OCCUPATION = '-'

/** One line of the password checklist the storefront shows green or red as the shopper types. */
export interface PasswordCheck {
  rule: 'length' | 'digit' | 'uppercase' | 'lowercase'
  label: string
  met: boolean
}

/** Evaluates each password rule (spec 001 section 5: ≥8 characters, a digit, an uppercase, a lowercase). */
export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { rule: 'length', label: 'At least 8 characters', met: password.length >= PASSWORD_MIN_LENGTH },
    { rule: 'digit', label: 'One number', met: /\d/.test(password) },
    { rule: 'uppercase', label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { rule: 'lowercase', label: 'One lowercase letter', met: /[a-z]/.test(password) },
  ]
}

/** True when the password meets every rule of spec 001 section 5. */
export const isPasswordValid = (password: string) => passwordChecks(password).every((check) => check.met)

/** Digits of a mobile number after its leading 0 (or after the +62 label): 8 then 8 to 11 more. */
export const PHONE_MIN_DIGITS = 9
export const PHONE_MAX_DIGITS = 12
/**
 * Indonesian mobile number as the API stores and answers it, the member's and an address
 * recipient's: 08, a non-zero digit, then 7 to 10 digits (10 to 13 in all; spec 001 section 5 sends
 * it with a leading 0). Landlines (021…) and padded numbers (00000812…) are not mobile numbers.
 */
export const PHONE_PATTERN = /^08[1-9]\d{7,10}$/

/**
 * The one form of a phone a client sent (issue 11): `8…` (the spec's address form strips the 0),
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
 * The number a shopper typed after the fixed +62 label, as the API wants it: digits only, leading
 * zeros (and a repeated 62) stripped, then one leading 0 (spec 001 section 5).
 */
export function phoneForApi(typed: string): string {
  let digits = typed.replace(/\D/g, '')
  if (digits.startsWith('62')) digits = digits.slice(2)
  return `0${digits.replace(/^0+/, '')}`
}

/**
 * The stored phone shown after the +62 label: its first digit (the 0) dropped (spec 001 section 2);
 * '' when there is none.
 */
export const phoneAfterPrefix = (hp: string | null | undefined) => (hp ? hp.replace(/^0/, '') : '')

/** Is `value` a real calendar date written YYYY-MM-DD? */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}
