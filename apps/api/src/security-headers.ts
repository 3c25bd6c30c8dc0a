import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import fp from 'fastify-plugin'
// Types only: the `helmet` route option and `reply.helmet` keep @fastify/helmet's shape (below).
import type { FastifyHelmetOptions } from '@fastify/helmet'
import helmetHeaders, { type HelmetOptions } from 'helmet'
import type { Config } from './config.ts'
import { midtransApiUrl } from './providers/payments/midtrans.ts'
import { MAP_FRAME_SOURCES } from './domains/content/index.ts'

/*
 * The browser security headers of every answer (docs/decisions/024-security-headers.md), set by
 * @fastify/helmet. Every answer gets nosniff, Referrer-Policy strict-origin-when-cross-origin (member
 * tokens travel in query strings), frame-ancestors 'none' with X-Frame-Options DENY, and a
 * Content-Security-Policy: the strictest one by default (JSON, media, static files, error pages),
 * the storefront's page policy with a per-response nonce (pageSecurityHeaders), and their own for
 * the developer pages and the OpenAPI page. HSTS only on answers to requests that came over HTTPS.
 */

type Directives = Record<string, string[]>

const csp = (directives: Directives) => ({ useDefaults: false as const, directives })

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
const overHttps = (request: FastifyRequest) => request.protocol === 'https'

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
} satisfies FastifyHelmetOptions

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
} satisfies FastifyHelmetOptions

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
} satisfies FastifyHelmetOptions

/** A fresh nonce for one answer's inline scripts: 128 random bits, base64. */
export const newNonce = () => randomBytes(16).toString('base64')

/** What a storefront page may load besides its own origin, from the configuration. */
export type PagePolicyConfig = Pick<
  Config,
  | 'ANALYTICS_ORIGINS'
  | 'PAYMENT_PROVIDER'
  | 'MIDTRANS_API_URL'
  | 'MIDTRANS_IS_PRODUCTION'
  | 'GA4_ID'
  | 'META_PIXEL_ID'
  | 'GTM_ID'
>

interface VendorHosts {
  script: string[]
  connect: string[]
  img: string[]
}

const GOOGLE_TAGS = 'https://www.googletagmanager.com'
const GOOGLE_COLLECT = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
]

/**
 * The hosts each analytics vendor's script loads from, calls and sends pixels to (decision 034):
 * gtag.js and the GTM container come from googletagmanager.com and collect at google-analytics.com
 * (a GTM container usually carries a GA4 tag); Meta's fbevents.js comes from connect.facebook.net
 * and reports to www.facebook.com.
 */
const VENDOR_HOSTS = {
  GA4_ID: {
    script: [GOOGLE_TAGS],
    connect: [GOOGLE_TAGS, ...GOOGLE_COLLECT],
    img: [GOOGLE_TAGS, ...GOOGLE_COLLECT],
  },
  GTM_ID: {
    script: [GOOGLE_TAGS],
    connect: [GOOGLE_TAGS, ...GOOGLE_COLLECT],
    img: [GOOGLE_TAGS, ...GOOGLE_COLLECT],
  },
  META_PIXEL_ID: {
    script: ['https://connect.facebook.net'],
    connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
    img: ['https://www.facebook.com'],
  },
} satisfies Record<'GA4_ID' | 'GTM_ID' | 'META_PIXEL_ID', VendorHosts>

/** The analytics hosts a page may use: ANALYTICS_ORIGINS and those of each vendor whose id is set. */
export function analyticsHosts(config: PagePolicyConfig): VendorHosts {
  const hosts: VendorHosts = {
    script: [...config.ANALYTICS_ORIGINS],
    connect: [...config.ANALYTICS_ORIGINS],
    img: [...config.ANALYTICS_ORIGINS],
  }
  for (const id of ['GA4_ID', 'GTM_ID', 'META_PIXEL_ID'] as const) {
    if (!config[id]) continue
    hosts.script.push(...VENDOR_HOSTS[id].script)
    hosts.connect.push(...VENDOR_HOSTS[id].connect)
    hosts.img.push(...VENDOR_HOSTS[id].img)
  }
  const unique = (list: string[]) => [...new Set(list)]
  return { script: unique(hosts.script), connect: unique(hosts.connect), img: unique(hosts.img) }
}

/** Where Midtrans draws the GoPay and QRIS codes the payment screen shows (providers/payments). */
function paymentImageOrigins(config: PagePolicyConfig): string[] {
  return config.PAYMENT_PROVIDER === 'midtrans' ? [new URL(midtransApiUrl(config)).origin] : []
}

/**
 * The storefront page's policy. Scripts: this origin's bundles and the inline hydration scripts
 * carrying this answer's nonce (no 'unsafe-inline', no event-handler attributes). Styles: this
 * origin's sheets; style *attributes* are allowed (React renders `style` props into the server
 * HTML: the footer's brand colour, the bundle progress bar), they cannot run script. Images,
 * media and calls: this origin (the API and /media are served or proxied here), data: images
 * (small inline pictures in style sheets), the payment provider's QR images when it is Midtrans, and
 * ANALYTICS_ORIGINS and the hosts of each analytics vendor whose id is set (GA4_ID, GTM_ID,
 * META_PIXEL_ID), only then. Frames: the map providers' embed endpoints only (decision 033).
 * `dev` adds what Vite's hot reload needs (inline styles, its socket).
 */
export function pageDirectives(
  config: PagePolicyConfig,
  options: { nonce: string; https: boolean; dev?: boolean },
): Directives {
  const analytics = analyticsHosts(config)
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${options.nonce}'`, ...analytics.script],
    'script-src-attr': ["'none'"],
    'style-src': options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...paymentImageOrigins(config), ...analytics.img],
    'font-src': ["'self'"],
    'connect-src': options.dev ? ["'self'", 'ws:', ...analytics.connect] : ["'self'", ...analytics.connect],
    'media-src': ["'self'"],
    // Only the store locator's map embeds, by exact path (decision 033): on every page, since a
    // client-side navigation to /our-store keeps the policy of the document it started on.
    'frame-src': [...MAP_FRAME_SOURCES],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  if (options.https) directives['upgrade-insecure-requests'] = []
  return directives
}

/**
 * Sets a storefront page's headers on this answer with its nonce (the page's inline scripts carry
 * the same one), replacing the strict default policy.
 */
export function pageSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  config: PagePolicyConfig,
  options: { nonce: string; dev?: boolean },
) {
  reply.helmet({
    contentSecurityPolicy: csp(pageDirectives(config, { ...options, https: overHttps(request) })),
  })
}
