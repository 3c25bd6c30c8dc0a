import { describe, expect, it } from 'vitest'
import { buildTestApp } from './test/build-test-app.ts'

/**
 * The API's edge (issue 11): the API docs as a production choice and control characters refused.
 * Whose address per-address limits see, request ids and timeouts are the shell's:
 * packages/server/src/http.test.ts.
 */

describe('API_DOCS', () => {
  it('serves /api/docs outside production, and in production only when asked', async () => {
    const dev = await buildTestApp({ seed: false })
    const production = await buildTestApp({
      seed: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' },
    })
    const asked = await buildTestApp({
      seed: false,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', API_DOCS: 'true' },
    })
    try {
      expect((await dev.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200)
      expect((await production.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404)
      expect((await production.app.inject({ url: '/api/docs' })).statusCode).toBe(404)
      expect((await asked.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200)
    } finally {
      await Promise.all([dev.close(), production.close(), asked.close()])
    }
  }, 90_000)
})

describe('control characters', () => {
  it('refuses them with 400 in a path, a query and any body field, naming where', async () => {
    const t = await buildTestApp({ seed: false })
    try {
      const headers = { 'x-brand-id': '9' }
      const query = await t.app.inject({ url: '/api/v1/pages/search?key=kaos%00', headers })
      expect(query.statusCode).toBe(400)
      expect(query.json()).toMatchObject({
        code: 'REQ001',
        message: "Invalid query parameter 'key': must not contain control characters",
      })
      const path = await t.app.inject({ url: '/api/v1/member/order_guest/ORD%1b', headers })
      expect(path.statusCode).toBe(400)
      const body = await t.app.inject({
        method: 'POST',
        url: '/api/v1/member/login',
        headers,
        payload: {
          username: 'sari@example.com',
          password: 'pass\u0000word',
          extra: { nested: ['ok', 'b\u0085d'] },
        },
      })
      expect(body.statusCode).toBe(400)
      expect(body.json()).toMatchObject({ code: 'REQ001', errors: [{ field: 'password' }] })
      // Line breaks pass this check (an address may hold them); one-line fields refuse them in their schema.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/member/login',
        headers,
        payload: { username: 'sari@example.com', password: 'line\nbreak' },
      })
      expect(login.json().message).not.toMatch(/control characters/)
    } finally {
      await t.close()
    }
  })
})
