import type { ErrorEntry } from '../errors.ts'

/**
 * The members module's codes (apps/api/src/domains/members). Part of the catalogue, errors.ts.
 */
export const memberErrors = {
  // MEM: members
  MEM001: {
    status: 409,
    meaning:
      'verify_otp: the phone is proven but the e-mail already has an account; the pending registration is dropped. ' +
      'register itself never says so (see domains/members/README.md)',
    message: 'This e-mail already has an account. Sign in or reset your password.',
  },
  MEM002: {
    status: 422,
    meaning: 'change_password: the current password is wrong (not a 401: the client must not log out)',
    message: 'Your current password is incorrect',
  },
  MEM003: {
    status: 404,
    meaning:
      'resend_otp: no live pending registration has this customer id (unknown, verified, expired after a day, ' +
      'or all its codes were sent); all answer alike. verify_otp answers such ids as a wrong code (OTP001)',
    message: 'This registration has expired or is already verified. Please register again or log in.',
  },

  // VER: verification
  VER001: {
    status: 403,
    meaning: 'The account is not verified yet: the client goes to the one-time code step',
    message: 'Your account is not verified yet. Please verify your phone number with a code.',
  },

  // STF200-STF249: the back office's content, shipping-rate and member calls, and staff accounts;
  // here the member calls
  STF220: { status: 404, meaning: 'No customer with this id', message: 'Member not found' },
  STF221: {
    status: 409,
    meaning: 'Sending a code to a disabled member',
    message: 'This member is disabled. Enable them first.',
  },
  STF222: {
    status: 403,
    meaning:
      'Member sign-in (password or phone code) of an account staff disabled; shown after the right credentials only',
    message: 'This account has been disabled. Please contact our customer service.',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const memberErrorsId: Record<keyof typeof memberErrors, string> = {
  MEM001: 'Email ini sudah memiliki akun. Silakan masuk atau atur ulang kata sandi Anda.',
  MEM002: 'Kata sandi Anda saat ini salah',
  MEM003: 'Pendaftaran ini sudah kedaluwarsa atau sudah terverifikasi. Silakan daftar lagi atau masuk.',
  VER001: 'Akun Anda belum terverifikasi. Silakan verifikasi nomor ponsel Anda dengan kode.',
  STF220: 'Member tidak ditemukan',
  STF221: 'Member ini dinonaktifkan. Aktifkan terlebih dahulu.',
  STF222: 'Akun ini telah dinonaktifkan. Silakan hubungi layanan pelanggan kami.',
}
