import type { Product } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'

interface ProductAnswer {
  data: { data: Product }
}

/**
 * GET /api/v1/pages/product: the product is the answer's data.data (spec 000 section 7). Codes are
 * case-insensitive on the server, so the lowercased route parameter is sent as it is. Throws ApiError
 * (404 CAT001 for an unknown code). Parsing with the contract's zod schema happens on the API side:
 * the browser bundle stays free of zod.
 */
export async function fetchProduct(
  api: ApiClient,
  code: string,
  options: { token?: string; signal?: AbortSignal; silent?: boolean } = {},
): Promise<Product> {
  const answer = (await api.request('/api/v1/pages/product', {
    query: { product_code: code, token: options.token },
    signal: options.signal,
    silent: options.silent,
  })) as ProductAnswer
  return answer.data.data
}

/**
 * POST /api/v1/cart/add for a signed-in member: product_code, sku_product, qty always 1 (spec 000
 * sections 7 and 9). The cart API comes with the bag issue; until then the server answers with an
 * error, which the error popup shows. Never reports a success it did not get.
 */
export async function addProductToBag(
  api: ApiClient,
  token: string,
  item: { product_code: string; sku_product: string },
): Promise<string> {
  const answer = (await api.request('/api/v1/cart/add', {
    method: 'POST',
    query: { token },
    body: { product_code: item.product_code, sku_product: item.sku_product, qty: 1 },
  })) as { message: string }
  return answer.message
}

/**
 * Wishlist toggle for a signed-in member: POST /api/v2/member/wishlist to add, DELETE
 * /api/v2/member/wishlist/{code} to remove (spec 000 section 7). Filled in by the wishlist issue's
 * server work; the flag flips only after the server call succeeds (spec 000 section 4).
 */
export async function setProductWishlist(api: ApiClient, token: string, code: string, wished: boolean) {
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
