import type { FastifyServerOptions } from 'fastify'
import { stdSerializers } from 'pino'
import type { ServerConfig as Config } from './config.ts'

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

/** What a PostgreSQL error (node-postgres or PGlite) says about itself, values left out. */
const PG_ERROR_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'] as const

/**
 * PostgreSQL quotes the offending value in data exceptions (class 22: `invalid input syntax for
 * type integer: "…"`) and integrity errors (class 23, whose `detail` holds the key's value): those
 * quotes are blanked. Other classes quote identifiers only, which help debugging.
 */
function safeDatabaseMessage(message: string, code: unknown): string {
  return typeof code === 'string' && /^2[23]/.test(code) ? message.replace(/"[^"]*"/g, '"[…]"') : message
}

function databaseCause(cause: unknown): Record<string, unknown> | undefined {
  if (!(cause instanceof Error)) return undefined
  const fields = cause as unknown as Record<string, unknown>
  const out: Record<string, unknown> = {
    type: cause.constructor.name,
    message: safeDatabaseMessage(cause.message, fields.code),
  }
  for (const name of PG_ERROR_FIELDS) if (fields[name] !== undefined) out[name] = fields[name]
  return out
}

/** The stack's frames only: its first lines repeat the message, values included. */
const stackFrames = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n')

/**
 * drizzle's DrizzleQueryError (known by its shape, so this package needs no database library): the
 * SQL text in `query` and the parameter values in `params` and in its message.
 */
const isQueryError = (error: Error): error is Error & { query: string; params: unknown } =>
  error instanceof Error && typeof (error as { query?: unknown }).query === 'string' && 'params' in error

/**
 * pino's error serializer, except for database errors: drizzle's DrizzleQueryError carries the
 * query's parameter values (a password hash, an e-mail, an address) in `params` and in its
 * message, and the driver's error its `detail`. Those are logged as the SQL text, the stack and
 * the driver's code and names only, never a value (issue 11).
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string }

export function serializeError(error: Error): SerializedError {
  if (isQueryError(error)) {
    return {
      type: error.constructor.name,
      message: 'Failed query',
      query: error.query,
      params: `[${Array.isArray(error.params) ? error.params.length : 0} values not logged]`,
      stack: stackFrames(error),
      cause: databaseCause(error.cause),
    }
  }
  if (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    'severity' in error
  ) {
    // A driver error that did not pass through drizzle (a raw client call).
    return {
      ...databaseCause(error),
      type: error.constructor.name,
      message: safeDatabaseMessage(error.message, (error as { code?: unknown }).code),
      stack: stackFrames(error),
    }
  }
  return stdSerializers.err(error)
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
        'req.headers["x-csrf-token"]',
        'req.query.token',
        'res.headers["set-cookie"]',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      err: serializeError,
      req(request: { id: string; method: string; url: string; ip?: string }) {
        return { id: request.id, method: request.method, url: redactUrl(request.url), ip: request.ip }
      },
    },
  }
}
