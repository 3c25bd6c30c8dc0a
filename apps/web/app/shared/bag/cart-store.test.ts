import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '~/lib/api-client.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { reloadCart, useCartStore } from './cart-store.ts'
import { checkedTotal, flagsForBag, isLineChecked } from '~/shared/bag/bag.rules.ts'
import { makeLine } from '~/features/cart/cart.test-utils.tsx'
import { apiAnswer } from '~/test/contract-answer.ts'

const part = (sku_product: string, qty: number) => ({
  name: sku_product,
  product_code: sku_product.split('-').slice(0, 2).join('-'),
  sku_product,
  ukuran: sku_product.split('-').at(-1)!,
  qty,
})

// A plain line, and two bundle lines of one bundle product with different parts.
const lines = [
  makeLine({ id_line: 1, product_code: 'PRP-101', sku_product: 'PRP-101-M' }),
  makeLine({
    id_line: 2,
    product_code: 'PKT-1',
    sku_product: 'PKT-1-SET',
    bundling: [part('TEE-1-S', 2), part('CAP-1-ALL', 1)],
  }),
  makeLine({
    id_line: 3,
    product_code: 'PKT-1',
    sku_product: 'PKT-1-SET',
    bundling: [part('TEE-1-S', 1), part('CAP-1-ALL', 2)],
  }),
]

const api = createApiClient({ fetch: vi.fn(async () => apiAnswer('GET /api/v1/cart', lines)), brandId: 9 })
const checked = (id: number) => isLineChecked(useCartStore.getState().checked, lines[id - 1]!)

beforeEach(async () => {
  localStorage.clear()
  await useCartStore.persist.rehydrate()
  useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 } })
  // The shopper unticked every line before adding again.
  useCartStore.setState({ checked: { '1': false, '2': false, '3': false } })
})
afterEach(() => {
  useSessionStore.setState({ user: null })
  useCartStore.getState().reset()
  localStorage.clear()
})

describe('reloadCart after an add (the added line is ticked again)', () => {
  it('ticks the plain line of the sku', async () => {
    await reloadCart(api, { tick: { sku_product: 'PRP-101-M' } })
    expect([checked(1), checked(2), checked(3)]).toEqual([true, false, false])
  })

  it('ticks the bundle line of the same parts, sent in any order or split', async () => {
    await reloadCart(api, {
      tick: {
        product_code: 'PKT-1',
        bundling: [
          { sku_product: 'CAP-1-ALL', qty: 1 },
          { sku_product: 'TEE-1-S', qty: 1 },
          { sku_product: 'TEE-1-S', qty: 1 },
        ],
      },
    })
    expect([checked(1), checked(2), checked(3)]).toEqual([false, true, false])
  })
})

describe('a bag reloaded after an order (issue 26 item 14)', () => {
  const hat = makeLine({ id_line: 11, price: 149_000 })
  const skirt = makeLine({ id_line: 12, price: 239_000 })
  const serve = (answer: typeof lines) =>
    createApiClient({ fetch: vi.fn(async () => apiAnswer('GET /api/v1/cart', answer)), brandId: 9 })

  it('issue 26 item 14: ticks the line left for later once the ticked lines are gone, so the order value is its price', async () => {
    await useCartStore.getState().load(serve([hat, skirt]), 'tok-1')
    useCartStore.getState().setChecked(skirt.id_line, false)
    // The order took the hat; the bag comes back with the skirt alone.
    await useCartStore.getState().load(serve([skirt]), 'tok-1')
    const { lines: now, checked: flags } = useCartStore.getState()
    expect(now.map((line) => isLineChecked(flags, line))).toEqual([true])
    expect(checkedTotal(now, flags)).toBe(239_000)
  })

  it('keeps an untick while a ticked line is still there, and a bag the shopper unticked whole', async () => {
    const shirt = makeLine({ id_line: 13, price: 99_000 })
    await useCartStore.getState().load(serve([hat, skirt, shirt]), 'tok-1')
    useCartStore.getState().setChecked(skirt.id_line, false)
    // Only the hat was ordered: the shirt is still ticked, the skirt stays unticked.
    await useCartStore.getState().load(serve([skirt, shirt]), 'tok-1')
    expect(flagsForBag(useCartStore.getState().checked, [skirt, shirt], [skirt, shirt])).toEqual({
      '12': false,
    })
    expect(isLineChecked(useCartStore.getState().checked, skirt)).toBe(false)
    // Everything unticked by hand, every line still there: the choice stands.
    useCartStore.getState().setAllChecked(false)
    await useCartStore.getState().load(serve([skirt, shirt]), 'tok-1')
    expect(checkedTotal(useCartStore.getState().lines, useCartStore.getState().checked)).toBe(0)
  })
})

describe('a bag read as the shopper signs in, answered after the add it missed (issue 26 item 12)', () => {
  it('keeps the add’s bag: the older read is dropped', async () => {
    const added = [makeLine({ id_line: 17, product_code: 'PRP-1081', sku_product: 'PRP-1081-ALL' })]
    let answerRead!: () => void
    const readAnswered = new Promise<void>((resolve) => (answerRead = resolve))
    const slow = createApiClient({
      fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') === 'GET') {
          // The read began before the add and answers after it, with the bag as it was: empty.
          await readAnswered
          return apiAnswer('GET /api/v1/cart', [])
        }
        return apiAnswer('POST /api/v1/cart/add', added, 'Added to bag')
      }),
      brandId: 9,
    })
    useCartStore.setState({ lines: [], checked: {} })
    const read = useCartStore.getState().load(slow, 'tok-1')
    await useCartStore
      .getState()
      .add(slow, 'tok-1', { product_code: 'PRP-1081', sku_product: 'PRP-1081-ALL' })
    answerRead()
    await read
    expect(useCartStore.getState().lines.map((line) => line.id_line)).toEqual([17])
    expect(useCartStore.getState().loading).toBe(false)
  })
})
