import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { MAX_PARAM_LENGTH } from '@busana/server/http'
import { strictSecurityHeaders } from '@busana/server/security-headers'
import { errorEnvelope, frameworkErrorHandler } from './plugins/envelope.ts'
import { languageOf } from './plugins/language.ts'
import { say } from '@busana/contract/schemas'

/*
 * The API's answers on its own paths for any root that serves them: the API alone (app.ts
 * buildApi) or the storefront mounting it or proxying to it (apps/web/storefront-server.ts). The
 * root itself (server options, shell) is @busana/server/http's. Opens nothing.
 */

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
