import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { returnPhotos } from '../../db/schema/index.ts'
import { notFound, sendStoredPicture } from '../media/index.ts'
import { returnPhotoObject } from './returns.service.ts'

/** A stored photo's key: 24 random bytes, base64url (32 characters). */
const PHOTO_KEY = /^[A-Za-z0-9_-]{32}$/

/**
 * A return's photos (issue 40): /media/return/{key}.webp, re-encoded like a review's (no byte the
 * buyer sent is served). The key is random and never reused: the URL is as private as the return
 * page that shows it, and immutable.
 */
export default async function returnPhotoRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>(
    '/media/return/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = /^(.+)\.webp$/.exec(request.params.name)?.[1]
      if (!key || !PHOTO_KEY.test(key)) return notFound(reply)
      const [photo] = await app.database.db
        .select({ bytes: returnPhotos.bytes, contentType: returnPhotos.contentType })
        .from(returnPhotos)
        .where(eq(returnPhotos.key, key))
      if (!photo) return notFound(reply)
      return sendStoredPicture(request, reply, app.uploads, {
        bytes: photo.bytes,
        name: returnPhotoObject(key),
        contentType: photo.contentType,
        etag: `"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`,
      })
    },
  )
}
