import type { FastifyRequest } from 'fastify'
import { AppError, REVIEW_PHOTOS_MAX, REVIEW_PHOTO_MAX_BYTES } from '@busana/contract/schemas'

/** The limits @fastify/multipart enforces while the body streams in (registered in store.routes.ts). */
export const REVIEW_MULTIPART_LIMITS = {
  fileSize: REVIEW_PHOTO_MAX_BYTES,
  files: REVIEW_PHOTOS_MAX,
  // id_rating, rating, review and img1 to img3 sent as text ('null' when absent): seven.
  fields: 8,
  parts: 12,
  fieldSize: 4096,
  fieldNameSize: 32,
  headerPairs: 20,
}

const PHOTO_FIELDS = ['img1', 'img2', 'img3'] as const
const TEXT_FIELDS = new Set(['id_rating', 'rating', 'review', 'token'])

export interface ReviewForm {
  fields: Record<string, string>
  /** The photos in img1, img2, img3 order, each at most REVIEW_PHOTO_MAX_BYTES. */
  photos: Buffer[]
}

/** Maps the multipart plugin's limit errors to the catalogue (never a 500, never Fastify's words). */
function limitError(error: unknown): AppError | undefined {
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('RVW004')
    case 'FST_FILES_LIMIT':
      return new AppError('RVW005')
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('REQ001', 'Too many or unknown form fields')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('REQ004')
  }
  return undefined
}

/**
 * Reads the review form (docs/product/account.md: multipart id_rating, rating, review, img1 to img3, "null
 * when absent"). Files only under img1 to img3, each once (RVW005); a text field at most once; photos are
 * kept in memory (at most three of REVIEW_PHOTO_MAX_BYTES) and judged by their bytes later.
 */
export async function readReviewForm(request: FastifyRequest): Promise<ReviewForm> {
  if (!request.isMultipart()) throw new AppError('REQ004')
  const fields: Record<string, string> = {}
  const byField = new Map<string, Buffer>()
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname
      if (part.type === 'file') {
        if (!(PHOTO_FIELDS as readonly string[]).includes(name) || byField.has(name)) {
          part.file.resume()
          throw new AppError('RVW005')
        }
        const bytes = await part.toBuffer()
        if (bytes.length > 0) byField.set(name, bytes)
        continue
      }
      if (Object.hasOwn(fields, name)) throw new AppError('REQ001', `Field '${name}' is sent more than once`)
      if (part.valueTruncated) throw new AppError('REQ001', `Field '${name}' is too long`)
      const value = typeof part.value === 'string' ? part.value : String(part.value)
      if ((PHOTO_FIELDS as readonly string[]).includes(name)) {
        // A photo slot left empty comes as text: 'null' or ''.
        if (value !== '' && value !== 'null') throw new AppError('REQ001', `Field '${name}' must be a file`)
        continue
      }
      if (!TEXT_FIELDS.has(name)) throw new AppError('REQ001', `Unknown field '${name}'`)
      fields[name] = value
    }
  } catch (error) {
    throw limitError(error) ?? error
  }
  const photos = PHOTO_FIELDS.flatMap((name) => {
    const bytes = byField.get(name)
    return bytes ? [bytes] : []
  })
  return { fields, photos }
}
