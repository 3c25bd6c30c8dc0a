import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import type { ServerConfig as Config } from './config.ts'

/**
 * Access logs (docs/decisions/030-request-cost.md). Fastify writes two info lines per request
 * ("incoming request" and "request completed"); at catalog throughput that was a sixth of the
 * process's time, spent writing lines nobody reads one by one. `ACCESS_LOG=sampled` (the default)
 * writes one line per request at info only when it says something:
 * - every answer with a status of 400 or more, and every request that failed (Fastify's error line);
 * - every request slower than SLOW_REQUEST_MS;
 * - one request in ACCESS_LOG_SAMPLE of the others, carrying `sample: N` (it stands for N).
 * Every other request is logged at debug (LOG_LEVEL=debug shows them all). `ACCESS_LOG=all` keeps
 * Fastify's two lines per request. The lines go through the same serialisers and redaction as
 * every other: a token never reaches them.
 */

/** A request slower than this (ms) is always logged. */
export const SLOW_REQUEST_MS = 1000

export type AccessLogConfig = Pick<Config, 'ACCESS_LOG' | 'ACCESS_LOG_SAMPLE'>

export class SampledAccessLog extends LogController {
  private readonly every: number
  private seen = 0

  constructor(every: number) {
    super()
    this.every = every
  }

  override incomingRequest(request: FastifyRequest) {
    // The completed line carries the request (method, redacted URL, address) instead.
    request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = reply.elapsedTime
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored')
      return
    }
    if (reply.statusCode >= 400 || responseTime >= SLOW_REQUEST_MS) {
      reply.log.info({ req: request, res: reply, responseTime }, 'request completed')
      return
    }
    if (++this.seen >= this.every) {
      this.seen = 0
      reply.log.info({ req: request, res: reply, responseTime, sample: this.every }, 'request completed')
      return
    }
    reply.log.debug({ req: request, res: reply, responseTime }, 'request completed')
  }
}

/** The `logController` of a root Fastify for ACCESS_LOG; undefined keeps Fastify's own (all). */
export function accessLogController(config: AccessLogConfig): LogController | undefined {
  if (config.ACCESS_LOG === 'all') return undefined
  return new SampledAccessLog(config.ACCESS_LOG_SAMPLE)
}
