import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ProductCard } from '@busana/contract'
import { createApiClient } from '~/lib/api-client'
import { useOverlayStore } from '~/lib/overlay-store'
import { useSessionStore } from '~/lib/session-store'
import { renderWithApp, testTranslations } from '~/lib/test-utils.tsx'
import { useAlertsStore } from '~/shared/alerts/alerts-store'
import type { Alert } from '~/shared/alerts/alerts.api'
import { alertAnswer, makeAlert } from '~/shared/alerts/alerts.test-utils'
import { apiAnswer } from '~/test/contract-answer.ts'
import { cardFixture } from '~/features/catalog/catalog.fixtures.ts'
import enWishlist from '~/locales/en/wishlist.json'
import { useWishlistStore } from '../wishlist-store'

/** A fake API keeping the member's wishlist and alerts; `calls` lists what the page asked. */
const server = { cards: [] as ProductCard[], alerts: [] as Alert[], calls: [] as string[] }
const fetch = vi.fn(async (input: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET'
  const url = new URL(input, 'http://x')
  server.calls.push(`${method} ${url.pathname}`)
  if (url.pathname === '/api/v2/member/wishlist')
    return apiAnswer('GET /api/v2/member/wishlist', server.cards)
  if (method === 'POST') {
    const body = JSON.parse(String(init!.body)) as { product_code: string }
    const card = server.cards.find((c) => c.product_code === body.product_code)!
    const alert = makeAlert({
      id: '20',
      kind: 'PRICE_DROP',
      product_code: card.product_code,
      product_name: card.product_name,
      sku_product: null,
      ukuran: null,
      price_then: card.selling_price,
    })
    server.alerts.unshift(alert)
    return alertAnswer('POST /api/v1/member/alerts', alert, "We'll tell you when the price drops")
  }
  if (method === 'DELETE') {
    const id = url.pathname.split('/').pop()!
    server.alerts = server.alerts.filter((a) => a.id !== id)
    return alertAnswer('DELETE /api/v1/member/alerts/:id', { id }, 'Alert turned off')
  }
  return alertAnswer('GET /api/v1/member/alerts', server.alerts)
})
const api = createApiClient({ fetch, brandId: 9 })
vi.mock('~/lib/browser-api', () => ({ useApi: () => api }))

const { WishlistPage } = await import('./wishlist-page.tsx')

const initialOverlay = useOverlayStore.getState()
beforeEach(() => {
  server.cards = [
    cardFixture({ product_code: 'BSN-001', product_name: 'Linen Shirt Dress', selling_price: 399_000 }),
  ]
  server.alerts = []
  server.calls = []
  act(() => useSessionStore.setState({ user: { token: 'tok', id_pelanggan: 5 } }))
})
afterEach(() => {
  act(() => {
    useOverlayStore.setState(initialOverlay, true)
    useWishlistStore.getState().reset()
    useAlertsStore.getState().reset()
    useSessionStore.setState({ user: null })
  })
})

function renderPage() {
  renderWithApp(<WishlistPage renderCard={(product) => <p>{product.product_name}</p>} />, {
    rootData: { translations: { ...testTranslations, en: { ...testTranslations.en, wishlist: enWishlist } } },
  })
  return userEvent.setup()
}

const toggle = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Tell me when the price drops: Linen Shirt Dress' })
const message = () => useOverlayStore.getState().message?.text
const pressed = () => toggle().getAttribute('aria-pressed')

describe('wishlist page alerts (issue 42)', () => {
  it('turns "Tell me when the price drops" on and off, and lists it under Your alerts meanwhile', async () => {
    const user = renderPage()
    await waitFor(() => expect(toggle().disabled).toBe(false))
    expect(pressed()).toBe('false')
    expect(screen.queryByRole('heading', { name: 'Your alerts' })).toBeNull()

    await user.click(toggle())
    await waitFor(() => expect(message()).toBe("We'll tell you when the price drops"))
    expect(pressed()).toBe('true')
    const list = screen.getByTestId('alert-list')
    expect(within(list).getByRole('heading', { name: 'Your alerts' })).toBeTruthy()
    expect(within(list).getByText('Price drop · Below Rp 399.000')).toBeTruthy()

    await user.click(toggle())
    await waitFor(() => expect(message()).toBe('Alert turned off'))
    expect(pressed()).toBe('false')
    expect(screen.queryByTestId('alert-list')).toBeNull()
    expect(server.calls).toEqual([
      'GET /api/v2/member/wishlist',
      'GET /api/v1/member/alerts',
      'POST /api/v1/member/alerts',
      'DELETE /api/v1/member/alerts/20',
    ])
  })

  it('shows a waiting price-drop alert as pressed', async () => {
    server.alerts = [
      makeAlert({ id: '4', kind: 'PRICE_DROP', sku_product: null, ukuran: null, price_then: 399_000 }),
    ]
    renderPage()
    await waitFor(() => expect(pressed()).toBe('true'))
  })

  it('lists back-in-stock alerts by product and size, each with Turn off', async () => {
    server.alerts = [
      makeAlert({
        id: '7',
        product_code: 'BSN-009',
        product_name: 'Batik Kawung Shirt',
        ukuran: 'XL',
        sku_product: 'BSN-009-XL',
      }),
      makeAlert({ id: '8', ukuran: 'M' }),
    ]
    const user = renderPage()
    const list = await screen.findByTestId('alert-list')
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'Batik Kawung ShirtBack in stock · Size XLTurn off',
      'Linen Shirt DressBack in stock · Size MTurn off',
    ])
    expect(within(rows[0]!).getByRole('link', { name: 'Batik Kawung Shirt' }).getAttribute('href')).toBe(
      '/shop/product/bsn-009/batik-kawung-shirt',
    )

    await user.click(
      within(list).getByRole('button', {
        name: 'Turn off the back-in-stock alert for Batik Kawung Shirt, size XL',
      }),
    )
    await waitFor(() => expect(message()).toBe('Alert turned off'))
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(document.activeElement).toBe(within(list).getByRole('heading', { name: 'Your alerts' }))
    expect(server.calls.at(-1)).toBe('DELETE /api/v1/member/alerts/7')
  })

  it('shows the alerts with an empty wishlist too', async () => {
    server.cards = []
    server.alerts = [makeAlert()]
    renderPage()
    expect(await screen.findByTestId('wishlist-empty')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Your alerts' })).toBeTruthy()
  })
})
