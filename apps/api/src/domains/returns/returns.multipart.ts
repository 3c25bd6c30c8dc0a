import type { FastifyRequest } from 'fastify'
import {
  AppError,
  CreateReturnBodySchema,
  RETURN_PHOTOS_MAX,
  REVIEW_PHOTO_MAX_BYTES,
  type CreateReturnBody,
} from '@busana/contract/schemas'

/** The limits @fastify/multipart enforces while a return's form streams in (registered in store.routes.ts). */
export const RETURN_MULTIPART_LIMITS = {
  fileSize: REVIEW_PHOTO_MAX_BYTES,
  files: RETURN_PHOTOS_MAX,
  fields: 10,
  parts: 14,
  fieldSize: 16_384,
  fieldNameSize: 32,
  headerPairs: 20,
}

const PHOTO_FIELDS = ['img1', 'img2', 'img3'] as const
const TEXT_FIELDS = new Set(['id_sales_header', 'resolution', 'lines', 'refund_account', 'note', 'token'])
const JSON_FIELDS = new Set(['lines', 'refund_account'])

/** Maps the multipart plugin's limit errors to the catalogue (the review upload's codes: the same checks). */
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

/** The body's problems as the API's 400 REQ001 naming the first field. */
export function invalidBody(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fields = issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }))
  return new AppError('REQ001', `Invalid body field '${fields[0]?.field}': ${fields[0]?.message}`, fields)
}

/**
 * A return request, as JSON or as multipart/form-data: the same fields (lines and refund_account as
 * JSON text) and photos img1 to img3, each once, kept in memory (at most three of
 * REVIEW_PHOTO_MAX_BYTES) and judged by their bytes later.
 */
export async function readReturnRequest(
  request: FastifyRequest,
): Promise<{ body: CreateReturnBody; photos: Buffer[] }> {
  if (!request.isMultipart()) {
    const parsed = CreateReturnBodySchema.safeParse(request.body ?? {})
    if (!parsed.success) throw invalidBody(parsed.error.issues)
    return { body: parsed.data, photos: [] }
  }
  const fields: Record<string, unknown> = {}
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
        if (value !== '' && value !== 'null') throw new AppError('REQ001', `Field '${name}' must be a file`)
        continue
      }
      if (!TEXT_FIELDS.has(name)) throw new AppError('REQ001', `Unknown field '${name}'`)
      if (name === 'token') continue
      if (JSON_FIELDS.has(name)) {
        if (value === '' || value === 'null') continue
        try {
          fields[name] = JSON.parse(value)
        } catch {
          throw new AppError('REQ001', `Field '${name}' must be JSON`, [
            { field: name, message: 'must be JSON' },
          ])
        }
      } else if (value !== '') fields[name] = value
    }
  } catch (error) {
    throw limitError(error) ?? error
  }
  const parsed = CreateReturnBodySchema.safeParse(fields)
  if (!parsed.success) throw invalidBody(parsed.error.issues)
  const photos = PHOTO_FIELDS.flatMap((name) => {
    const bytes = byField.get(name)
    return bytes ? [bytes] : []
  })
  return { body: parsed.data, photos }
}
