// @vitest-environment node
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { csp, securityHeaders } from '@busana/server/security-headers'
import { newNonce, pageDirectives, pageSecurityHeaders } from './page-security.ts'
import { parseConfig } from './storefront-config.ts'

/** The page policy's directives; the headers on real answers: storefront-server.test.ts. */
describe("the storefront page's policy", () => {
  const nonce = 'bm9uY2Utb2YtdGhpcy1wYWdl'

  it('allows scripts of this origin and the nonce only, and no other origin by default', () => {
    const directives = pageDirectives(parseConfig({}), { nonce, https: false })
    expect(directives['script-src']).toEqual(["'self'", `'nonce-${nonce}'`])
    expect(directives['script-src-attr']).toEqual(["'none'"])
    expect(directives['frame-ancestors']).toEqual(["'none'"])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(directives['upgrade-insecure-requests']).toBeUndefined()
    // Frames: the store maps' embed endpoints by exact path (decision 033) and the gallery videos'
    // players (privacy-enhanced YouTube, Vimeo), nothing else.
    expect(directives['frame-src']).toEqual([
      'https://www.google.com/maps/embed',
      'https://www.google.com/maps/embed/v1/',
      'https://maps.google.com/maps',
      'https://www.openstreetmap.org/export/embed.html',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
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

  it("writes the headers reply.helmet wrote, built once: the same but for each answer's own nonce (issue 41)", async () => {
    const config = parseConfig({ ANALYTICS_ORIGINS: 'https://www.googletagmanager.com', GA4_ID: 'G-TEST123' })
    const app = Fastify({ trustProxy: true })
    await app.register(securityHeaders)
    app.get('/built', (request, reply) => {
      pageSecurityHeaders(request, reply, config, {
        nonce: String(request.query && (request.query as { n: string }).n),
      })
      return reply.send('ok')
    })
    app.get('/helmet', (request, reply) => {
      const https = request.protocol === 'https'
      const n = (request.query as { n: string }).n
      reply.helmet({ contentSecurityPolicy: csp(pageDirectives(config, { nonce: n, https })) })
      return reply.send('ok')
    })
    const headersOf = async (path: string, n: string, https: boolean) => {
      const { headers } = await app.inject({
        url: `${path}?n=${encodeURIComponent(n)}`,
        headers: https ? { 'x-forwarded-proto': 'https' } : {},
      })
      const { date: _date, ...rest } = headers
      return rest
    }
    for (const https of [false, true]) {
      for (const n of [newNonce(), newNonce()]) {
        const built = await headersOf('/built', n, https)
        expect(built).toEqual(await headersOf('/helmet', n, https))
        expect(built['content-security-policy']).toContain(`'nonce-${n}'`)
      }
    }
  })

  it('makes a new 128-bit nonce for every answer', () => {
    const nonces = Array.from({ length: 600 }, newNonce)
    expect(new Set(nonces).size).toBe(600)
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16)
  })
})
