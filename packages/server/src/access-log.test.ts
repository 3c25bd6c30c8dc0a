import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { SampledAccessLog, SLOW_REQUEST_MS } from './access-log.ts'
import { parseEnv, ServerEnvSchema } from './config.ts'
import { serverOptions, serverShell } from './http.ts'
import { loggerOptions } from './logger.ts'

interface Line {
  level: number
  msg: string
  sample?: number
  req?: { url: string }
  res?: { statusCode: number }
}

const parseConfig = (env: Record<string, string>) => parseEnv(ServerEnvSchema, env)

const apps: FastifyInstance[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})

/** A root logging at info into `lines`, with the given access-log settings. */
async function loggingRoot(env: Record<string, string>) {
  const lines: Line[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text) as Line)
      done()
    },
  })
  const config = parseConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'info' })
  const app = Fastify(serverOptions(config, { ...(loggerOptions(config) as object), stream }))
  // Every root answers unknown paths itself (Fastify's own 404 handler logs the raw URL, token and all).
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ status: 404 }))
  await app.register(serverShell)
  app.get('/livez', async () => ({ status: 'ok' }))
  app.get('/boom', async () => {
    throw new Error('unexpected')
  })
  apps.push(app)
  const access = () => lines.filter((line) => /request/.test(line.msg))
  return { app, lines, access }
}

describe('ACCESS_LOG=sampled (the default)', () => {
  it('logs one ordinary request in ACCESS_LOG_SAMPLE, in one line carrying the request', async () => {
    const { app, access } = await loggingRoot({ ACCESS_LOG_SAMPLE: '3' })
    for (let i = 0; i < 6; i++) expect((await app.inject({ url: '/livez' })).statusCode).toBe(200)
    const logged = access()
    expect(logged).toHaveLength(2)
    for (const line of logged) {
      expect(line).toMatchObject({ level: 30, msg: 'request completed', sample: 3 })
      expect(line.req?.url).toBe('/livez')
    }
  })

  it('always logs client and server errors, and never a token', async () => {
    const { app, access, lines } = await loggingRoot({ ACCESS_LOG_SAMPLE: '1000' })
    const notFound = await app.inject({
      url: '/api/v1/nothing?token=s3cr3t-token-value',
      headers: { authorization: 'Bearer s3cr3t-bearer-value' },
    })
    expect(notFound.statusCode).toBe(404)
    expect((await app.inject({ url: '/boom' })).statusCode).toBe(500)
    expect(access().map((line) => [line.res?.statusCode, line.req?.url])).toEqual([
      [404, '/api/v1/nothing?token=[REDACTED]'],
      [500, '/boom'],
    ])
    // The error itself is logged too, at error level, whatever the sampling.
    expect(lines.some((line) => line.level === 50)).toBe(true)
    expect(JSON.stringify(lines)).not.toContain('s3cr3t')
  })
})

it('ACCESS_LOG=all keeps both lines of every request', async () => {
  const { app, access } = await loggingRoot({ ACCESS_LOG: 'all' })
  for (let i = 0; i < 3; i++) await app.inject({ url: '/livez' })
  expect(access().map((line) => line.msg)).toEqual([
    'incoming request',
    'request completed',
    'incoming request',
    'request completed',
    'incoming request',
    'request completed',
  ])
})

it('always logs a slow request', () => {
  const logged: unknown[] = []
  const log = {
    info: (fields: unknown) => logged.push(fields),
    debug: () => {},
  }
  const controller = new SampledAccessLog(1000)
  const request = { log } as unknown as FastifyRequest
  const reply = (elapsedTime: number) => ({ log, statusCode: 200, elapsedTime }) as unknown as FastifyReply
  controller.requestCompleted(null, request, reply(5))
  expect(logged).toHaveLength(0)
  controller.requestCompleted(null, request, reply(SLOW_REQUEST_MS + 1))
  expect(logged).toMatchObject([{ responseTime: SLOW_REQUEST_MS + 1 }])
})

it('refuses a sample rate that is not a whole number of at least 1', () => {
  expect(() => parseConfig({ ACCESS_LOG_SAMPLE: '0' })).toThrow('ACCESS_LOG_SAMPLE')
  expect(() => parseConfig({ ACCESS_LOG: 'some' })).toThrow('ACCESS_LOG')
})
