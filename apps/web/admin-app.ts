import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyStatic from '@fastify/static'
import { ADMIN_HELMET } from '@busana/api/security-headers'

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
