import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ProductCard } from '@busana/contract'
import { renderWithApp } from '~/lib/test-utils'
import { useOverlayStore } from '~/lib/overlay-store'
import { registeredSessionResets, useSessionStore } from '~/lib/session-store'
import { useWishlistStore } from '~/features/wishlist/wishlist-store'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'
import { alertAnswer } from '~/shared/alerts/alerts.test-utils'
import MemberWishlistRoute from './member.wishlist'

const initialOverlay = useOverlayStore.getState()

function card(code: string, name: string, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    product_code: code,
    product_name: name,
    id_brand: 9,
    url_image: `/media/p/${code}.svg`,
    url_images: [],
    status: 'available',
    product_lable: '',
    category_menu: 'Tops',
    start_price: 0,
    end_price: 0,
    selling_price: 199_000,
    harga_coret: '0',
    sold_qty: 0,
    is_bundling: false,
    countdown: false,
    end_at: null,
    thumbnail: '',
    variant: [
      { sku_product: `${code}-S`, ukuran: 'S', selling_price: 199_000, status_variant: 'available' },
      { sku_product: `${code}-M`, ukuran: 'M', selling_price: 199_000, status_variant: 'sold' },
    ],
    is_wishlist: true,
    ...overrides,
  }
}

const dress = card('PRP-1060', 'Rok Plisket Midi Hijau Sage', {
  selling_price: 119_000,
  harga_coret: '259000',
  product_lable: 'ON-SALE',
})
const tee = card('PRP-1019', 'Kaos Katun Basic  Broken White', {
  countdown: true,
  end_at: '2099-01-01T00:00:00+07:00',
})
const hat = card('PRP-1081', 'Topi Bucket Katun Krem', { harga_coret: '' })

type Call = { method: string; path: string; token: string | null }

function serve(list: ProductCard[]) {
  const calls: Call[] = []
  let items = [...list]
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost')
    const method = init?.method ?? 'GET'
    calls.push({ method, path: url.pathname, token: url.searchParams.get('token') })
    if (method === 'GET' && url.pathname === '/api/v2/member/wishlist')
      return apiAnswer('GET /api/v2/member/wishlist', items)
    // The page also lists the member's alerts (issue 42): none here.
    if (method === 'GET' && url.pathname === '/api/v1/member/alerts')
      return alertAnswer('GET /api/v1/member/alerts', [])
    if (method === 'DELETE' && url.pathname.startsWith('/api/v2/member/wishlist/')) {
      const code = decodeURIComponent(url.pathname.split('/').pop()!)
      items = items.filter((p) => p.product_code !== code)
      return apiAnswer('DELETE /api/v2/member/wishlist/:code', { product_code: code })
    }
    return apiError(404, 'REQ003', 'Route not found')
  })
  vi.stubGlobal('fetch', fetch)
  return calls
}

beforeEach(() => {
  useSessionStore.setState({ user: { token: 'tok-w', id_pelanggan: 7 }, asGuest: false, phoneAsGuest: null })
})
afterEach(() => {
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
  useWishlistStore.getState().reset()
  useOverlayStore.setState(initialOverlay, true)
})

describe('/member/wishlist', () => {
  it('lists the wished products as cards linking to the product route, newest first', async () => {
    const calls = serve([dress, tee, hat])
    renderWithApp(<MemberWishlistRoute />, { path: '/member/wishlist' })
    expect(screen.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeTruthy()
    const grid = await screen.findByTestId('wishlist-grid')
    const cards = within(grid).getAllByTestId('product-card')
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      '/shop/product/prp-1060/rok-plisket-midi-hijau-sage',
      '/shop/product/prp-1019/kaos-katun-basic-broken-white',
      '/shop/product/prp-1081/topi-bucket-katun-krem',
    ])
    expect(calls).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/v2/member/wishlist', token: 'tok-w' },
        { method: 'GET', path: '/api/v1/member/alerts', token: 'tok-w' },
      ]),
    )
    expect(calls).toHaveLength(2)
    expect(grid.className).toContain('grid-cols-2')
    expect(grid.className).toContain('lg:grid-cols-4')
  })

  it('shows image, name, price, the struck-through price when set, sizes and the countdown when flagged', async () => {
    serve([dress, tee, hat])
    renderWithApp(<MemberWishlistRoute />, { path: '/member/wishlist' })
    const grid = await screen.findByTestId('wishlist-grid')
    const [first, second, third] = [...grid.children] as HTMLElement[]
    expect(within(first!).getByRole('img', { name: dress.product_name })).toBeTruthy()
    expect(within(first!).getByTestId('product-price').textContent).toBe('Rp. 119,000')
    expect(first!.querySelector('s')?.textContent).toContain('Rp. 259,000')
    expect(within(first!).getByText('S')).toBeTruthy()
    expect(first!.querySelector('[data-testid="card-countdown"]')).toBeNull()
    expect(second!.querySelector('[data-testid="card-countdown"]')).not.toBeNull()
    expect(third!.querySelector('s')).toBeNull()
  })

  it('removes a product with its heart after the server confirms', async () => {
    const calls = serve([dress, hat])
    renderWithApp(<MemberWishlistRoute />, { path: '/member/wishlist' })
    await screen.findByTestId('wishlist-grid')
    await userEvent.click(screen.getByRole('button', { name: `Remove ${hat.product_name} from wishlist` }))
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1))
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/v2/member/wishlist/PRP-1081',
      token: 'tok-w',
    })
    expect(useOverlayStore.getState().message?.text).toBe('Remove from My Wishlist')
  })

  it('shows the empty state with SHOP NOW to home', async () => {
    serve([])
    renderWithApp(<MemberWishlistRoute />, { path: '/member/wishlist' })
    const empty = await screen.findByTestId('wishlist-empty')
    expect(within(empty).getByText('Want to save the items you love?')).toBeTruthy()
    expect(
      within(empty).getByText(
        'Just click on the heart icon found on the product image and it will show up here.',
      ),
    ).toBeTruthy()
    expect(within(empty).getByRole('link', { name: 'SHOP NOW' }).getAttribute('href')).toBe('/')
  })

  it('shows the empty state after the last removal', async () => {
    serve([hat])
    renderWithApp(<MemberWishlistRoute />, { path: '/member/wishlist' })
    await screen.findByTestId('wishlist-grid')
    await userEvent.click(screen.getByRole('button', { name: `Remove ${hat.product_name} from wishlist` }))
    expect(await screen.findByTestId('wishlist-empty')).toBeTruthy()
  })

  it('is reset on logout', async () => {
    serve([hat])
    renderWithApp(<MemberWishlistRoute />, { path: '/member/wishlist' })
    await screen.findByTestId('wishlist-grid')
    expect(registeredSessionResets()).toContain('wishlist')
    useSessionStore.getState().logout()
    expect(useWishlistStore.getState().items).toBeNull()
  })
})
