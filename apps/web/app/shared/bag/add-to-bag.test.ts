import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '~/lib/api-client.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { stubMatchMedia } from '~/lib/test-utils.tsx'
import { fail, makeLine } from '~/features/cart/cart.test-utils.tsx'
import { apiAnswer } from '~/test/contract-answer.ts'
import { addToBag } from './add-to-bag.ts'
import { useCartStore } from './cart-store.ts'

const line = makeLine({ id_line: 4, product_code: 'PRP-104', sku_product: 'PRP-104-M' })
const notice = { product_name: 'Kemeja', ukuran: 'M', price: 100_000, image: null }
const initialOverlay = useOverlayStore.getState()

// The API answers the bag after an add (CartResponseSchema).
function server(add: () => Response = () => apiAnswer('POST /api/v1/cart/add', [line], 'Added to your bag')) {
  const calls: string[] = []
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname
    calls.push(`${init?.method ?? 'GET'} ${path}`)
    return path === '/api/v1/cart/add' ? add() : apiAnswer('GET /api/v1/cart', [line])
  })
  return { api: createApiClient({ fetch, brandId: 9 }), calls }
}

beforeEach(() => {
  useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 } })
  // The shopper had unticked the line before adding the same size again.
  useCartStore.setState({ checked: { '4': false } })
})
afterEach(() => {
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null })
  useCartStore.getState().reset()
  useOverlayStore.setState(initialOverlay, true)
})

describe('addToBag, the one Add to bag', () => {
  it('below 1024 px: the server message in the popup; the bag comes with the answer and the line is ticked', async () => {
    vi.stubGlobal('matchMedia', stubMatchMedia(false))
    const { api, calls } = server()
    const item = { product_code: 'PRP-104', sku_product: 'PRP-104-M' }
    const { message, refreshed } = await addToBag({ api, token: 'tok-1', item, notice })
    expect(message).toBe('Added to your bag')
    expect(useOverlayStore.getState().message?.text).toBe('Added to your bag')
    expect(useCartStore.getState().notice).toBeNull()
    await refreshed
    // The add answers the whole bag (CartResponseSchema): no second call for it.
    expect(calls).toEqual(['POST /api/v1/cart/add'])
    expect(useCartStore.getState().lines).toEqual([line])
    expect(useCartStore.getState().checked['4']).toBe(true)
  })

  it('at 1024 px and wider: the cart popup with the product', async () => {
    vi.stubGlobal('matchMedia', stubMatchMedia(true))
    const { api } = server()
    const item = { product_code: 'PRP-104', sku_product: 'PRP-104-M' }
    await addToBag({ api, token: 'tok-1', item, notice })
    expect(useCartStore.getState().notice).toMatchObject({ ...notice, message: 'Added to your bag' })
  })

  it('runs the check first and adds nothing when it refuses', async () => {
    const { api, calls } = server()
    const check = vi.fn(async () => {
      throw new Error('Bundle check failed')
    })
    const item = { product_code: 'PKT-1', sku_product: [{ sku_product: 'TEE-1-S', qty: 2 }] }
    await expect(addToBag({ api, token: 'tok-1', item, notice, check })).rejects.toThrow(
      'Bundle check failed',
    )
    expect(calls).toEqual([])
  })

  it('throws the refusal of the add and shows nothing more', async () => {
    vi.stubGlobal('matchMedia', stubMatchMedia(false))
    const { api } = server(() => fail(422, 'CRT002', 'Not enough stock'))
    const item = { product_code: 'PRP-104', sku_product: 'PRP-104-M' }
    await expect(addToBag({ api, token: 'tok-1', item, notice })).rejects.toMatchObject({ code: 'CRT002' })
    expect(useOverlayStore.getState().message).toBeNull()
  })
})
