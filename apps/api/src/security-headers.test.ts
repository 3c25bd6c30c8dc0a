import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'
import { pageDirectives } from './security-headers.ts'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

/**
 * The browser security headers of the API's answers (issue 11, decision 024): the strictest policy
 * on data, their own on the developer pages and the OpenAPI page, nosniff, the referrer policy and
 * no framing everywhere, HSTS only over HTTPS. The storefront's pages: apps/web/storefront-server.test.ts.
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

describe("the storefront page's policy", () => {
  const nonce = 'bm9uY2Utb2YtdGhpcy1wYWdl'

  it('allows scripts of this origin and the nonce only, and no other origin by default', () => {
    const directives = pageDirectives(parseConfig({}), { nonce, https: false })
    expect(directives['script-src']).toEqual(["'self'", `'nonce-${nonce}'`])
    expect(directives['script-src-attr']).toEqual(["'none'"])
    expect(directives['frame-ancestors']).toEqual(["'none'"])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(directives['upgrade-insecure-requests']).toBeUndefined()
    // Frames: the store maps' embed endpoints by exact path, nothing else (decision 033).
    expect(directives['frame-src']).toEqual([
      'https://www.google.com/maps/embed',
      'https://www.google.com/maps/embed/v1/',
      'https://maps.google.com/maps',
      'https://www.openstreetmap.org/export/embed.html',
    ])
    const { 'frame-src': _frames, ...others } = directives
    const everything = Object.values(others).flat()
    expect(everything.filter((value) => /^https?:/.test(value))).toEqual([])
    expect(everything).not.toContain("'unsafe-eval'")
    expect(directives['script-src']).not.toContain("'unsafe-inline'")
  })

  it('adds analytics origins only when configured, and Midtrans QR images with Midtrans', () => {
    const config = parseConfig({
      ANALYTICS_ORIGINS: 'https://www.googletagmanager.com, https://www.google-analytics.com/',
      PAYMENT_PROVIDER: 'midtrans',
      MIDTRANS_SERVER_KEY: 'SB-Mid-server-x',
    })
    const directives = pageDirectives(config, { nonce, https: true })
    for (const name of ['script-src', 'connect-src', 'img-src']) {
      expect(directives[name]).toContain('https://www.googletagmanager.com')
      expect(directives[name]).toContain('https://www.google-analytics.com')
    }
    expect(directives['img-src']).toContain('https://api.sandbox.midtrans.com')
    expect(directives['script-src']).not.toContain('https://api.sandbox.midtrans.com')
    expect(directives['upgrade-insecure-requests']).toEqual([])
  })

  it("allows each analytics vendor's hosts only when its id is configured", () => {
    const hostsOf = (directives: Record<string, string[]>) =>
      Object.fromEntries(
        ['script-src', 'connect-src', 'img-src'].map((name) => [
          name,
          directives[name]!.filter((value) => value.startsWith('https:')),
        ]),
      )
    const none = hostsOf(pageDirectives(parseConfig({}), { nonce, https: false }))
    expect(none).toEqual({ 'script-src': [], 'connect-src': [], 'img-src': [] })

    const ga4 = hostsOf(pageDirectives(parseConfig({ GA4_ID: 'G-TEST12345' }), { nonce, https: false }))
    expect(ga4['script-src']).toEqual(['https://www.googletagmanager.com'])
    expect(ga4['connect-src']).toContain('https://www.google-analytics.com')
    expect(ga4['connect-src']).toContain('https://*.analytics.google.com')
    expect(ga4['img-src']).toContain('https://www.google-analytics.com')
    expect(Object.values(ga4).flat().join(' ')).not.toContain('facebook')

    const meta = hostsOf(
      pageDirectives(parseConfig({ META_PIXEL_ID: '1234567890' }), { nonce, https: false }),
    )
    expect(meta['script-src']).toEqual(['https://connect.facebook.net'])
    expect(meta['connect-src']).toEqual(['https://connect.facebook.net', 'https://www.facebook.com'])
    expect(meta['img-src']).toEqual(['https://www.facebook.com'])

    const gtm = hostsOf(pageDirectives(parseConfig({ GTM_ID: 'GTM-TEST123' }), { nonce, https: false }))
    expect(gtm['script-src']).toEqual(['https://www.googletagmanager.com'])

    // All three and ANALYTICS_ORIGINS: each host once.
    const all = pageDirectives(
      parseConfig({
        GA4_ID: 'G-TEST12345',
        GTM_ID: 'GTM-TEST123',
        META_PIXEL_ID: '1234567890',
        ANALYTICS_ORIGINS: 'https://www.googletagmanager.com',
      }),
      { nonce, https: false },
    )
    expect(all['script-src']).toEqual([
      "'self'",
      `'nonce-${nonce}'`,
      'https://www.googletagmanager.com',
      'https://connect.facebook.net',
    ])
    expect(all['script-src']).not.toContain("'unsafe-inline'")
  })

  it('refuses analytics ids that are not the vendor’s shape', () => {
    for (const [name, value] of [
      ['GA4_ID', 'UA-1234-1'],
      ['GA4_ID', "G-X'; script-src *"],
      ['META_PIXEL_ID', 'abc'],
      ['GTM_ID', 'G-ABC123'],
    ] as const) {
      expect(() => parseConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(name))
    }
    const config = parseConfig({ GA4_ID: '', META_PIXEL_ID: '', GTM_ID: '' })
    expect([config.GA4_ID, config.META_PIXEL_ID, config.GTM_ID]).toEqual([undefined, undefined, undefined])
  })

  it('refuses analytics origins that are not plain https origins', () => {
    for (const value of [
      'http://t.example',
      'https://t.example/path',
      "https://t.example 'unsafe-inline'",
      '*',
    ]) {
      expect(() => parseConfig({ ANALYTICS_ORIGINS: value }), value).toThrow(/ANALYTICS_ORIGINS/)
    }
  })
})
