import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { notFound, sendStoredPicture } from '../media/index.ts'
import { findProductImage, PRODUCT_IMAGE_KEY, productImageObject } from './product-media.service.ts'

/**
 * Product pictures uploaded in the back office (issue 14): /media/v1/u/{key}.webp (the gallery's
 * URL) and .avif, the re-encoded bytes from product_images or, for a picture stored there, from
 * the bucket (decision 046). Under /media/v1 like every product picture the storefront shows, with
 * the same caching: a key is random and never reused, so the answer is immutable. The type is the
 * one we wrote, never what the upload claimed.
 */
export default async function productImageRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>(
    '/media/v1/u/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(.+)\.(webp|avif)$/.exec(request.params.name)
      const key = match?.[1]
      const format = match?.[2] as 'webp' | 'avif' | undefined
      if (!key || !format || !PRODUCT_IMAGE_KEY.test(key)) return notFound(reply)
      const row = await findProductImage(app.database.db, key, format)
      if (!row) return notFound(reply)
      return sendStoredPicture(request, reply, app.uploads, {
        bytes: row.bytes,
        name: productImageObject(key, format),
        contentType: `image/${format}`,
        etag: `"${createHash('sha1').update(`${key}.${format}`).digest('base64url').slice(0, 20)}"`,
      })
    },
  )
}
