// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { cacheLookups, metricsRegistry } from '@busana/server/metrics'
import routes from './app/routes.ts'
import { pagePatterns, type ManifestRoute } from './page-routes.ts'
import { parseConfig } from './storefront-config.ts'
import { buildStorefrontServer } from './storefront-server.ts'

/** The server build's route manifest for the app's route config, as React Router makes it (ids by file). */
function manifestOf(entries: RouteConfigEntry[]): Record<string, ManifestRoute> {
  const manifest: Record<string, ManifestRoute> = { root: { id: 'root', path: '' } }
  const add = (list: RouteConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, '')
      manifest[id] = { id, parentId, path: entry.path, index: entry.index }
      if (entry.children) add(entry.children, id)
    }
  }
  add(entries, 'root')
  return manifest
}

const patternOf = pagePatterns(manifestOf(routes))

describe('page patterns (the request metrics label pages by their route, decision 043)', () => {
  it("names a page by its route's pattern, never by its URL", () => {
    expect(patternOf('/shop/product/abc/x')).toBe('/shop/product/:id/:name')
    expect(patternOf('/shop/9/category/tops')).toBe('/shop/:brand/category/:category')
    expect(patternOf('/member/order/123/success')).toBe('/member/order/:id/:result')
    expect(patternOf('/member')).toBe('/member')
    expect(patternOf('/')).toBe('/')
    expect(patternOf('/checkout')).toBe('/checkout')
    expect(patternOf('/prepps-jr')).toBe('/:childId')
    expect(patternOf('/no/such/page/here')).toBe('/*')
  })

  it('answers a path asked again from what it kept, the same as the first time (issue 41)', () => {
    const manifest = manifestOf(routes)
    const once = pagePatterns(manifest)
    const paths = ['/shop/product/abc/x', '/member', '/', '/prepps-jr', '/no/such/page/here']
    const first = paths.map(once)
    expect(paths.map(once)).toEqual(first)
    // Without a splat route a path may match nothing: kept as such, still no pattern.
    const bare = pagePatterns({ root: { id: 'root', path: '' }, a: { id: 'a', parentId: 'root', path: 'a' } })
    expect(bare('/b')).toBeUndefined()
    expect(bare('/b')).toBeUndefined()
    expect(bare('/a')).toBe('/a')
  })

  it("counts a storefront page under its pattern, and a kept page's hit and miss", async () => {
    const app = (
      await buildStorefrontServer({
        config: parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }),
        logger: false,
        pagePattern: patternOf,
        render: async () => new Response('<h1>page</h1>', { headers: { 'content-type': 'text/html' } }),
      })
    ).app
    await app.ready()
    const requests = async (route: string) =>
      (await metricsRegistry.getSingleMetric('busana_http_requests_total')!.get()).values
        .filter((one) => one.labels.route === route)
        .reduce((sum, one) => sum + one.value, 0)
    const lookups = async (result: string) =>
      (await cacheLookups.get()).values.find(
        (one) => one.labels.cache === 'page' && one.labels.result === result,
      )?.value ?? 0
    const before = {
      page: await requests('/shop/product/:id/:name'),
      miss: await lookups('miss'),
      hit: await lookups('hit'),
    }
    expect((await app.inject({ url: '/shop/product/abc/x' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/shop/product/abc/x' })).headers['x-page-cache']).toBe('hit')
    expect(await requests('/shop/product/:id/:name')).toBe(before.page + 2)
    expect(await requests('/shop/product/abc/x')).toBe(0)
    expect(await lookups('miss')).toBe(before.miss + 1)
    expect(await lookups('hit')).toBe(before.hit + 1)
    const text = await (await app.inject({ url: '/metrics' })).body
    expect(text).toContain('route="/shop/product/:id/:name"')
    await app.close()
  })
})
