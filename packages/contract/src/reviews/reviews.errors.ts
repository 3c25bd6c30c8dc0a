import type { ErrorEntry } from '../errors.ts'

/**
 * The reviews module's codes (apps/api/src/domains/reviews); multipart-form.ts raises RVW004/RVW005
 * while it reads a review's photos. Part of the catalogue, errors.ts.
 */
export const reviewErrors = {
  // RVW: reviews by verified buyers (issue 13)
  RVW001: {
    status: 404,
    meaning:
      "No line of the caller's delivered orders has this id_rating (someone else's is not found either)",
    message: 'Review not found',
  },
  RVW002: {
    status: 409,
    meaning: 'This line has already been reviewed (once each)',
    message: 'You have already reviewed this product',
  },
  RVW003: {
    status: 415,
    meaning:
      'A photo is not really a JPEG, PNG or WebP picture (its bytes are checked, not its name), or it cannot be read',
    message: 'Photos must be JPEG, PNG or WebP pictures',
  },
  RVW004: {
    status: 413,
    meaning: 'A photo is larger than REVIEW_PHOTO_MAX_BYTES or REVIEW_PHOTO_MAX_PIXELS',
    message: 'Each photo must be at most 5 MB and 40 megapixels',
  },
  RVW005: {
    status: 422,
    meaning:
      'More than REVIEW_PHOTOS_MAX photos, a file under another name than img1 to img3, or a field sent twice',
    message: 'At most 3 photos can be sent, as img1, img2 and img3',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const reviewErrorsId: Record<keyof typeof reviewErrors, string> = {
  RVW001: 'Ulasan tidak ditemukan',
  RVW002: 'Anda sudah mengulas produk ini',
  RVW003: 'Foto harus berupa gambar JPEG, PNG, atau WebP',
  RVW004: 'Setiap foto maksimal 5 MB dan 40 megapiksel',
  RVW005: 'Maksimal 3 foto dapat dikirim, sebagai img1, img2, dan img3',
}
