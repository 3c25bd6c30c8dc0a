import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(() => t.close())

describe('the API shell', () => {
  it('answers /healthz', async () => {
    const res = await t.app.inject({ url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('rejects a versioned call without a brand id header with a 400 envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/home' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 400, code: 'REQ002', data: null })
    expect(res.json().message).toMatch(/brand id header/)
  })

  it('rejects a brand id outside the group', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/home', headers: { 'x-brand-id': '7' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('REQ002')
  })

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { 'x-brand-id': '9' } })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: 404, code: 'REQ003', data: null })
    for (const [method, url] of [
      ['GET', '/api'],
      ['POST', '/api/v1/pages/home'],
      ['DELETE', '/nowhere'],
    ] as const) {
      const other = await t.app.inject({ method, url, headers: { 'x-brand-id': '9' } })
      expect(other.statusCode, url).toBe(404)
      expect(other.json(), url).toMatchObject({ code: 'REQ003', message: `Route ${method} ${url} not found` })
    }
  })

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    expect(res.json().openapi).toMatch(/^3\./)
  })

  it("answers its own request id, never the client's", async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abcdef123456' } })
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('URLs that cannot be routed', () => {
  it('answers a malformed percent-encoding on /api with the 400 envelope', async () => {
    for (const url of ['/api/v%ZZ/pages/home', '/api/v1/%E0%A4%A']) {
      const res = await t.app.inject({ url, headers: { 'x-brand-id': '9', 'x-request-id': 'abcdef123456' } })
      expect(res.statusCode, url).toBe(400)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toEqual({ status: 400, message: 'Malformed URL', code: 'REQ007', data: null })
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  // The query string parser tolerates a bad escape: the route then answers as usual.
  it('answers a malformed percent-encoding in a query string without a 500', async () => {
    const res = await t.app.inject({
      url: '/api/v1/pages/category?category=%E0%A4%A',
      headers: { 'x-brand-id': '9' },
    })
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json()).toMatchObject({ data: null })
  })

  it('answers a path segment past the router limit with the 414 envelope', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/member/alamat/${'9'.repeat(300)}`,
      headers: { 'x-brand-id': '9' },
    })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({ status: 414, message: 'URL too long', code: 'REQ008', data: null })
  })

  it('answers a malformed non-API URL with the envelope when the API runs alone', async () => {
    const res = await t.app.inject({ url: '/shop/9/category/%E0%A4%A' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'REQ007', data: null })
  })
})
