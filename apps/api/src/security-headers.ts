import type { onRequestHookHandler } from 'fastify'
import { csp, type RouteHelmet } from '@busana/server/security-headers'

/*
 * The API's own page policies (docs/decisions/024-security-headers.md). Every answer's headers and
 * the builders are @busana/server's (the strictest policy by default, HSTS over HTTPS); the
 * storefront's pages and the back office have theirs in apps/web.
 */

/**
 * The developer pages (/dev/outbox, /dev/payments): server-written HTML with an inline style sheet
 * and forms posting to this origin, no script at all.
 */
export const DEV_PAGE_HELMET = {
  contentSecurityPolicy: csp({
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  }),
} satisfies RouteHelmet

/**
 * Pictures (SVG) we draw: opened on their own they run nothing and nobody frames them; their
 * drawings may use inline styles.
 */
export const SVG_HELMET = {
  contentSecurityPolicy: csp({
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'frame-ancestors': ["'none'"],
  }),
} satisfies RouteHelmet

/**
 * The OpenAPI page (@fastify/swagger-ui): its bundle and initializer are files of this origin, it
 * calls the API from this origin ("Try it out"), and swagger-ui styles its widgets inline.
 */
export const apiDocsSecurityHeaders: onRequestHookHandler = (_request, reply, done) => {
  reply.helmet({
    contentSecurityPolicy: csp({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    }),
  })
  done()
}
