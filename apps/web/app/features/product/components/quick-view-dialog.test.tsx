import { stubMatchMedia } from '~/lib/test-utils.tsx'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { Product } from '@busana/contract'
import { renderWithApp } from '~/lib/test-utils'
import { useOverlayStore } from '~/lib/overlay-store'
import { useSessionStore } from '~/lib/session-store'
import { makeProduct } from '../product.fixtures'
import { useProductStore } from '../product-store'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'
import { QuickViewDialog } from './quick-view-dialog'

const initialOverlay = useOverlayStore.getState()

/** GET /api/v1/pages/product answers `product`; every other call is recorded and refused. */
function serve(product: Product) {
  const fetch = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost')
    if (url.pathname === '/api/v1/pages/product')
      return apiAnswer('GET /api/v1/pages/product', { data: product })
    return apiError(404, 'REQ003', 'Route not found')
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

beforeEach(() => {
  // The quick view exists at 1024 px and wider only.
  vi.stubGlobal('matchMedia', stubMatchMedia(true))
  useSessionStore.setState({ user: { token: 'tok', id_pelanggan: 1 } })
})
afterEach(() => {
  vi.unstubAllGlobals()
  useOverlayStore.setState(initialOverlay, true)
  useSessionStore.setState({ user: null })
  useProductStore.getState().clear()
})

describe('quick view (docs/product/shopping.md §2, at 1024 px and wider)', () => {
  it('offers sizes and Add to bag for a plain product', async () => {
    serve(makeProduct())
    renderWithApp(<QuickViewDialog code="BSN-001" />)
    const dialog = await screen.findByRole('dialog', { name: 'Linen Shirt Dress' })
    expect(within(dialog).getByRole('button', { name: 'Add to bag' })).toBeTruthy()
    expect(within(dialog).getByRole('radio', { name: 'M' })).toBeTruthy()
  })

  it('offers no plain Add to bag for a bundle: a short line and the link to its page instead', async () => {
    const fetch = serve(
      makeProduct({
        product_code: 'PKT-1',
        product_name: 'Basic Tee Bundle of 3',
        is_bundling: true,
        max_bundling: 3,
        variant: [
          {
            sku_product: 'PKT-1-SET',
            ukuran: 'ALL SIZE',
            selling_price: 349_000,
            status_variant: 'available',
          },
        ],
      }),
    )
    renderWithApp(<QuickViewDialog code="PKT-1" />)
    const dialog = await screen.findByRole('dialog', { name: 'Basic Tee Bundle of 3' })
    expect(within(dialog).queryByRole('button', { name: 'Add to bag' })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'ALL SIZE' })).toBeNull()
    expect(within(dialog).getByText('Choose the pieces of this bundle on its page.')).toBeTruthy()
    const details = within(dialog).getByRole('link', { name: 'View details' })
    expect(details.getAttribute('href')).toMatch(/^\/shop\/product\/pkt-1\//)
    // Only the product was loaded: nothing was sent to the bag.
    expect(fetch.mock.calls.map((call) => new URL(String(call[0]), 'http://localhost').pathname)).toEqual([
      '/api/v1/pages/product',
    ])
  })
})
