import type { z } from 'zod'
import { BRAND_HEADER, type Envelope, type PagedEnvelope } from '@busana/contract'
import type { ApiFetch } from './load-context.ts'

/** Request timeout (docs/product/shopping.md §9). */
export const REQUEST_TIMEOUT_MS = 10_000
/** The error popup opens this long after a failure (docs/product/shopping.md §8). */
export const ERROR_POPUP_DELAY_MS = 100

/** A failed call: the HTTP status, the catalogue code when the server gave one, and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** The envelope's data, when the server sent some (VER001 carries the customer id). */
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
  /** No error popup for this call (search-type calls are silenced). */
  silent?: boolean
  signal?: AbortSignal
  /**
   * A member call: the session's token is sent as the query parameter `token` (docs/product/account.md §6)
   * unless the query already names one.
   */
  member?: boolean
  /** A 401 of this call does not log out (the logout call itself). */
  keepSessionOn401?: boolean
  /** HTTP Basic credentials (POST /api/v1/member/login, docs/product/account.md §7). */
  basicAuth?: { username: string; password: string }
  /** Extra request headers (the checkout calls' Idempotency-Key). */
  headers?: Record<string, string>
}

/** A call whose whole answer (the envelope) is parsed with a contract schema: server code only (zod). */
export interface ParsedRequestOptions<S extends z.ZodType> extends RequestOptions {
  schema: S
}

/** What the 401 reaction gets: the failed call's method and a way to send it again with a new token. */
export interface UnauthorizedContext {
  method: string
  retry(token: string): Promise<unknown>
}

export interface ApiClientOptions {
  fetch: ApiFetch
  brandId: number
  /** Called with the server's message when a call fails and is not silenced (the browser shows a popup). */
  onError?: (error: ApiError) => void
  /** The session's token for member calls (the browser reads the session store). */
  getToken?: () => string | null | undefined
  /**
   * Called on a 401 other than CLE015 (docs/product/account.md §8). May return a promise that settles the
   * call instead of the error: the browser retries a failed GET after the next login.
   */
  onUnauthorized?: (error: ApiError, context: UnauthorizedContext) => Promise<unknown> | null
  /**
   * The shopper's language ('en' or 'id'), sent as Accept-Language on every call so the API answers
   * its messages (success and error) in it: the page's language in the browser, the request's
   * (?lng, cookie, Accept-Language) in loaders. A function for the browser, whose language can change.
   */
  language?: string | (() => string | null | undefined)
}

/** UTF-8 safe base64 of the Basic credentials. */
function basicHeader({ username, password }: { username: string; password: string }): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

/**
 * One request layer: API base, brand id and language headers, 10 s timeout, envelope parsing, error
 * reporting. Loaders pass the in-process fetch from the load context; the browser passes window.fetch.
 */
export function createApiClient(options: ApiClientOptions) {
  async function send(path: string, opts: RequestOptions & { schema?: z.ZodType } = {}): Promise<unknown> {
    const search = new URLSearchParams()
    const query = { ...opts.query }
    if (opts.member && (query.token === undefined || query.token === null)) {
      query.token = options.getToken?.() ?? undefined
    }
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) search.set(key, String(value))
    }
    const url = search.size ? `${path}?${search}` : path
    const headers: Record<string, string> = {
      ...opts.headers,
      [BRAND_HEADER]: String(options.brandId),
      accept: 'application/json',
    }
    const language = typeof options.language === 'function' ? options.language() : options.language
    if (language) headers['accept-language'] = language
    // A FormData body (the review photos) sets its own multipart content type and boundary.
    const form = typeof FormData !== 'undefined' && opts.body instanceof FormData ? opts.body : null
    if (opts.body !== undefined && !form) headers['content-type'] = 'application/json'
    if (opts.basicAuth) headers.authorization = basicHeader(opts.basicAuth)
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
    let response: Response
    try {
      response = await options.fetch(url, {
        method: opts.method ?? 'GET',
        headers,
        body: form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        signal,
      })
    } catch (cause) {
      const timedOut = timeout.aborted
      const error = new ApiError(
        0,
        undefined,
        timedOut ? 'The request timed out' : 'Network error, please try again',
      )
      if (!opts.silent && !opts.signal?.aborted) options.onError?.(error)
      throw Object.assign(error, { cause })
    }
    const body = (await response.json().catch(() => null)) as {
      message?: string
      code?: string
      data?: unknown
    } | null
    if (!response.ok) {
      const error = new ApiError(
        response.status,
        body?.code,
        body?.message ?? response.statusText,
        body?.data,
      )
      // A 401 for a token that is no longer the session's (signed out, or signed in anew, while the
      // call was under way) says nothing about the current session: no logout, no dialog, no popup.
      const sentToken = query.token
      if (response.status === 401 && sentToken && options.getToken && options.getToken() !== sentToken) {
        throw error
      }
      // docs/product/account.md §8: a 401 with CLE015 (wrong credentials) keeps the session; any other logs
      // out.
      if (
        response.status === 401 &&
        error.code !== 'CLE015' &&
        !opts.keepSessionOn401 &&
        options.onUnauthorized
      ) {
        const settled = options.onUnauthorized(error, {
          method: opts.method ?? 'GET',
          retry: (token) => send(path, { ...opts, query: { ...opts.query, token } }),
        })
        if (settled) return settled
      }
      if (!opts.silent) options.onError?.(error)
      throw error
    }
    return opts.schema ? opts.schema.parse(body) : body
  }

  /**
   * One call. `T` is the answer's `data` as the contract types it (`Envelope<T>`, the contract's own
   * type): the one place an answer's type is stated, so no caller casts. With `schema` (loaders) the
   * answer is parsed and typed by that schema instead.
   */
  function request<S extends z.ZodType>(path: string, opts: ParsedRequestOptions<S>): Promise<z.infer<S>>
  function request<T = unknown>(path: string, opts?: RequestOptions): Promise<Envelope<T>>
  function request(path: string, opts?: RequestOptions & { schema?: z.ZodType }): Promise<unknown> {
    return send(path, opts)
  }

  /**
   * A paged call: the envelope carries `total_pages` beside `data` (docs/product/shopping.md §3);
   * `E` types what a call adds beside them (a listing's `facets`, issue 39).
   */
  const paged = <T, E extends object = object>(path: string, opts?: RequestOptions) =>
    send(path, opts) as Promise<PagedEnvelope<T> & E>

  return { request, paged }
}

export type ApiClient = ReturnType<typeof createApiClient>
