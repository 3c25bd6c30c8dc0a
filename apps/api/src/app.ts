import { randomUUID } from 'node:crypto'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import compress from '@fastify/compress'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { loggerOptions } from './logger.ts'
import envelopePlugin, { errorEnvelope, frameworkErrorHandler } from './plugins/envelope.ts'
import brandPlugin from './plugins/brand.ts'
import openapiPlugin from './plugins/openapi.ts'
import authPlugin from './plugins/auth.ts'
import rateLimitPlugin from './plugins/rate-limit.ts'
import { createMessaging, type MessagingProvider } from './providers/messaging/index.ts'
import { createMail, type MailProvider } from './providers/mail/index.ts'
import membersRoutes from './domains/members/members.routes.ts'
import outboxRoutes from './domains/outbox/outbox.routes.ts'
import catalogRoutes from './domains/catalog/catalog.routes.ts'
import searchRoutes from './domains/search/search.routes.ts'
import mediaRoutes from './domains/media/media.routes.ts'
import regionsRoutes from './domains/regions/regions.routes.ts'
import addressesRoutes from './domains/addresses/addresses.routes.ts'
import cartRoutes from './domains/cart/cart.routes.ts'
import wishlistRoutes from './domains/wishlist/wishlist.routes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    /** SMS/WhatsApp sender chosen by MESSAGING_PROVIDER (one-time codes). */
    messaging: MessagingProvider
    /** Mail sender chosen by MAIL_PROVIDER (temporary passwords). */
    mail: MailProvider
  }
}

export interface BuildApiOptions {
  config: Config
  database: Database
  /** pino options, false for silence; defaults to the config's level with redaction. */
  logger?: boolean | object
  /** Answers requests outside /api that no API route matched (the storefront). */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown
  /** Replaces the configured message providers (tests). */
  providers?: { messaging?: MessagingProvider; mail?: MailProvider }
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

/** Builds the whole API as one Fastify instance without listening, so tests use inject(). */
export async function buildApi(options: BuildApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.config),
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID()
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Per-address rate limits (members) must see the shopper, not the load balancer.
    trustProxy: options.config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed URL is answered before routing: the envelope on /api, a plain page elsewhere.
    frameworkErrors: frameworkErrorHandler((request) => Boolean(options.fallback) && !isApiPath(request.url)),
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', options.config)
  app.decorate('database', options.database)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(envelopePlugin)
  // Brotli's default quality (11) costs far more CPU than it saves on the wire for dynamic answers.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await app.register(openapiPlugin)
  await app.register(brandPlugin)
  await app.register(authPlugin)
  await app.register(rateLimitPlugin)
  app.decorate(
    'messaging',
    options.providers?.messaging ?? createMessaging(options.config, options.database.db, app.log),
  )
  app.decorate('mail', options.providers?.mail ?? createMail(options.config, options.database.db, app.log))

  // Liveness without the database: also the trivial JSON baseline of `npm run bench`.
  app.get('/livez', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  )

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await options.database.db.execute('select 1')
    return reply.header('cache-control', 'no-store').send({ status: 'ok' })
  })

  await app.register(mediaRoutes)
  await app.register(catalogRoutes, { prefix: '/api' })
  await app.register(searchRoutes, { prefix: '/api' })
  await app.register(regionsRoutes, { prefix: '/api' })
  await app.register(addressesRoutes, { prefix: '/api' })
  await app.register(cartRoutes, { prefix: '/api' })
  await app.register(wishlistRoutes, { prefix: '/api' })
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(404)
      .send(errorEnvelope('REQ003', `Route ${request.method} ${request.url.split('?')[0]} not found`))
  const fallback = options.fallback
  /** The answer of a path no API route serves: the storefront outside /api, else the 404 envelope. */
  const unmatched = (request: FastifyRequest, reply: FastifyReply) =>
    fallback && !isApiPath(request.url) ? fallback(request, reply) : notFound(request, reply)

  await app.register(membersRoutes, { prefix: '/api' })
  await app.register(outboxRoutes, { unmatched })

  if (fallback) {
    // A declared catch-all route (not the not-found handler) so that route hooks such as
    // compression apply to the storefront's pages; /api paths keep the 404 envelope.
    app.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: unmatched,
    })
  }
  app.setNotFoundHandler(notFound)

  return app
}
