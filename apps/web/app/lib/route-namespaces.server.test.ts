import { posix } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { routes } from 'virtual:react-router/server-build'
import { loader } from '~/root.tsx'
import type { RouteI18n } from './i18n.ts'
import type { RootData } from './root-data.ts'

/** The root loader for `path`, with an API that answers nothing (the shell stays bare). */
async function rootData(path: string, headers: Record<string, string> = {}): Promise<RootData> {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const args = {
    request: new Request(`http://shop.test${path}`, { headers }),
    params: {},
    context: {
      apiFetch: async () => new Response('{}', { status: 503 }),
      publicConfig: { BRAND_ID: 9, PUBLIC_URL: 'http://shop.test', NODE_ENV: 'test' },
    },
  }
  return (await loader(args as never)) as RootData
}

const namespaces = (data: RootData) => Object.keys(data.translations[data.lng] ?? {}).sort()

describe('the root loader sends the strings of the matched routes only', () => {
  afterEach(() => vi.restoreAllMocks())

  it('a product page: the shell and the product page’s namespaces, in one language', async () => {
    const data = await rootData('/shop/product/prp-1026/kaos-polkadot-boxy-broken-white?lng=id')
    expect(Object.keys(data.translations)).toEqual(['id'])
    expect(namespaces(data)).toEqual(['common', 'product', 'wishlist'])
  })

  it('home and the junior home: the shell’s only', async () => {
    for (const path of ['/', '/prepps-jr', '/no/such/page']) {
      const data = await rootData(path)
      expect(Object.keys(data.translations), path).toEqual(['en'])
      expect(namespaces(data), path).toEqual(['common'])
    }
  })

  it('a listing and search: the shell’s and the filter bar’s (issue 39)', async () => {
    for (const path of ['/shop/9/category/new-drop', '/search?q=batik']) {
      expect(namespaces(await rootData(path)), path).toEqual(['common', 'filter'])
    }
  })

  it('the bag and the member pages: theirs and their layout’s', async () => {
    expect(namespaces(await rootData('/cart'))).toEqual(['cart', 'common'])
    expect(namespaces(await rootData('/member'))).toEqual(['account', 'common', 'reviews'])
    expect(namespaces(await rootData('/member/order'))).toEqual(['account', 'common', 'orders', 'reviews'])
    expect(namespaces(await rootData('/tracking'))).toEqual(['common', 'orders'])
    expect(namespaces(await rootData('/member/account-info'))).toEqual([
      'account',
      'auth',
      'common',
      'reviews',
    ])
    expect(namespaces(await rootData('/member/address', { cookie: 'i18next=id' }))).toEqual([
      'account',
      'addresses',
      'common',
      'reviews',
    ])
    expect(namespaces(await rootData('/member/wishlist'))).toEqual([
      'account',
      'common',
      'reviews',
      'wishlist',
    ])
  })
})

/**
 * The namespaces a route's page renders with, read from its static imports (lazy `import()`s are
 * overlays: they load their namespace when they open): `useTranslation('ns')` and
 * `useNamespaceT('ns')`. Each must be the shell's or declared by the route or a parent route.
 */
describe('every route declares the namespaces its page uses', () => {
  // The app's sources by path from app/ ('routes/product.tsx').
  const sources = Object.fromEntries(
    Object.entries(
      import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
        query: '?raw',
        import: 'default',
        eager: true,
      }),
    ).map(([path, source]) => [path.slice(3), source]),
  )

  function resolveImport(from: string, spec: string): string | null {
    const base = spec.startsWith('~/')
      ? spec.slice(2)
      : spec.startsWith('.')
        ? posix.normalize(posix.join(posix.dirname(from), spec))
        : null
    if (base === null) return null
    return [base, `${base}.ts`, `${base}.tsx`].find((file) => file in sources) ?? null
  }

  function used(file: string, seen = new Set<string>(), found = new Set<string>()) {
    if (seen.has(file)) return found
    seen.add(file)
    const source = sources[file]!
    for (const [, ns] of source.matchAll(/\buseTranslation\((?:'([\w-]+)')?\)/g)) found.add(ns ?? 'common')
    for (const [, ns] of source.matchAll(/\buseNamespaceT\('([\w-]+)'\)/g)) found.add(ns!)
    for (const [, spec] of source.matchAll(/^import\s+(?!type\b)[^;]*?\sfrom\s+'([^']+)'/gms)) {
      const next = resolveImport(file, spec!)
      if (next && next !== 'lib/i18n-react.ts' && next !== 'lib/use-namespace-t.ts') used(next, seen, found)
    }
    return found
  }

  it.each(Object.values(routes).filter((route) => route!.id !== 'root'))('$id', (route) => {
    const declared = new Set<string>(['common'])
    for (let r: typeof route | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
      for (const ns of (r.module.handle as RouteI18n | undefined)?.i18n ?? []) declared.add(ns)
    }
    expect(sources).toHaveProperty([`${route!.id}.tsx`])
    expect([...used(`${route!.id}.tsx`)].filter((ns) => !declared.has(ns))).toEqual([])
  })
})
