import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import pino, { type LoggerOptions } from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApi } from './app.ts'
import { loggerOptions } from '@busana/server/logger'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

let t: TestApp
const lines: string[] = []
let app: Awaited<ReturnType<typeof buildApi>>

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  app = await buildApi({
    config: t.config,
    database: t.database,
    logger: { ...(loggerOptions({ ...t.config, LOG_LEVEL: 'info' }) as object), stream },
  })
})
afterAll(async () => {
  await app.close()
  await t.close()
})

it('logs requests with their id but never a token or an Authorization header', async () => {
  const res = await app.inject({
    url: '/api/v1/nothing?token=s3cr3t-token-value&x=1',
    headers: { 'x-brand-id': '9', authorization: 'Bearer s3cr3t-bearer-value' },
  })
  expect(res.statusCode).toBe(404)
  const log = lines.join('')
  expect(log).toContain(res.headers['x-request-id'] as string)
  expect(log).toContain('token=[REDACTED]')
  expect(log).not.toContain('s3cr3t')
})

it.each(['cast', 'nul'])(
  'logs a failed query (%s) without its values: SQL, code and stack only',
  async (kind) => {
    const secret = kind === 'nul' ? 'scrypt$s3cr3t-hash\u0000' : 'scrypt$s3cr3t-hash'
    const error = await t.database.db
      .execute(kind === 'nul' ? sql`select ${secret}::text` : sql`select ${secret}::int`)
      .then(
        () => null,
        (failure: unknown) => failure,
      )
    expect(error).toBeInstanceOf(Error)
    const out: string[] = []
    const log = pino(
      loggerOptions({ ...t.config, LOG_LEVEL: 'info' }) as LoggerOptions,
      new Writable({
        write(chunk, _encoding, done) {
          out.push(String(chunk))
          done()
        },
      }),
    )
    log.error({ err: error }, 'unhandled error')
    const line = JSON.parse(out.join('')) as { err: Record<string, unknown> }
    expect(line.err).toMatchObject({ type: 'DrizzleQueryError', params: '[1 values not logged]' })
    expect(String(line.err.query)).toMatch(/^select \$1::(int|text)$/)
    expect(line.err.stack).toContain('logger.test.ts')
    expect((line.err.cause as { code?: string } | undefined)?.code).toMatch(/^22/)
    expect(out.join('')).not.toContain('s3cr3t')
  },
)

it('keeps ordinary errors as pino serializes them', () => {
  const out: string[] = []
  const log = pino(
    loggerOptions({ ...t.config, LOG_LEVEL: 'info' }) as LoggerOptions,
    new Writable({
      write(chunk, _encoding, done) {
        out.push(String(chunk))
        done()
      },
    }),
  )
  log.error({ err: new TypeError('plain bug') }, 'unhandled error')
  expect(JSON.parse(out.join(''))).toMatchObject({ err: { type: 'TypeError', message: 'plain bug' } })
})
