import type { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { say } from '@busana/contract/schemas'
import { errorEnvelope } from '../../plugins/envelope.ts'
import { languageOf } from '../../plugins/language.ts'
import { etagMatches } from './media.service.ts'

/** For an answer whose URL names its bytes for ever (versioned drawings, review photos). */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** A missing picture or clip: 404 REQ003 in the envelope, never a storefront page. */
export const notFound = (reply: FastifyReply) =>
  reply
    .status(404)
    .send(
      errorEnvelope(
        'REQ003',
        say('Media not found', 'Media tidak ditemukan'),
        undefined,
        languageOf(reply.request),
      ),
    )

/**
 * Sends media bytes (or a stream of them) with their type, Cache-Control and ETag, or a bare 304
 * when If-None-Match names the ETag. nosniff and a policy come from the root's security headers.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  media: { contentType: string; cacheControl: string; etag: string; body: string | Buffer | Readable },
) {
  reply
    .header('content-type', media.contentType)
    .header('cache-control', media.cacheControl)
    .header('etag', media.etag)
  if (etagMatches(request.headers['if-none-match'], media.etag)) return reply.status(304).send()
  return reply.send(media.body)
}
