import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { listenForChanges, type ChangeTopic } from './cache-invalidation.ts'
import { serverOptions, serverShell } from '@busana/server/http'
import { metrics } from '@busana/server/metrics'
import { readiness } from '@busana/server/lifecycle'
import { apiFrameworkErrors, apiNotFound } from './http.ts'
import languagePlugin from './plugins/language.ts'
import controlCharactersPlugin from './plugins/control-characters.ts'
import { boundJsonBodies } from './plugins/json-body.ts'
import envelopePlugin from './plugins/envelope.ts'
import brandPlugin from './plugins/brand.ts'
import openapiPlugin from './plugins/openapi.ts'
import authPlugin from './plugins/auth.ts'
import rateLimitPlugin from './plugins/rate-limit.ts'
import { createResponseCache, releaseResponseCache, type ResponseCache } from './plugins/http-cache.ts'
import { createMessaging, type MessagingProvider } from './providers/messaging/index.ts'
import { createMail, type MailProvider } from './providers/mail/index.ts'
import { orderUpdateSettings, useOrderUpdateSettings } from './domains/order-updates/index.ts'
import { createShipping, type ShippingProvider } from './providers/shipping/index.ts'
import { createPayments, type PaymentProvider } from './providers/payments/index.ts'
import { createTracking, type TrackingProvider } from './providers/tracking/index.ts'
import { createUploadStorage, type UploadStorage } from './providers/storage/index.ts'
import * as addresses from './domains/addresses/index.ts'
import * as alerts from './domains/alerts/index.ts'
import * as campaign from './domains/campaign/index.ts'
import * as cart from './domains/cart/index.ts'
import * as catalog from './domains/catalog/index.ts'
import * as content from './domains/content/index.ts'
import * as insights from './domains/insights/index.ts'
import * as inventory from './domains/inventory/index.ts'
import * as media from './domains/media/index.ts'
import * as members from './domains/members/index.ts'
import * as orders from './domains/orders/index.ts'
import * as outbox from './domains/outbox/index.ts'
import * as payments from './domains/payments/index.ts'
import * as promotions from './domains/promotions/index.ts'
import * as regions from './domains/regions/index.ts'
import * as reviews from './domains/reviews/index.ts'
import * as returns from './domains/returns/index.ts'
import * as search from './domains/search/index.ts'
import * as shipping from './domains/shipping/index.ts'
import * as staff from './domains/staff/index.ts'
import * as wishlist from './domains/wishlist/index.ts'

/** The modules with calls for shoppers (store.routes.ts), registered under /api. */
const STORE_MODULES = [
  regions,
  addresses,
  cart,
  shipping,
  orders,
  wishlist,
  campaign,
  content,
  returns,
  alerts,
]
/** The modules with calls for staff (admin.routes.ts), registered under /api/admin. */
const ADMIN_MODULES = [staff, orders, shipping, content, insights, returns, alerts]

export type { ChangeTopic } from './cache-invalidation.ts'
export { apiFrameworkErrors, apiNotFound } from './http.ts'
// What a process mounting the API needs besides the plugin: the API's own configuration and runtime.
export { loadConfig as loadApiConfig, parseConfig as parseApiConfig, type Config } from './config.ts'
export { startApiRuntime, type ApiRuntime } from './runtime.ts'

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
    /** Where uploaded pictures' bytes go, chosen by STORAGE, and the bucket (decision 046). */
    uploads: UploadStorage
    /** This API instance's cache of public answers (plugins/http-cache.ts). */
    responseCache: ResponseCache
    /** The sizes this process knows are sold out (inventory's sold-out.ts): PAY NOW refuses from it. */
    soldOut: inventory.SoldOutMemory
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
 * unknown /api path gets the 404 envelope), /media, /livez, /healthz, /dev/outbox and /dev/payments
 * (/readyz is the root's: lifecycle.ts readiness). It knows
 * nothing of HTML: a refused developer page answers what the root's not-found handler answers.
 * Encapsulated: its error handler, validators and decorators stay inside.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Before any route or plugin below: every JSON body of the API, wherever it is mounted, is bounded
  // in depth as it is parsed (issue 38).
  boundJsonBodies(app)
  app.decorate('config', options.config)
  // Which order updates this shop sends, for the status changes made in this process (decision 048).
  useOrderUpdateSettings(orderUpdateSettings(options.config))
  app.decorate('database', options.database)
  const cache = createResponseCache(options.database)
  app.decorate('responseCache', cache)
  const soldOut = await inventory.SoldOutMemory.open(options.database)
  app.decorate('soldOut', soldOut)

  /** The id of the last change this process heard (the same in every process that heard it). */
  let lastChange = ''
  const stopListening = await listenForChanges(options.database, (topic, id) => {
    lastChange = id
    cache.drop(topic)
    // A product renamed or no longer sold: the sizes remembered sold out are read again, names and all.
    if (topic !== 'regions') soldOut.forgetAll()
    options.onChange?.(topic)
  })
  app.addHook('onClose', async () => {
    releaseResponseCache(options.database, cache)
    await stopListening()
    await soldOut.close()
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
  app.decorate('uploads', await createUploadStorage(options.config, app.log))

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

  // Pictures: generated ones, then those kept in the database by their own modules.
  await app.register(media.mediaRoutes)
  await app.register(reviews.photoRoutes)
  await app.register(returns.photoRoutes)
  await app.register(catalog.productImageRoutes)
  // Every business module (docs/decisions/041-one-module-per-business-domain.md): its shopper
  // calls under /api, its back office calls under /api/admin.
  // Cards carry the viewer's wishlist flags: the wishlist module answers them for the catalog.
  const cards = { wishlisted: wishlist.wishlistedAmong, unitsSoldSince: orders.unitsSoldSince }
  await app.register(catalog.storeRoutes, { prefix: '/api', ...cards })
  await app.register(search.storeRoutes, { prefix: '/api', ...cards })
  for (const module of STORE_MODULES) await app.register(module.storeRoutes, { prefix: '/api' })
  for (const module of ADMIN_MODULES) await app.register(module.adminRoutes, { prefix: '/api/admin' })
  // The stock grid lists the catalog's sizes and counts what orders hold: each module builds its
  // part of the statement (inventory imports neither: both use it, issue 42).
  await app.register(inventory.adminRoutes, {
    prefix: '/api/admin',
    sizes: catalog.sizeRows,
    held: orders.heldByOrders,
  })
  // A variant an open order holds cannot be deleted: the orders module answers which it holds.
  // Publishing asks whether the product has stock: inventory answers its units on hand (issue 43).
  await app.register(catalog.adminRoutes, {
    prefix: '/api/admin',
    skuInOpenOrder: orders.skuInOpenOrder,
    onHandOf: inventory.onHandOfSkus,
    // The product CSV's stock columns count what open orders hold (issue 43 part 7).
    held: orders.heldByOrders,
  })
  // Codes and temporary passwords speak as the storefront's brand: the catalog names it (issue 44).
  await app.register(members.storeRoutes, { prefix: '/api', brandName: catalog.brandName })
  // A member's page in the back office shows her addresses and orders: their modules answer them.
  const memberRecords = {
    addressesOf: addresses.listAddresses,
    ordersOf: orders.memberOrderSummaries,
    brandName: catalog.brandName,
  }
  await app.register(members.adminRoutes, { prefix: '/api/admin', ...memberRecords })
  // Reviews show their order lines, and a voucher the orders that took it: orders hands its rows
  // as tables to join (reviews and promotions cannot import orders, which uses them).
  const orderLines = { orderLines: orders.orderLinesView }
  await app.register(reviews.storeRoutes, { prefix: '/api', ...orderLines })
  await app.register(reviews.adminRoutes, { prefix: '/api/admin', ...orderLines })
  // ... and the catalog checks a voucher's brands, categories and products (catalog reaches
  // promotions through content, so promotions cannot import it).
  await app.register(promotions.adminRoutes, {
    prefix: '/api/admin',
    orderHeaders: orders.orderHeadersView,
    catalogTargets: catalog.catalogTargets,
  })
  // Payments reads and moves orders through orders' store of their rows, their one writer (issue 42).
  const orderHeaders = { orderHeaders: orders.orderHeaderStore }
  await app.register(payments.storeRoutes, { prefix: '/api', ...orderHeaders })
  // The developer pages (decision 027: /dev/outbox and /dev/payments, only where they may be seen).
  await app.register(outbox.outboxRoutes)
  await app.register(payments.devPaymentsRoutes, orderHeaders)

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
  // Request metrics and /metrics on the root only: a storefront mounting apiPlugin counts its own.
  await app.register(metrics, { config: options.config })
  // /readyz and the drain's Connection: close, on the root only (decision 045): the storefront has its own.
  await app.register(readiness)
  await app.register(apiPlugin, plugin)
  return app
}
