import type { ErrorEntry } from '../errors.ts'

/**
 * The media module's codes (apps/api/src/domains/media). Part of the catalogue, errors.ts.
 */
export const mediaErrors = {
  // MED: uploaded pictures kept in a bucket (STORAGE=s3, decision 046)
  MED001: {
    status: 503,
    meaning:
      'The bucket did not take an uploaded picture (unreachable, refused or slower than S3_TIMEOUT_MS): nothing was stored; the client may retry',
    message: 'We could not save the picture right now. Please try again in a moment.',
  },
  MED002: {
    status: 502,
    meaning:
      "The bucket did not answer for a stored picture (unreachable, refused or slower than S3_TIMEOUT_MS); the picture's row is kept",
    message: 'This picture cannot be shown right now. Please try again in a moment.',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const mediaErrorsId: Record<keyof typeof mediaErrors, string> = {
  MED001: 'Kami tidak dapat menyimpan gambar saat ini. Silakan coba lagi sebentar lagi.',
  MED002: 'Gambar ini tidak dapat ditampilkan saat ini. Silakan coba lagi sebentar lagi.',
}
