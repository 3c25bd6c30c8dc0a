import type { Product } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'

/**
 * GET /api/v1/pages/product: the product is the answer's data.data (docs/product/shopping.md §7). Codes are
 * case-insensitive on the server, so the lowercased route parameter is sent as it is. Throws ApiError
 * (404 CAT001 for an unknown code). Parsing with the contract's zod schema happens on the API side:
 * the browser bundle stays free of zod.
 */
export async function fetchProduct(
  api: ApiClient,
  code: string,
  options: { token?: string; signal?: AbortSignal; silent?: boolean } = {},
): Promise<Product> {
  const answer = await api.request<{ data: Product }>('/api/v1/pages/product', {
    query: { product_code: code, token: options.token },
    signal: options.signal,
    silent: options.silent,
  })
  return answer.data.data
}
