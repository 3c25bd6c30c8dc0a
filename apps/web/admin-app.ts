import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyStatic from '@fastify/static'
import { csp, type RouteHelmet } from '@busana/server/security-headers'

/**
 * The back office (/admin, issue 14): a built single-page app whose scripts and styles are files of
 * this origin (no inline script, so no nonce), calling the staff API on this origin; product photos
 * it previews come from this origin or the file being chosen (blob:).
 */
export const ADMIN_HELMET = {
  contentSecurityPolicy: csp({
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'manifest-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }),
} satisfies RouteHelmet

/**
 * The back office's single-page app (apps/admin, issue 14) under /admin: its hashed files from
 * /admin/assets/ (a year, immutable) and its one page for every other /admin path (never kept, so
 * a new build is picked up at once), with its own Content-Security-Policy. It is built apart from the
 * storefront (`npm run build` builds both), so none of it reaches the storefront's bundles. Without
 * a build the paths answer 503 with what to run.
 */
export async function adminApp(app: FastifyInstance, options: { dir: string }) {
  const page = join(options.dir, 'index.html')
  const html = existsSync(page) ? readFileSync(page, 'utf8') : null
  const sendPage = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow')
    if (html === null) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The back office is not built: run `npm run build` (or `npm start`).')
    }
    return reply.type('text/html; charset=utf-8').send(html)
  }
  if (html !== null) {
    await app.register(fastifyStatic, {
      root: join(options.dir, 'assets'),
      prefix: '/admin/assets/',
      decorateReply: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  for (const url of ['/admin', '/admin/*']) {
    app.get(url, { helmet: ADMIN_HELMET }, (_request, reply) => sendPage(reply))
  }
}
