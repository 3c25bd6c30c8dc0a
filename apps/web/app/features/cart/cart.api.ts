import type { CartLine } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'

// The contract's type only: the browser bundle stays free of zod (the product page's first view
// imports the cart store through Add to bag).
export type { CartLine }

interface Envelope<T> {
  status?: unknown
  message?: string
  data: T
}

/** GET /api/v1/cart: the customer's lines across every brand, newest first (spec 000 section 7). */
export async function fetchCart(api: ApiClient, token: string, signal?: AbortSignal): Promise<CartLine[]> {
  const answer = (await api.request('/api/v1/cart', { query: { token }, signal })) as Envelope<
    CartLine[] | null
  >
  return Array.isArray(answer.data) ? answer.data : []
}

/**
 * POST /api/v1/cart/add: product_code, sku_product (a variant sku, or the bundle value), qty always 1
 * (spec 000 sections 7 and 9). Resolves to the server's message.
 */
export async function addCartItem(
  api: ApiClient,
  token: string,
  item: { product_code: string; sku_product: string | { sku_product: string; qty: number }[] },
): Promise<string> {
  const answer = (await api.request('/api/v1/cart/add', {
    method: 'POST',
    query: { token },
    body: { product_code: item.product_code, sku_product: item.sku_product, qty: 1 },
  })) as Envelope<unknown>
  return answer.message ?? ''
}

/** The server's message after a change, and the whole bag when the answer carries it (ours does). */
export interface CartChange {
  message: string
  lines: CartLine[] | null
}

const change = (answer: Envelope<unknown>): CartChange => ({
  message: answer.message ?? '',
  lines: Array.isArray(answer.data) ? (answer.data as CartLine[]) : null,
})

/** POST /api/v1/cart/update with one line's new quantity. */
export async function updateCartLine(
  api: ApiClient,
  token: string,
  idLine: number,
  qty: number,
): Promise<CartChange> {
  const answer = (await api.request('/api/v1/cart/update', {
    method: 'POST',
    query: { token },
    body: { items: [{ id_line: idLine, qty }] },
  })) as Envelope<unknown>
  return change(answer)
}

/** POST /api/v1/cart/remove. */
export async function removeCartLine(api: ApiClient, token: string, idLine: number): Promise<CartChange> {
  const answer = (await api.request('/api/v1/cart/remove', {
    method: 'POST',
    query: { token },
    body: { id_line: idLine },
  })) as Envelope<unknown>
  return change(answer)
}
