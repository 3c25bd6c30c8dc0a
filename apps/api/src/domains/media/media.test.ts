import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { MediaCache } from './media.service.ts'
import { FALLBACK_URL, logoUrl, paymentLogoUrl, socialIconUrl } from './media.urls.ts'
// The demo's drawings are served by the media routes, which load them on first request (decision 042).
import { bannerUrl, GARMENT_KINDS, productImageUrl, tileUrl, VIEWS } from '../../demo/art/index.ts'
import { renderProductSvg } from '../../demo/art/product.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(() => t.close())

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })

describe('generated pictures', () => {
  it('serves a product SVG with its type, immutable caching and an ETag', async () => {
    const res = await get(productImageUrl('shirt', 'sage', 'plain', 'front'))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.etag).toMatch(/^W\/".+"$/)
    expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800"')).toBe(true)
    expect(res.body.length).toBeLessThan(12_000)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const url = productImageUrl('dress', 'terracotta', 'dot', 'back')
    const first = await get(url)
    const again = await get(url, { 'if-none-match': first.headers.etag as string })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(first.headers.etag)
  })

  it('compresses with br or gzip', async () => {
    const url = productImageUrl('hoodie', 'grey', 'plain', 'detail')
    const br = await get(url, { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.rawPayload.length).toBeLessThan(4_000)
    const gzip = await get(url, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
  })

  it('draws every garment in every view, the same bytes each time', () => {
    for (const kind of GARMENT_KINDS) {
      for (const view of VIEWS) {
        const svg = renderProductSvg(kind, 'navy', 'stripe', view)
        expect(svg).toMatch(/^<svg [^>]+>.*<\/svg>$/s)
        expect(renderProductSvg(kind, 'navy', 'stripe', view)).toBe(svg)
      }
    }
  })

  it('serves banners, tiles, wordmarks, payment logos and social icons', async () => {
    for (const url of [
      bannerUrl(1, 'sage', 'shirt', 'New Drop'),
      bannerUrl(2, 'rose', 'dress', 'Koleksi Raya'),
      bannerUrl(3, 'navy', 'jeans', 'Best Seller'),
      tileUrl('olive', 'jacket', 'Outerwear'),
      logoUrl('prepps'),
      logoUrl('senja-denim', 'light'),
      paymentLogoUrl('bca'),
      paymentLogoUrl('qris'),
      socialIconUrl('instagram'),
      socialIconUrl('youtube'),
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    }
  })

  it('serves the fallback picture at its stable URL', async () => {
    const res = await get(FALLBACK_URL)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers['cache-control']).toMatch(/^public, max-age=86400/)
    expect(res.headers.etag).toBeTruthy()
  })

  it('answers 404 (never 500) to unknown or malformed names', async () => {
    for (const url of [
      '/media/v1/p/cape_sage_plain_front.svg',
      '/media/v1/p/shirt_purple_plain_front.svg',
      '/media/v1/p/shirt_sage_plain_side.svg',
      '/media/v1/p/shirt_sage_plain_front.png',
      '/media/v1/p/shirt_sage_plain.svg',
      '/media/v1/p/..%2F..%2Fetc%2Fpasswd',
      `/media/v1/banner/1_sage_shirt_${'x'.repeat(120)}.svg`,
      '/media/v1/banner/4_sage_shirt_new-drop.svg',
      '/media/v1/banner/1_sage_shirt_New%20Drop.svg',
      '/media/v1/logo/UPPER.svg',
      '/media/v1/pay/paypal.svg',
      '/media/v1/social/myspace.svg',
      '/media/v1/nope/x.svg',
      '/media/v2/p/shirt_sage_plain_front.svg',
      '/media/nothing',
      '/media/video/missing.mp4',
      '/media/video/../media.routes.ts',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
    }
  })
})

describe('video clips', () => {
  const clip = '/media/video/linen-shirt-v1.mp4'

  it('serves the whole clip as video/mp4 and advertises ranges', async () => {
    const res = await get(clip)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('video/mp4')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.rawPayload.length).toBeGreaterThan(10_000)
    expect(res.rawPayload.length).toBeLessThan(300_000)
    // An MP4 starts with its ftyp box.
    expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp')
  })

  it('answers a Range request with 206 and the requested bytes', async () => {
    const full = await get(clip)
    const res = await get(clip, { range: 'bytes=0-1023' })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 0-1023/${full.rawPayload.length}`)
    expect(res.rawPayload.length).toBe(1024)
    expect(res.rawPayload.equals(full.rawPayload.subarray(0, 1024))).toBe(true)
  })

  it('serves every committed clip', async () => {
    for (const file of ['linen-shirt-v1.mp4', 'midi-dress-v1.mp4', 'fleece-hoodie-v1.mp4']) {
      const res = await t.app.inject({ method: 'HEAD', url: `/media/video/${file}` })
      expect(res.statusCode, file).toBe(200)
    }
  })
})

describe('MediaCache', () => {
  it('draws once per key and stays bounded', () => {
    const cache = new MediaCache(2)
    let draws = 0
    const draw = () => {
      draws++
      return '<svg/>'
    }
    const first = cache.get('a', draw)
    expect(cache.get('a', draw)).toBe(first)
    expect(draws).toBe(1)
    cache.get('b', draw)
    cache.get('c', draw)
    expect(cache.size).toBe(2)
    expect(cache.get('missing', () => null)).toBeNull()
  })
})
