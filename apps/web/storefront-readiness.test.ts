// @vitest-environment node
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { gracefulShutdown } from '@busana/server/lifecycle'
import { parseConfig } from './storefront-config.ts'
import { buildStorefrontServer, type StorefrontServerOptions } from './storefront-server.ts'

/**
 * The storefront's root in a graceful restart (docs/decisions/045-graceful-restarts.md): its own
 * /readyz in both modes (and its own /livez with API_URL, never the API's), and a page being
 * rendered when the drain begins still reaches the mounted API, which Fastify's own close would
 * refuse (inject after close).
 */

const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' })

const closing: FastifyInstance[] = []
afterEach(async () => {
  for (const app of closing.splice(0)) await app.close().catch(() => {})
})

/** A page that waits for `release` and then asks the API, as a loader does. */
function heldRender() {
  let entered: () => void = () => {}
  let release: () => void = () => {}
  const reached = new Promise<void>((resolve) => (entered = resolve))
  const released = new Promise<void>((resolve) => (release = resolve))
  const render: StorefrontServerOptions['render'] = async (_request, { apiFetch }) => {
    entered()
    await released
    const answer = await apiFetch('/api/v1/echo')
    return new Response(await answer.text(), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { render, reached, release }
}

function get(port: number, path: string): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the storefront mounting the API, draining', () => {
  it('answers /readyz 200, then 503 once draining, and a page in flight still reaches the API', async () => {
    const page = heldRender()
    const { app } = await buildStorefrontServer({
      config,
      logger: false,
      render: page.render,
      mountApi: async (root) => {
        await root.register(async (api) => {
          api.get('/api/v1/echo', async () => ({ status: 200, data: 'from the mounted API' }))
          api.get('/livez', async () => ({ status: 'ok' }))
        })
      },
    })
    closing.push(app)
    await app.listen({ host: '127.0.0.1', port: 0 })
    const port = (app.server.address() as AddressInfo).port
    expect(await get(port, '/readyz')).toMatchObject({ status: 200, body: '{"status":"ok"}' })

    const inFlight = get(port, '/shop/held')
    await page.reached
    const codes: number[] = []
    const done = gracefulShutdown(app, { SHUTDOWN_TIMEOUT_MS: 5000, SHUTDOWN_DELAY_MS: 0 }, {}, (code) =>
      codes.push(code),
    )('SIGTERM')
    const readyz = await app.inject({ url: '/readyz' })
    expect(readyz.statusCode).toBe(503)
    expect(readyz.headers['cache-control']).toBe('no-store')
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200)
    // The page asks the API only once the listener has closed (as a slow loader would).
    while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 5))
    await new Promise((resolve) => setTimeout(resolve, 20))
    page.release()
    expect(await inFlight).toEqual({
      status: 200,
      connection: 'close',
      body: '{"status":200,"data":"from the mounted API"}',
    })
    await done
    expect(codes).toEqual([0])
  })
})

describe('the storefront alone, through API_URL', () => {
  it('answers /livez and /readyz itself, without asking the API; /healthz is the API’s', async () => {
    const seen: string[] = []
    const api = Fastify()
    closing.push(api)
    api.addHook('onRequest', async (request) => void seen.push(request.url))
    api.get('/healthz', async () => ({ status: 'ok' }))
    const address = await api.listen({ host: '127.0.0.1', port: 0 })
    const { app } = await buildStorefrontServer({
      config,
      logger: false,
      render: heldRender().render,
      apiUrl: address,
    })
    closing.push(app)
    await app.ready()
    expect((await app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' })
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' })
    expect(seen).toEqual([])
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    expect(seen).toEqual(['/healthz'])
    // The API down: the storefront is still alive and ready (its pages answer the API's errors).
    await api.close()
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200)
  })
})
