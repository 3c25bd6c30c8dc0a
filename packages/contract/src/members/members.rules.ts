/**
 * Pure account rules shared by the API and the storefront (docs/product/account.md §5 and 9).
 */

/** Minimum password length (docs/product/account.md §9). */
export const PASSWORD_MIN_LENGTH = 8
/** Registration codes have 4 digits, guest-login codes 6 (docs/product/account.md §9). */
export const REGISTER_OTP_DIGITS = 4
export const GUEST_OTP_DIGITS = 6
/** Guest codes live 5 minutes: the storefront's countdown (docs/product/account.md §2). */
export const GUEST_OTP_TTL_SECONDS = 300
/** Delivery methods of one-time codes. */
export const OTP_CHANNELS = ['SMS', 'WHATSAPP'] as const
export type OtpChannel = (typeof OTP_CHANNELS)[number]

/** The occupations of the profile (docs/product/account.md §3). */
export const OCCUPATIONS = ['KARYAWAN', 'PELAJAR', 'WIRAUSAHA'] as const
export type Occupation = (typeof OCCUPATIONS)[number]
/**
 * The profile form's '-' occupation: none. PATCH sends it as the product's array of one (['-']); the
 * API stores no occupation and answers ['-'] again, so the form shows '-' after a reload.
 */
export const NO_OCCUPATION = '-'

/** One line of the password checklist the storefront shows green or red as the shopper types. */
export interface PasswordCheck {
  rule: 'length' | 'digit' | 'uppercase' | 'lowercase'
  label: string
  met: boolean
}

/** Evaluates each password rule (docs/product/account.md §5: ≥8 characters, a digit, an uppercase, a lowercase). */
export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { rule: 'length', label: 'At least 8 characters', met: password.length >= PASSWORD_MIN_LENGTH },
    { rule: 'digit', label: 'One number', met: /\d/.test(password) },
    { rule: 'uppercase', label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { rule: 'lowercase', label: 'One lowercase letter', met: /[a-z]/.test(password) },
  ]
}

/** True when the password meets every rule of docs/product/account.md §5. */
export const isPasswordValid = (password: string) => passwordChecks(password).every((check) => check.met)

// Phone numbers (their accepted forms and the stored one) live in ../phone.ts.

/** Is `value` a real calendar date written YYYY-MM-DD? */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}
