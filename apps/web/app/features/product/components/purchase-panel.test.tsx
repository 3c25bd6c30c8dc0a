import { stubMatchMedia } from '~/lib/test-utils.tsx'
import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createApiClient } from '~/lib/api-client'
import { useOverlayStore } from '~/lib/overlay-store'
import { useSessionStore } from '~/lib/session-store'
import { useCartStore } from '~/shared/bag/cart-store'
import { makeProduct, variant } from '../product.fixtures'
import { renderWithI18n } from '../product.test-utils'
import { makeLine } from '~/features/cart/cart.test-utils.tsx'
import { apiAnswer } from '~/test/contract-answer.ts'
import { PurchasePanel, type MemberSession } from './purchase-panel'

const initialOverlay = useOverlayStore.getState()
afterEach(() => {
  useOverlayStore.setState(initialOverlay, true)
  useCartStore.getState().reset()
  useSessionStore.setState({ user: null })
  vi.unstubAllGlobals()
})

const stubWidth = (wide: boolean) => vi.stubGlobal('matchMedia', stubMatchMedia(wide))

function setup(product = makeProduct(), options: { session?: MemberSession; cartLoading?: boolean } = {}) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, string>
    // POST wishlist answers the product code (WishlistChangeResponseSchema).
    if (new URL(input, 'http://x').pathname === '/api/v2/member/wishlist')
      return apiAnswer('POST /api/v2/member/wishlist', { product_code: body.product_code! })
    // POST cart/add answers the whole bag (CartResponseSchema), here the line just added; not null.
    const { product_code, sku_product } = body
    return apiAnswer('POST /api/v1/cart/add', [makeLine({ product_code, sku_product })], 'Added to bag')
  })
  const api = createApiClient({ fetch, brandId: 9 })
  const view = renderWithI18n(
    <PurchasePanel
      product={product}
      session={options.session ?? null}
      api={api}
      cartLoading={options.cartLoading}
    />,
  )
  return { ...view, fetch, user: userEvent.setup() }
}

const addButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add to bag' })
const size = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name })
const checked = (el: HTMLInputElement) => el.checked
const pressed = (el: HTMLElement) => el.getAttribute('aria-pressed') === 'true'

describe('size picker', () => {
  it('preselects the only variant of a product', () => {
    setup(makeProduct({ variant: [variant('All Size')] }))
    expect(checked(size('All Size'))).toBe(true)
    expect(addButton().disabled).toBe(false)
  })

  it('starts with no size chosen when there are several', () => {
    setup()
    for (const name of ['S', 'M', 'L']) expect(checked(size(name))).toBe(false)
  })

  it('crosses out sold sizes and names them so; choosing one offers an alert, not Add to bag', async () => {
    const { user } = setup(makeProduct({ variant: [variant('S'), variant('M', 'sold'), variant('L')] }))
    expect(size('M, sold out').disabled).toBe(false)
    expect(size('M, sold out').closest('label')!.className).toContain('line-through')
    await user.click(size('M, sold out'))
    expect(checked(size('M, sold out'))).toBe(true)
    expect(screen.queryByRole('button', { name: 'Add to bag' })).toBeNull()
    expect(screen.getByRole('button', { name: "Tell me when it's back" })).toBeTruthy()
    await user.click(size('L'))
    expect(checked(size('L'))).toBe(true)
    expect(addButton().disabled).toBe(false)
  })

  it('never preselects the only size of a sold product', () => {
    setup(makeProduct({ status: 'sold', variant: [variant('S')] }))
    expect(checked(size('S, sold out'))).toBe(false)
    expect(addButton().disabled).toBe(true)
  })

  it('clears the selection when the product changes', async () => {
    const { user, rerender } = setup()
    await user.click(size('M'))
    expect(checked(size('M'))).toBe(true)
    const api = createApiClient({ fetch: vi.fn(), brandId: 9 })
    rerender(<PurchasePanel product={makeProduct({ product_code: 'BSN-002' })} session={null} api={api} />)
    expect(checked(size('M'))).toBe(false)
  })
})

describe('size radio group (issue 29)', () => {
  // The browser's arrow keys in a radio group (user-event walks the group with CSS.escape, which
  // jsdom lacks).
  beforeEach(() => {
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) })
  })
  const sizes = () =>
    makeProduct({ variant: [variant('S'), variant('M'), variant('L', 'sold'), variant('XL')] })

  it('is a radio group named Size, sold-out sizes named so', () => {
    setup(sizes())
    const group = screen.getByRole('radiogroup', { name: 'Size' })
    expect(group).toBeTruthy()
    // Every size can be chosen: the sold-out one for an alert (issue 42).
    expect(screen.getAllByRole<HTMLInputElement>('radio').map((r) => r.disabled)).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect(size('L, sold out')).toBeTruthy()
  })

  it('has one tab stop: the first pickable size when none is chosen, then the chosen one', async () => {
    const { user } = setup(sizes())
    await user.tab()
    expect(document.activeElement).toBe(size('S'))
    // The next stop leaves the group (Add to bag is disabled until a size is chosen: the heart).
    await user.tab()
    expect(screen.getAllByRole('radio')).not.toContain(document.activeElement)
    await user.click(size('M'))
    size('M').blur()
    await user.tab()
    expect(document.activeElement).toBe(size('M'))
    await user.tab()
    expect(document.activeElement).toBe(addButton())
  })

  it('arrows move to and pick the next or previous size, sold out too (issue 42), wrapping', async () => {
    const { user } = setup(sizes())
    await user.click(size('M'))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(size('L, sold out'))
    expect(checked(size('L, sold out'))).toBe(true)
    expect(screen.getByRole('button', { name: "Tell me when it's back" })).toBeTruthy()
    await user.keyboard('{ArrowRight}')
    expect(checked(size('XL'))).toBe(true)
    await user.keyboard('{ArrowDown}')
    expect(checked(size('S'))).toBe(true)
    await user.keyboard('{ArrowLeft}')
    expect(checked(size('XL'))).toBe(true)
    await user.keyboard('{ArrowUp}')
    expect(checked(size('L, sold out'))).toBe(true)
    await user.keyboard('{ArrowUp}')
    expect(checked(size('M'))).toBe(true)
    expect(addButton().disabled).toBe(false)
  })

  it('Space picks the focused size', async () => {
    const { user } = setup(sizes())
    await user.tab()
    expect(checked(size('S'))).toBe(false)
    await user.keyboard(' ')
    expect(checked(size('S'))).toBe(true)
  })
})

describe('add to bag', () => {
  it('is disabled until a size is chosen', async () => {
    const { user } = setup()
    expect(addButton().disabled).toBe(true)
    await user.click(size('S'))
    expect(addButton().disabled).toBe(false)
  })

  it('is disabled while the cart is loading', () => {
    setup(makeProduct({ variant: [variant('S')] }), { cartLoading: true })
    expect(addButton().disabled).toBe(true)
  })

  it('is disabled for a sold product', () => {
    setup(makeProduct({ status: 'sold', variant: [variant('S')] }))
    expect(addButton().disabled).toBe(true)
    expect(
      screen.getByText("This product is out of stock. Choose a size and we'll tell you when it's back."),
    ).toBeTruthy()
  })

  it('is disabled for a COMING-SOON product even with a size chosen', () => {
    setup(makeProduct({ product_lable: 'COMING-SOON', variant: [variant('S')] }))
    expect(checked(size('S'))).toBe(true)
    expect(addButton().disabled).toBe(true)
  })

  it('sends a visitor to sign-in with the checkout purpose, without calling the API', async () => {
    const { user, fetch } = setup(makeProduct({ variant: [variant('S')] }))
    await user.click(addButton())
    expect(useOverlayStore.getState().auth).toEqual({ open: true, section: 'login', purpose: 'checkout' })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('is disabled while the cart store loads the bag', () => {
    useCartStore.setState({ loading: true })
    setup(makeProduct({ variant: [variant('S')] }), { session: { token: 'tok' } })
    expect(addButton().disabled).toBe(true)
  })

  it('adds one piece of the chosen size for a member (a plain message below 1024 px)', async () => {
    stubWidth(false)
    const { user, fetch } = setup(makeProduct({ variant: [variant('S')] }), { session: { token: 'tok' } })
    await user.click(addButton())
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/v1/cart/add?token=tok')
    expect(JSON.parse(String(init.body))).toEqual({
      product_code: 'BSN-001',
      sku_product: 'BSN-001-S',
      qty: 1,
    })
    expect(useOverlayStore.getState().message?.text).toBe('Added to bag')
    expect(useCartStore.getState().notice).toBeNull()
  })

  it('shows the cart popup with the product at 1024 px and wider; the bag comes with the answer', async () => {
    stubWidth(true)
    useSessionStore.setState({ user: { token: 'tok', id_pelanggan: 1 } })
    const product = makeProduct({ variant: [variant('S'), variant('M')] })
    const { user, fetch } = setup(product, { session: { token: 'tok' } })
    await user.click(size('M'))
    await user.click(addButton())
    expect(useCartStore.getState().notice).toMatchObject({
      message: 'Added to bag',
      product_name: 'Linen Shirt Dress',
      ukuran: 'M',
      image: '/media/p/bsn-001-1.svg',
    })
    expect(useOverlayStore.getState().message).toBeNull()
    // The add answers the whole bag: no second call for it.
    expect(fetch.mock.calls.map((call) => String((call as unknown[])[0]))).toEqual([
      '/api/v1/cart/add?token=tok',
    ])
    expect(useCartStore.getState().lines.map((line) => line.sku_product)).toEqual(['BSN-001-M'])
  })
})

describe('a bundle product', () => {
  // A bundle's parts are chosen in the bundle panel on its page; a plain add of its SET sku is
  // refused by the server (422 BND004).
  const bundle = () =>
    makeProduct({
      product_code: 'PKT-1',
      is_bundling: true,
      max_bundling: 3,
      variant: [
        { sku_product: 'PKT-1-SET', ukuran: 'ALL SIZE', selling_price: 349_000, status_variant: 'available' },
      ],
    })

  it('never offers the plain Add to bag nor preselects its SET size, and points to its page', () => {
    const { fetch } = setup(bundle(), { session: { token: 'tok' } })
    expect(screen.queryByRole('button', { name: 'Add to bag' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'ALL SIZE' })).toBeNull()
    expect(screen.getByText('Choose the pieces of this bundle on its page.')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('keeps the wishlist toggle', async () => {
    const { user } = setup(bundle(), { session: { token: 'tok' } })
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }))
    expect(pressed(await screen.findByRole('button', { name: 'Remove from wishlist' }))).toBe(true)
  })
})

describe('wishlist', () => {
  it("follows the page's flag when a member's real one arrives, keeping the chosen size", async () => {
    const { user, rerender } = setup(makeProduct(), { session: { token: 'tok' } })
    await user.click(size('M'))
    const api = createApiClient({ fetch: vi.fn(), brandId: 9 })
    rerender(
      <PurchasePanel product={makeProduct({ is_wishlist: true })} session={{ token: 'tok' }} api={api} />,
    )
    expect(pressed(screen.getByRole('button', { name: 'Remove from wishlist' }))).toBe(true)
    expect(checked(size('M'))).toBe(true)
  })

  it('opens sign-in for a visitor', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }))
    expect(useOverlayStore.getState().auth).toEqual({ open: true, section: 'login', purpose: 'default' })
  })

  it('flips only after the server call succeeds', async () => {
    const { user } = setup(makeProduct(), { session: { token: 'tok' } })
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }))
    expect(pressed(await screen.findByRole('button', { name: 'Remove from wishlist' }))).toBe(true)
    expect(useOverlayStore.getState().message?.text).toBe('Added to My Wishlist')
  })
})
