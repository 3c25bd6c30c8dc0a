import type { FastifyRequest } from 'fastify'
import { AppError } from '@busana/contract/schemas'

/*
 * A shopper's form with photos (a review, a return request), read from the parts @fastify/multipart
 * streams in under the limits its route registered. Each form names its photo slots and text
 * fields; what a text field's value becomes is the form's own. The checks and their codes are one
 * for every such form: RVW004 and RVW005 for the photos (the review upload's codes), REQ001 for
 * the fields.
 */

export interface MultipartFormShape<T> {
  /** The photo slots (img1 to img3): a file under each at most once, photos kept in this order. */
  photoFields: readonly string[]
  /** The text fields the form takes; any other is refused. */
  textFields: ReadonlySet<string>
  /** What a text field's value becomes, or undefined to leave it out (a field left out may come again). */
  value: (name: string, text: string) => T | undefined
}

export interface MultipartForm<T> {
  fields: Record<string, T>
  /** The photos in photoFields order, empty files left out. */
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
 * Reads a multipart form of `shape`: files only under its photo slots, each once (RVW005); a text
 * field at most once and whole; a photo slot left empty may come as text ('null' or ''). Photos are
 * kept in memory (the plugin's limits bound them) and judged by their bytes later.
 */
export async function readMultipartForm<T>(
  request: FastifyRequest,
  shape: MultipartFormShape<T>,
): Promise<MultipartForm<T>> {
  const fields: Record<string, T> = {}
  const byField = new Map<string, Buffer>()
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname
      if (part.type === 'file') {
        if (!shape.photoFields.includes(name) || byField.has(name)) {
          part.file.resume()
          throw new AppError('RVW005')
        }
        const bytes = await part.toBuffer()
        if (bytes.length > 0) byField.set(name, bytes)
        continue
      }
      if (Object.hasOwn(fields, name)) throw new AppError('REQ001', `Field '${name}' is sent more than once`)
      if (part.valueTruncated) throw new AppError('REQ001', `Field '${name}' is too long`)
      const text = typeof part.value === 'string' ? part.value : String(part.value)
      if (shape.photoFields.includes(name)) {
        if (text !== '' && text !== 'null') throw new AppError('REQ001', `Field '${name}' must be a file`)
        continue
      }
      if (!shape.textFields.has(name)) throw new AppError('REQ001', `Unknown field '${name}'`)
      const value = shape.value(name, text)
      if (value !== undefined) fields[name] = value
    }
  } catch (error) {
    throw limitError(error) ?? error
  }
  const photos = shape.photoFields.flatMap((name) => {
    const bytes = byField.get(name)
    return bytes ? [bytes] : []
  })
  return { fields, photos }
}
