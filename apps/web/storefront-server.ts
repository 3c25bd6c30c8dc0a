import { Readable } from 'node:stream'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import replyFrom from '@fastify/reply-from'
import { errors, escapeHtml } from '@busana/contract'
import { devPagesAccess, isDirectLoopbackRequest } from '@busana/server/config'
import { serverOptions, serverShell } from '@busana/server/http'
import { metrics, setRouteLabel } from '@busana/server/metrics'
import { readiness } from '@busana/server/lifecycle'
import { strictSecurityHeaders } from '@busana/server/security-headers'
// The API's answers on its own paths (the envelope), for errors met here before routing: db-free.
import { apiFrameworkErrors, apiNotFound } from '@busana/api'
import type { StorefrontConfig as Config } from './storefront-config.ts'
import { newNonce, pageSecurityHeaders } from './page-security.ts'
import type { ApiFetch, PublicConfig } from './app/lib/load-context.ts'
import { adminApp } from './admin-app.ts'
import { createApiClient } from './app/lib/api-client.ts'
import {
  createSitemaps,
  robotsTxt,
  ROBOTS_CACHE_CONTROL,
  SITEMAP_CACHE_CONTROL,
  SITEMAP_CONTENT_TYPE,
} from './app/lib/seo.server.ts'
import {
  createPageCache,
  isShareable,
  pageCacheKey,
  sendCachedPage,
  toCachedPage,
  type CachedPage,
} from './page-cache.ts'

/**
 * The storefront's server (docs/decisions/015-the-api-is-a-plugin.md): it owns the root Fastify,
 * serves the server-rendered pages and their HTML error pages, and reaches the API one of two ways:
 * - mounted: the API plugin registered in this process (`mountApi`), loaders call it through
 *   inject (no socket);
 * - remote (`apiUrl`, API_URL): loaders fetch it over HTTP, and the browser's calls to /api, /media,
 *   /healthz, /dev/outbox and /dev/payments are proxied to it, so the shop keeps one origin (/livez
 *   and /readyz are this process's own). No database is opened.
 */
export interface StorefrontServerOptions {
  config: Config
  /** pino options, false for silence. */
  logger?: boolean | object
  /** Registers the API in process (in-process mode); absent with `apiUrl`. */
  mountApi?: (app: FastifyInstance, onChange: () => void) => Promise<void>
  /** The API's origin (remote mode). */
  apiUrl?: string
  /**
   * Renders a web request through React Router with the loaders' context; the page's inline scripts
   * carry `cspNonce`, the nonce of this answer's Content-Security-Policy.
   */
  render: (
    request: Request,
    context: { apiFetch: ApiFetch; publicConfig: PublicConfig; cspNonce: string },
  ) => Promise<Response>
  /** A page's route pattern by its path, for the request metrics (page-routes.ts); absent: '/*'. */
  pagePattern?: (pathname: string) => string | undefined
  /** No page cache (development: every request renders). */
  noPageCache?: boolean
  /** Vite's development server renders: the pages' policy lets its hot reload in. */
  dev?: boolean
  /** The back office's build (apps/admin/dist): served under /admin (admin-app.ts). */
  adminDir?: string
  /** URLs per sitemap file (default the protocol's 50,000; tests prove the index with fewer). */
  sitemapMaxUrls?: number
  /** URLs per sitemap call to the API (default and cap: the API's 5,000). */
  sitemapPageSize?: number
}

export interface StorefrontServer {
  app: FastifyInstance
  /** Drops every kept page (a change was announced). */
  dropPages(): void
}

/**
 * The paths the API serves besides /api. Not /livez nor /readyz: this process's own liveness and
 * readiness are its own (decision 045), or a slow API would have the storefront restarted.
 */
const API_PATHS = ['/api', '/api/*', '/media/*', '/healthz']
const DEV_PATHS = [
  '/dev/outbox',
  '/dev/outbox.json',
  '/dev/outbox/:id.html',
  '/dev/payments',
  '/dev/payments.json',
]
/** The sandbox payments page's Pay and Expire buttons (plain HTML forms). */
const DEV_POSTS = ['/dev/payments/:order/:action']

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

/** The short page of an error met outside the pages React Router renders. */
export function errorPage(title: string, text: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Home</a></p></body></html>`
  )
}

/**
 * Errors met before routing: the envelope on /api (the API's answer), a plain page elsewhere.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isApiPath(request.url)) return apiFrameworkErrors(error, request, reply)
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
  request.log.info({ code: error.code }, 'rejected before routing')
  strictSecurityHeaders(request, reply)
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-request-id', request.id)
    .type('text/html; charset=utf-8')
    .send(errorPage('Bad request', status === 414 ? 'URL too long.' : 'Malformed URL.'))
}

/** In-process API calls for loaders: same routes, validation and caching as over HTTP, no socket. */
function inProcessApiFetch(app: FastifyInstance, request: FastifyRequest): ApiFetch {
  return async (input, init) => {
    const url = new URL(input, 'http://internal')
    // Loaders reach the API only: in-process calls arrive as loopback, which developer pages trust.
    if (!url.pathname.startsWith('/api/')) throw new Error(`apiFetch is for /api/ paths, not ${url.pathname}`)
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), 'x-request-id': request.id },
      payload: (init?.body as string | undefined) ?? undefined,
    })
    const headers = new Headers()
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined && key !== 'content-encoding') headers.set(key, String(value))
    }
    const body = res.statusCode === 304 ? null : new Uint8Array(res.rawPayload)
    return new Response(body, { status: res.statusCode, headers })
  }
}

/**
 * The X-Forwarded-For this hop sends: the peer's address, after what came in when this server
 * trusts a proxy in front of it (TRUST_PROXY); otherwise a client could choose its own address.
 */
function forwardedFor(request: FastifyRequest, config: Pick<Config, 'TRUST_PROXY'>): string {
  const peer = request.socket.remoteAddress ?? ''
  const given = config.TRUST_PROXY ? request.headers['x-forwarded-for'] : undefined
  return given ? `${String(given)}, ${peer}` : peer
}

/**
 * Loader calls over HTTP to the API (API_URL). They carry the request id, so one id follows a page
 * through both tiers, and the shopper's address (the API trusts it with TRUST_PROXY).
 */
function remoteApiFetch(apiUrl: string, config: Config, request: FastifyRequest): ApiFetch {
  return async (input, init) => {
    const url = new URL(input, 'http://internal')
    if (!url.pathname.startsWith('/api/')) throw new Error(`apiFetch is for /api/ paths, not ${url.pathname}`)
    const headers = new Headers(init?.headers)
    headers.set('x-request-id', request.id)
    headers.set('x-forwarded-for', forwardedFor(request, config))
    return fetch(apiUrl + url.pathname + url.search, { ...init, headers })
  }
}

/** Proxies the browser's API paths to API_URL, bodies streamed as they come. */
async function apiProxy(app: FastifyInstance, options: { apiUrl: string; config: Config }) {
  await app.register(replyFrom, { base: options.apiUrl, undici: { connections: 128 } })
  // The API down or slow: the envelope, as the API itself would answer an error.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    request.log.error({ err: error }, 'API unreachable')
    const status = error.statusCode && error.statusCode >= 500 ? error.statusCode : 502
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .send({ status, message: errors.SRV001.message, code: 'SRV001', data: null })
  })
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))
  // The storefront's own liveness (the mounted API answers it in the other mode): no database, no API.
  app.get('/livez', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }))
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
  for (const url of API_PATHS) {
    app.route({
      method: [...methods],
      url,
      handler: (request, reply) =>
        reply.from(request.url, {
          rewriteRequestHeaders: (_req, headers) => ({
            ...headers,
            'x-forwarded-for': forwardedFor(request, options.config),
            'x-request-id': request.id,
          }),
        }),
    })
  }
  // The developer pages follow the same rule as the API's own (config.ts devPagesAccess): the
  // storefront forwards only what the API would serve, without proxy headers, so a local split pair
  // (`npm run start:api` + API_URL, the split journeys) shows the outbox to this machine alone.
  const access = devPagesAccess(options.config)
  if (access === 'nobody') return
  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    if (access === 'loopback' && !isDirectLoopbackRequest(request)) return reply.callNotFound()
    return reply.from(request.url)
  }
  for (const url of DEV_PATHS) app.get(url, forward)
  for (const url of DEV_POSTS) app.post(url, forward)
}

export async function buildStorefrontServer(options: StorefrontServerOptions): Promise<StorefrontServer> {
  const { config } = options
  const app = Fastify({ ...serverOptions(config, options.logger), frameworkErrors })
  const publicConfig: PublicConfig = {
    BRAND_ID: config.BRAND_ID,
    PUBLIC_URL: config.PUBLIC_URL,
    NODE_ENV: config.NODE_ENV,
    CAMPAIGN_BRAND_ID: config.CAMPAIGN_BRAND_ID,
    // Only the configured analytics ids travel with every page (decision 034).
    ...(config.GA4_ID && { GA4_ID: config.GA4_ID }),
    ...(config.META_PIXEL_ID && { META_PIXEL_ID: config.META_PIXEL_ID }),
    ...(config.GTM_ID && { GTM_ID: config.GTM_ID }),
  }
  const pages = createPageCache()
  /** Renders in progress by cache key: concurrent misses for one page share a single render. */
  const rendering = new Map<string, Promise<CachedPage | null>>()
  const dropPages = () => {
    pages.clear()
    // Renders in flight read data from before the change: they are sent but not kept.
    rendering.clear()
  }

  const apiFetchFor = (request: FastifyRequest): ApiFetch =>
    options.apiUrl ? remoteApiFetch(options.apiUrl, config, request) : inProcessApiFetch(app, request)

  /** Renders one request through React Router (aborted when the client goes away). */
  function render(request: FastifyRequest, reply: FastifyReply, cspNonce: string): Promise<Response> {
    const controller = new AbortController()
    reply.raw.once('close', () => controller.abort())
    const init: RequestInit = {
      method: request.method,
      headers: request.headers as Record<string, string>,
      signal: controller.signal,
    }
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined) {
      init.body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
    }
    const url = `${request.protocol}://${request.host}${request.url}`
    return options.render(new Request(url, init), { apiFetch: apiFetchFor(request), publicConfig, cspNonce })
  }

  function sendResponse(reply: FastifyReply, response: Response) {
    reply.status(response.status)
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value)
    })
    const cookies = response.headers.getSetCookie()
    if (cookies.length) reply.header('set-cookie', cookies)
    return reply.send(response.body ? Readable.fromWeb(response.body as never) : null)
  }

  /**
   * The storefront: public pages from the short-lived page cache when possible (page-cache.ts). Every
   * answer has its own CSP nonce (decision 024): a rendered page carries it, a kept page gets it
   * written where the rendering's was.
   */
  const storefront = async (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = newNonce()
    const pattern = options.pagePattern?.(request.url.split('?')[0]!)
    if (pattern) setRouteLabel(request, pattern)
    pageSecurityHeaders(request, reply, config, { nonce, dev: options.dev })
    const key = options.noPageCache ? null : pageCacheKey(request)
    if (!key) return sendResponse(reply, await render(request, reply, nonce))
    const kept = pages.get(key)
    if (kept) return sendCachedPage(request, reply, kept, 'hit', nonce)
    const shared = rendering.get(key)
    if (shared) {
      const page = await shared.catch(() => null)
      if (page) return sendCachedPage(request, reply, page, 'hit', nonce)
      return sendResponse(reply, await render(request, reply, nonce))
    }
    let settle: (page: CachedPage | null) => void = () => {}
    const mine = new Promise<CachedPage | null>((resolve) => (settle = resolve))
    rendering.set(key, mine)
    try {
      const response = await render(request, reply, nonce)
      if (!isShareable(response)) {
        settle(null)
        return sendResponse(reply, response)
      }
      const page = await toCachedPage(response, nonce)
      // A change announced during the render (dropPages cleared `rendering`, and a newer render of
      // this key may have started since): send this page, but do not keep it.
      if (rendering.get(key) === mine) pages.set(key, page)
      settle(page)
      return sendCachedPage(request, reply, page, 'miss', nonce)
    } catch (error) {
      settle(null)
      throw error
    } finally {
      // Only our own entry: a newer render of this key must stay shared.
      if (rendering.get(key) === mine) rendering.delete(key)
    }
  }

  // For search engines (decision 029): robots.txt and the sitemaps, from the API's sitemap calls
  // whether it is mounted or remote; the root's security headers and compression apply.
  const sitemaps = createSitemaps({
    publicUrl: config.PUBLIC_URL,
    brandId: config.BRAND_ID,
    maxUrls: options.sitemapMaxUrls,
    pageSize: options.sitemapPageSize,
  })
  const sitemapApi = (request: FastifyRequest) =>
    createApiClient({ fetch: apiFetchFor(request), brandId: config.BRAND_ID })
  const sendXml = async (
    request: FastifyRequest,
    reply: FastifyReply,
    make: () => Promise<string | null>,
  ) => {
    let xml: string | null
    try {
      xml = await make()
    } catch (error) {
      request.log.error({ err: error }, 'sitemap: the API did not answer')
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .header('retry-after', '300')
        .type('text/plain; charset=utf-8')
        .send('The sitemap is not available right now.')
    }
    if (xml === null) return reply.callNotFound()
    return reply.header('cache-control', SITEMAP_CACHE_CONTROL).type(SITEMAP_CONTENT_TYPE).send(xml)
  }

  // What no route serves (and a developer page refused by the API or the proxy) is the
  // storefront's own not-found page, rendered by React Router.
  app.setNotFoundHandler(storefront)
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    // A browser that went away mid-render (its connection closed, the render aborted) is routine
    // on mobile data: noted, not an error (issue 44).
    if (status === 500 && clientGone(request, reply, error))
      request.log.info({ url: request.url }, 'storefront: the browser went away before the page was sent')
    else if (status === 500) request.log.error({ err: error }, 'storefront error')
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        status === 500
          ? errorPage('Something went wrong', 'Please try again in a moment.')
          : errorPage('Bad request', 'The request could not be read.'),
      )
  })
  await app.register(serverShell)
  // Request metrics and /metrics (decision 043), once for the whole process: the mounted API has none.
  await app.register(metrics, { config })
  // /readyz: 503 from the moment this process drains; Connection: close meanwhile (decision 045).
  await app.register(readiness)
  if (options.adminDir) await app.register(adminApp, { dir: options.adminDir })

  if (options.apiUrl) {
    await app.register(apiProxy, { apiUrl: options.apiUrl, config })
  } else if (options.mountApi) {
    await options.mountApi(app, dropPages)
  } else {
    // Neither mounted nor remote: only the API's 404 envelope under /api (tests).
    app.all('/api/*', apiNotFound)
  }

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  )
  app.get('/robots.txt', (_request, reply) =>
    reply
      .header('cache-control', ROBOTS_CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(config.PUBLIC_URL)),
  )
  app.get('/sitemap.xml', (request, reply) =>
    sendXml(request, reply, () => sitemaps.root(sitemapApi(request))),
  )
  app.get<{ Params: { name: string } }>('/sitemaps/:name', (request, reply) =>
    sendXml(request, reply, () => sitemaps.file(sitemapApi(request), request.params.name)),
  )

  // A declared catch-all route (not only the not-found handler) so that route hooks such as
  // compression apply to the storefront's pages; the API's paths are its own (the /api catch-all).
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: storefront,
  })

  return { app, dropPages }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError'

/** Whether a failed render is only a browser that went away: its connection closed, or the render aborted for it. */
export function clientGone(request: FastifyRequest, reply: FastifyReply, error: unknown): boolean {
  return request.raw.destroyed || reply.raw.destroyed || (isAbort(error) && request.raw.readableAborted)
}
