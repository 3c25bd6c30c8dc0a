// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from './storefront-config.ts'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import { buildStorefrontServer, type StorefrontServerOptions } from './storefront-server.ts'

const configEnv = { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }
const config = parseConfig(configEnv)

/**
 * A storefront whose pages show the path and what the loaders' API answered; its pages carry
 * inline scripts with the answer's nonce, as React Router's hydration scripts do (entry.server.tsx).
 */
const render: StorefrontServerOptions['render'] = async (request, { apiFetch, cspNonce }) => {
  const path = new URL(request.url).pathname
  if (path === '/boom') throw new Error('render failed')
  // A slow render, so that a second request for the page arrives while it runs.
  if (path.endsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 50))
  if (path === '/through-api') {
    const answer = await apiFetch('/api/v1/echo')
    return new Response(await answer.text(), { headers: { 'content-type': 'application/json' } })
  }
  const known = path === '/' || path.startsWith('/shop/')
  const scripts = known
    ? `<script nonce="${cspNonce}">window.__ctx={}</script><script type="module" nonce="${cspNonce}">import('/assets/entry.js')</script>`
    : ''
  return new Response(`<h1>${known ? 'page' : 'Nothing here'}</h1>${path}${scripts}`, {
    status: known ? 200 : 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })
}

describe('the storefront mounting the API', () => {
  let app: FastifyInstance
  let dropPages: () => void
  beforeAll(async () => {
    const server = await buildStorefrontServer({
      config,
      logger: false,
      render,
      // A stand-in for apiPlugin: an /api catch-all with the envelope and a refused developer page.
      mountApi: async (root) => {
        await root.register(async (api) => {
          api.all('/api/*', (_request, reply) => reply.status(404).send({ status: 404, code: 'REQ003' }))
          api.get('/dev/outbox', (_request, reply) => reply.callNotFound())
          api.get('/api/v1/version', async () => ({ version: String(Date.now()) }))
        })
      },
    })
    app = server.app
    dropPages = server.dropPages
    await app.ready()
  })
  afterAll(() => app.close())

  it('renders pages and keeps the API paths the API’s own', async () => {
    const page = await app.inject({ url: '/shop/9/category/tops' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('page')
    const api = await app.inject({ url: '/api/nope' })
    expect(api.json()).toMatchObject({ code: 'REQ003' })
  })

  it('answers a refused developer page with the storefront’s own not-found page', async () => {
    const res = await app.inject({ url: '/dev/outbox' })
    expect(res.statusCode).toBe(404)
    expect(res.body).toBe('<h1>Nothing here</h1>/dev/outbox')
  })

  it('answers a malformed storefront URL with a plain 400 page, and the envelope on /api', async () => {
    const page = await app.inject({ url: '/shop/9/category/%E0%A4%A' })
    expect(page.statusCode).toBe(400)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('Bad request')
    expect(page.body).not.toContain('FST_ERR')
    const api = await app.inject({ url: '/api/v1/%E0%A4%A', headers: { 'x-request-id': 'abcdef123456' } })
    expect(api.statusCode).toBe(400)
    expect(api.json()).toEqual({ status: 400, message: 'Malformed URL', code: 'REQ007', data: null })
    // Our own id, never the client's (it only appears in the log as upstream_id).
    expect(api.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers a failed render with a short HTML error page, never a JSON envelope', async () => {
    const res = await app.inject({ url: '/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).not.toContain('render failed')
  })

  it('keeps a public page a few seconds and drops it when a change is announced', async () => {
    expect((await app.inject({ url: '/shop/9/x' })).headers['x-page-cache']).toBe('miss')
    expect((await app.inject({ url: '/shop/9/x' })).headers['x-page-cache']).toBe('hit')
    dropPages()
    expect((await app.inject({ url: '/shop/9/x' })).headers['x-page-cache']).toBe('miss')
  })
})

describe('the storefront alone, through API_URL', () => {
  let api: FastifyInstance
  let app: FastifyInstance
  const seen: Array<{ url: string; headers: Record<string, unknown>; body?: unknown }> = []
  beforeAll(async () => {
    api = Fastify()
    api.addHook('onRequest', async (request) => {
      seen.push({ url: request.url, headers: { ...request.headers } })
    })
    api.get('/api/v1/echo', async (request) => ({
      status: 200,
      data: { from: 'api', id: request.headers['x-request-id'] },
    }))
    api.post('/api/v1/cart', async (request) => ({ status: 200, data: request.body }))
    api.get('/dev/outbox.json', async () => ({ status: 200, data: [] }))
    api.get('/dev/outbox/:id.html', async (_request, reply) => reply.type('text/html').send('<p>mail</p>'))
    // The real API reads the buttons' (empty) urlencoded bodies too (dev-payments.routes.ts).
    api.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null))
    api.post('/dev/payments/:order/:action', async (request, reply) =>
      reply.redirect(`/dev/payments?done=${(request.params as { action: string }).action}`, 303),
    )
    api.get('/healthz', async () => ({ status: 'ok' }))
    const address = await api.listen({ port: 0, host: '127.0.0.1' })
    app = (await buildStorefrontServer({ config, logger: false, render, apiUrl: address })).app
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await api.close()
  })

  it('renders through the remote API, carrying the request id and the shopper’s address', async () => {
    const res = await app.inject({ url: '/through-api', headers: { 'x-request-id': 'req-12345678' } })
    // The storefront's own id (not the browser's) travels to the API, linking both tiers' logs.
    expect(res.json()).toEqual({ status: 200, data: { from: 'api', id: res.headers['x-request-id'] } })
    expect(res.headers['x-request-id']).not.toBe('req-12345678')
    const call = seen.find((entry) => entry.url === '/api/v1/echo')!
    expect(call.headers['x-forwarded-for']).toBe('127.0.0.1')
  })

  it('proxies the browser’s API calls with their bodies, and /healthz', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/cart?token=t', payload: { qty: 2 } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 200, data: { qty: 2 } })
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
  })

  it('forwards the developer outbox to a direct loopback caller only', async () => {
    const direct = await app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' })
    expect(direct.statusCode).toBe(200)
    // An order update's HTML part (issue 28) too.
    const mail = await app.inject({ url: '/dev/outbox/7.html', remoteAddress: '127.0.0.1' })
    expect(mail.statusCode).toBe(200)
    expect(mail.body).toBe('<p>mail</p>')
    expect((await app.inject({ url: '/dev/outbox/7.html', remoteAddress: '203.0.113.7' })).statusCode).toBe(
      404,
    )
    const fromAfar = await app.inject({ url: '/dev/outbox.json', remoteAddress: '203.0.113.7' })
    expect(fromAfar.statusCode).toBe(404)
    expect(fromAfar.body).toContain('Nothing here')
    const proxied = await app.inject({
      url: '/dev/outbox.json',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    })
    expect(proxied.statusCode).toBe(404)
  })

  it('forwards the sandbox payments page’s buttons to a direct loopback caller only', async () => {
    const button = {
      method: 'POST' as const,
      url: '/dev/payments/BSN-1/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    }
    const direct = await app.inject({ ...button, remoteAddress: '127.0.0.1' })
    expect(direct.statusCode).toBe(303)
    expect(direct.headers.location).toBe('/dev/payments?done=pay')
    const fromAfar = await app.inject({ ...button, remoteAddress: '203.0.113.7' })
    expect(fromAfar.statusCode).toBe(404)
  })

  it('answers the envelope when the API cannot be reached', async () => {
    const down = await buildStorefrontServer({ config, logger: false, render, apiUrl: 'http://127.0.0.1:9' })
    try {
      const res = await down.app.inject({ url: '/api/v1/echo' })
      expect(res.statusCode).toBeGreaterThanOrEqual(500)
      expect(res.json()).toMatchObject({ code: 'SRV001', data: null })
    } finally {
      await down.app.close()
    }
  })
})

/** The policy's directives by name. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string')
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  )
}

/** The nonce of the answer's policy, and the nonces its inline scripts carry. */
function nonces(res: { headers: Record<string, unknown>; body: string }) {
  const scriptSrc = policy(res.headers['content-security-policy']).get('script-src') ?? []
  const inHeader = scriptSrc.filter((value) => value.startsWith("'nonce-")).map((value) => value.slice(7, -1))
  const inPage = [...res.body.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map((match) => match[1])
  return { inHeader, inPage }
}

describe('security headers of the storefront (issue 11, decision 024)', () => {
  let app: FastifyInstance
  let behindProxy: FastifyInstance
  const assets = mkdtempSync(join(tmpdir(), 'busana-assets-'))
  writeFileSync(join(assets, 'entry.js'), 'console.log(1)')
  beforeAll(async () => {
    app = (await buildStorefrontServer({ config, logger: false, render })).app
    // As server.ts serves the build's files.
    await app.register(fastifyStatic, { root: assets, prefix: '/assets/', wildcard: false })
    await app.ready()
    const proxied = parseConfig({ ...configEnv, TRUST_PROXY: '1', ANALYTICS_ORIGINS: 'https://tags.example' })
    behindProxy = (await buildStorefrontServer({ config: proxied, logger: false, render })).app
    await behindProxy.ready()
  })
  afterAll(async () => {
    await app.close()
    await behindProxy.close()
  })

  it("gives a page a policy whose nonce is the one its inline scripts carry, and the edge's headers", async () => {
    const res = await app.inject({ url: '/shop/9/category/dresses' })
    expect(res.statusCode).toBe(200)
    const { inHeader, inPage } = nonces(res)
    expect(inHeader).toHaveLength(1)
    expect(inHeader[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(inPage).toEqual([inHeader[0], inHeader[0]])
    const directives = policy(res.headers['content-security-policy'])
    expect(directives.get('script-src')).toEqual(["'self'", `'nonce-${inHeader[0]}'`])
    expect(directives.get('default-src')).toEqual(["'self'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.has('upgrade-insecure-requests')).toBe(false)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('gives each answer of a kept page a fresh nonce, in its header and in its scripts', async () => {
    const seen = new Set<string>()
    for (const [state, encoding] of [
      ['miss', 'identity'],
      ['hit', 'identity'],
      ['hit', 'identity'],
    ] as const) {
      const res = await app.inject({
        url: '/shop/9/product/kemeja',
        headers: { 'accept-encoding': encoding },
      })
      expect(res.headers['x-page-cache']).toBe(state)
      const { inHeader, inPage } = nonces(res)
      expect(inHeader).toHaveLength(1)
      expect(inPage).toEqual([inHeader[0], inHeader[0]])
      seen.add(inHeader[0]!)
    }
    expect(seen.size).toBe(3)
  })

  it('gives a request that shared a concurrent render its own nonce too', async () => {
    const [a, b] = await Promise.all([
      app.inject({ url: '/shop/9/category/slow' }),
      app.inject({ url: '/shop/9/category/slow' }),
    ])
    expect([a.headers['x-page-cache'], b.headers['x-page-cache']].sort()).toEqual(['hit', 'miss'])
    for (const res of [a, b]) {
      const { inHeader, inPage } = nonces(res)
      expect(inPage).toEqual([inHeader[0], inHeader[0]])
    }
    expect(nonces(a).inHeader[0]).not.toBe(nonces(b).inHeader[0])
  })

  it('gives the not-found page a nonce too, and the API its strict policy', async () => {
    const missing = await app.inject({ url: '/no/such/page' })
    expect(missing.statusCode).toBe(404)
    expect(nonces(missing).inHeader).toHaveLength(1)
    const api = await app.inject({ url: '/api/v1/nowhere' })
    expect(policy(api.headers['content-security-policy']).get('default-src')).toEqual(["'none'"])
    expect(api.headers['x-content-type-options']).toBe('nosniff')
    const bad = await app.inject({ url: '/shop/9/category/%E0%A4%A' })
    expect(bad.statusCode).toBe(400)
    expect(policy(bad.headers['content-security-policy']).get('default-src')).toEqual(["'none'"])
    expect(bad.headers['x-content-type-options']).toBe('nosniff')
  })

  it('serves the build files with nosniff and the strict policy', async () => {
    const res = await app.inject({ url: '/assets/entry.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(policy(res.headers['content-security-policy']).get('default-src')).toEqual(["'none'"])
  })

  it('over HTTPS through a trusted proxy: HSTS and upgrade-insecure-requests; analytics origins when set', async () => {
    const res = await behindProxy.inject({
      url: '/shop/9/category/dresses',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const directives = policy(res.headers['content-security-policy'])
    expect(directives.get('upgrade-insecure-requests')).toEqual([])
    expect(directives.get('script-src')).toContain('https://tags.example')
    expect(directives.get('connect-src')).toContain('https://tags.example')
    // The same server, asked over plain HTTP, does not pin HTTPS.
    const plain = await behindProxy.inject({ url: '/', remoteAddress: '10.0.0.2' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    // Without a trusted proxy, a client's own X-Forwarded-Proto is not believed.
    const claimed = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })
    expect(claimed.headers['strict-transport-security']).toBeUndefined()
  })
})
