/**
 * Product pictures and demo media, generated and served by the project itself (no outside hosts).
 *
 * URL scheme (all relative: the API and the storefront share one origin):
 *
 * | URL | what |
 * |---|---|
 * | /media/v1/p/{kind}_{colour}_{pattern}_{view}.svg | product picture, 600 x 800 (3:4); view front, back or detail |
 * | /media/v1/banner/{layout}_{colour}_{kind}_{title-slug}.svg | campaign banner, 1200 x 600; layout 1, 2 or 3 |
 * | /media/v1/tile/{colour}_{kind}_{title-slug}.svg | home category grid tile, 600 x 600 |
 * | /media/v1/logo/{brand-slug}[_light].svg | brand wordmark, 480 x 120 (light: white, for dark footers) |
 * | /media/v1/pay/{code}.svg | payment logo, 160 x 64: bca mandiri bni bri permata gopay qris shopeepay ovo dana |
 * | /media/v1/social/{name}.svg | round social icon, 48 x 48: instagram tiktok facebook youtube whatsapp |
 * | /media/fallback.svg | the picture the storefront shows when an image fails to load (stable URL) |
 * | /media/video/{file}.mp4 | short H.264 product clips, with HTTP Range support (iOS Safari needs it) |
 *
 * The product pictures, banners and tiles are the demo's drawings (src/demo/art, decision 042).
 * Tokens: kind = garment (tee, shirt, dress, jeans, tote, kids-tee, ...; demo/art/garments.ts),
 * colour = demo/art/palette.ts names, pattern = plain stripe pinstripe check dot batik twill knit.
 *
 * Caching: every SVG is a pure function of its URL and /media/v1/ is versioned, so answers carry
 * `Cache-Control: public, max-age=31536000, immutable` and a weak ETag (If-None-Match gives 304);
 * @fastify/compress (registered at the root) sends them as br or gzip. The fallback URL is stable
 * rather than versioned, so it is cached for a day only. Drawings are memoised in a bounded LRU.
 * Unknown or malformed names answer 404, never 500.
 */
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { IMMUTABLE, notFound, sendCached } from './media.replies.ts'
import { fallbackFile, MediaCache, renderMedia, type MediaFile } from './media.service.ts'
import { DEMO_ART_TYPES, parseMediaName, VIDEO_PREFIX } from './media.urls.ts'
import { SVG_HELMET } from '../../security-headers.ts'

const videoRoot = fileURLToPath(new URL('./assets/video/', import.meta.url))

/** SVG_HELMET lets the root's policy allow the drawings' inline styles. */
const sendSvg = (request: FastifyRequest, reply: FastifyReply, file: MediaFile, cacheControl: string) =>
  sendCached(request, reply, {
    contentType: 'image/svg+xml; charset=utf-8',
    cacheControl,
    etag: file.etag,
    body: file.body,
  })

/**
 * Generated pictures under /media/v1, the fallback picture and the demo clips. Pictures kept in the
 * database are served by their own modules under the same prefix: review photos (reviews) and
 * uploaded product pictures (catalog), registered beside this plugin in app.ts.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  let demoArtLoaded: Promise<typeof import('../../demo/art/index.ts')> | undefined
  // The demo's drawings are apart from production code (decision 042): loaded on the first request
  // for one, so a shop without the demo never loads them.
  const demoArt = () => (demoArtLoaded ??= import('../../demo/art/index.ts'))

  const cache = new MediaCache()

  app.get<{ Params: { type: string; name: string } }>(
    '/media/v1/:type/:name',
    { schema: { hide: true }, helmet: SVG_HELMET },
    async (request, reply) => {
      const { type, name } = request.params
      const art = (DEMO_ART_TYPES as readonly string[]).includes(type) ? await demoArt() : null
      const file = cache.get(`${type}/${name}`, () => {
        if (art) return art.renderDemoArt(type, name)
        const parsed = parseMediaName(type, name)
        return parsed ? renderMedia(parsed) : null
      })
      return file ? sendSvg(request, reply, file, IMMUTABLE) : notFound(reply)
    },
  )

  app.get('/media/fallback.svg', { schema: { hide: true }, helmet: SVG_HELMET }, async (request, reply) =>
    sendSvg(request, reply, fallbackFile, 'public, max-age=86400, stale-while-revalidate=604800'),
  )

  // @fastify/static answers Range requests (206, Content-Range) and conditional requests itself.
  // Its own scope gets a not-found handler so a missing clip is a 404, not a storefront page.
  await app.register(
    async (video) => {
      video.setNotFoundHandler((_request, reply) => notFound(reply))
      await video.register(fastifyStatic, {
        root: videoRoot,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        maxAge: '365d',
        immutable: true,
        schemaHide: true,
      })
    },
    { prefix: VIDEO_PREFIX.replace(/\/$/, '') },
  )

  // Anything else under /media is a missing picture, not a storefront page.
  app.get('/media/*', { schema: { hide: true } }, async (_request, reply) => notFound(reply))
}
