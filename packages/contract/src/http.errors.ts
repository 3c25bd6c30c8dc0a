import type { ErrorEntry } from './errors.ts'

/**
 * The codes the API's HTTP layer answers rather than a business module: a malformed request, the
 * client's session, the server's own failure. apps/api/src/plugins (envelope, auth, brand, rate limit),
 * http.ts and multipart-form.ts raise them, and every module may too (REQ001 names a bad field,
 * CLE001/CLE016 refuse a session). Part of the catalogue, errors.ts.
 */
export const httpErrors = {
  // REQ: the request itself is malformed
  REQ001: {
    status: 400,
    meaning: 'A parameter or body field is missing or malformed',
    message: 'Invalid request',
  },
  REQ002: {
    status: 400,
    meaning: 'The brand id header is missing or not one of the group brands',
    message: 'Missing or invalid brand id header (x-brand-id must be one of 9, 5, 14, 18, 13, 17)',
  },
  REQ003: { status: 404, meaning: 'No API route matches the method and path', message: 'Route not found' },
  REQ004: {
    status: 415,
    meaning: 'The body is not in a supported content type',
    message: 'Unsupported content type',
  },
  REQ005: { status: 413, meaning: 'The body is larger than allowed', message: 'Request body too large' },
  REQ006: {
    status: 429,
    meaning: 'Too many requests from this client',
    message: 'Too many requests, please try again later',
  },
  REQ007: {
    status: 400,
    meaning: 'The URL cannot be decoded (a malformed percent-encoding), so no route can be matched',
    message: 'Malformed URL',
  },
  REQ008: {
    status: 414,
    meaning: 'A path segment is longer than the router accepts (maxParamLength)',
    message: 'URL too long',
  },
  REQ009: {
    status: 403,
    meaning:
      "A developer page's form was posted without the page's form token or a same-origin Origin (a cross-site post): nothing is done",
    message:
      "Refused: post from the /dev/payments page itself, with its form's token (field 'token', from /dev/payments.json's form_tokens) or a same-origin Origin",
  },

  // CLE: client session
  CLE015: {
    status: 401,
    meaning: 'Wrong credentials; the client must NOT log the user out on this 401',
    message: 'Incorrect email or password',
  },
  CLE001: {
    status: 401,
    meaning: 'The token is missing, unknown, expired or revoked',
    message: 'Please log in again',
  },
  CLE016: {
    status: 403,
    meaning: 'The session may not do this (a guest by phone has no password; another customer id was given)',
    message: 'This action is not available for this account',
  },

  // SRV: the server's own failure (never a client mistake)
  SRV001: {
    status: 500,
    meaning: 'An unexpected error; logged with the request id',
    message: 'Something went wrong on our side',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const httpErrorsId: Record<keyof typeof httpErrors, string> = {
  REQ001: 'Permintaan tidak valid',
  REQ002:
    'Header id merek tidak ada atau tidak valid (x-brand-id harus salah satu dari 9, 5, 14, 18, 13, 17)',
  REQ003: 'Rute tidak ditemukan',
  REQ004: 'Jenis konten tidak didukung',
  REQ005: 'Isi permintaan terlalu besar',
  REQ006: 'Terlalu banyak permintaan, silakan coba lagi nanti',
  REQ007: 'URL tidak valid',
  REQ008: 'URL terlalu panjang',
  REQ009:
    "Ditolak: kirim dari halaman /dev/payments itu sendiri, dengan token formulirnya (field 'token', dari form_tokens di /dev/payments.json) atau Origin yang sama",
  CLE015: 'Email atau kata sandi salah',
  CLE001: 'Silakan masuk kembali',
  CLE016: 'Tindakan ini tidak tersedia untuk akun ini',
  SRV001: 'Terjadi kesalahan di sistem kami',
}
