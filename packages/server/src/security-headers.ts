import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
// Types only: the `helmet` route option and `reply.helmet` keep @fastify/helmet's shape (below).
import type { FastifyHelmetOptions } from '@fastify/helmet'
import helmetHeaders, { type HelmetOptions } from 'helmet'

/*
 * The browser security headers of every answer of both servers (docs/decisions/024-security-headers.md),
 * written with helmet. Every answer gets nosniff, Referrer-Policy strict-origin-when-cross-origin
 * (member tokens travel in query strings), frame-ancestors 'none' with X-Frame-Options DENY, and by
 * default the strictest Content-Security-Policy (JSON, media, static files, error pages); a route
 * declares its own policy with its `helmet` option or reply.helmet, built with csp(). HSTS only on
 * answers to requests that came over HTTPS. The policies themselves belong to who serves the page:
 * the API's developer pages, pictures and OpenAPI page (apps/api/src/security-headers.ts), the
 * storefront's pages (apps/web/page-security.ts) and the back office (apps/web/admin-app.ts).
 */

/** A route's own headers (its `helmet` option), as @fastify/helmet types it. */
export type RouteHelmet = FastifyHelmetOptions

/** A Content-Security-Policy's directives by name. */
export type Directives = Record<string, string[]>

/** helmet's contentSecurityPolicy option for exactly these directives (none of helmet's defaults). */
export const csp = (directives: Directives) => ({ useDefaults: false as const, directives })

/** Nothing may load from an answer that is data (JSON, images, files), and nobody frames it. */
const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
}

/** One year, subdomains included (helmet's own defaults); sent only over HTTPS. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true }

/** Every answer's headers (helmet's defaults otherwise: nosniff, COOP, CORP same-origin…). */
const STRICT = {
  contentSecurityPolicy: csp(API_DIRECTIVES),
  xFrameOptions: { action: 'deny' as const },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  // Set per request: a plain-HTTP answer (a laptop, a proxy that did not say https) must not pin.
  strictTransportSecurity: false,
}

/** The request came over HTTPS: its own TLS socket, or X-Forwarded-Proto from a trusted proxy. */
export const overHttps = (request: FastifyRequest) => request.protocol === 'https'

// The same headers without the plugin's hooks (helmet itself, for strictSecurityHeaders).
const strict = helmetHeaders(STRICT)
const strictOverHttps = helmetHeaders({ ...STRICT, strictTransportSecurity: HSTS })

/**
 * The strict headers on an answer that no hook sees: a request refused before routing (a malformed
 * URL, a bad content type) gets them from the root's frameworkErrors handler.
 */
export function strictSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  const headers = overHttps(request) ? strictOverHttps : strict
  headers(request.raw, reply.raw, () => {})
}

/** helmet's middleware for options merged from ours and a route's (its union type forbids spreads). */
const headersFor = (options: object) => helmetHeaders(options as HelmetOptions)

/** Helmet's headers for one set of options, built once: plain HTTP and over HTTPS (with HSTS). */
interface BuiltHeaders {
  options: object
  plain: ReturnType<typeof helmetHeaders>
  https: ReturnType<typeof helmetHeaders>
}

const build = (options: object): BuiltHeaders => ({
  options,
  plain: headersFor(options),
  https: headersFor({ ...options, strictTransportSecurity: HSTS }),
})

const DEFAULT_HEADERS = build(STRICT)

/**
 * reply.helmet(options) for a route without its own `helmet` option, where one value changes per
 * answer (a page's nonce): helmet is built once with `mark` in that value's place, and each answer
 * writes the headers it wrote, `mark` replaced by the answer's value (issue 41: helmet parsed and
 * checked every directive of the page's policy on each answer, a twentieth of a kept page's CPU).
 */
export function headersWithMark(options: object, mark: string) {
  const written: Array<[string, string]> = []
  const removed: string[] = []
  const capture = {
    setHeader: (name: string, value: string) => void written.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  }
  headersFor({ ...STRICT, ...options })({} as never, capture as never, noop)
  return (reply: FastifyReply, value: string) => {
    for (const name of removed) reply.raw.removeHeader(name)
    for (const [name, header] of written) {
      reply.raw.setHeader(name, header.includes(mark) ? header.replaceAll(mark, value) : header)
    }
  }
}
const noop = () => {}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own security headers (its `helmet` option), built when the route is added. */
    securityHeaders?: BuiltHeaders | null
  }
}

/**
 * Helmet on every answer of this root: the strict policy by default, HSTS over HTTPS. A route
 * declares another policy with its `helmet` option (developer pages, pictures), or its hook or
 * handler calls reply.helmet (the OpenAPI page's hook, the storefront's page handler).
 *
 * The same headers and the same two ways to change them as @fastify/helmet, whose hooks built
 * helmet's middleware anew (options merged, every directive parsed and checked) and a closure for
 * reply.helmet on every request: here a route's headers are built once when it is added, and one
 * hook writes them (decision 030).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (route.helmet === undefined) return
      const own = route.helmet === false ? null : build({ ...STRICT, ...route.helmet })
      route.config = { ...route.config, securityHeaders: own }
    })
    function helmet(this: FastifyReply, options?: object) {
      const base = this.request.routeOptions.config.securityHeaders?.options ?? STRICT
      headersFor(options ? { ...base, ...options } : base)(this.request.raw, this.raw, noop)
    }
    // Typed as @fastify/helmet declares it (it returns helmet's middleware; nobody reads it).
    app.decorateReply('helmet', helmet as unknown as FastifyReply['helmet'])
    app.addHook('onRequest', (request, reply, done) => {
      const own = request.routeOptions.config.securityHeaders
      const headers = own === undefined ? DEFAULT_HEADERS : own
      if (headers) (overHttps(request) ? headers.https : headers.plain)(request.raw, reply.raw, noop)
      done()
    })
  },
  { name: 'security-headers' },
)
