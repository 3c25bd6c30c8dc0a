import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { findReviewPhoto } from './reviews.service.ts'
import { REVIEW_PHOTO_KEY, reviewPhotoObject } from './review-photos.ts'
import { notFound, sendStoredPicture } from '../media/index.ts'

/**
 * Review photos (issue 13, decision 032): /media/review/{key}.webp, the re-encoded bytes from the
 * database or, for a photo stored there, from the bucket (decision 046). A key is random and never
 * reused, so the answer is immutable; its type is the one we wrote (image/webp), never what the
 * shopper's file claimed, and nosniff comes from the root.
 */
export default async function reviewPhotoRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>(
    '/media/review/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(.+)\.webp$/.exec(request.params.name)
      const key = match?.[1]
      if (!key || !REVIEW_PHOTO_KEY.test(key)) return notFound(reply)
      const photo = await findReviewPhoto(app.database.db, key)
      if (!photo) return notFound(reply)
      return sendStoredPicture(request, reply, app.uploads, {
        bytes: photo.bytes,
        name: reviewPhotoObject(key),
        contentType: photo.contentType,
        // The key names the bytes for ever: it is a strong validator by itself.
        etag: `"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`,
      })
    },
  )
}
