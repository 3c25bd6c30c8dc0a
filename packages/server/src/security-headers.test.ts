import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv, ServerEnvSchema } from './config.ts'
import { serverOptions, serverShell } from './http.ts'
import { csp, strictSecurityHeaders, type RouteHelmet } from './security-headers.ts'

/**
 * The headers every root writes (decision 024) on a bare root: the strictest policy by default, a
 * route's own policy, reply.helmet, answers refused before routing, HSTS only over HTTPS. The
 * API's answers: apps/api/src/security-headers.test.ts; the storefront's: apps/web.
 */

const OWN = { contentSecurityPolicy: csp({ 'default-src': ["'self'"] }) } satisfies RouteHelmet

async function root(env: Record<string, string> = {}) {
  const config = parseEnv(ServerEnvSchema, { LOG_LEVEL: 'silent', ...env })
  const app = Fastify({
    ...serverOptions(config, false),
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      strictSecurityHeaders(request, reply)
      return reply.status(400).send('bad')
    },
  })
  await app.register(serverShell)
  app.get('/data', async () => ({ ok: true }))
  app.get('/own', { helmet: OWN }, async () => 'own')
  app.get('/page', async (_request, reply) => {
    reply.helmet({
      contentSecurityPolicy: csp({ 'default-src': ["'self'"], 'script-src': ["'self'", "'nonce-abc'"] }),
    })
    return 'page'
  })
  await app.ready()
  return app
}

describe('security headers of a root', () => {
  let app: FastifyInstance
  let behindProxy: FastifyInstance
  beforeAll(async () => {
    app = await root()
    behindProxy = await root({ TRUST_PROXY: '1' })
  })
  afterAll(async () => {
    await app.close()
    await behindProxy.close()
  })

  it('gives every answer nosniff, the referrer policy, no framing and the strictest policy', async () => {
    const res = await app.inject({ url: '/data' })
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    })
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("writes a route's own policy, or the one its handler sets", async () => {
    expect((await app.inject({ url: '/own' })).headers['content-security-policy']).toBe("default-src 'self'")
    const page = await app.inject({ url: '/page' })
    expect(page.headers['content-security-policy']).toBe("default-src 'self';script-src 'self' 'nonce-abc'")
    expect(page.headers['x-content-type-options']).toBe('nosniff')
  })

  it('writes the strict headers on answers refused before routing', async () => {
    const bad = await app.inject({ url: '/data/%E0%A4%A' })
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
  })

  it('sends HSTS only when a trusted proxy says the request came over HTTPS', async () => {
    const claimed = await app.inject({ url: '/data', headers: { 'x-forwarded-proto': 'https' } })
    expect(claimed.headers['strict-transport-security']).toBeUndefined()
    const tls = await behindProxy.inject({
      url: '/own',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    })
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })
})
