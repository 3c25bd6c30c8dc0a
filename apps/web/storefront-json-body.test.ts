// @vitest-environment node
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { parseConfig } from './storefront-config.ts'
import { buildStorefrontServer } from './storefront-server.ts'

/**
 * The storefront's own routes take JSON bodies nested at most 32 levels (issue 38): a deeper one is
 * a 400 page before the render re-serialises it (JSON.stringify overflowed the stack: a 500 with a
 * RangeError at error level), and a client's mistake logs nothing at error level.
 */

const lines: string[] = []
let app: FastifyInstance

beforeAll(async () => {
  const server = await buildStorefrontServer({
    config: parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: 'memory://' }),
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    render: async (request) =>
      new Response(`<h1>${request.method} ${(await request.text()).length}</h1>`, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
  })
  app = server.app
  await app.ready()
})
afterAll(() => app.close())

it('answers a page posted a deeply nested JSON body with a 400 page, logging no error', async () => {
  const post = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/member/login',
      headers: { 'content-type': 'application/json' },
      payload,
    })
  lines.length = 0
  for (const body of ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)]) {
    const res = await post(body)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Bad request')
  }
  expect(lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([])
  // A body within the bound still reaches the page.
  const fine = await post('[[[]]]')
  expect(fine.statusCode).toBe(200)
  expect(fine.body).toBe('<h1>POST 6</h1>')
})
