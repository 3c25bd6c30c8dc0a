import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import type { Product } from '@busana/contract'
import { createApiClient } from '~/lib/api-client'
import { createI18n } from '~/lib/i18n'
import { useOverlayStore } from '~/lib/overlay-store'
import en from '~/locales/en/bundle.json'
import { cap, makeBundle, tee } from '../bundle.fixtures'
import { BundlePanel } from './bundle-panel'

const i18n = createI18n('en', { en: { bundle: en } })
const initialOverlay = useOverlayStore.getState()

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  vi.useRealTimers()
  useOverlayStore.setState(initialOverlay, true)
})

type Call = { path: string; query: URLSearchParams; body: Record<string, unknown> | undefined }
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status })

function setup(
  product: Product = makeBundle(),
  options: { session?: { token: string } | null; stock?: boolean; onAdded?: () => void } = {},
) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost')
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    calls.push({ path: url.pathname, query: url.searchParams, body })
    if (url.pathname === '/api/v1/cart/check_stock')
      return json({ status: 200, message: 'OK', data: options.stock ?? true })
    if (url.pathname === '/api/v1/orders/add_to_cart') return json({ status: 200, message: 'OK', data: true })
    if (url.pathname === '/api/v1/cart/add')
      return json({ status: 200, message: 'Paket berhasil ditambahkan ke tas', data: true })
    return json({ status: 404, message: 'Not found', data: null }, 404)
  })
  const api = createApiClient({ fetch, brandId: 9 })
  const session = options.session === undefined ? { token: 'tok-1' } : options.session
  render(
    <I18nextProvider i18n={i18n}>
      <BundlePanel product={product} session={session} api={api} onAdded={options.onAdded} />
    </I18nextProvider>,
  )
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  return { calls, user, fetch }
}

const slot = (n: number) => screen.getByRole('group', { name: `Item ${n}` })
const slots = () => screen.queryAllByRole('group', { name: /^Item \d$/ })
const qtyOf = (n: number) => within(slot(n)).getByTestId('bundle-slot-qty').textContent
const sizeButton = (n: number, size: string) =>
  within(slot(n)).getByRole<HTMLButtonElement>('button', { name: size })
const plus = (n: number) =>
  within(slot(n)).getByRole<HTMLButtonElement>('button', { name: 'Increase quantity' })
const minus = (n: number) =>
  within(slot(n)).getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity' })
const addProducts = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add Products' })
const addToBag = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add to bag' })
const message = () => useOverlayStore.getState().message?.text
const stockChecks = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/cart/check_stock')
const pressed = (el: HTMLElement) => el.getAttribute('aria-pressed') === 'true'

async function choose(user: ReturnType<typeof userEvent.setup>, n: number, name: string) {
  await user.selectOptions(within(slot(n)).getByRole('combobox', { name: 'Product' }), name)
}

/** Chooses `product` in slot n and picks `size` (when it has several). */
async function fill(
  user: ReturnType<typeof userEvent.setup>,
  n: number,
  name = tee.product_name,
  size = 'S',
) {
  await choose(user, n, name)
  if (name !== cap.product_name) await user.click(sizeButton(n, size))
  await vi.waitFor(() => expect(qtyOf(n)).not.toBe('0'))
}

describe('slots', () => {
  it('starts with one empty slot (qty 0) per non-empty bundling option', () => {
    setup()
    expect(slots()).toHaveLength(3)
    for (const n of [1, 2, 3]) expect(qtyOf(n)).toBe('0')
    expect(screen.getByTestId('bundle-total').textContent).toBe('0 / 3 pcs')
  })

  it('disables sold and coming-soon products in the chooser, and the chooser of a sold bundle', () => {
    setup()
    const chooser = within(slot(1)).getByRole('combobox', { name: 'Product' })
    const opts = within(chooser).getAllByRole<HTMLOptionElement>('option')
    expect(opts.filter((o) => o.disabled).map((o) => o.textContent)).toEqual([
      'Striped Tee (Sold out)',
      'Boxy Tee (Coming soon)',
    ])
  })

  it('disables every chooser of a sold or coming-soon bundle', () => {
    setup(makeBundle({ status: 'sold' }))
    expect(within(slot(1)).getByRole<HTMLSelectElement>('combobox').disabled).toBe(true)
    expect(addToBag().disabled).toBe(true)
  })
})

describe('choosing a product', () => {
  it('auto-selects the only variant after a stock check, with qty limit_qty_bundling', async () => {
    const { user, calls } = setup(makeBundle({ limit_qty_bundling: 2, max_bundling: 4 }))
    await choose(user, 3, cap.product_name)
    await vi.waitFor(() => expect(qtyOf(3)).toBe('2'))
    expect(pressed(sizeButton(3, 'ALL SIZE'))).toBe(true)
    expect(stockChecks(calls).map((c) => c.body)).toEqual([
      { sku_product: 'CAP-1-ALL SIZE', qty: 2, old_qty: 0, total_cart_qty: 0 },
    ])
    expect(stockChecks(calls)[0]!.query.get('token')).toBe('tok-1')
  })

  it('auto-selects the only variant with qty 1 when there is no limit', async () => {
    const { user } = setup()
    await choose(user, 3, cap.product_name)
    await vi.waitFor(() => expect(qtyOf(3)).toBe('1'))
  })

  it('keeps qty 0 with several variants until a size is picked, then 1 after a stock check', async () => {
    const { user, calls } = setup()
    await choose(user, 1, tee.product_name)
    expect(qtyOf(1)).toBe('0')
    expect(stockChecks(calls)).toHaveLength(0)
    await user.click(sizeButton(1, 'M'))
    await vi.waitFor(() => expect(qtyOf(1)).toBe('1'))
    expect(pressed(sizeButton(1, 'M'))).toBe(true)
    expect(stockChecks(calls).at(-1)!.body).toEqual({
      sku_product: 'TEE-1-M',
      qty: 1,
      old_qty: 0,
      total_cart_qty: 0,
    })
  })

  it('makes only available sizes clickable', async () => {
    const { user } = setup()
    await choose(user, 1, 'Basic Tee Black')
    expect(sizeButton(1, 'L').disabled).toBe(true)
    expect(sizeButton(1, 'M').disabled).toBe(false)
  })

  it('keeps the slot unchanged when the stock check says no', async () => {
    const { user } = setup(makeBundle(), { stock: false })
    await choose(user, 1, tee.product_name)
    await user.click(sizeButton(1, 'S'))
    await vi.waitFor(() => expect(message()).toBe('Not enough stock for this size.'))
    expect(qtyOf(1)).toBe('0')
    expect(pressed(sizeButton(1, 'S'))).toBe(false)
  })

  it('refuses another size at the cap with the spec message', async () => {
    const { user, calls } = setup()
    await fill(user, 1)
    await fill(user, 2)
    await fill(user, 3, cap.product_name)
    const checks = stockChecks(calls).length
    await user.click(sizeButton(1, 'M'))
    expect(message()).toBe('Anda telah mencapai batas pembelian maksimal produk bundling ini (3 pcs)')
    expect(pressed(sizeButton(1, 'S'))).toBe(true)
    expect(stockChecks(calls)).toHaveLength(checks)
  })
})

describe('plus and minus', () => {
  it('plus adds 1 after a stock check while the total is below max', async () => {
    const { user, calls } = setup()
    await fill(user, 1)
    await user.click(plus(1))
    await vi.waitFor(() => expect(qtyOf(1)).toBe('2'))
    expect(stockChecks(calls).at(-1)!.body).toEqual({
      sku_product: 'TEE-1-S',
      qty: 2,
      old_qty: 1,
      total_cart_qty: 1,
    })
  })

  it('plus at the cap shows the maximum message and changes nothing', async () => {
    const { user, calls } = setup()
    await fill(user, 1)
    await user.click(plus(1))
    await vi.waitFor(() => expect(qtyOf(1)).toBe('2'))
    await fill(user, 2)
    const checks = stockChecks(calls).length
    await user.click(plus(1))
    expect(message()).toBe('Pembelian maksimal produk bundling ini adalah 3 pcs')
    expect(qtyOf(1)).toBe('2')
    expect(stockChecks(calls)).toHaveLength(checks)
  })

  it('minus reduces by 1, and at qty 1 removes the slot when others exist', async () => {
    const { user } = setup()
    await fill(user, 1)
    await user.click(plus(1))
    await vi.waitFor(() => expect(qtyOf(1)).toBe('2'))
    await user.click(minus(1))
    expect(qtyOf(1)).toBe('1')
    await user.click(minus(1))
    expect(slots()).toHaveLength(2)
    expect(screen.queryAllByRole('option', { name: tee.product_name, selected: true })).toHaveLength(0)
  })

  it('minus at qty 1 of the only slot does nothing (disabled)', async () => {
    const { user } = setup(makeBundle({ bundling_option_2: [], bundling_option_3: [] }))
    await fill(user, 1)
    expect(minus(1).disabled).toBe(true)
  })

  it('plus and minus are disabled when limit_qty_bundling is set', async () => {
    const { user } = setup(makeBundle({ limit_qty_bundling: 1 }))
    await fill(user, 1)
    expect(plus(1).disabled).toBe(true)
    expect(minus(1).disabled).toBe(true)
  })
})

describe('add products', () => {
  it('adds a slot while the slot count and total are below max_bundling, then disables', async () => {
    const { user } = setup(makeBundle({ max_bundling: 4 }))
    expect(addProducts().disabled).toBe(false)
    await user.click(addProducts())
    expect(slots()).toHaveLength(4)
    expect(qtyOf(4)).toBe('0')
    expect(addProducts().disabled).toBe(true)
  })

  it('is disabled once the total reaches max_bundling', async () => {
    const { user } = setup(makeBundle({ max_bundling: 4, limit_qty_bundling: 2 }))
    await fill(user, 1)
    expect(addProducts().disabled).toBe(false)
    await fill(user, 2)
    expect(addProducts().disabled).toBe(true)
  })

  it('is disabled for a sold or coming-soon bundle', () => {
    setup(makeBundle({ max_bundling: 4, product_lable: 'COMING-SOON' }))
    expect(addProducts().disabled).toBe(true)
  })
})

describe('total', () => {
  it('is recomputed about 300 ms after a change', async () => {
    const { user } = setup()
    await fill(user, 1)
    await user.click(plus(1))
    await vi.waitFor(() => expect(qtyOf(1)).toBe('2'))
    act(() => vi.advanceTimersByTime(300))
    const total = screen.getByTestId('bundle-total')
    expect(total.textContent).toBe('2 / 3 pcs')
    // Minus is synchronous: the slot changes at once, the total only after the delay.
    act(() => minus(1).click())
    expect(qtyOf(1)).toBe('1')
    expect(total.textContent).toBe('2 / 3 pcs')
    act(() => vi.advanceTimersByTime(200))
    expect(total.textContent).toBe('2 / 3 pcs')
    act(() => vi.advanceTimersByTime(100))
    expect(total.textContent).toBe('1 / 3 pcs')
  })
})

describe('add to bag', () => {
  it('sends a visitor to sign-in with the checkout purpose', async () => {
    const { user, calls } = setup(makeBundle(), { session: null })
    await user.click(addToBag())
    expect(useOverlayStore.getState().auth).toEqual({ open: true, section: 'login', purpose: 'checkout' })
    expect(calls.filter((c) => c.path !== '/api/v1/cart/check_stock')).toHaveLength(0)
  })

  it('below max_bundling says so and sends nothing', async () => {
    const { user, calls } = setup()
    await fill(user, 1)
    await user.click(addToBag())
    expect(message()).toBe('Pembelian belum mencapai 3 pcs')
    expect(calls.filter((c) => c.path !== '/api/v1/cart/check_stock')).toHaveLength(0)
  })

  it('above max_bundling says so and sends nothing', async () => {
    const { user, calls } = setup(makeBundle({ limit_qty_bundling: 2 }))
    await fill(user, 1)
    await fill(user, 2) // 2 + 2: the total was below the cap when the size was picked
    await user.click(addToBag())
    expect(message()).toBe('Pembelian maksimal produk bundling ini adalah 3 pcs')
    expect(calls.filter((c) => c.path !== '/api/v1/cart/check_stock')).toHaveLength(0)
  })

  it('an exact match sends only slots with qty above 0, checks, adds, refreshes the bag and resets', async () => {
    const onAdded = vi.fn()
    const { user, calls } = setup(makeBundle({ max_bundling: 4 }), { onAdded })
    await fill(user, 1)
    await user.click(plus(1))
    await vi.waitFor(() => expect(qtyOf(1)).toBe('2'))
    await fill(user, 3, cap.product_name)
    await user.click(addProducts())
    await fill(user, 4, tee.product_name, 'L')
    await choose(user, 2, tee.product_name) // chosen, no size: qty 0, not sent
    await user.click(addToBag())
    await vi.waitFor(() => expect(message()).toBe('Paket berhasil ditambahkan ke tas'))
    const bundling = [
      { sku_product: 'TEE-1-S', qty: 2 },
      { sku_product: 'CAP-1-ALL SIZE', qty: 1 },
      { sku_product: 'TEE-1-L', qty: 1 },
    ]
    const sent = calls.filter((c) => c.path !== '/api/v1/cart/check_stock')
    expect(sent.map((c) => [c.path, c.body, c.query.get('token')])).toEqual([
      ['/api/v1/orders/add_to_cart', { product: 'PKT-1', variant: null, bundling }, 'tok-1'],
      ['/api/v1/cart/add', { product_code: 'PKT-1', sku_product: bundling, qty: 1 }, 'tok-1'],
    ])
    expect(onAdded).toHaveBeenCalledTimes(1)
    // The slots reset about 300 ms later.
    expect(qtyOf(1)).toBe('2')
    act(() => vi.advanceTimersByTime(300))
    expect(slots()).toHaveLength(3)
    for (const n of [1, 2, 3]) expect(qtyOf(n)).toBe('0')
  })

  it('keeps the slots when the server refuses the bundle', async () => {
    const { user, fetch } = setup()
    await fill(user, 1)
    await fill(user, 2)
    await fill(user, 3, cap.product_name)
    fetch.mockImplementationOnce(async () =>
      json({ status: 422, code: 'BND002', message: 'Pembelian belum mencapai 3 pcs', data: null }, 422),
    )
    await user.click(addToBag())
    await vi.waitFor(() => expect(addToBag().disabled).toBe(false))
    act(() => vi.advanceTimersByTime(1000))
    expect(qtyOf(1)).toBe('1')
  })
})
