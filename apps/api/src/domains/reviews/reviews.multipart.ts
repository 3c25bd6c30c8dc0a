import type { FastifyRequest } from 'fastify'
import { AppError, REVIEW_PHOTOS_MAX, REVIEW_PHOTO_MAX_BYTES } from '@busana/contract/schemas'
import { readMultipartForm } from '../../multipart-form.ts'

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

/**
 * Reads the review form (docs/product/account.md: multipart id_rating, rating, review, img1 to img3, "null
 * when absent"). Files only under img1 to img3, each once (RVW005); a text field at most once; photos are
 * kept in memory (at most three of REVIEW_PHOTO_MAX_BYTES) and judged by their bytes later.
 */
export async function readReviewForm(request: FastifyRequest): Promise<ReviewForm> {
  if (!request.isMultipart()) throw new AppError('REQ004')
  return readMultipartForm(request, {
    photoFields: PHOTO_FIELDS,
    textFields: TEXT_FIELDS,
    value: (_name, text) => text,
  })
}
