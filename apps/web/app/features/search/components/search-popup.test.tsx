import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderWithApp } from '~/lib/test-utils.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import type { ProductCard } from '@busana/contract'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'
import { SEARCH_DEBOUNCE_MS, SearchPopup } from './search-popup.tsx'

/** A product card as product_suggestion answers it (every field of the contract's ProductCard). */
function product(n: number): ProductCard {
  return {
    product_code: `P${n}`,
    product_name: `Batik Dress ${n}`,
    id_brand: 9,
    url_image: `/media/p${n}.jpg`,
    url_images: [],
    status: 'available',
    product_lable: '',
    category_menu: 'Dress',
    start_price: 0,
    end_price: 0,
    selling_price: 100000 * n,
    // The first one is on sale: its old price is struck through.
    harga_coret: n === 1 ? '150000' : '0',
    sold_qty: 0,
    is_bundling: false,
    countdown: false,
    end_at: null,
    thumbnail: '',
    variant: [],
    is_wishlist: false,
  }
}

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  fetchMock = vi.fn(async (input: string) => {
    const key = new URL(input, 'http://x').searchParams.get('key')
    const data = key === 'zzz' ? null : Array.from({ length: 8 }, (_, i) => product(i + 1))
    return data
      ? apiAnswer('GET /api/v1/pages/product_suggestion', data, 'ok')
      : apiError(404, 'CAT003', 'Nothing Found')
  })
  vi.stubGlobal('fetch', fetchMock)
  useOverlayStore.setState({ searchOpen: true, message: null })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const input = () => screen.getByRole('searchbox', { name: 'Search products' })
const type = (value: string) => fireEvent.input(input(), { target: { value } })

describe('SearchPopup', () => {
  it('asks nothing under 3 characters', async () => {
    renderWithApp(<SearchPopup />)
    type('ba')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2)
    })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByText('Type at least 3 characters')).toBeTruthy()
  })

  it('debounces 300 ms, sends once for the last value, shows at most 5 results', async () => {
    renderWithApp(<SearchPopup />)
    type('bat')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2)
    })
    type('bati')
    type('batik')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2)
    })
    expect(fetchMock).not.toHaveBeenCalled()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    })
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Batik Dress/ })).toHaveLength(5))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const url = new URL(fetchMock.mock.calls[0]![0] as string, 'http://x')
    expect(url.pathname).toBe('/api/v1/pages/product_suggestion')
    expect(url.searchParams.get('key')).toBe('batik')
    expect(url.searchParams.get('limit')).toBe('5')
    expect(screen.getByRole('link', { name: /Batik Dress 1/ }).getAttribute('href')).toBe(
      '/shop/product/p1/batik-dress-1',
    )
    // Not a card: IDR the Indonesian way, with harga_coret struck through when set.
    expect(screen.getByRole('link', { name: /Batik Dress 1/ }).textContent).toContain('Rp 100.000')
    expect(screen.getAllByTestId('suggestion-strike').map((s) => s.textContent)).toEqual(['Rp 150.000'])
    // A screen reader hears the two prices as one sentence (issue 29).
    expect(screen.getByRole('link', { name: 'Batik Dress 1 Rp 100.000, was Rp 150.000' })).toBeTruthy()
  })

  it('shows Nothing Found on a 404 and never an error popup', async () => {
    renderWithApp(<SearchPopup />)
    type('zzz')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 200)
    })
    await waitFor(() => expect(screen.getByText('Nothing Found')).toBeTruthy())
    expect(useOverlayStore.getState().message).toBeNull()
  })

  it('clears its loading flag after a failed call too (docs/product/account.md §4), silently, and drops older rows', async () => {
    renderWithApp(<SearchPopup />)
    type('batik')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 10)
    })
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Batik Dress/ })).toHaveLength(5))
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    type('batik merah')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 10)
    })
    await waitFor(() => expect(screen.getByText('Nothing Found')).toBeTruthy())
    expect(screen.queryByText('Loading')).toBeNull()
    expect(screen.queryByTestId('search-suggestions')).toBeNull()
    expect(useOverlayStore.getState().message).toBeNull()
  })

  it('Enter goes to /search?query= with the tracking parameters and closes the popup', async () => {
    renderWithApp(<SearchPopup />, { path: '/?utm_source=ig&utm_medium=story&session_id=s1&other=x' })
    type('linen shirt')
    fireEvent.submit(screen.getByRole('search'))
    await waitFor(() => expect(useOverlayStore.getState().searchOpen).toBe(false))
  })
})
