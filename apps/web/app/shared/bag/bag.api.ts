import type { BundleComponentInput, CartAddBody, CartLine, CartUpdateBody, Envelope } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'

// The contract's type only: the browser bundle stays free of zod (the product page's first view
// imports the cart store through Add to bag).
export type { CartLine }

/*
 * The bag's server calls, shared by every feature that adds to it or shows it (product, bundle, cart,
 * shell): features do not import each other, so the bag lives here.
 */

/** GET /api/v1/cart: the customer's lines across every brand, newest first (docs/product/shopping.md §7). */
export async function fetchCart(api: ApiClient, token: string, signal?: AbortSignal): Promise<CartLine[]> {
  const answer = await api.request<CartLine[] | null>('/api/v1/cart', { query: { token }, signal })
  return Array.isArray(answer.data) ? answer.data : []
}

/** A bundle's part as POST /api/v1/cart/add carries it in sku_product (docs/product/shopping.md §3, §7). */
export type BundleComponent = BundleComponentInput & { qty: number }

/** What goes into the bag: a variant's sku, or a bundle's parts (the bundle value). */
export interface BagItem {
  product_code: string
  sku_product: string | BundleComponent[]
}

/** The server's message after a change, and the whole bag when the answer carries it (ours does). */
export interface CartChange {
  message: string
  lines: CartLine[] | null
}

const change = (answer: Envelope<CartLine[] | null>): CartChange => ({
  message: answer.message ?? '',
  lines: Array.isArray(answer.data) ? answer.data : null,
})

/**
 * POST /api/v1/cart/add: product_code, sku_product (a variant sku, or the bundle value), qty always 1
 * (docs/product/shopping.md §7 and 9). The one add-to-bag call; like update and remove, it answers with the
 * whole bag.
 */
export async function sendToBag(api: ApiClient, token: string, item: BagItem): Promise<CartChange> {
  const answer = await api.request<CartLine[] | null>('/api/v1/cart/add', {
    method: 'POST',
    query: { token },
    body: { product_code: item.product_code, sku_product: item.sku_product, qty: 1 } satisfies CartAddBody,
  })
  return change(answer)
}

/** POST /api/v1/cart/update with one line's new quantity. */
export async function updateCartLine(
  api: ApiClient,
  token: string,
  idLine: number,
  qty: number,
): Promise<CartChange> {
  const answer = await api.request<CartLine[] | null>('/api/v1/cart/update', {
    method: 'POST',
    query: { token },
    body: { items: [{ id_line: idLine, qty }] } satisfies CartUpdateBody,
  })
  return change(answer)
}

/** POST /api/v1/cart/remove. */
export async function removeCartLine(api: ApiClient, token: string, idLine: number): Promise<CartChange> {
  const answer = await api.request<CartLine[] | null>('/api/v1/cart/remove', {
    method: 'POST',
    query: { token },
    body: { id_line: idLine },
  })
  return change(answer)
}
