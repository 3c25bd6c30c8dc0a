/**
 * Field rules of the authentication dialog and the change-password form (docs/product/account.md §5 and 9).
 * Pure functions: the forms and their tests use them; the server checks the same rules itself.
 */

// The shared account rules (docs/product/account.md §5 and 9) live in the contract: the API checks the same.
export {
  GUEST_OTP_DIGITS,
  isPasswordValid,
  OTP_CHANNELS,
  passwordChecks,
  PASSWORD_MIN_LENGTH,
  phoneForApi,
  REGISTER_OTP_DIGITS,
  type OtpChannel,
  type PasswordCheck,
} from '@busana/contract'
export { GUEST_OTP_TTL_SECONDS as GUEST_OTP_SECONDS } from '@busana/contract'

/** The basic e-mail pattern of the login and forgot-password fields (docs/product/account.md §5). */
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())

/** An Indonesian mobile number after +62: the contract's phone rule (phone.ts). */
export { isPhoneAfterPrefix as isPhone } from '@busana/contract'

/** Keys a code or phone input refuses (docs/product/account.md §5: e, E, +, - and '.'). */
export const REJECTED_NUMBER_KEYS: ReadonlySet<string> = new Set(['e', 'E', '+', '-', '.'])

/** keydown handler for code and phone inputs: drops the rejected keys. */
export function rejectNumberKeys(event: { key: string; preventDefault(): void }) {
  if (REJECTED_NUMBER_KEYS.has(event.key)) event.preventDefault()
}

/** Digits only, at most `max` of them (pasted text is cleaned the same way). */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max)

/** 300 → '05:00' (the guest code countdown). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}
