import { afterEach, describe, expect, it } from 'vitest'
import { act, screen } from '@testing-library/react'
import { renderWithApp } from '~/lib/test-utils.tsx'
import { useCartStore } from '~/shared/bag/cart-store.ts'
import { makeLine } from '~/features/cart/cart.test-utils.tsx'
import { SiteHeader } from './site-header.tsx'

afterEach(() => useCartStore.getState().reset())

const header = <SiteHeader site={null} menu={[]} isChild={false} brandName="Prepps" />
const bagButton = () => screen.findByRole('button', { name: /^(Shopping bag|Tas belanja)/ })
const setLines = (qty: string) => act(async () => useCartStore.setState({ lines: [makeLine({ qty })] }))

describe('the header bag button (issue 29)', () => {
  it('is named with the piece count, one item or several', async () => {
    await act(async () => {
      renderWithApp(header)
    })
    expect((await bagButton()).getAttribute('aria-label')).toBe('Shopping bag')
    await setLines('1')
    expect(await screen.findByRole('button', { name: 'Shopping bag, 1 item' })).toBeTruthy()
    await setLines('2')
    expect(await screen.findByRole('button', { name: 'Shopping bag, 2 items' })).toBeTruthy()
  })

  it('is named in Indonesian', async () => {
    await act(async () => {
      renderWithApp(header, { lng: 'id' })
    })
    await setLines('2')
    expect(await screen.findByRole('button', { name: 'Tas belanja, 2 barang' })).toBeTruthy()
  })
})

describe('the bag announcer (issue 29)', () => {
  it('is an empty polite live region until an add, then says what was added', async () => {
    await act(async () => {
      renderWithApp(header)
    })
    const region = await screen.findByTestId('bag-announcer')
    expect(region.getAttribute('role')).toBe('status')
    expect(region.textContent).toBe('')
    await act(async () =>
      useCartStore.getState().showNotice({
        message: 'Product added to your bag',
        product_name: 'Linen Shirt',
        ukuran: 'M',
        price: 199_000,
        image: null,
      }),
    )
    expect(screen.getByTestId('bag-announcer')).toBe(region)
    expect(region.textContent).toBe('Product added to your bag: Linen Shirt, size M')
  })
})
