import { afterEach, describe, expect, it, vi } from 'vitest'
import { loader } from '~/root.tsx'
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
    expect(namespaces(data)).toEqual(['bundle', 'common', 'product', 'wishlist'])
  })

  it('home, a listing and search: the shell’s only', async () => {
    for (const path of ['/', '/shop/9/category/new-drop', '/search?q=batik', '/prepps-jr', '/no/such/page']) {
      const data = await rootData(path)
      expect(Object.keys(data.translations), path).toEqual(['en'])
      expect(namespaces(data), path).toEqual(['common'])
    }
  })

  it('the bag and the member pages: theirs and their layout’s', async () => {
    expect(namespaces(await rootData('/cart'))).toEqual(['cart', 'common'])
    expect(namespaces(await rootData('/member'))).toEqual(['account', 'common'])
    expect(namespaces(await rootData('/member/order'))).toEqual(['account', 'common'])
    expect(namespaces(await rootData('/member/account-info'))).toEqual(['account', 'auth', 'common'])
    expect(namespaces(await rootData('/member/address', { cookie: 'i18next=id' }))).toEqual([
      'account',
      'addresses',
      'common',
    ])
    expect(namespaces(await rootData('/member/wishlist'))).toEqual(['account', 'common', 'wishlist'])
  })
})
