import type { ProductCard } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'

interface Envelope<T> {
  status?: unknown
  message?: string
  data: T
}

/** GET /api/v2/member/wishlist: the member's wished products as cards, newest first (spec 000 §7). */
export async function fetchWishlist(
  api: ApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<ProductCard[]> {
  const answer = (await api.request('/api/v2/member/wishlist', { query: { token }, signal })) as Envelope<
    ProductCard[] | null
  >
  return Array.isArray(answer.data) ? answer.data : []
}

/**
 * Adds (POST /api/v2/member/wishlist with product_code) or removes (DELETE
 * /api/v2/member/wishlist/{code}) a product; resolves once the server confirms (spec 000 §4, §7).
 */
export async function setWishlisted(
  api: ApiClient,
  token: string,
  code: string,
  wished: boolean,
): Promise<void> {
  if (wished) {
    await api.request('/api/v2/member/wishlist', {
      method: 'POST',
      query: { token },
      body: { product_code: code },
    })
  } else {
    await api.request(`/api/v2/member/wishlist/${encodeURIComponent(code)}`, {
      method: 'DELETE',
      query: { token },
    })
  }
}

/**
 * The member's is_wishlist for one product: GET /api/v1/pages/product with the token (spec 000 §7).
 * Silent: the public page already shows the product; only the heart waits for this answer.
 */
export async function fetchWishlistFlag(
  api: ApiClient,
  token: string,
  code: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const answer = (await api.request('/api/v1/pages/product', {
    query: { product_code: code, token },
    silent: true,
    signal,
  })) as Envelope<{ data?: { is_wishlist?: boolean } } | null>
  return answer.data?.data?.is_wishlist === true
}
