import type { ErrorEntry } from '../errors.ts'

/**
 * The staff module's codes (apps/api/src/domains/staff): staff sign-in, roles and accounts. Part of
 * the catalogue, errors.ts.
 */
export const staffErrors = {
  // STF: the staff API
  STF001: {
    status: 401,
    meaning: 'Staff login: unknown e-mail, wrong password or a disabled account (all answer alike)',
    message: 'Wrong e-mail or password',
  },
  STF002: {
    status: 401,
    meaning: 'A staff call without a live staff token (Authorization: Bearer)',
    message: 'Please sign in to the back office again',
  },
  STF003: {
    status: 403,
    meaning: "The staff member's role may not make this call",
    message: 'Your role does not allow this action',
  },
  STF004: {
    status: 401,
    meaning:
      'Staff login: the password is right but the account has a second factor and no code was sent (send totp)',
    message: 'Enter the code from your authenticator app',
  },
  STF005: {
    status: 401,
    meaning: 'Staff login or enabling the second factor: the authenticator code is wrong, expired or used',
    message: 'The authenticator code is wrong',
  },
  STF006: {
    status: 403,
    meaning:
      'A cookie-signed-in staff call that changes something without a valid x-csrf-token header (take it from GET …/auth/me)',
    message: 'Your back office page is out of date. Please reload it and try again.',
  },
  STF007: {
    status: 409,
    meaning:
      'The change would leave the shop without an active owner (the last owner cannot be disabled or demoted)',
    message: 'The shop needs at least one active owner',
  },
  STF008: {
    status: 404,
    meaning: 'No staff member with this id',
    message: 'Staff member not found',
  },
  STF009: {
    status: 409,
    meaning: 'An invitation to an e-mail that already has a staff account',
    message: 'This e-mail already has a staff account',
  },
  STF010: {
    status: 410,
    meaning: 'The invitation token is unknown, already used or older than 72 hours: the owner invites again',
    message: 'This invitation is no longer valid. Ask the owner for a new one.',
  },
  STF011: {
    status: 409,
    meaning: 'Second factor setup or enable while it is already on for the account',
    message: 'The second factor is already on for this account',
  },
  STF012: {
    status: 409,
    meaning: 'Enabling the second factor before POST …/auth/totp/setup made a secret',
    message: 'Set up the second factor first',
  },
  STF013: {
    status: 403,
    meaning:
      'The account signed in with the one-time password of the first start (issue 38): only …/auth/me, …/auth/logout and …/auth/password answer until a new password is chosen',
    message: 'Choose a new password before anything else',
  },

  // STF200-STF249: the back office's content, shipping-rate and member calls, and staff accounts;
  // here the staff accounts
  STF230: {
    status: 409,
    meaning: 'Resending an invitation the staff member already accepted (reset the password instead)',
    message: 'This invitation was already accepted',
  },
  STF231: {
    status: 409,
    meaning:
      "The owner's reset calls (password, second factor) on their own account: use one's own calls instead",
    message: 'Use your own account settings for this',
  },
  STF232: {
    status: 409,
    meaning:
      'Resetting the password of a staff member who has not accepted the invitation (resend it instead)',
    message: 'This staff member has not set a password yet. Resend the invitation instead.',
  },
  STF233: {
    status: 409,
    meaning: 'Turning off or clearing a second factor that is not on',
    message: 'The second factor is not on for this account',
  },
  STF234: {
    status: 401,
    meaning: "Turning one's own second factor off, or changing one's password, with a wrong current password",
    message: 'Wrong password',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const staffErrorsId: Record<keyof typeof staffErrors, string> = {
  STF001: 'Email atau kata sandi salah',
  STF002: 'Silakan masuk kembali ke back office',
  STF003: 'Peran Anda tidak mengizinkan tindakan ini',
  STF004: 'Masukkan kode dari aplikasi autentikator Anda',
  STF005: 'Kode autentikator salah',
  STF006: 'Halaman back office Anda sudah usang. Silakan muat ulang dan coba lagi.',
  STF007: 'Toko memerlukan setidaknya satu pemilik yang aktif',
  STF008: 'Staf tidak ditemukan',
  STF009: 'Email ini sudah memiliki akun staf',
  STF010: 'Undangan ini sudah tidak berlaku. Mintalah undangan baru kepada pemilik.',
  STF011: 'Faktor kedua sudah aktif untuk akun ini',
  STF012: 'Siapkan faktor kedua terlebih dahulu',
  STF013: 'Pilih kata sandi baru sebelum melakukan hal lain',
  STF230: 'Undangan ini sudah diterima',
  STF231: 'Gunakan pengaturan akun Anda sendiri untuk ini',
  STF232: 'Staf ini belum membuat kata sandi. Kirim ulang undangannya.',
  STF233: 'Faktor kedua tidak aktif untuk akun ini',
  STF234: 'Kata sandi salah',
}
