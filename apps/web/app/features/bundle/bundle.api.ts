import type { ApiClient } from '~/lib/api-client'
import type { StockCheckInput } from './bundle.rules'

interface Envelope<T> {
  status?: unknown
  message?: string
  data: T
}

export type BundleComponent = { sku_product: string; qty: number }

/**
 * POST /api/v1/cart/check_stock (our path; spec 000 §7 leaves it out): may a slot hold this quantity?
 * A truthy answer allows. The token is optional: a signed-in shopper's bag counts too.
 */
export async function checkStock(
  api: ApiClient,
  input: StockCheckInput,
  token?: string | null,
): Promise<boolean> {
  const answer = (await api.request('/api/v1/cart/check_stock', {
    method: 'POST',
    query: { token: token ?? undefined },
    body: input,
  })) as Envelope<unknown>
  return Boolean(answer.data)
}

/**
 * The bundle add (spec 000 §3, §7): POST /api/v1/orders/add_to_cart checks the bundle (product,
 * variant null, bundling), then POST /api/v1/cart/add adds it with the bundle value as sku_product and
 * qty 1. Resolves to the server's message; throws ApiError (already shown by the API client) otherwise.
 */
export async function addBundleToBag(
  api: ApiClient,
  token: string,
  productCode: string,
  bundling: BundleComponent[],
): Promise<string> {
  const check = (await api.request('/api/v1/orders/add_to_cart', {
    method: 'POST',
    query: { token },
    body: { product: productCode, variant: null, bundling },
  })) as Envelope<unknown>
  if (check.data === false) throw new Error(check.message ?? 'Bundle check failed')
  const added = (await api.request('/api/v1/cart/add', {
    method: 'POST',
    query: { token },
    body: { product_code: productCode, sku_product: bundling, qty: 1 },
  })) as Envelope<unknown>
  return added.message ?? ''
}
