import type { FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'

const SECRET_PARAMS = new Set(['token'])

/** A query parameter's name as the server reads it (percent-decoded, any case). */
function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase()
  } catch {
    return raw.toLowerCase()
  }
}

/**
 * Replaces the value of every `token` query parameter so tokens never reach a log line: names are
 * compared as the query parser reads them, so `?%74oken=` or `?TOKEN=` are redacted too.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const hash = url.indexOf('#', at)
  const query = url.slice(at + 1, hash < 0 ? undefined : hash)
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq < 0 ? pair : pair.slice(0, eq)
      return SECRET_PARAMS.has(paramName(name)) ? `${name}=[REDACTED]` : pair
    })
    .join('&')
  return url.slice(0, at + 1) + redacted
}

/** pino options: request ids, tokens and Authorization headers redacted. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.query.token',
        'res.headers["set-cookie"]',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { id: string; method: string; url: string; ip?: string }) {
        return { id: request.id, method: request.method, url: redactUrl(request.url), ip: request.ip }
      },
    },
  }
}
