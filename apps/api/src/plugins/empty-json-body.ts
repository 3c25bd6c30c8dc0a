import type { FastifyInstance } from 'fastify'

/**
 * In the calling plugin's scope, treats an empty `application/json` body as no body.
 *
 * DELETE and other body-less calls (docs/product: payload "none") are often sent by HTTP clients with
 * `Content-Type: application/json` and nothing after it; Fastify would refuse that empty body with
 * a 400. Anything else is parsed by Fastify's own JSON parser (prototype-poisoning protection
 * included).
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    return parseJson(request, text, done)
  })
}
