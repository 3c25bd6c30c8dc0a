import { randomUUID } from 'node:crypto'
import zlib from 'node:zlib'
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'
import type { Config } from './config.ts'
import { loggerOptions } from './logger.ts'
import { accessLogController } from './access-log.ts'
import { errorEnvelope, frameworkErrorHandler } from './plugins/envelope.ts'
import { securityHeaders, strictSecurityHeaders } from './security-headers.ts'
import { languageOf } from './plugins/language.ts'
import { say } from '@busana/contract/schemas'

/*
 * What a root Fastify serving the API needs, whether it runs the API alone (app.ts buildApi) or
 * is the storefront's server mounting it or proxying to it (apps/web/server.ts). Opens nothing.
 */

/** Longest path segment a route parameter takes; a longer one is 414 REQ008. */
export const MAX_PARAM_LENGTH = 200

/**
 * Options of a root Fastify serving the API (the API alone, or the storefront mounting it): request
 * ids, body limit, proxy trust, router. The root adds its own `frameworkErrors`.
 */
export function serverOptions(config: Config, logger?: boolean | object): FastifyServerOptions {
  return {
    logger: logger ?? loggerOptions(config),
    // One access line per request that says something, a sample of the rest (access-log.ts).
    logController: accessLogController(config),
    // Our own ids only: a client's x-request-id would let it write the log's ids (serverShell logs
    // a well-formed one as upstream_id, so the storefront tier's id still links both logs).
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Per-address rate limits must see the shopper, not the load balancer: a hop count or the
    // proxies' addresses (config.ts refuses 'true', which would trust the client's own header).
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // Without a proxy in front, slow clients must not hold sockets: the whole request (a body sent
    // byte by byte included) within REQUEST_TIMEOUT_MS, an idle socket closed after a minute, and
    // idle keep-alive connections after 10 s (headers within Node's own 60 s).
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
  }
}

/**
 * Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many addresses from the socket's
 * side of X-Forwarded-For (request.ip is the address the outermost trusted proxy saw), addresses
 * trust those proxies only.
 */
function trustedProxies(value: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value
  return value
}

/** A caller's request id worth logging beside ours (the storefront tier's, a proxy's). */
const UPSTREAM_ID = /^[\w-]{8,64}$/

/**
 * What every root adds around its routes: the browser security headers (security-headers.ts), the
 * request id on each answer and compression. Brotli's default quality (11) costs far more CPU than
 * it saves on the wire for dynamic answers.
 */
export const serverShell = fp(
  async (app: FastifyInstance) => {
    await app.register(securityHeaders)
    app.addHook('onRequest', async (request) => {
      const given = request.headers['x-request-id']
      if (typeof given === 'string' && UPSTREAM_ID.test(given)) {
        request.log = request.log.child({ upstream_id: given })
      }
    })
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id)
    })
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'server-shell' },
)

/**
 * Errors met before routing on an API path, answered with the envelope (REQ007, REQ008, REQ001),
 * with the security headers no hook adds there.
 */
export function apiFrameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  strictSecurityHeaders(request, reply)
  return frameworkErrorHandler(error, request, reply)
}

/**
 * The answer of a path no API route serves: the 404 envelope, or 414 REQ008 when a segment is past
 * the router's limit (the router then matched the /api catch-all instead of failing).
 */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? ''
  if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) {
    return reply.status(414).send(errorEnvelope('REQ008', undefined, undefined, languageOf(request)))
  }
  const message = say(
    `Route ${request.method} ${path} not found`,
    `Rute ${request.method} ${path} tidak ditemukan`,
  )
  return reply.status(404).send(errorEnvelope('REQ003', message, undefined, languageOf(request)))
}
