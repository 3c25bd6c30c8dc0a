import { afterAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { parseEnv, ServerEnvSchema } from './config.ts'
import { serverOptions, serverShell } from './http.ts'

/**
 * The server's edge (issue 11): whose address per-address limits see behind proxies, request ids
 * the client cannot write, timeouts for slow clients.
 */

const parseConfig = (env: Record<string, string>) => parseEnv(ServerEnvSchema, env)

const apps: FastifyInstance[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})

/** A bare root with the shared server options, answering the address and id it saw. */
async function root(env: Record<string, string>) {
  const app = Fastify(serverOptions(parseConfig({ LOG_LEVEL: 'silent', ...env }), false))
  await app.register(serverShell)
  app.get('/who', async (request) => ({ ip: request.ip, id: request.id }))
  await app.ready()
  apps.push(app)
  return app
}

describe('TRUST_PROXY', () => {
  it("refuses 'true', which would take the leftmost X-Forwarded-For that the client writes", () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*number of proxies/)
    expect(() => parseConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY/)
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8')
    expect(parseConfig({}).TRUST_PROXY).toBe(false)
  })

  it('with one proxy, takes the address that proxy saw, whatever the client put in front', async () => {
    const app = await root({ TRUST_PROXY: '1' })
    const res = await app.inject({
      url: '/who',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '127.0.0.1, 6.6.6.6, 203.0.113.9' },
    })
    expect(res.json().ip).toBe('203.0.113.9')
  })

  it("with the proxies' addresses, trusts only them", async () => {
    const app = await root({ TRUST_PROXY: '10.0.0.0/8' })
    const viaProxy = await app.inject({
      url: '/who',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
    })
    expect(viaProxy.json().ip).toBe('203.0.113.9')
    const direct = await app.inject({
      url: '/who',
      remoteAddress: '198.51.100.4',
      headers: { 'x-forwarded-for': '6.6.6.6' },
    })
    expect(direct.json().ip).toBe('198.51.100.4')
  })

  it('off by default: X-Forwarded-For is ignored', async () => {
    const app = await root({})
    const res = await app.inject({
      url: '/who',
      remoteAddress: '198.51.100.4',
      headers: { 'x-forwarded-for': '6.6.6.6' },
    })
    expect(res.json().ip).toBe('198.51.100.4')
  })
})

describe('request ids and timeouts', () => {
  it("makes its own request id; a client's x-request-id is not taken as the log's id", async () => {
    const app = await root({})
    const res = await app.inject({ url: '/who', headers: { 'x-request-id': 'attacker-chosen-id' } })
    expect(res.json().id).not.toBe('attacker-chosen-id')
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers['x-request-id']).toBe(res.json().id)
  })

  it('bounds how long a request and an idle connection may take', async () => {
    const app = await root({ REQUEST_TIMEOUT_MS: '1500' })
    expect(app.server.requestTimeout).toBe(1500)
    expect(app.server.timeout).toBe(60_000)
    expect(app.server.keepAliveTimeout).toBe(10_000)
    expect((await root({})).server.requestTimeout).toBe(30_000)
  })
})
