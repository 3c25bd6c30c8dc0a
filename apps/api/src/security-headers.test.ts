import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

/**
 * The browser security headers of the API's answers (issue 11, decision 024): the strictest policy
 * on data, their own on the developer pages and the OpenAPI page, nosniff, the referrer policy and
 * no framing everywhere, HSTS only over HTTPS. The builders on a bare root:
 * packages/server/src/security-headers.test.ts; the storefront's pages: apps/web/page-security.test.ts.
 */

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

function expectEveryAnswerHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(policy(headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"])
  expect(headers['x-powered-by']).toBeUndefined()
}

describe('security headers of the API', () => {
  let t: TestApp
  let behindProxy: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
    behindProxy = await buildTestApp({ seed: false, env: { TRUST_PROXY: '1' } })
  })
  afterAll(async () => {
    await t.close()
    await behindProxy.close()
  })

  it('answers JSON with the strictest policy: nothing loads, nobody frames', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/home', headers: { 'x-brand-id': '9' } })
    expect(res.statusCode).toBe(200)
    expectEveryAnswerHeaders(res.headers)
    expect(policy(res.headers['content-security-policy'])).toEqual(
      new Map([
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'none'"]],
      ]),
    )
  })

  it('sends the same on errors and refusals (a 404 envelope, a 400)', async () => {
    const missing = await t.app.inject({ url: '/api/v1/nowhere', headers: { 'x-brand-id': '9' } })
    expect(missing.statusCode).toBe(404)
    expectEveryAnswerHeaders(missing.headers)
    const bad = await t.app.inject({ url: '/api/v1/%E0%A4%A' })
    expect(bad.statusCode).toBe(400)
    expectEveryAnswerHeaders(bad.headers)
    expect(policy(bad.headers['content-security-policy']).get('default-src')).toEqual(["'none'"])
  })

  it('serves media with the strict policy and nosniff, so a picture opened alone runs nothing', async () => {
    const res = await t.app.inject({ url: '/media/fallback.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expectEveryAnswerHeaders(res.headers)
    expect(policy(res.headers['content-security-policy']).get('default-src')).toEqual(["'none'"])
  })

  it('gives the developer pages their inline style sheet and forms, and no script', async () => {
    for (const url of ['/dev/outbox', '/dev/payments']) {
      const res = await t.app.inject({ url, remoteAddress: '127.0.0.1' })
      expect(res.statusCode).toBe(200)
      expectEveryAnswerHeaders(res.headers)
      const directives = policy(res.headers['content-security-policy'])
      expect(directives.get('default-src')).toEqual(["'none'"])
      expect(directives.get('style-src')).toEqual(["'unsafe-inline'"])
      expect(directives.get('form-action')).toEqual(["'self'"])
      expect(directives.has('script-src')).toBe(false)
    }
    // Their JSON stays strict.
    const json = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' })
    expect(policy(json.headers['content-security-policy']).get('style-src')).toBeUndefined()
  })

  it('lets the OpenAPI page load its own bundle and styles, framed by nobody', async () => {
    const index = await t.app.inject({ url: '/api/docs' })
    expect(index.statusCode).toBe(200)
    expect(index.body).toContain('swagger-ui-bundle.js')
    expectEveryAnswerHeaders(index.headers)
    const directives = policy(index.headers['content-security-policy'])
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(directives.get('connect-src') ?? directives.get('default-src')).toEqual(["'self'"])
    // The scripts it names are files of this origin, none inline.
    expect(index.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    const bundle = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' })
    expect(bundle.statusCode).toBe(200)
    expect(bundle.headers['x-content-type-options']).toBe('nosniff')
  })

  it('sends HSTS only when the request came over HTTPS, as a trusted proxy says', async () => {
    const plain = await t.app.inject({ url: '/livez' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    // Nobody trusted: a client's own X-Forwarded-Proto changes nothing.
    const claimed = await t.app.inject({ url: '/livez', headers: { 'x-forwarded-proto': 'https' } })
    expect(claimed.headers['strict-transport-security']).toBeUndefined()
    const tls = await behindProxy.app.inject({
      url: '/livez',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    })
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expectEveryAnswerHeaders(tls.headers)
    const viaHttp = await behindProxy.app.inject({
      url: '/livez',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'http' },
    })
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined()
  })
})
