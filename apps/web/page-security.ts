import { randomFillSync } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MAP_FRAME_SOURCES, VIDEO_FRAME_SOURCES } from '@busana/contract'
import { midtransApiUrl } from '@busana/server/config'
import { csp, headersWithMark, overHttps, type Directives } from '@busana/server/security-headers'
import type { StorefrontConfig } from './storefront-config.ts'

/*
 * The storefront pages' Content-Security-Policy (docs/decisions/024-security-headers.md): a fresh
 * nonce per answer for the inline hydration scripts, the analytics vendors' hosts only when their
 * ids are set (decision 034), Midtrans' QR images with Midtrans and the store maps' frames
 * (decision 033). Every other answer keeps the strict default of @busana/server's securityHeaders.
 */

/** Random bytes for 256 nonces, filled again when used up: one call to the CSPRNG, not one per answer. */
const nonceBytes = Buffer.alloc(16 * 256)
let nonceAt = nonceBytes.length

/** A fresh nonce for one answer's inline scripts: 128 random bits, base64, each bit used once. */
export function newNonce(): string {
  if (nonceAt === nonceBytes.length) {
    randomFillSync(nonceBytes)
    nonceAt = 0
  }
  const nonce = nonceBytes.toString('base64', nonceAt, nonceAt + 16)
  nonceAt += 16
  return nonce
}

/** What a storefront page may load besides its own origin, from the configuration. */
export type PagePolicyConfig = Pick<
  StorefrontConfig,
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

/** Where Midtrans draws the GoPay and QRIS codes the payment screen shows (the API's payments provider). */
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
    // Only the store locator's map embeds, by exact path (decision 033), and the players of gallery
    // videos (contract catalog/video.rules.ts): on every page, since a client-side navigation keeps
    // the policy of the document it started on.
    'frame-src': [...MAP_FRAME_SOURCES, ...VIDEO_FRAME_SOURCES],
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
  const https = overHttps(request)
  const key = `${https} ${options.dev === true}`
  let built = builtPolicies.get(config)
  if (!built) builtPolicies.set(config, (built = new Map()))
  let write = built.get(key)
  if (!write) {
    const directives = pageDirectives(config, { nonce: NONCE_MARK, https, dev: options.dev })
    write = headersWithMark({ contentSecurityPolicy: csp(directives) }, NONCE_MARK)
    built.set(key, write)
  }
  write(reply, options.nonce)
}

/** Where the nonce goes in a page's policy built once (never a nonce's characters: base64 has no '-'). */
const NONCE_MARK = 'busana-nonce-mark'

/** The page's headers per configuration, HTTPS and dev, built once with NONCE_MARK for the nonce. */
const builtPolicies = new WeakMap<PagePolicyConfig, Map<string, ReturnType<typeof headersWithMark>>>()
