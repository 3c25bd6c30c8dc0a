import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, BRAND_HEADER, type BrandId, isBrandId } from '@busana/contract/schemas'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A versioned route that a payment provider or an <img> calls: no brand id header is asked for. */
    brandless?: boolean
  }
  interface FastifyRequest {
    /** The brand of the storefront that sent the call (the brand id header). */
    brandId: BrandId
  }
}

/**
 * Versioned API calls (/api/v1, /api/v2, /api/v3) must carry a valid brand id header, except routes
 * marked `config: { brandless: true }` (the payment notification, a provider sends none; QR images).
 */
const versioned = /^\/api\/v\d+\//

async function brandPlugin(app: FastifyInstance) {
  app.decorateRequest('brandId', 9 as BrandId)
  // A callback hook: an async one costs a promise and a microtask per request (issue 41).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!versioned.test(request.url) || request.routeOptions.config?.brandless) return done()
    const value = request.headers[BRAND_HEADER]
    if (!isBrandId(value)) return done(new AppError('REQ002'))
    request.brandId = Number(value) as BrandId
    done()
  })
}

export default fp(brandPlugin, { name: 'brand' })
