import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { listenForChanges, type ChangeTopic } from './cache-invalidation.ts'
import { apiFrameworkErrors, apiNotFound, serverOptions, serverShell } from './http.ts'
import languagePlugin from './plugins/language.ts'
import controlCharactersPlugin from './plugins/control-characters.ts'
import envelopePlugin from './plugins/envelope.ts'
import brandPlugin from './plugins/brand.ts'
import openapiPlugin from './plugins/openapi.ts'
import authPlugin from './plugins/auth.ts'
import rateLimitPlugin from './plugins/rate-limit.ts'
import { createResponseCache, releaseResponseCache, type ResponseCache } from './plugins/http-cache.ts'
import { createMessaging, type MessagingProvider } from './providers/messaging/index.ts'
import { createMail, type MailProvider } from './providers/mail/index.ts'
import { createShipping, type ShippingProvider } from './providers/shipping/index.ts'
import { createPayments, type PaymentProvider } from './providers/payments/index.ts'
import { createTracking, type TrackingProvider } from './providers/tracking/index.ts'
import membersRoutes from './domains/members/store.routes.ts'
import outboxRoutes from './domains/outbox/outbox.routes.ts'
import catalogRoutes from './domains/catalog/store.routes.ts'
import searchRoutes from './domains/search/store.routes.ts'
import mediaRoutes from './domains/media/media.routes.ts'
import regionsRoutes from './domains/regions/store.routes.ts'
import addressesRoutes from './domains/addresses/store.routes.ts'
import cartRoutes from './domains/cart/store.routes.ts'
import shippingRoutes from './domains/shipping/store.routes.ts'
import ordersRoutes from './domains/orders/store.routes.ts'
import paymentsRoutes from './domains/payments/store.routes.ts'
import devPaymentsRoutes from './domains/payments/dev-payments.routes.ts'
import wishlistRoutes from './domains/wishlist/store.routes.ts'
import staffRoutes from './domains/staff/admin.routes.ts'
import staffContentRoutes from './domains/content/admin.routes.ts'
import staffMembersRoutes from './domains/members/admin.routes.ts'
import staffCatalogRoutes from './domains/catalog/admin.routes.ts'
import opsRoutes from './domains/orders/admin.routes.ts'
import campaignRoutes from './domains/campaign/store.routes.ts'
import reviewsRoutes from './domains/reviews/store.routes.ts'
import contentRoutes from './domains/content/store.routes.ts'

export type { ChangeTopic } from './cache-invalidation.ts'
export { apiFrameworkErrors, apiNotFound, serverOptions, serverShell } from './http.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    /** SMS/WhatsApp sender chosen by MESSAGING_PROVIDER (one-time codes). */
    messaging: MessagingProvider
    /** Mail sender chosen by MAIL_PROVIDER (temporary passwords). */
    mail: MailProvider
    /** Shipping rates chosen by SHIPPING_PROVIDER (decision 017). */
    shipping: ShippingProvider
    /** Payments chosen by PAYMENT_PROVIDER (decision 020). */
    payments: PaymentProvider
    /** Courier tracking chosen by TRACKING_PROVIDER (issue 10). */
    tracking: TrackingProvider
    /** This API instance's cache of public answers (plugins/http-cache.ts). */
    responseCache: ResponseCache
  }
}

export interface ApiPluginOptions {
  config: Config
  database: Database
  /** Replaces the configured message providers (tests). */
  providers?: {
    messaging?: MessagingProvider
    mail?: MailProvider
    shipping?: ShippingProvider
    payments?: PaymentProvider
    tracking?: TrackingProvider
  }
  /**
   * Told of every change any process announces (cache-invalidation.ts), after this instance has
   * dropped its own cached answers: the storefront drops its pages.
   */
  onChange?: (topic: ChangeTopic | '*') => void
}

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * The whole API as a Fastify plugin, registered at the root without a prefix: it owns /api (every
 * unknown /api path gets the 404 envelope), /media, /livez, /healthz, /dev/outbox and /dev/payments. It knows
 * nothing of HTML: a refused developer page answers what the root's not-found handler answers.
 * Encapsulated: its error handler, validators and decorators stay inside.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', options.config)
  app.decorate('database', options.database)
  const cache = createResponseCache(options.database)
  app.decorate('responseCache', cache)

  /** The id of the last change this process heard (the same in every process that heard it). */
  let lastChange = ''
  const stopListening = await listenForChanges(options.database, (topic, id) => {
    lastChange = id
    cache.drop(topic)
    options.onChange?.(topic)
  })
  app.addHook('onClose', async () => {
    releaseResponseCache(options.database, cache)
    await stopListening()
  })

  await app.register(languagePlugin)
  await app.register(envelopePlugin)
  await app.register(controlCharactersPlugin)
  await app.register(openapiPlugin)
  await app.register(brandPlugin)
  await app.register(authPlugin)
  await app.register(rateLimitPlugin)
  app.decorate(
    'messaging',
    options.providers?.messaging ?? createMessaging(options.config, options.database.db, app.log),
  )
  app.decorate('mail', options.providers?.mail ?? createMail(options.config, options.database.db, app.log))
  app.decorate('shipping', options.providers?.shipping ?? createShipping(options.config, options.database.db))
  app.decorate('payments', options.providers?.payments ?? createPayments(options.config))
  app.decorate('tracking', options.providers?.tracking ?? createTracking(options.config))

  // Liveness without the database: also the trivial JSON baseline of `npm run bench`.
  app.get('/livez', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  )

  // The last change heard, for a storefront that opens no database (API_URL without DATABASE_URL):
  // it asks every second and drops its pages when the id moves (decision 016 addendum).
  app.get('/changez', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ last: lastChange }),
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
  await app.register(shippingRoutes, { prefix: '/api' })
  await app.register(ordersRoutes, { prefix: '/api' })
  await app.register(paymentsRoutes, { prefix: '/api' })
  await app.register(wishlistRoutes, { prefix: '/api' })
  await app.register(membersRoutes, { prefix: '/api' })
  await app.register(campaignRoutes, { prefix: '/api' })
  await app.register(reviewsRoutes, { prefix: '/api' })
  await app.register(contentRoutes, { prefix: '/api' })
  await app.register(staffRoutes, { prefix: '/api/admin' })
  await app.register(staffContentRoutes, { prefix: '/api/admin' })
  await app.register(staffMembersRoutes, { prefix: '/api/admin' })
  await app.register(staffCatalogRoutes, { prefix: '/api/admin' })
  await app.register(opsRoutes, { prefix: '/api/admin' })
  await app.register(outboxRoutes)
  await app.register(devPaymentsRoutes)

  // /api is the API's whole: a path no route serves gets the envelope, whoever mounts the API.
  for (const url of ['/api', '/api/*']) {
    app.route({ method: ALL_METHODS, url, schema: { hide: true }, handler: apiNotFound })
  }
}

export interface BuildApiOptions extends ApiPluginOptions {
  /** pino options, false for silence; defaults to the config's level with redaction. */
  logger?: boolean | object
}

/** The API alone as one Fastify instance without listening, so tests use inject(). */
export async function buildApi(options: BuildApiOptions): Promise<FastifyInstance> {
  const { logger, ...plugin } = options
  const app = Fastify({ ...serverOptions(options.config, logger), frameworkErrors: apiFrameworkErrors })
  app.setNotFoundHandler(apiNotFound)
  await app.register(serverShell)
  await app.register(apiPlugin, plugin)
  return app
}
