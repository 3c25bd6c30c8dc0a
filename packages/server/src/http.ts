import { randomUUID } from 'node:crypto'
import zlib from 'node:zlib'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'
import type { ServerConfig } from './config.ts'
import { loggerOptions } from './logger.ts'
import { accessLogController } from './access-log.ts'
import { securityHeaders } from './security-headers.ts'
import { boundJsonBodies } from './json-body.ts'

/*
 * What every root Fastify needs, whether it runs the API alone (apps/api/src/app.ts buildApi) or
 * is the storefront's server mounting it or proxying to it (apps/web/storefront-server.ts). Each
 * root adds its own `frameworkErrors` and not-found answer. Opens nothing.
 */

/** Longest path segment a route parameter takes; the API answers a longer one 414 REQ008. */
export const MAX_PARAM_LENGTH = 200

/**
 * Options of a root Fastify: logger, request ids, body limit, proxy trust, timeouts, router. The
 * root adds its own `frameworkErrors`.
 */
export function serverOptions(config: ServerConfig, logger?: boolean | object): FastifyServerOptions {
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
function trustedProxies(value: ServerConfig['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value
  return value
}

/** A caller's request id worth logging beside ours (the storefront tier's, a proxy's). */
const UPSTREAM_ID = /^[\w-]{8,64}$/

/**
 * What every root adds around its routes: the browser security headers (security-headers.ts), the
 * request id on each answer, compression, and JSON bodies bounded in depth (json-body.ts: a 400
 * before parsing; the API states its own in its scope). Brotli's default quality (11) costs far
 * more CPU than it saves on the wire for dynamic answers.
 */
export const serverShell = fp(
  async (app: FastifyInstance) => {
    boundJsonBodies(app)
    await app.register(securityHeaders)
    // One callback hook, not an async onRequest and onSend pair: each async hook costs a promise
    // and a microtask per request (issue 41). A header set here stays on every answer, errors too.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id)
      const given = request.headers['x-request-id']
      if (typeof given === 'string' && UPSTREAM_ID.test(given)) {
        request.log = request.log.child({ upstream_id: given })
      }
      done()
    })
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'server-shell' },
)
