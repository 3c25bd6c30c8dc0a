import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Link } from 'react-router'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useCartStore } from '~/shared/bag/cart-store.ts'
import { fakeCartServer, makeLine, renderCartApp, stubMatchMedia } from '../cart.test-utils.tsx'
import { QuickBagDrawer } from './quick-bag-drawer.tsx'

beforeEach(async () => {
  localStorage.clear()
  vi.stubGlobal('fetch', fakeCartServer([makeLine({ id_line: 1, product_name: 'Topi Bucket' })]).fetch)
  vi.stubGlobal('matchMedia', stubMatchMedia(false))
  await useCartStore.persist.rehydrate()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  useOverlayStore.setState({ quickBagOpen: false })
  useCartStore.getState().reset()
})

function Shell() {
  const open = useOverlayStore((s) => s.quickBagOpen)
  return (
    <>
      <Link to="/cart">elsewhere</Link>
      {open && <QuickBagDrawer />}
    </>
  )
}

describe('the quick bag drawer in the shell', () => {
  it('hides the added-to-bag popup when it opens, and closes when the page changes', async () => {
    useCartStore.getState().showNotice({
      message: 'Product added to your bag',
      product_name: 'Topi Bucket',
      image: '',
      ukuran: 'ALL',
      price: 149_000,
    })
    useOverlayStore.setState({ quickBagOpen: true })
    renderCartApp(<Shell />, '/search')
    await screen.findByRole('dialog')
    expect(useCartStore.getState().notice).toBeNull()
    expect(useOverlayStore.getState().quickBagOpen).toBe(true)
    fireEvent.click(screen.getByText('elsewhere'))
    await waitFor(() => expect(useOverlayStore.getState().quickBagOpen).toBe(false))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
