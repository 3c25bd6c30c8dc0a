import { fileURLToPath } from 'node:url'
import { Readable } from 'node:stream'
import { existsSync } from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { buildApi } from '@busana/api'
import { loadConfig } from '@busana/api/config'
import { prepareDatabase } from '@busana/api/setup'
import { listenWithGracefulShutdown } from '@busana/api/lifecycle'
import type { ApiFetch, PublicConfig } from './app/lib/load-context.ts'
import { LANGUAGE_COOKIE } from './app/lib/language-cookie.ts'
import {
  createPageCache,
  isShareable,
  pageCacheKey,
  sendCachedPage,
  toCachedPage,
  type CachedPage,
} from './page-cache.ts'

/**
 * The default process: the API under /api and the server-rendered storefront for everything else,
 * on one port. `--dev` serves the app through Vite's middleware with hot reload.
 */
const dev = process.argv.includes('--dev')
const config = loadConfig()
const database = await prepareDatabase(config, (message) => console.log(message))
const publicConfig: PublicConfig = {
  BRAND_ID: config.BRAND_ID,
  PUBLIC_URL: config.PUBLIC_URL,
  NODE_ENV: config.NODE_ENV,
  CAMPAIGN_BRAND_ID: config.CAMPAIGN_BRAND_ID,
}

/** In-process API calls for loaders: same routes, validation and caching as over HTTP, no socket. */
function createApiFetch(app: FastifyInstance): ApiFetch {
  return async (input, init) => {
    const url = new URL(input, 'http://internal')
    // Loaders reach the API only: in-process calls arrive as loopback, which developer pages trust.
    if (!url.pathname.startsWith('/api/')) throw new Error(`apiFetch is for /api/ paths, not ${url.pathname}`)
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
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

let handle: (request: Request) => Promise<Response>
const pages = createPageCache()
/** Renders in progress by cache key: concurrent misses for one page share a single render. */
const rendering = new Map<string, Promise<CachedPage | null>>()

/** Renders one request through React Router (aborted when the client goes away). */
function render(request: FastifyRequest, reply: FastifyReply): Promise<Response> {
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
  return handle(new Request(`${request.protocol}://${request.host}${request.url}`, init))
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

/** The storefront: public pages from the short-lived page cache when possible (page-cache.ts). */
const storefront = async (request: FastifyRequest, reply: FastifyReply) => {
  const key = dev ? null : pageCacheKey(request, LANGUAGE_COOKIE)
  if (!key) return sendResponse(reply, await render(request, reply))
  const kept = pages.get(key)
  if (kept) return sendCachedPage(request, reply, kept, 'hit')
  const shared = rendering.get(key)
  if (shared) {
    const page = await shared.catch(() => null)
    if (page) return sendCachedPage(request, reply, page, 'hit')
    return sendResponse(reply, await render(request, reply))
  }
  let settle: (page: CachedPage | null) => void = () => {}
  rendering.set(key, new Promise((resolve) => (settle = resolve)))
  try {
    const response = await render(request, reply)
    if (!isShareable(response)) {
      settle(null)
      return sendResponse(reply, response)
    }
    const page = await toCachedPage(response)
    pages.set(key, page)
    settle(page)
    return sendCachedPage(request, reply, page, 'miss')
  } catch (error) {
    settle(null)
    throw error
  } finally {
    rendering.delete(key)
  }
}

const app = await buildApi({ config, database, fallback: storefront })
const apiFetch = createApiFetch(app)
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
  done(null, body),
)

if (dev) {
  const { createServer } = await import('vite')
  const middie = (await import('@fastify/middie')).default
  const vite = await createServer({
    root: fileURLToPath(new URL('.', import.meta.url)),
    server: { middlewareMode: true },
  })
  await app.register(middie)
  app.use(vite.middlewares)
  handle = async (request) => {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
    return createRequestHandler(build, 'development')(request, { apiFetch, publicConfig })
  }
} else {
  const buildDir = fileURLToPath(new URL('./build/', import.meta.url))
  if (!existsSync(`${buildDir}server/index.js`)) {
    console.error('No storefront build found: run `npm run build` (or `npm start`, which builds first).')
    process.exit(1)
  }
  const build = (await import(`${buildDir}server/index.js`)) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  handle = (request) => handler(request, { apiFetch, publicConfig })
  await app.register(fastifyStatic, {
    root: `${buildDir}client`,
    wildcard: false,
    cacheControl: false,
    // Hashed file names under /assets never change: cache them for a year.
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
    },
  })
}

await listenWithGracefulShutdown(app, config)
