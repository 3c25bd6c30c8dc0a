import { randomBytes } from 'node:crypto'
import { judgeImage } from '../media/index.ts'
import { AppError, REVIEW_PHOTO_MAX_PIXELS, REVIEW_PHOTO_MAX_SIDE } from '@busana/contract/schemas'

/** The formats a photo may really be, as sharp names them after reading its bytes. */
const ACCEPTED = ['jpeg', 'png', 'webp']

export interface StoredPhoto {
  key: string
  contentType: 'image/webp'
  width: number
  height: number
  bytes: Buffer
}

/** The photo's public URL, served by photos.routes.ts; immutable, as its key is never reused. */
export const reviewPhotoUrl = (key: string) => `/media/review/${key}.webp`
/** The photo's object in the bucket (STORAGE=s3, decision 046). */
export const reviewPhotoObject = (key: string) => `review-photos/${key}.webp`
/** A stored photo's key: 24 random bytes, base64url (32 characters). */
export const REVIEW_PHOTO_KEY = /^[A-Za-z0-9_-]{32}$/

/**
 * Checks a photo by its content and re-encodes it (issue 13, decision 032): the bytes must decode as
 * a JPEG, PNG or WebP whatever the file is called (RVW003), within REVIEW_PHOTO_MAX_PIXELS (RVW004,
 * read from the header before any pixel is decoded, so a decompression bomb costs nothing); the
 * picture is turned upright, shrunk to REVIEW_PHOTO_MAX_SIDE and written as a new WebP with no
 * metadata (EXIF, GPS, ICC, XMP and anything hidden after the image are dropped).
 */
export async function reencodeReviewPhoto(input: Buffer): Promise<StoredPhoto> {
  const upright = await judgeImage(input, {
    formats: ACCEPTED,
    maxPixels: REVIEW_PHOTO_MAX_PIXELS,
    notAnImage: 'RVW003',
    tooLarge: 'RVW004',
  })
  try {
    const { data, info } = await upright
      .resize({
        width: REVIEW_PHOTO_MAX_SIDE,
        height: REVIEW_PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    return {
      key: randomBytes(24).toString('base64url'),
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      bytes: data,
    }
  } catch {
    // Header fine, pixels broken (truncated or corrupt data): not a picture we can show.
    throw new AppError('RVW003')
  }
}
