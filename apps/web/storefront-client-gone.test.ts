// @vitest-environment node
import { request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { parseConfig } from './storefront-config.ts'
import { buildStorefrontServer } from './storefront-server.ts'

/**
 * A browser that goes away mid-render (a phone losing its signal) is routine, not an error
 * (issue 44): the render is aborted and the log says so at info level; a render that fails for
 * a browser still there is still an error.
 */
const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: 'memory://' })
const lines: { level: number; msg: string }[] = []
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    done()
  },
})
let app: FastifyInstance
let port: number

beforeAll(async () => {
  const server = await buildStorefrontServer({
    config,
    logger: { level: 'info', stream },
    // A page that takes until its browser leaves, then fails as React Router's aborted render does.
    render: async (request) => {
      if (new URL(request.url).pathname === '/boom') throw new Error('render failed')
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve, { once: true }))
      throw Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })
    },
    mountApi: async () => {},
  })
  app = server.app
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as { port: number }).port
})
afterAll(() => app.close())

describe('a browser that goes away', () => {
  it('is logged at info, not as an error', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest({ port, host: '127.0.0.1', path: '/shop/slow-page' })
      req.on('error', () => resolve())
      req.end()
      setTimeout(() => req.destroy(), 100)
    })
    await expect.poll(() => lines.some((l) => /went away/.test(l.msg))).toBe(true)
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
  })

  it('a render failing for a browser still there is an error (the check can fail)', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/boom`)
    expect(res.status).toBe(500)
    await expect
      .poll(() => lines.filter((l) => l.level >= 50).map((l) => l.msg))
      .toEqual(['storefront error'])
  })
})
