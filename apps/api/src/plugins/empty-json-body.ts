import type { FastifyInstance } from 'fastify'
import { boundJsonBodies } from './json-body.ts'

/**
 * In the calling plugin's scope, treats an empty `application/json` body as no body.
 *
 * DELETE and other body-less calls (docs/product: payload "none") are often sent by HTTP clients with
 * `Content-Type: application/json` and nothing after it; Fastify would refuse that empty body with
 * a 400. Anything else is parsed as everywhere in the API: the nesting bound, then Fastify's own
 * JSON parser (prototype-poisoning protection included), plugins/json-body.ts.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  boundJsonBodies(app, { emptyIsNone: true })
}
