import type { ErrorEntry } from '../errors.ts'

/**
 * The otp module's codes (apps/api/src/domains/otp): one-time codes and the messages that carry them.
 * members raises MSG001 too, for its own e-mail. Part of the catalogue, errors.ts.
 */
export const otpErrors = {
  // OTP: one-time codes
  OTP001: {
    status: 422,
    meaning: 'The code is wrong, expired, already used or no code was sent',
    message: 'The code is wrong or has expired',
  },
  OTP002: {
    status: 429,
    meaning: 'The code has had its maximum attempts: even the right code fails now; ask for a new one',
    message: 'Too many wrong attempts. Please request a new code.',
  },
  OTP003: {
    status: 429,
    meaning: 'Codes to this phone are slowed down: wait for Retry-After (growing waits, never a lock)',
    message: 'A code was just sent to this number. Please wait a moment before asking for another.',
  },
  OTP004: {
    status: 429,
    meaning: "The shop's hourly budget of codes is spent (OTP_HOURLY_BUDGET): retry after Retry-After",
    message: 'We cannot send codes right now. Please try again in a little while.',
  },
  MSG001: {
    status: 502,
    meaning: 'The messaging or mail provider refused or failed to take the message',
    message: 'We could not send the message. Please try again.',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const otpErrorsId: Record<keyof typeof otpErrors, string> = {
  OTP001: 'Kode salah atau sudah kedaluwarsa',
  OTP002: 'Terlalu banyak percobaan yang salah. Silakan minta kode baru.',
  OTP003: 'Kode baru saja dikirim ke nomor ini. Mohon tunggu sebentar sebelum meminta kode lagi.',
  OTP004: 'Kami belum dapat mengirim kode saat ini. Silakan coba lagi beberapa saat lagi.',
  MSG001: 'Kami tidak dapat mengirim pesan. Silakan coba lagi.',
}
