import { stubMatchMedia } from '~/lib/test-utils.tsx'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '~/lib/i18n-react.ts'
import type { CartLine, Product } from '@busana/contract'
import { createApiClient } from '~/lib/api-client'
import { createI18n } from '~/lib/i18n'
import { useOverlayStore } from '~/lib/overlay-store'
import { useCartStore } from '~/shared/bag/cart-store'
import en from '~/locales/en/bundle.json'
import { cap, makeBundle, tee } from '../bundle.fixtures'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'
import { BundlePanel } from './bundle-panel'

const i18n = createI18n('en', { en: { bundle: en } }, { load: false })
const initialOverlay = useOverlayStore.getState()

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  stubWidth(false)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  useOverlayStore.setState(initialOverlay, true)
  useCartStore.getState().reset()
})

const stubWidth = (wide: boolean) => vi.stubGlobal('matchMedia', stubMatchMedia(wide))

type Call = { path: string; query: URLSearchParams; body: Record<string, unknown> | undefined }

/**
 * Advances the fake clock until the running total shows `text`. A change that lands after an
 * awaited stock check happens outside act, so its effect (and the 300 ms timer) may start a moment
 * later on a busy machine; a fixed advance would race it.
 */
async function totalShows(text: string) {
  await vi.waitFor(() => {
    act(() => vi.advanceTimersByTime(100))
    expect(screen.getByTestId('bundle-total').textContent).toBe(text)
  })
}

/** The bag line POST cart/add makes of a bundle value. */
function bundleLine(body: Record<string, unknown>): CartLine {
  const parts = body.sku_product as { sku_product: string; qty: number }[]
  return {
    id_line: 1,
    id_brand: 9,
    brand_name: 'Prepps',
    product_code: String(body.product_code),
    product_name: 'Paket',
    sku_product: `${String(body.product_code)}-SET`,
    ukuran: '-',
    qty: '1',
    price: 300_000,
    url_image: [],
    max_qty: 10,
    available: true,
    bundling: parts.map((part) => ({
      name: part.sku_product,
      product_code: part.sku_product.split('-').slice(0, 2).join('-'),
      sku_product: part.sku_product,
      ukuran: part.sku_product.split('-').at(-1)!,
      qty: part.qty,
    })),
  }
}

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
      return apiAnswer('POST /api/v1/cart/check_stock', options.stock ?? true)
    if (url.pathname === '/api/v1/orders/add_to_cart')
      return apiAnswer('POST /api/v1/orders/add_to_cart', true)
    if (url.pathname === '/api/v1/cart/add')
      // The API answers the whole bag (CartResponseSchema), not true: here the bundle line just added.
      return apiAnswer('POST /api/v1/cart/add', [bundleLine(body!)], 'Paket berhasil ditambahkan ke tas')
    return apiError(404, 'REQ003', 'Route not found')
  })
  const api = createApiClient({ fetch, brandId: 9 })
  const session = options.session === undefined ? { token: 'tok-1' } : options.session
  render(
    <I18nProvider i18n={i18n}>
      <BundlePanel product={product} session={session} api={api} onAdded={options.onAdded} />
    </I18nProvider>,
  )
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  return { calls, user, fetch }
}

const slot = (n: number) => screen.getByRole('group', { name: `Item ${n}` })
const slots = () => screen.queryAllByRole('group', { name: /^Item \d$/ })
const qtyOf = (n: number) => within(slot(n)).getByTestId('bundle-slot-qty').textContent
const sizeButton = (n: number, size: string) =>
  within(slot(n)).getByRole<HTMLInputElement>('radio', { name: size })
const plus = (n: number) =>
  within(slot(n)).getByRole<HTMLButtonElement>('button', { name: 'Increase quantity' })
const minus = (n: number) =>
  within(slot(n)).getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity' })
const addProducts = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add Products' })
const addToBag = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add to bag' })
const message = () => useOverlayStore.getState().message?.text
const stockChecks = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/cart/check_stock')
const pressed = (el: HTMLInputElement) => el.checked

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

  it('makes only available sizes clickable, in a radio group that names the sold-out ones (issue 29)', async () => {
    const { user } = setup()
    await choose(user, 1, 'Basic Tee Black')
    expect(within(slot(1)).getByRole('radiogroup', { name: 'Size' })).toBeTruthy()
    expect(sizeButton(1, 'L, sold out').disabled).toBe(true)
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

  it('refuses another size at the cap with the product’s message', async () => {
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

describe('stock checks in flight on two slots', () => {
  /** The next stock check waits until `release()`; answers true. */
  function holdNextCheck(fetch: ReturnType<typeof setup>['fetch']) {
    let release = () => {}
    fetch.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(apiAnswer('POST /api/v1/cart/check_stock', true))
        }),
    )
    return () => release()
  }

  /** Slot 1 holds a tee S, slot 3 the cap (total 2 of 3); slot 2 has a tee chosen without a size. */
  async function twoOfThree() {
    const panel = setup()
    await fill(panel.user, 1)
    await fill(panel.user, 3, cap.product_name)
    await choose(panel.user, 2, tee.product_name)
    return panel
  }

  /**
   * From twoOfThree: plus on slot 1, then size M on slot 2, both stock checks held; answers the
   * functions that release each check.
   */
  async function plusThenPickHeld() {
    const { user, fetch } = await twoOfThree()
    const plusCheck = holdNextCheck(fetch)
    await user.click(plus(1))
    const pickCheck = holdNextCheck(fetch)
    await user.click(sizeButton(2, 'M'))
    return { plusCheck, pickCheck }
  }

  it('plus on one slot and a size pick on another never pass max_bundling (plus answered first)', async () => {
    const { plusCheck, pickCheck } = await plusThenPickHeld()
    plusCheck()
    await vi.waitFor(() => expect(qtyOf(1)).toBe('2'))
    pickCheck()
    await vi.waitFor(() =>
      expect(message()).toBe('Anda telah mencapai batas pembelian maksimal produk bundling ini (3 pcs)'),
    )
    expect(qtyOf(2)).toBe('0')
    expect(pressed(sizeButton(2, 'M'))).toBe(false)
    await totalShows('3 / 3 pcs')
  })

  it('plus on one slot and a size pick on another never pass max_bundling (size answered first)', async () => {
    const { plusCheck, pickCheck } = await plusThenPickHeld()
    pickCheck()
    await vi.waitFor(() => expect(qtyOf(2)).toBe('1'))
    plusCheck()
    await vi.waitFor(() => expect(message()).toBe('Pembelian maksimal produk bundling ini adalah 3 pcs'))
    expect(qtyOf(1)).toBe('1')
    await totalShows('3 / 3 pcs')
  })

  it('keeps each slot busy until its own check is answered', async () => {
    const { plusCheck, pickCheck } = await plusThenPickHeld()
    pickCheck()
    await vi.waitFor(() => expect(qtyOf(2)).toBe('1'))
    expect(slot(1).getAttribute('aria-busy')).toBe('true')
    expect(plus(1).disabled).toBe(true)
    plusCheck()
    await vi.waitFor(() => expect(slot(1).getAttribute('aria-busy')).toBe('false'))
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
    const total = screen.getByTestId('bundle-total')
    await totalShows('2 / 3 pcs')
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
    await vi.waitFor(() => {
      act(() => vi.advanceTimersByTime(100))
      expect(slots()).toHaveLength(3)
      for (const n of [1, 2, 3]) expect(qtyOf(n)).toBe('0')
    })
  })

  /** Fills the default bundle exactly: a tee S, a tee M and the cap. */
  async function fillExactly(user: ReturnType<typeof userEvent.setup>) {
    await fill(user, 1)
    await fill(user, 2, tee.product_name, 'M')
    await fill(user, 3, cap.product_name)
  }

  it('shows the cart popup with the bundle at 1024 px and wider, as a plain add does', async () => {
    stubWidth(true)
    const { user } = setup()
    await fillExactly(user)
    await user.click(addToBag())
    await vi.waitFor(() =>
      expect(useCartStore.getState().notice).toMatchObject({
        message: 'Paket berhasil ditambahkan ke tas',
        product_name: 'Basic Tee Bundle of 3',
        price: 349_000,
        image: '/media/p/pkt-1.svg',
      }),
    )
    expect(message()).toBeUndefined()
  })

  it('shows the plain message popup below 1024 px', async () => {
    stubWidth(false)
    const { user } = setup()
    await fillExactly(user)
    await user.click(addToBag())
    await vi.waitFor(() => expect(message()).toBe('Paket berhasil ditambahkan ke tas'))
    expect(useCartStore.getState().notice).toBeNull()
  })

  it('ticks again the bag line of the same composition once the bag is refreshed', async () => {
    stubWidth(false)
    const line = (id_line: number, parts: [string, number][]) =>
      ({
        id_line,
        id_brand: 9,
        brand_name: 'Busana',
        product_code: 'PKT-1',
        product_name: 'Basic Tee Bundle of 3',
        sku_product: 'PKT-1-SET',
        ukuran: 'ALL SIZE',
        qty: '1',
        price: 349_000,
        url_image: [],
        max_qty: 5,
        available: true,
        bundling: parts.map(([sku_product, qty]) => ({
          name: '',
          product_code: '',
          sku_product,
          ukuran: '',
          qty,
        })),
      }) satisfies CartLine
    // The same composition (in another order), and another one; both unticked by the shopper.
    const same = line(7, [
      ['CAP-1-ALL SIZE', 1],
      ['TEE-1-M', 1],
      ['TEE-1-S', 1],
    ])
    const other = line(8, [['TEE-1-S', 3]])
    useCartStore.setState({ lines: [same, other], checked: { '7': false, '8': false } })
    const onAdded = vi.fn(async () => {
      // The route refreshes the bag (here: the same lines).
      useCartStore.setState({ lines: [same, other] })
    })
    const { user } = setup(makeBundle(), { onAdded })
    await fillExactly(user)
    await user.click(addToBag())
    await vi.waitFor(() => expect(useCartStore.getState().checked['7']).toBe(true))
    expect(useCartStore.getState().checked['8']).toBe(false)
    expect(onAdded).toHaveBeenCalledTimes(1)
  })

  it('keeps the slots when the server refuses the bundle', async () => {
    const { user, fetch } = setup()
    await fill(user, 1)
    await fill(user, 2)
    await fill(user, 3, cap.product_name)
    fetch.mockImplementationOnce(async () => apiError(422, 'BND002', 'Pembelian belum mencapai 3 pcs'))
    await user.click(addToBag())
    await vi.waitFor(() => expect(addToBag().disabled).toBe(false))
    act(() => vi.advanceTimersByTime(1000))
    expect(qtyOf(1)).toBe('1')
  })
})
