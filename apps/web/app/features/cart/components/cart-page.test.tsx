import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useSessionStore } from '~/lib/session-store.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { CART_STORAGE_KEY, useCartStore } from '~/shared/bag/cart-store.ts'
import { useCartSync } from '~/shared/bag/use-cart-sync.ts'
import { fail, fakeCartServer, makeLine, renderCartApp, stubMatchMedia } from '../cart.test-utils.tsx'
import { CartPage } from './cart-page.tsx'

const payments = [
  { name: 'BCA', logo: '/media/pay/bca.svg' },
  { name: 'QRIS', logo: '/media/pay/qris.svg' },
]

function Bag() {
  useCartSync()
  return <CartPage payments={payments} />
}

let server: ReturnType<typeof fakeCartServer>

async function signIn(options: { asGuest?: boolean } = {}) {
  useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 }, asGuest: options.asGuest ?? false })
  await useSessionStore.persist.rehydrate()
}

function open(wide: boolean) {
  vi.stubGlobal('matchMedia', stubMatchMedia(wide))
  renderCartApp(<Bag />)
}

const row = (name: string) =>
  screen.getAllByTestId('cart-line').find((el) => within(el).queryByText(name) !== null)!
const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: `Select ${name}` })
const allItems = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'ALL ITEMS' })
const checkoutButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'CHECKOUT' })
const total = () => screen.getByTestId('cart-total').textContent
const qtyOf = (name: string) => within(row(name)).getByTestId('line-qty').textContent

/** From now on every cart/update waits until its release function (in call order) is called. */
function holdUpdates() {
  const release: (() => void)[] = []
  const answer = server.fetch.getMockImplementation()!
  server.fetch.mockImplementation(async (input: string, init?: RequestInit) => {
    if (new URL(input, 'http://x').pathname === '/api/v1/cart/update')
      await new Promise<void>((resolve) => release.push(resolve))
    return answer(input, init)
  })
  return release
}

beforeEach(async () => {
  localStorage.clear()
  server = fakeCartServer([
    makeLine({ id_line: 2, product_name: 'Rok Midi Linen', brand_name: 'Kaina', price: 239_000 }),
    makeLine({ id_line: 1, product_name: 'Topi Bucket', price: 149_000, qty: '2', ukuran: 'ALL SIZE' }),
  ])
  vi.stubGlobal('fetch', server.fetch)
  useOverlayStore.setState({ message: null, auth: { open: false, section: 'login', purpose: 'default' } })
  await useCartStore.persist.rehydrate()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null, asGuest: false })
  useCartStore.getState().reset()
  localStorage.clear()
})

describe('the bag page (docs/product/shopping.md §2, 4 and 5)', () => {
  it('shows a visitor the empty bag and, on a laptop, the login and register panel', async () => {
    await useSessionStore.persist.rehydrate()
    open(true)
    expect(await screen.findByText('Your bag is empty.')).toBeTruthy()
    expect(screen.getByText("Let's add one, shall we")).toBeTruthy()
    expect(screen.getByRole('link', { name: 'shop now' }).getAttribute('href')).toBe('/')
    expect(server.fetch).not.toHaveBeenCalled()
    const panel = screen.getByRole('complementary', { name: 'Log in or register' })
    fireEvent.click(within(panel).getByRole('button', { name: 'REGISTER' }))
    expect(useOverlayStore.getState().auth).toMatchObject({ open: true, section: 'register' })
    fireEvent.click(within(panel).getByRole('button', { name: 'LOGIN' }))
    expect(useOverlayStore.getState().auth).toMatchObject({ open: true, section: 'login' })
  })

  it('has the header with its info tooltip', async () => {
    await signIn()
    open(false)
    expect(screen.getByRole('heading', { level: 1, name: 'shopping bag' })).toBeTruthy()
    const info = screen.getByRole('button', { name: 'About the shopping bag' })
    expect(screen.getByRole('tooltip').textContent).toContain(
      'One shopping bag serves all brands of the group',
    )
    expect(info.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id)
  })

  it('loads the lines for a member, every one checked, with brand, size and price', async () => {
    await signIn()
    open(false)
    await screen.findByText('Rok Midi Linen')
    expect(String(server.fetch.mock.calls[0]![0])).toBe('/api/v1/cart?token=tok-1')
    expect(screen.getByText('Total 3 item')).toBeTruthy()
    expect(checkbox('Rok Midi Linen').checked).toBe(true)
    expect(checkbox('Topi Bucket').checked).toBe(true)
    expect(allItems().checked).toBe(true)
    expect(within(row('Rok Midi Linen')).getByText('Kaina')).toBeTruthy()
    expect(within(row('Topi Bucket')).getByText('Size: ALL SIZE')).toBeTruthy()
    expect(within(row('Topi Bucket')).getByText('Rp 149.000')).toBeTruthy()
    expect(total()).toBe('Rp 537.000')
  })

  it('select-all ticks every row; it is checked only when all rows are', async () => {
    await signIn()
    open(false)
    await screen.findByText('Rok Midi Linen')
    fireEvent.click(checkbox('Rok Midi Linen'))
    expect(allItems().checked).toBe(false)
    expect(row('Rok Midi Linen').querySelector('.opacity-50')).not.toBeNull()
    expect(total()).toBe('Rp 298.000')
    fireEvent.click(allItems())
    expect(checkbox('Rok Midi Linen').checked).toBe(true)
    expect(allItems().checked).toBe(true)
    fireEvent.click(allItems())
    expect(checkbox('Rok Midi Linen').checked).toBe(false)
    expect(checkbox('Topi Bucket').checked).toBe(false)
    expect(total()).toBe('Rp 0')
  })

  it('disables checkout while the checked total is 0, and sends a member to /checkout', async () => {
    await signIn()
    open(false)
    await screen.findByText('Rok Midi Linen')
    fireEvent.click(allItems())
    expect(checkoutButton().disabled).toBe(true)
    fireEvent.click(checkbox('Topi Bucket'))
    expect(checkoutButton().disabled).toBe(false)
    fireEvent.click(checkoutButton())
    expect(await screen.findByText('member checkout page')).toBeTruthy()
  })

  it('sends a phone-verified guest to /checkout-as-guest', async () => {
    await signIn({ asGuest: true })
    open(true)
    await screen.findByRole('checkbox', { name: 'Select Rok Midi Linen' })
    fireEvent.click(checkoutButton())
    expect(await screen.findByText('guest checkout page')).toBeTruthy()
  })

  it('disables minus at 1, and plus at the stock limit', async () => {
    server.lines = [makeLine({ id_line: 3, product_name: 'Kaos', qty: '1', max_qty: 2 })]
    await signIn()
    open(false)
    await screen.findByText('Kaos')
    const minus = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity of Kaos' })
    const plus = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity of Kaos' })
    expect(minus.disabled).toBe(true)
    expect(plus.disabled).toBe(false)
    fireEvent.click(plus)
    // Plus waits while the bag call runs.
    expect(plus.disabled).toBe(true)
    await waitFor(() => expect(screen.getByTestId('line-qty').textContent).toBe('2'))
    expect(minus.disabled).toBe(false)
    expect(plus.disabled).toBe(true)
    expect(useOverlayStore.getState().message?.text).toBe('Bag updated')
  })

  it('keeps plus disabled until every change is answered, and minus while its own line changes', async () => {
    server.lines = [
      makeLine({ id_line: 3, product_name: 'Kaos', qty: '2', max_qty: 10 }),
      makeLine({ id_line: 4, product_name: 'Rok', qty: '3', max_qty: 10 }),
    ]
    await signIn()
    open(false)
    await screen.findByText('Kaos')
    const release = holdUpdates()
    const plusKaos = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity of Kaos' })
    const plusRok = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase quantity of Rok' })
    const minusKaos = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity of Kaos' })
    const minusRok = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity of Rok' })
    fireEvent.click(plusKaos)
    await waitFor(() => expect(release).toHaveLength(1))
    expect(minusKaos.disabled).toBe(true)
    // Another line's minus is free while Kaos changes.
    expect(minusRok.disabled).toBe(false)
    fireEvent.click(minusRok)
    await waitFor(() => expect(release).toHaveLength(2))
    expect(minusRok.disabled).toBe(true)
    // Rok's change is answered first: Kaos's is still under way, so plus still waits.
    release[1]!()
    await waitFor(() => expect(qtyOf('Rok')).toBe('2'))
    expect(plusKaos.disabled).toBe(true)
    expect(plusRok.disabled).toBe(true)
    expect(minusRok.disabled).toBe(false)
    expect(minusKaos.disabled).toBe(true)
    release[0]!()
    await waitFor(() => expect(qtyOf('Kaos')).toBe('3'))
    expect(plusKaos.disabled).toBe(false)
    expect(plusRok.disabled).toBe(false)
    expect(minusKaos.disabled).toBe(false)
  })

  it('two quick taps on minus send one change, never two of the same quantity', async () => {
    server.lines = [makeLine({ id_line: 3, product_name: 'Kaos', qty: '3', max_qty: 10 })]
    await signIn()
    open(false)
    await screen.findByText('Kaos')
    const release = holdUpdates()
    const minus = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity of Kaos' })
    fireEvent.click(minus)
    fireEvent.click(minus)
    await waitFor(() => expect(release).toHaveLength(1))
    release[0]!()
    await waitFor(() => expect(qtyOf('Kaos')).toBe('2'))
    expect(minus.disabled).toBe(false)
    const updates = server.fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/cart/update'))
    expect(updates.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { items: [{ id_line: 3, qty: 2 }] },
    ])
  })

  it('changes a quantity only after the server agrees', async () => {
    server.lines = [makeLine({ id_line: 3, product_name: 'Kaos', qty: '2', max_qty: 5 })]
    await signIn()
    open(false)
    await screen.findByText('Kaos')
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    server.next = fail(422, 'CRT002', 'Not enough stock for this item')
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Kaos' }))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    vi.useRealTimers()
    expect(screen.getByTestId('line-qty').textContent).toBe('2')
    expect(useOverlayStore.getState().message?.text).toBe('Not enough stock for this item')
    expect(JSON.parse(String(server.fetch.mock.calls.at(-1)![1]!.body))).toEqual({
      items: [{ id_line: 3, qty: 3 }],
    })
  })

  it('removes a line', async () => {
    await signIn()
    open(false)
    await screen.findByText('Rok Midi Linen')
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rok Midi Linen' }))
    await waitFor(() => expect(screen.queryByText('Rok Midi Linen')).toBeNull())
    expect(total()).toBe('Rp 298.000')
  })

  it('shows bundle contents as name, size x qty and flags a line that cannot be bought', async () => {
    server.lines = [
      makeLine({
        id_line: 4,
        product_name: 'Paket Kemeja',
        ukuran: '',
        bundling: [
          { name: 'Kemeja Linen', product_code: 'PRP-1001', sku_product: 'PRP-1001-M', ukuran: 'M', qty: 2 },
          { name: 'Kemeja Oxford', product_code: 'PRP-1005', sku_product: 'PRP-1005-L', ukuran: 'L', qty: 1 },
        ],
      }),
      makeLine({ id_line: 5, product_name: 'Kaos Habis', available: false, max_qty: 0 }),
    ]
    await signIn()
    open(false)
    await screen.findByText('Paket Kemeja')
    expect(screen.getByText('Kemeja Linen, M x 2')).toBeTruthy()
    expect(screen.getByText('Kemeja Oxford, L x 1')).toBeTruthy()
    expect(within(row('Kaos Habis')).getByText(/No longer available/)).toBeTruthy()
    expect(checkbox('Kaos Habis').checked).toBe(false)
    expect(checkbox('Kaos Habis').disabled).toBe(true)
    expect(allItems().checked).toBe(true)
    expect(total()).toBe('Rp 100.000')
  })

  it('words the phone summary as docs/product does', async () => {
    await signIn()
    open(false)
    await screen.findByText('Rok Midi Linen')
    const summary = screen.getByRole('region', { name: 'Order Summary' })
    expect(within(summary).getByText('SHIPPING: Calculated after checkout')).toBeTruthy()
    expect(within(summary).getByText('TOTAL')).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Payment methods' })).toBeTruthy()
  })

  it('words the laptop summary as docs/product does, its lines scrolling above 300 px', async () => {
    await signIn()
    open(true)
    await screen.findByRole('checkbox', { name: 'Select Rok Midi Linen' })
    const summary = screen.getByRole('region', { name: 'Order Summary' })
    expect(within(summary).getByText('Order Value')).toBeTruthy()
    expect(within(summary).getByText('Shipping Fee: Calculated after checkout')).toBeTruthy()
    expect(within(summary).getByText('TOTAL')).toBeTruthy()
    expect(within(summary).getByRole('img', { name: 'BCA' })).toBeTruthy()
    expect(screen.getByTestId('summary-lines').className).toContain('max-h-[300px]')
    expect(screen.getByTestId('summary-lines').className).toContain('overflow-y-auto')
    expect(screen.queryByRole('complementary', { name: 'Log in or register' })).toBeNull()
  })
})

describe('checked flags (cart-storage-v2)', () => {
  it('keeps them across a reload (a new store reading the stored flags); new lines arrive checked', async () => {
    await signIn()
    open(false)
    await screen.findByText('Rok Midi Linen')
    fireEvent.click(checkbox('Rok Midi Linen'))
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as {
      state: Record<string, unknown>
      version: number
    }
    // Only client state is stored: the flags, never the lines.
    expect(stored.state).toEqual({ checked: { '2': false } })
    cleanup()

    // A reload: fresh modules, a fresh store reading 'cart-storage-v2', and one more line on the server.
    vi.resetModules()
    const fresh = await import('~/shared/bag/cart-store.ts')
    const { useSessionStore: freshSession } = await import('~/lib/session-store.ts')
    freshSession.setState({ user: { token: 'tok-1', id_pelanggan: 1 } })
    await freshSession.persist.rehydrate()
    await fresh.useCartStore.persist.rehydrate()
    expect(fresh.useCartStore.getState().checked).toEqual({ '2': false })
    server.lines = [makeLine({ id_line: 7, product_name: 'Kaos Baru' }), ...server.lines]
    const { getBrowserApi } = await import('~/lib/browser-api.ts')
    await fresh.useCartStore.getState().load(getBrowserApi(9), 'tok-1')
    const { isLineChecked } = await import('~/shared/bag/bag.rules.ts')
    const { lines, checked } = fresh.useCartStore.getState()
    expect(lines.map((l) => [l.id_line, isLineChecked(checked, l)])).toEqual([
      [7, true],
      [2, false],
      [1, true],
    ])
    fresh.useCartStore.getState().reset()
  })

  it('are cleared on logout, with the lines', async () => {
    await signIn()
    open(false)
    await screen.findByText('Rok Midi Linen')
    fireEvent.click(checkbox('Rok Midi Linen'))
    act(() => useSessionStore.getState().logout())
    expect(useCartStore.getState().lines).toEqual([])
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state).toEqual({ checked: {} })
    expect(await screen.findByText('Your bag is empty.')).toBeTruthy()
  })
})
