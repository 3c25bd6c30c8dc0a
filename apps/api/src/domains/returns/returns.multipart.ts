import type { FastifyRequest } from 'fastify'
import {
  AppError,
  CreateReturnBodySchema,
  RETURN_PHOTOS_MAX,
  REVIEW_PHOTO_MAX_BYTES,
  type CreateReturnBody,
} from '@busana/contract/schemas'
import { readMultipartForm } from '../../multipart-form.ts'

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

/** A text field's value: lines and refund_account as JSON; the token, an empty field and empty JSON left out. */
function fieldValue(name: string, text: string): unknown {
  if (name === 'token') return undefined
  if (JSON_FIELDS.has(name)) {
    if (text === '' || text === 'null') return undefined
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new AppError('REQ001', `Field '${name}' must be JSON`, [{ field: name, message: 'must be JSON' }])
    }
  }
  return text === '' ? undefined : text
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
  const { fields, photos } = await readMultipartForm(request, {
    photoFields: PHOTO_FIELDS,
    textFields: TEXT_FIELDS,
    value: fieldValue,
  })
  const parsed = CreateReturnBodySchema.safeParse(fields)
  if (!parsed.success) throw invalidBody(parsed.error.issues)
  return { body: parsed.data, photos }
}
