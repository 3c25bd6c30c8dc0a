import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '~/lib/api-client.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { reloadCart, useCartStore } from './cart-store.ts'
import { isLineChecked } from '~/shared/bag/bag.rules.ts'
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
