import { promisify } from 'node:util'
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlibConstants,
  crc32,
  deflateRaw,
  gzip,
  gzipSync,
  type ZlibOptions,
} from 'node:zlib'
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
  /**
   * A page with a nonce: its gzip answer made once, around the nonce (`nonceGzip`), on the thread
   * pool once the page is asked for a third time from the cache (`keepGzipAround`; `gzipAroundMade`
   * while it is).
   */
  gzipAround?: GzipAround
  gzipAroundMade?: Promise<void>
  /** Answers from the cache so far (hits), until the gzip around the nonce is made. */
  hits?: number
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

const deflateRawAsync = promisify(deflateRaw)

/** gzip's member header (RFC 1952): deflate, no name, no time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255])
/** The last block of a deflate stream (RFC 1951): empty, stored, final. */
const DEFLATE_END = Buffer.from([1, 0, 0, 255, 255])

/** What a kept page's gzip answers share, made once (`keepGzipAround`). */
interface GzipAround {
  /** The page between two nonces, each stretch compressed. */
  parts: Buffer[]
  /** Each stretch's CRC-32, and the factor that moves a CRC past it (`crcShift`). */
  crcs: number[]
  shifts: number[]
  /** The factor that moves a CRC past a nonce. */
  nonceShift: number
}

/**
 * The parts of a page's gzip answer that do not change with its nonce: the page between two nonces,
 * each compressed on its own (raw deflate ended by a sync flush: byte-aligned and not final), made
 * once per kept page (decision 024's addendum). Each stretch is compressed with the 32 KB before it
 * as its dictionary, the nonces in it written as NUL bytes: a text page has none, so no
 * back-reference can reach a nonce's bytes, and the page compresses almost as well as in one piece.
 * A page that holds a NUL byte is compressed stretch by stretch without a dictionary. The stretches
 * are compressed on the thread pool (about 2 ms of a core for a 50 KB page with 20 nonces, three
 * answers' brotli), once, when the page is asked for a third time from the cache: a page asked for
 * once or twice (a URL nobody shares) never pays for it.
 */
export function keepGzipAround(page: CachedPage): Promise<void> {
  page.gzipAroundMade ??= (async () => {
    const masked = page.body.includes(0) ? null : Buffer.from(page.body)
    if (masked) for (const at of page.nonceAt) masked.fill(0, at, at + page.nonceLength)
    const stretches: Array<[number, number]> = []
    let from = 0
    for (const at of page.nonceAt) {
      stretches.push([from, at])
      from = at + page.nonceLength
    }
    stretches.push([from, page.body.length])
    const parts = await Promise.all(
      stretches.map(([start, end]) => {
        const options: ZlibOptions = { level: 6, finishFlush: zlibConstants.Z_SYNC_FLUSH }
        if (masked && start > 0) options.dictionary = masked.subarray(Math.max(0, start - 32_768), start)
        return deflateRawAsync(page.body.subarray(start, end), options)
      }),
    )
    page.gzipAround = {
      parts,
      crcs: stretches.map(([start, end]) => crc32(page.body.subarray(start, end))),
      shifts: stretches.map(([start, end]) => crcShift(end - start)),
      nonceShift: crcShift(page.nonceLength),
    }
  })()
  return page.gzipAroundMade
}

/*
 * CRC-32 of two pieces from the CRC of each (zlib's crc32_combine, crc32.c): the first piece's CRC
 * times x^(8·length of the second), modulo the CRC's polynomial, plus the second's. The factor of
 * each stretch is computed once, so a kept page's CRC with a new nonce costs a multiplication per
 * piece instead of reading the page (issue 41).
 */
const CRC_POLY = 0xedb88320

/** a·b modulo the CRC-32 polynomial (reflected bits, as zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000
  let product = 0
  for (;;) {
    if (a & m) {
      product ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1
  }
  return product >>> 0
}

/** x^(2^k) modulo the polynomial, k = 0..31 (zlib's x2n_table). */
const X2N: number[] = (() => {
  const table = [0x40000000]
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1]!, table[k - 1]!))
  return table
})()

/** The factor that moves a CRC past `length` bytes: x^(8·length) modulo the polynomial. */
function crcShift(length: number): number {
  let factor = 0x80000000
  let n = length
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) factor = multModP(X2N[k % 32]!, factor)
  return factor
}

/** The CRC-32 of A then B, from A's CRC, B's and B's factor (`crcShift(B's length)`). */
const crcThen = (crcA: number, crcB: number, shiftB: number) => (multModP(shiftB, crcA) ^ crcB) >>> 0

/**
 * A page's gzip answer with `nonce`: the parts kept by `keepGzipAround`, the nonce between them as
 * stored deflate blocks, the final block, and the trailer (CRC-32 and length of the page as sent,
 * the CRC put together from the stretches' and the nonce's). A few µs for a 50 KB page, where
 * compressing it took 0.7 ms.
 */
export function nonceGzip(page: CachedPage, nonce: string): Buffer {
  const around = page.gzipAround
  if (!around) throw new Error('the page has no gzip kept around its nonce: keepGzipAround first')
  const needle = Buffer.from(nonce)
  if (needle.length !== page.nonceLength) throw new Error('the nonce differs in length from the kept one')
  // A stored block (RFC 1951 3.2.4): header byte (not final, type 00), LEN and its complement.
  const stored = Buffer.alloc(5 + needle.length)
  stored.writeUInt16LE(needle.length, 1)
  stored.writeUInt16LE(~needle.length & 0xffff, 3)
  needle.copy(stored, 5)
  const nonceCrc = crc32(needle)
  const chunks: Buffer[] = [GZIP_HEADER]
  let crc = 0
  for (let i = 0; i < page.nonceAt.length; i++) {
    crc = crcThen(crcThen(crc, around.crcs[i]!, around.shifts[i]!), nonceCrc, around.nonceShift)
    chunks.push(around.parts[i]!, stored)
  }
  const last = page.nonceAt.length
  crc = crcThen(crc, around.crcs[last]!, around.shifts[last]!)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc, 0)
  trailer.writeUInt32LE(page.body.length % 2 ** 32, 4)
  chunks.push(around.parts[last]!, DEFLATE_END, trailer)
  return Buffer.concat(chunks)
}

/**
 * Sends a kept page, with this answer's nonce, in the encoding the client accepts. An answer without
 * a nonce (a `.data` answer) is the same every time: each compressed form is made once and kept. A
 * page with one differs in its nonce per answer: once it is asked for often, its gzip is kept
 * around the nonce (`keepGzipAround`, `nonceGzip`) and preferred over brotli; until then, and for a
 * client that takes brotli alone, the page is compressed per answer off the event loop, brotli at
 * quality 4 (the root's setting for dynamic answers).
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
  const kept = page.nonceAt.length === 0
  if (page.body.length >= 1024 && COMPRESSIBLE.test(type)) {
    const takesGzip = /\bgzip\b/.test(accepts)
    // A page asked for again and again keeps its gzip around the nonce, made on the thread pool
    // meanwhile: making it costs about three answers' compression.
    if (
      !kept &&
      takesGzip &&
      state === 'hit' &&
      !page.gzipAround &&
      (page.hits = (page.hits ?? 0) + 1) >= 3
    ) {
      void keepGzipAround(page).catch(() => undefined)
    }
    const around = !kept && takesGzip && page.gzipAround !== undefined
    if (/\bbr\b/.test(accepts) && !around) {
      const br = kept
        ? (page.br ??= brotliCompressSync(page.body, brotliParams(6)))
        : await brotliAsync(withNonce(page, nonce), brotliParams(4))
      return reply.header('content-encoding', 'br').send(br)
    }
    if (takesGzip) {
      const gzipped = kept
        ? (page.gzip ??= gzipSync(page.body, { level: 6 }))
        : around
          ? nonceGzip(page, nonce)
          : await gzipAsync(withNonce(page, nonce), { level: 6 })
      return reply.header('content-encoding', 'gzip').send(gzipped)
    }
  }
  return reply.send(withNonce(page, nonce))
}
