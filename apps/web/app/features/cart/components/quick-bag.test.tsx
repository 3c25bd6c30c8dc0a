import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useSessionStore } from '~/lib/session-store.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useCartStore } from '~/shared/bag/cart-store.ts'
import { useCartSync } from '~/shared/bag/use-cart-sync.ts'
import { fakeCartServer, makeLine, renderCartApp, stubMatchMedia } from '../cart.test-utils.tsx'
import { QuickBag } from './quick-bag.tsx'

let server: ReturnType<typeof fakeCartServer>
const onClose = vi.fn()

function Drawer() {
  useCartSync()
  return <QuickBag onClose={onClose} />
}

beforeEach(async () => {
  localStorage.clear()
  onClose.mockReset()
  server = fakeCartServer([
    makeLine({ id_line: 2, product_name: 'Rok Midi Linen', price: 239_000 }),
    makeLine({ id_line: 1, product_name: 'Topi Bucket', price: 149_000 }),
  ])
  vi.stubGlobal('fetch', server.fetch)
  vi.stubGlobal('matchMedia', stubMatchMedia(false))
  useOverlayStore.setState({ auth: { open: false, section: 'login', purpose: 'default' } })
  await useCartStore.persist.rehydrate()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null, asGuest: false })
  useCartStore.getState().reset()
})

describe('the quick bag drawer (docs/product/account.md §4)', () => {
  it('shows the lines, counts only the checked ones and links to /cart', async () => {
    useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 } })
    await useSessionStore.persist.rehydrate()
    renderCartApp(<Drawer />, '/drawer')
    await screen.findByText('Rok Midi Linen')
    expect(screen.getByTestId('quick-bag-total').textContent).toBe('Rp 388.000')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Topi Bucket' }))
    expect(screen.getByTestId('quick-bag-total').textContent).toBe('Rp 239.000')
    expect(screen.getByRole('link', { name: 'VIEW BAG' }).getAttribute('href')).toBe('/cart')
  })

  it('sends a phone-verified guest to /checkout-as-guest, closing the drawer', async () => {
    useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 }, asGuest: true })
    await useSessionStore.persist.rehydrate()
    renderCartApp(<Drawer />, '/drawer')
    await screen.findByText('Rok Midi Linen')
    fireEvent.click(screen.getByRole('button', { name: 'CHECKOUT' }))
    expect(await screen.findByText('guest checkout page')).toBeTruthy()
    expect(onClose).toHaveBeenCalled()
  })

  it('has a visitor sign in: the drawer closes and the login dialog opens', async () => {
    await useSessionStore.persist.rehydrate()
    renderCartApp(<Drawer />, '/drawer')
    expect(await screen.findByText('Your bag is empty.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(onClose).toHaveBeenCalled()
    expect(useOverlayStore.getState().auth).toMatchObject({ open: true, section: 'login' })
    expect(server.fetch).not.toHaveBeenCalled()
  })
})
