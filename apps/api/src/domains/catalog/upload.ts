import type { FastifyRequest } from 'fastify'
import { AppError, CATALOG_IMAGE_MAX_BYTES } from '@busana/contract/schemas'

/** The limits @fastify/multipart enforces while the body streams in (registered in admin.routes.ts). */
export const CATALOG_MULTIPART_LIMITS = {
  fileSize: CATALOG_IMAGE_MAX_BYTES,
  files: 1,
  fields: 0,
  parts: 1,
  fieldNameSize: 32,
  headerPairs: 20,
}

/** Maps the multipart plugin's limit errors to the catalogue (never a 500, never Fastify's words). */
function limitError(error: unknown): AppError | undefined {
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('STF108')
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('REQ001', 'Send one file, in the field "file", and nothing else')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('REQ004')
  }
  return undefined
}

/**
 * Reads the one picture of an upload (multipart, field `file`), at most CATALOG_IMAGE_MAX_BYTES
 * (413 STF108 as soon as the stream passes it). Its name and declared type are ignored: the bytes
 * are judged later (product-media.service.ts encodeProductImage).
 */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('REQ004')
  try {
    const part = await request.file()
    if (!part) throw new AppError('REQ001', 'Send the picture in the field "file"')
    if (part.fieldname !== 'file') {
      part.file.resume()
      throw new AppError('REQ001', 'Send the picture in the field "file"')
    }
    const bytes = await part.toBuffer()
    if (bytes.length === 0) throw new AppError('REQ001', 'The file "file" is empty')
    return bytes
  } catch (error) {
    throw limitError(error) ?? error
  }
}
