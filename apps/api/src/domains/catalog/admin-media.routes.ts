import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  AdminMediaOrderBodySchema,
  AdminMediaParamsSchema,
  AdminProductParamsSchema,
  AdminProductResponseSchema,
  AdminVideoBodySchema,
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_MAX_PIXELS,
  CATALOG_MEDIA_MAX,
  CATALOG_MESSAGES,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import type { CatalogAdminScope } from './admin-scope.ts'
import { addProductImage, addProductVideo, deleteMedia, reorderMedia } from './product-media.service.ts'
import { readUpload } from './upload.ts'

/** A product's gallery: upload a picture, add a video, reorder, remove. */
export function mediaRoutes(fastify: FastifyInstance, scope: CatalogAdminScope): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db, actorOf, catalogOnly, tags, changeNote } = scope

  app.post(
    '/v1/products/:code/media/images',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary:
          'Upload a picture (multipart, field `file`): re-encoded to WebP and AVIF, added to the gallery',
        description:
          `${changeNote} JPEG, PNG, WebP or AVIF by its bytes, whatever its name (SVG and anything else: 415 ` +
          `STF107); at most ${CATALOG_IMAGE_MAX_BYTES / 1024 / 1024} MB and ${CATALOG_IMAGE_MAX_PIXELS / 1_000_000} ` +
          `megapixels, read from the header before decoding (413 STF108); at most ${CATALOG_MEDIA_MAX} items ` +
          'per product (409 STF109); 503 MED001 when the bucket (STORAGE=s3) does not take it, nothing stored. ' +
          'Stored fitted in 1200 × 1600 without metadata, served at ' +
          '/media/v1/u/{key}.webp (the gallery URL) and .avif, immutable.',
        params: AdminProductParamsSchema,
        consumes: ['multipart/form-data'],
        response: {
          200: AdminProductResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503),
        },
      },
    },
    async (request) => {
      const bytes = await readUpload(request)
      return envelope(
        await addProductImage(db, fastify.uploads, request.params.code, bytes, actorOf(request)),
        request.say(CATALOG_MESSAGES.pictureAdded),
      )
    },
  )

  app.post(
    '/v1/products/:code/media/videos',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary:
          'Add a video by URL (a YouTube or Vimeo video link, or an .mp4 of this shop’s /media/) with its poster picture (/media/)',
        description: `${changeNote} https:// only (or a /media/ path of this shop). At most ${CATALOG_MEDIA_MAX} items (409 STF109).`,
        params: AdminProductParamsSchema,
        body: AdminVideoBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await addProductVideo(db, request.params.code, request.body, actorOf(request)),
        request.say(CATALOG_MESSAGES.videoAdded),
      ),
  )

  app.put(
    '/v1/products/:code/media/order',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: "Reorder the gallery: every item's id, in the new order (the first picture is the card's)",
        description: `${changeNote} Every item of the product exactly once, or 422 STF114.`,
        params: AdminProductParamsSchema,
        body: AdminMediaOrderBodySchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      envelope(
        await reorderMedia(db, request.params.code, request.body.ids, actorOf(request)),
        request.say(CATALOG_MESSAGES.gallerySaved),
      ),
  )

  app.delete(
    '/v1/products/:code/media/:id',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Remove a picture or video from the gallery (an uploaded picture is deleted with it)',
        description: `${changeNote} Unknown item on this product: 404 STF110.`,
        params: AdminMediaParamsSchema,
        response: { 200: AdminProductResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await deleteMedia(db, fastify.uploads, request.params.code, request.params.id, actorOf(request)),
        request.say(CATALOG_MESSAGES.mediaRemoved),
      ),
  )
}
