import sharp from 'sharp'
import { AppError, type ErrorCode } from '@busana/contract/schemas'

export interface ImageRules {
  /** The formats the bytes may really be, as sharp names them ('avif' is read as 'heif' with av1). */
  formats: readonly string[]
  /** The most pixels the header may declare. */
  maxPixels: number
  /** The answer for anything else (415 or 422 of the caller's catalogue). */
  notAnImage: ErrorCode
  /** The answer for a header past maxPixels (413). */
  tooLarge: ErrorCode
}

/**
 * Judges an upload by its bytes (decisions 032 and 037), whatever its name or declared type: sharp
 * must read its header as one of `formats`, and that header may declare at most `maxPixels`, judged
 * before any pixel is decoded (a decompression bomb costs nothing). Answers the sharp pipeline to
 * re-encode it from: the picture turned upright, decoding bound to the same pixel limit; whatever
 * the caller writes from it carries no metadata (sharp drops EXIF, GPS, ICC and XMP unless asked).
 */
export async function judgeImage(input: Buffer, rules: ImageRules): Promise<sharp.Sharp> {
  const options = { limitInputPixels: rules.maxPixels, failOn: 'error' as const, animated: false }
  let meta: sharp.Metadata
  try {
    // The header only: no pixel is decoded, so the size can be judged before any limit trips.
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata()
  } catch {
    throw new AppError(rules.notAnImage)
  }
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format
  if (!format || !rules.formats.includes(format) || width <= 0 || height <= 0) {
    throw new AppError(rules.notAnImage)
  }
  if (width * height > rules.maxPixels) throw new AppError(rules.tooLarge)
  return sharp(input, options).rotate()
}
