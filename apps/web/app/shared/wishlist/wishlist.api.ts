import type { Product } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'

/**
 * Adds (POST /api/v2/member/wishlist with product_code) or removes (DELETE
 * /api/v2/member/wishlist/{code}) a product; resolves once the server confirms (docs/product/shopping.md §4,
 * §7). The one wishlist call: the heart of the product page, the quick view and the wishlist page.
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
 * The member's is_wishlist for one product: GET /api/v1/pages/product with the token
 * (docs/product/shopping.md §7). Silent: the public page already shows the product; only the heart waits for
 * this answer.
 */
export async function fetchWishlistFlag(
  api: ApiClient,
  token: string,
  code: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const answer = await api.request<{ data?: Pick<Product, 'is_wishlist'> } | null>('/api/v1/pages/product', {
    query: { product_code: code, token },
    silent: true,
    signal,
  })
  return answer.data?.data?.is_wishlist === true
}
