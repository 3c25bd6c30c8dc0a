import type { ProductCard } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'

/** GET /api/v2/member/wishlist: the member's wished products as cards, newest first (docs/product/shopping.md §7). */
export async function fetchWishlist(
  api: ApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<ProductCard[]> {
  const answer = await api.request<ProductCard[] | null>('/api/v2/member/wishlist', {
    query: { token },
    signal,
  })
  return Array.isArray(answer.data) ? answer.data : []
}
