import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm'
import pino, { type LoggerOptions } from 'pino'
import { describe, expect, it } from 'vitest'
import { loggerOptions, redactUrl } from './logger.ts'

/** The API's real query errors through this logger: apps/api/src/logger.test.ts. */

describe('log redaction', () => {
  it('hides token query parameters wherever they stand', () => {
    expect(redactUrl('/api/v1/cart?token=abc123&x=1')).toBe('/api/v1/cart?token=[REDACTED]&x=1')
    expect(redactUrl('/api/v1/pages/home?is_child=NO&TOKEN=abc')).toBe(
      '/api/v1/pages/home?is_child=NO&TOKEN=[REDACTED]',
    )
    expect(redactUrl('/healthz')).toBe('/healthz')
  })

  it('reads names as the query parser does: percent-encoded and plus-spaced names are redacted too', () => {
    expect(redactUrl('/api/v1/cart?%74oken=abc&x=1')).toBe('/api/v1/cart?%74oken=[REDACTED]&x=1')
    expect(redactUrl('/api/v1/cart?%54%4F%4B%45%4E=abc')).toBe('/api/v1/cart?%54%4F%4B%45%4E=[REDACTED]')
    expect(redactUrl('/api/v1/cart?a=1&token')).toBe('/api/v1/cart?a=1&token=[REDACTED]')
    expect(redactUrl('/api/v1/cart?tokens=keep&%E0%A4%A=x')).toBe('/api/v1/cart?tokens=keep&%E0%A4%A=x')
  })
})

/** A logger with our options writing its lines here. */
function capture() {
  const out: string[] = []
  const log = pino(
    loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'test' }) as LoggerOptions,
    new Writable({
      write(chunk, _encoding, done) {
        out.push(String(chunk))
        done()
      },
    }),
  )
  return { log, out }
}

describe('errors', () => {
  it("logs drizzle's failed query as its SQL and stack, never its values", () => {
    const { log, out } = capture()
    const cause = Object.assign(new Error('invalid input syntax for type integer: "s3cr3t"'), {
      code: '22P02',
      severity: 'ERROR',
    })
    log.error({ err: new DrizzleQueryError('select $1::int', ['s3cr3t'], cause) }, 'unhandled error')
    const line = JSON.parse(out.join('')) as { err: Record<string, unknown> }
    expect(line.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'select $1::int',
      params: '[1 values not logged]',
      cause: { code: '22P02', message: 'invalid input syntax for type integer: "[…]"' },
    })
    expect(out.join('')).not.toContain('s3cr3t')
  })

  it('keeps ordinary errors as pino serializes them', () => {
    const { log, out } = capture()
    log.error({ err: new TypeError('plain bug') }, 'unhandled error')
    expect(JSON.parse(out.join(''))).toMatchObject({ err: { type: 'TypeError', message: 'plain bug' } })
  })
})
