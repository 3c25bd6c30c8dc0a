import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createApiClient } from '~/lib/api-client'
import { createI18n, type Language } from '~/lib/i18n'
import { I18nProvider } from '~/lib/i18n-react'
import { useOverlayStore } from '~/lib/overlay-store'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'
import { WishlistToggle } from './wishlist-toggle'

const initialOverlay = useOverlayStore.getState()
afterEach(() => useOverlayStore.setState(initialOverlay, true))

function setup(
  options: { session?: { token: string } | null; wished?: boolean; refuse?: boolean; lng?: Language } = {},
) {
  const calls: { method: string; path: string }[] = []
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost')
    calls.push({ method: init?.method ?? 'GET', path: url.pathname })
    if (options.refuse) return apiError(500, 'SRV001', 'Something went wrong on our side')
    // Both calls answer the product code (WishlistChangeResponseSchema), not null.
    return init?.method === 'DELETE'
      ? apiAnswer('DELETE /api/v2/member/wishlist/:code', { product_code: 'PRP-B01' })
      : apiAnswer('POST /api/v2/member/wishlist', { product_code: 'PRP-B01' })
  })
  const api = createApiClient({ fetch, brandId: 9 })
  const i18n = createI18n(options.lng ?? 'en', {}, { load: false })
  const ui = (wished: boolean) => (
    <I18nProvider i18n={i18n}>
      <WishlistToggle
        code="PRP-B01"
        wished={wished}
        session={options.session === undefined ? { token: 't' } : options.session}
        api={api}
        labels={{ add: 'Add to wishlist', remove: 'Remove from wishlist' }}
      />
    </I18nProvider>
  )
  const view = render(ui(options.wished ?? false))
  return { calls, rerender: (wished: boolean) => view.rerender(ui(wished)) }
}

const heart = () => screen.getByRole('button', { name: /wishlist/ })
const message = () => useOverlayStore.getState().message?.text

describe('wishlist toggle', () => {
  it('adds, then removes, with the fixed texts after the server confirms', async () => {
    const { calls } = setup()
    expect(heart().getAttribute('aria-pressed')).toBe('false')
    await userEvent.click(heart())
    await waitFor(() => expect(message()).toBe('Added to My Wishlist'))
    expect(heart().getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(heart())
    await waitFor(() => expect(message()).toBe('Remove from My Wishlist'))
    expect(heart().getAttribute('aria-pressed')).toBe('false')
    expect(calls).toEqual([
      { method: 'POST', path: '/api/v2/member/wishlist' },
      { method: 'DELETE', path: '/api/v2/member/wishlist/PRP-B01' },
    ])
  })

  it('says the fixed texts in Indonesian on an Indonesian page', async () => {
    setup({ lng: 'id' })
    await userEvent.click(heart())
    await waitFor(() => expect(message()).toBe('Ditambahkan ke Wishlist Saya'))
    await userEvent.click(heart())
    await waitFor(() => expect(message()).toBe('Dihapus dari Wishlist Saya'))
  })

  it('keeps the flag when the server refuses', async () => {
    setup({ refuse: true })
    await userEvent.click(heart())
    await waitFor(() => expect(heart().hasAttribute('disabled')).toBe(false))
    expect(heart().getAttribute('aria-pressed')).toBe('false')
    expect(message()).toBeUndefined()
  })

  it('opens the sign-in dialog for a visitor', async () => {
    const { calls } = setup({ session: null })
    await userEvent.click(heart())
    expect(useOverlayStore.getState().auth.open).toBe(true)
    expect(calls).toHaveLength(0)
  })

  it("follows the member's real flag when it arrives", () => {
    const { rerender } = setup({ wished: false })
    rerender(true)
    expect(heart().getAttribute('aria-pressed')).toBe('true')
    expect(heart().getAttribute('aria-label')).toBe('Remove from wishlist')
  })
})
