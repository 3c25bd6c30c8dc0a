import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { cacheLookups } from '@busana/server/metrics'
import { LANGUAGE_QUERY, languageCookieOf, negotiateLanguage } from '@busana/contract'

/**
 * A short-lived cache of server-rendered public pages (and their `.data` loader answers).
 *
 * Public pages are the same for every visitor who asks in the same language: the session lives in
 * the browser (`auth-storage`), so a document request carries no member state. Rendering React on
 * every request costs milliseconds of CPU; keeping each rendered page for a few seconds serves a
 * busy product page from memory while prices and stock stay as fresh as the API's own 30-second
 * cache. Concurrent misses share one render (no stampede). Each answer of a kept page carries a
 * fresh CSP nonce, written where the rendering's was (docs/decisions/024-security-headers.md).
 */
export interface CachedPage {
  status: number
  headers: Array<[string, string]>
  body: Buffer
  /**
   * Where the rendering's CSP nonce sits in `body` (its inline scripts' nonce attributes): each
   * answer writes its own fresh nonce there (decision 024). Empty for answers without one (`.data`).
   */
  nonceAt: number[]
  nonceLength: number
  gzip?: Buffer
  br?: Buffer
}

export const PAGE_CACHE_TTL_MS = 15_000
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|text\/x-script)/

/** Campaign and click-tracking parameters: no page reads them, so they must not split the cache. */
const TRACKING_PARAMETER = /^(utm_.*|session_id|gclid|fbclid|gbraid|wbraid|msclkid)$/i

/** The URL without tracking parameters (the rest in their order), as the page cache keys it. */
export function withoutTrackingParameters(url: string): string {
  const mark = url.indexOf('?')
  if (mark < 0) return url
  const kept = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '' && !TRACKING_PARAMETER.test(decodeName(pair.split('=')[0] ?? '')))
  return kept.length ? `${url.slice(0, mark)}?${kept.join('&')}` : url.slice(0, mark)
}

const decodeName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

/**
 * The cache key of a request, or null when the request must be rendered for itself: anything but
 * GET, anything carrying a member token, or a query the page does not own. Tracking parameters
 * (utm_*, session_id, gclid, fbclid…) are left out of the key: campaign traffic shares the page.
 * The language part is the language the page is rendered in, negotiated by the contract from the
 * whole request as the root loader does (language.server.ts), never a slice of the raw headers: a
 * long Accept-Language cannot make two languages share a key.
 */
export function pageCacheKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET') return null
  if (request.headers.authorization || /[?&]token=/i.test(request.url)) return null
  return `${withoutTrackingParameters(request.url)}|${renderedLanguage(request)}`
}

/** The language the storefront renders a request in: ?lng, the language cookie, Accept-Language. */
function renderedLanguage(request: FastifyRequest) {
  return negotiateLanguage({
    query: queryValue(request.url, LANGUAGE_QUERY),
    cookie: languageCookieOf(request.headers.cookie),
    acceptLanguage: request.headers['accept-language'],
  })
}

/** A query parameter read from the raw URL (null when absent or malformed). */
function queryValue(url: string, name: string): string | null {
  try {
    return new URL(url, 'http://x').searchParams.get(name)
  } catch {
    return null
  }
}

/** Whether a rendered answer may be shared: a plain 200 that sets no cookie and is not private. */
export function isShareable(response: Response): boolean {
  if (response.status !== 200) return false
  if (response.headers.has('set-cookie')) return false
  return !/private|no-store/i.test(response.headers.get('cache-control') ?? '')
}

export function createPageCache(options: { max?: number; ttlMs?: number } = {}) {
  return new LRUCache<string, CachedPage>({
    max: options.max ?? 500,
    ttl: options.ttlMs ?? PAGE_CACHE_TTL_MS,
  })
}

/** Reads a rendered answer whole, so it can be kept, noting where its rendering's nonce sits. */
export async function toCachedPage(response: Response, nonce: string): Promise<CachedPage> {
  const headers: Array<[string, string]> = []
  response.headers.forEach((value, key) => headers.push([key, value]))
  const body = Buffer.from(await response.arrayBuffer())
  const needle = Buffer.from(nonce)
  const nonceAt: number[] = []
  for (let at = body.indexOf(needle); at >= 0; at = body.indexOf(needle, at + needle.length)) nonceAt.push(at)
  return { status: response.status, headers, body, nonceLength: needle.length, nonceAt }
}

/** The kept body with this answer's nonce written where the rendering's was. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  if (page.nonceAt.length === 0) return page.body
  const needle = Buffer.from(nonce)
  // Another length would leave part of the old nonce behind, or overwrite the page.
  if (needle.length !== page.nonceLength) throw new Error('the nonce differs in length from the kept one')
  const body = Buffer.from(page.body)
  for (const at of page.nonceAt) needle.copy(body, at)
  return body
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const brotliParams = (quality: number) => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
})

/**
 * Sends a kept page, with this answer's nonce, in the encoding the client accepts. An answer without
 * a nonce (a `.data` answer) is the same every time: each compressed form is made once and kept. A
 * page with one differs in its nonce per answer, so it is compressed per answer, off the event loop
 * and at brotli quality 4 (the root's own setting for dynamic answers).
 */
export async function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: string,
  nonce: string,
) {
  cacheLookups.inc({ cache: 'page', result: state })
  reply.status(page.status)
  for (const [key, value] of page.headers) reply.header(key, value)
  reply.header('x-page-cache', state).header('vary', 'accept-encoding, accept-language, cookie')
  const type = page.headers.find(([key]) => key === 'content-type')?.[1] ?? ''
  const accepts = String(request.headers['accept-encoding'] ?? '')
  const body = withNonce(page, nonce)
  const kept = page.nonceAt.length === 0
  if (body.length >= 1024 && COMPRESSIBLE.test(type)) {
    if (/\bbr\b/.test(accepts)) {
      const br = kept
        ? (page.br ??= brotliCompressSync(body, brotliParams(6)))
        : await brotliAsync(body, brotliParams(4))
      return reply.header('content-encoding', 'br').send(br)
    }
    if (/\bgzip\b/.test(accepts)) {
      const gzipped = kept
        ? (page.gzip ??= gzipSync(body, { level: 6 }))
        : await gzipAsync(body, { level: 6 })
      return reply.header('content-encoding', 'gzip').send(gzipped)
    }
  }
  return reply.send(body)
}
