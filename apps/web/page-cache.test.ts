// @vitest-environment node
import Fastify from 'fastify'
import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  createPageCache,
  isShareable,
  pageCacheKey,
  keepGzipAround,
  nonceGzip,
  sendCachedPage,
  toCachedPage,
  withNonce,
} from './page-cache.ts'

const request = (init: { method?: string; url?: string; headers?: Record<string, string> }) =>
  ({ method: init.method ?? 'GET', url: init.url ?? '/', headers: init.headers ?? {} }) as never

describe('pageCacheKey', () => {
  it('keys a public GET by URL and the language it renders in', () => {
    const a = pageCacheKey(request({ url: '/shop/9/category/tops', headers: { 'accept-language': 'id-ID' } }))
    const b = pageCacheKey(request({ url: '/shop/9/category/tops', headers: { cookie: 'x=1; i18next=en' } }))
    expect(a).toBe('/shop/9/category/tops|id')
    expect(b).toBe('/shop/9/category/tops|en')
    // ?lng wins over the cookie, the cookie over the header, as the root loader negotiates.
    expect(pageCacheKey(request({ url: '/?lng=id', headers: { cookie: 'i18next=en' } }))).toBe('/?lng=id|id')
    expect(
      pageCacheKey(request({ url: '/', headers: { cookie: 'i18next=id', 'accept-language': 'en' } })),
    ).toBe('/|id')
  })

  it('issue 26 item 6: keys on the chosen language, however long the Accept-Language header', () => {
    const padding = Array.from({ length: 12 }, (_, i) => `x${i};q=0.1`).join(', ')
    const english = pageCacheKey(request({ headers: { 'accept-language': `${padding}, en` } }))
    const indonesian = pageCacheKey(request({ headers: { 'accept-language': `${padding}, id` } }))
    expect(padding.length).toBeGreaterThan(64)
    expect(english).toBe('/|en')
    expect(indonesian).toBe('/|id')
    // Headers that choose the same language share the page.
    expect(pageCacheKey(request({ headers: { 'accept-language': 'id-ID,id;q=0.9' } }))).toBe(indonesian)
    // A quality above 1 is clamped: the first of equals wins.
    expect(pageCacheKey(request({ headers: { 'accept-language': 'en, id;q=9' } }))).toBe(english)
  })

  it('issue 26 item 7: a malformed language cookie or ?lng is skipped, not thrown', () => {
    expect(pageCacheKey(request({ headers: { cookie: 'i18next=%E0%A4%A' } }))).toBe('/|en')
    expect(pageCacheKey(request({ url: '/?lng=%E0%A4%A', headers: { 'accept-language': 'id' } }))).toBe(
      '/?lng=%E0%A4%A|id',
    )
  })

  it('ignores tracking parameters, so campaign traffic shares the page', () => {
    const key = (url: string) => pageCacheKey(request({ url }))
    const plain = key('/shop/9/product/abc')
    expect(key('/shop/9/product/abc?utm_source=ig&utm_medium=story&utm_campaign=x')).toBe(plain)
    expect(key('/shop/9/product/abc?session_id=s1&gclid=g&fbclid=f&UTM_Term=t')).toBe(plain)
    expect(key('/shop/9/category/tops?utm_source=ig&sort=new')).toBe(key('/shop/9/category/tops?sort=new'))
    expect(key('/shop/9/category/tops?sort=new')).not.toBe(key('/shop/9/category/tops'))
    expect(key('/shop/9/category/tops?lng=id&utm_id=1')).toBe(key('/shop/9/category/tops?lng=id'))
  })

  it('renders for itself anything but a plain public GET', () => {
    expect(pageCacheKey(request({ method: 'POST' }))).toBeNull()
    expect(pageCacheKey(request({ url: '/?token=abc' }))).toBeNull()
    expect(pageCacheKey(request({ headers: { authorization: 'Bearer x' } }))).toBeNull()
  })
})

describe('isShareable', () => {
  it('shares only plain 200 answers', () => {
    expect(isShareable(new Response('x', { status: 200 }))).toBe(true)
    expect(isShareable(new Response('x', { status: 404 }))).toBe(false)
    expect(isShareable(new Response('x', { headers: { 'set-cookie': 'a=b' } }))).toBe(false)
    expect(isShareable(new Response('x', { headers: { 'cache-control': 'private' } }))).toBe(false)
  })
})

describe('sendCachedPage', () => {
  const rendered = 'AAAAAAAAAAAAAAAAAAAAAA=='
  it('answers in the accepted encoding, compressing each form of an answer without a nonce once', async () => {
    const html = `<!DOCTYPE html><html><body>${'<p>Kemeja Linen</p>'.repeat(200)}</body></html>`
    const page = await toCachedPage(
      new Response(html, { headers: { 'content-type': 'text/html' } }),
      rendered,
    )
    expect(page.nonceAt).toEqual([])
    const cache = createPageCache()
    cache.set('k', page)
    const app = Fastify()
    app.get('/', (req, reply) =>
      sendCachedPage(req, reply, cache.get('k')!, 'hit', 'BBBBBBBBBBBBBBBBBBBBBB=='),
    )

    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['x-page-cache']).toBe('hit')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html)

    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html)
    expect(page.gzip).toBeDefined()

    const plain = await app.inject({ url: '/' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(html)
    expect(plain.headers['content-type']).toBe('text/html')
  })
  it("writes each answer's own nonce where the rendering's was, in every encoding", async () => {
    const script = (nonce: string) => `<script nonce="${nonce}">window.x=1</script>`
    const html = (nonce: string) =>
      `<!DOCTYPE html><html><head>${script(nonce)}</head><body>${'<p>Kemeja Linen</p>'.repeat(200)}` +
      `${script(nonce)}<script type="module" nonce="${nonce}">import('/a.js')</script></body></html>`
    const page = await toCachedPage(
      new Response(html(rendered), { headers: { 'content-type': 'text/html' } }),
      rendered,
    )
    expect(page.nonceAt).toHaveLength(3)
    const app = Fastify()
    let nonce = ''
    app.get('/', (req, reply) => sendCachedPage(req, reply, page, 'hit', nonce))

    nonce = 'CCCCCCCCCCCCCCCCCCCCCC=='
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } })
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html(nonce))
    nonce = 'DDDDDDDDDDDDDDDDDDDDDD=='
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html(nonce))
    nonce = 'EEEEEEEEEEEEEEEEEEEEEE=='
    expect((await app.inject({ url: '/' })).body).toBe(html(nonce))
    // Asked for often with gzip (a third hit), the page keeps its gzip around the nonce, made
    // meanwhile on the thread pool; until then each answer is compressed for itself. Then a browser
    // that takes both gets that gzip, not brotli made per answer.
    expect(page.gzipAroundMade).toBeUndefined()
    for (const next of ['XXXXXXXXXXXXXXXXXXXXXX==', 'YYYYYYYYYYYYYYYYYYYYYY==']) {
      nonce = next
      const both = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } })
      expect(both.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(both.rawPayload).toString()).toBe(html(nonce))
    }
    expect(page.gzipAroundMade).toBeDefined()
    await page.gzipAroundMade
    const around = page.gzipAround
    expect(around?.parts).toHaveLength(4)
    for (const next of ['FFFFFFFFFFFFFFFFFFFFFF==', 'GGGGGGGGGGGGGGGGGGGGGG==']) {
      nonce = next
      const both = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(both.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(both.rawPayload).toString()).toBe(html(nonce))
    }
    expect(page.gzipAround).toBe(around)
    // Nothing is kept per answer, and the kept page still holds the rendering's nonce.
    expect(page.br).toBeUndefined()
    expect(page.gzip).toBeUndefined()
    expect(page.body.toString()).toBe(html(rendered))
    expect(() => withNonce(page, 'short')).toThrow(/length/)
  })

  it('keeps no gzip around the nonce for a page asked for once (a miss): it may never be asked again', async () => {
    const html = `<script nonce="${rendered}">1</script>${'<p>Kemeja Linen</p>'.repeat(200)}`
    const page = await toCachedPage(
      new Response(html, { headers: { 'content-type': 'text/html' } }),
      rendered,
    )
    const app = Fastify()
    app.get('/', (req, reply) => sendCachedPage(req, reply, page, 'miss', 'HHHHHHHHHHHHHHHHHHHHHH=='))
    const answer = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(answer.rawPayload).toString()).toBe(html.replace(rendered, 'HHHHHHHHHHHHHHHHHHHHHH=='))
    expect(page.gzipAroundMade).toBeUndefined()
  })

  it('makes a valid gzip stream whatever the page: nonces first, last, side by side, in a long page', async () => {
    const nonce = (c: string) => c.repeat(22) + '=='
    const noise = Array.from(
      { length: 4000 },
      (_, i) => `<i>${(i * 7919) % 1013}${nonce('A').slice(1 + (i % 20))}</i>`,
    ).join('')
    const page = (n: string) => `${n}<p>${noise}</p><b>${n}${n}</b>${noise.slice(0, 300)}${n}`
    const kept = await toCachedPage(
      new Response(page(nonce('A')), { headers: { 'content-type': 'text/html' } }),
      nonce('A'),
    )
    expect(kept.nonceAt.length).toBeGreaterThanOrEqual(4)
    expect(() => nonceGzip(kept, nonce('B'))).toThrow(/keepGzipAround/)
    await keepGzipAround(kept)
    for (const c of ['B', 'C', 'z'])
      expect(gunzipSync(nonceGzip(kept, nonce(c))).toString()).toBe(page(nonce(c)))
    // Smaller than the page by far, and a little larger than gzip of the whole.
    const one = nonceGzip(kept, nonce('B'))
    expect(one.length).toBeLessThan(kept.body.length / 3)
    expect(() => nonceGzip(kept, 'short')).toThrow(/length/)
    // A page holding a NUL byte (no dictionary then) is right too.
    const withNul = (n: string) => `${n}\u0000${noise}${n}`
    const nul = await toCachedPage(
      new Response(withNul(nonce('A')), { headers: { 'content-type': 'text/html' } }),
      nonce('A'),
    )
    await keepGzipAround(nul)
    expect(gunzipSync(nonceGzip(nul, nonce('q'))).toString()).toBe(withNul(nonce('q')))
  })
})
