import { Writable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApi } from './app.ts'
import { loggerOptions } from './logger.ts'
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
