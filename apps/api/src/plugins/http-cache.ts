import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { cacheLookups } from '@busana/server/metrics'
import type { ChangeTopic } from '../cache-invalidation.ts'

/**
 * HTTP caching for public catalog reads (architecture.md, "Catalog reads are cacheable").
 *
 * Two layers:
 * 1. Shared HTTP caches (browsers, CDN): `Cache-Control: public, max-age=60,
 *    stale-while-revalidate=300` and a strong ETag. A minute keeps prices, stock and labels fresh
 *    enough for browsing (checkout re-checks stock anyway); the stale window lets a CDN answer at
 *    once while it revalidates, and revalidation is a cheap 304. The answer depends on the brand
 *    id header, so `Vary` names it.
 * 2. This process: the serialised body, its ETag and its compressed forms, keyed by route, brand and
 *    normalised parameters, in a bounded LRU with a short TTL. A change notified by any process
 *    (cache-invalidation.ts) drops the entries of its topic at once; the TTL bounds the rest. A hit does no database query, no zod work and no hashing; a
 *    URL seen before is even answered before parameter validation (rawUrlFastPath).
 *
 * Answers personalised by a member token (query `token` or an Authorization header) are never
 * shared: `private, no-store`, no cache.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'
const VARY = 'x-brand-id, accept-encoding'
const JSON_TYPE = 'application/json; charset=utf-8'
/** Same threshold as the compress plugin: smaller bodies are not worth compressing. */
const COMPRESS_THRESHOLD = 1024

export interface CachedAnswer {
  /** The JSON text sent as is. */
  body: string
  /** Strong validator of the identity body, quoted; encoded forms add a suffix. */
  etag: string
  /** Hash inside the quotes, compared against If-None-Match. */
  tag: string
  expires: number
  /** What the answer is made of: a change notified on this topic drops it (cache-invalidation.ts). */
  topic?: ChangeTopic
  br?: Buffer
  gzip?: Buffer
}

export interface ResponseCacheOptions {
  /** Most entries kept; the least recently used goes first. */
  max?: number
  /** Lifetime of an entry in milliseconds. */
  ttlMs?: number
}

/** A bounded LRU of serialised answers with a TTL and in-flight de-duplication. */
export class ResponseCache {
  readonly max: number
  readonly ttlMs: number
  private readonly entries = new Map<string, CachedAnswer>()
  private readonly pending = new Map<string, Promise<CachedAnswer>>()

  constructor(options: ResponseCacheOptions = {}) {
    this.max = options.max ?? 2000
    this.ttlMs = options.ttlMs ?? 30_000
  }

  get size() {
    return this.entries.size
  }

  /** A live entry, refreshed as most recently used; undefined when absent or expired. */
  get(key: string, now = Date.now()): CachedAnswer | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expires <= now) return undefined
    this.entries.set(key, entry)
    return entry
  }

  /** Stores a body, hashing it once for its ETag. */
  set(key: string, body: string, now = Date.now(), topic?: ChangeTopic): CachedAnswer {
    const entry = makeAnswer(body, now + this.ttlMs)
    if (topic) entry.topic = topic
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string
      this.entries.delete(oldest)
    }
    return entry
  }

  /**
   * The entry for `key`, producing it at most once at a time: concurrent misses share one
   * production (no stampede of identical queries when an entry expires under load).
   */
  async getOrProduce(
    key: string,
    produce: () => Promise<string>,
    topic?: ChangeTopic,
    /** The metric's label: `http` for answers, `memo` for values kept beside them (listing facets). */
    kind: 'http' | 'memo' = 'http',
  ): Promise<CachedAnswer> {
    // A lookup that found the entry, or joined its production under way, is a hit (decision 043).
    const found = this.get(key) ?? this.pending.get(key)
    cacheLookups.inc({ cache: kind, result: found ? 'hit' : 'miss' })
    if (found) return found
    const generation = this.generation
    const promise = produce()
      .then((body) => {
        // Produced from data read before a change was announced: send it, do not keep it.
        if (generation !== this.generation) return makeAnswer(body, 0)
        return this.set(key, body, Date.now(), topic)
      })
      .finally(() => this.pending.delete(key))
    this.pending.set(key, promise)
    return promise
  }

  /** Makes `key` another name of an entry (same body, ETag and expiry), e.g. its raw URL. */
  alias(key: string, entry: CachedAnswer) {
    if (this.entries.get(key) === entry) return
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string
      this.entries.delete(oldest)
    }
  }

  clear() {
    this.generation++
    this.entries.clear()
  }

  /** Drops the entries of a topic (every entry for '*'): the data they were made of changed. */
  drop(topic: ChangeTopic | '*') {
    this.generation++
    if (topic === '*') return this.entries.clear()
    for (const [key, entry] of this.entries) {
      if (entry.topic === undefined || entry.topic === topic) this.entries.delete(key)
    }
  }

  /** Bumped by every drop: an answer produced across a drop is not kept. */
  private generation = 0
}

function makeAnswer(body: string, expires: number): CachedAnswer {
  const tag = createHash('sha1').update(body).digest('base64url').slice(0, 27)
  return { body, etag: `"${tag}"`, tag, expires }
}

/** The response caches of the API instances on each database handle (one per instance). */
const caches = new WeakMap<object, Set<ResponseCache>>()

/** A new response cache for an API instance over `database`, known to clearResponseCache. */
export function createResponseCache(database: object, options?: ResponseCacheOptions): ResponseCache {
  const cache = new ResponseCache(options)
  let set = caches.get(database)
  if (!set) caches.set(database, (set = new Set()))
  set.add(cache)
  return cache
}

/** Forgets the response cache of an instance when it closes. */
export function releaseResponseCache(database: object, cache: ResponseCache): void {
  caches.get(database)?.delete(cache)
}

/** Forgets every cached answer of the instances on a database handle, e.g. in tests. */
export function clearResponseCache(database: object): void {
  for (const cache of caches.get(database) ?? []) cache.clear()
}

/**
 * A stable cache key: route, brand and the validated parameters (defaults applied, so `?limit=10`
 * and no limit share an entry) in sorted order, without the token.
 */
export function cacheKey(route: string, brandId: number, params: Record<string, unknown>): string {
  let key = `${route}|${brandId}`
  for (const name of Object.keys(params).sort()) {
    if (name === 'token') continue
    const value = params[name]
    if (value === undefined) continue
    key += `|${name}=${String(value)}`
  }
  return key
}

type Encoding = 'br' | 'gzip' | 'identity'

/** The best encoding the client accepts (q=0 refuses); br before gzip. */
function negotiate(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity'
  const value = Array.isArray(header) ? header.join(',') : header
  let br = false
  let gzip = false
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))
    if (refused) continue
    if (name === 'br') br = true
    else if (name === 'gzip' || name === '*') gzip = true
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity'
}

/** Weak comparison (RFC 9110 13.1.2): any listed tag naming this body, in any encoding, or '*'. */
function matches(ifNoneMatch: string | string[] | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false
  const value = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch
  if (value.trim() === '*') return true
  return value.includes(tag)
}

/** Sends a cached answer: 304 on a matching If-None-Match, else the body in the negotiated encoding. */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', VARY)
  const compressible = answer.body.length >= COMPRESS_THRESHOLD
  const encoding = compressible ? negotiate(request.headers['accept-encoding']) : 'identity'
  // A strong ETag names one representation: the encoded forms get their own suffix.
  const etag = encoding === 'identity' ? answer.etag : `"${answer.tag}-${encoding === 'br' ? 'br' : 'gz'}"`
  reply.header('etag', etag)
  if (matches(request.headers['if-none-match'], answer.tag)) {
    return reply.code(304).send()
  }
  // Setting the JSON content type and sending a string or Buffer bypasses the zod serializer
  // (Fastify serialises only non-string payloads) and the compress plugin skips a body that
  // already carries a Content-Encoding.
  reply.header('content-type', JSON_TYPE)
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    })
    return reply.header('content-encoding', 'br').send(answer.br)
  }
  if (encoding === 'gzip') {
    answer.gzip ??= gzipSync(answer.body, { level: 6 })
    return reply.header('content-encoding', 'gzip').send(answer.gzip)
  }
  return reply.send(answer.body)
}

/** Key of the raw-URL alias of an answer: the URL exactly as the client sent it. */
const rawKey = (request: FastifyRequest) => `raw|${request.brandId}|${request.url}`

/**
 * An onRequest hook answering a repeated URL straight from the cache, before parameter validation.
 * Only answers that passed validation and were public are ever aliased by their raw URL, and the
 * same URL with the same brand header validates to the same parameters, so skipping zod here is
 * safe; it is the remaining per-request cost of a hit. A URL carrying a token is never aliased.
 */
export function rawUrlFastPath(cache: ResponseCache) {
  // A callback hook (an async one costs a promise and a microtask per request, issue 41): a hit
  // sends and does not call done, which ends the request here.
  return function answerFromCache(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (request.headers.authorization === undefined) {
      const answer = cache.get(rawKey(request))
      // Only hits here: a miss goes on to the route, whose getOrProduce counts the lookup once.
      if (answer) {
        cacheLookups.inc({ cache: 'http', result: 'hit' })
        sendCachedAnswer(request, reply, answer)
        return
      }
    }
    done()
  }
}

/** Sends a personalised answer: never stored by shared caches nor by this process. */
export function sendPrivateAnswer(reply: FastifyReply, body: string): FastifyReply {
  return reply.header('cache-control', PRIVATE_CACHE_CONTROL).header('content-type', JSON_TYPE).send(body)
}

/**
 * Serialises an answer once, checked against its contract schema (unknown keys stripped), so the
 * cached text is exactly what the route's response schema documents.
 */
export function serializeAnswer<S extends z.ZodType>(schema: S, answer: z.input<S>): string {
  return JSON.stringify(schema.parse(answer))
}

export interface CachedReadOptions {
  cache: ResponseCache
  /** Route name in the key, e.g. 'home'. */
  route: string
  /** Validated query parameters; a present `token` makes the answer private. */
  params: Record<string, unknown> & { token?: string }
  /** Produces the serialised answer on a miss (may throw an AppError: errors are not cached). */
  produce: () => Promise<string>
  /** What the answer is made of (a change of it drops the entry). */
  topic?: ChangeTopic
}

/**
 * Answers a catalog read from the process cache, producing it on a miss; a call with a member
 * token (the `token` parameter or an Authorization header: either may personalise the answer)
 * skips the shared cache and is sent private.
 */
export async function cachedRead(request: FastifyRequest, reply: FastifyReply, options: CachedReadOptions) {
  if (options.params.token !== undefined || request.headers.authorization !== undefined) {
    return sendPrivateAnswer(reply, await options.produce())
  }
  const key = cacheKey(options.route, request.brandId, options.params)
  const answer =
    options.cache.get(key) ?? (await options.cache.getOrProduce(key, options.produce, options.topic))
  options.cache.alias(rawKey(request), answer)
  return sendCachedAnswer(request, reply, answer)
}

export interface PublicReadOptions<S extends z.ZodType> {
  /** Route name in the key, e.g. 'home'. */
  route: string
  /** Validated query parameters; a present `token` makes the answer private. */
  params: Record<string, unknown> & { token?: string }
  /** The route's response schema: the answer is checked and serialised with it once. */
  schema: S
  /** Loads the answer (an envelope) on a miss. */
  load: () => Promise<z.input<S>>
}

/** Marks every answer of a domain's routes (the bag, addresses, …) as personal: never stored by anyone. */
export function privateAnswers(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL)
    done()
  })
}

/**
 * The cached reads of one domain: answers a URL seen before from memory before validation
 * (rawUrlFastPath) and returns `read`, which serves an answer from the instance's response cache
 * or loads, checks and keeps it under `topic`.
 */
export function publicReads(app: FastifyInstance, topic: ChangeTopic) {
  const cache = app.responseCache
  app.addHook('onRequest', rawUrlFastPath(cache))
  return <S extends z.ZodType>(request: FastifyRequest, reply: FastifyReply, options: PublicReadOptions<S>) =>
    cachedRead(request, reply, {
      cache,
      route: options.route,
      params: options.params,
      topic,
      produce: async () => serializeAnswer(options.schema, await options.load()),
    })
}
