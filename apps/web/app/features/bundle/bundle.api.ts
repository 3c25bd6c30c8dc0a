import type { ApiClient } from '~/lib/api-client'
import type { BundleComponent } from '~/shared/bag/bag.api'
import type { StockCheckInput } from './bundle.rules'

export type { BundleComponent }

/**
 * POST /api/v1/cart/check_stock (our path; docs/product/shopping.md §7 leaves it out): may a slot hold this
 * quantity? A truthy answer allows. The token is optional: a signed-in shopper's bag counts too.
 */
export async function checkStock(
  api: ApiClient,
  input: StockCheckInput,
  token?: string | null,
): Promise<boolean> {
  const answer = await api.request<unknown>('/api/v1/cart/check_stock', {
    method: 'POST',
    query: { token: token ?? undefined },
    body: input,
  })
  return Boolean(answer.data)
}

/**
 * The bundle check before its add (docs/product/shopping.md §3, §7): POST /api/v1/orders/add_to_cart with
 * product, variant null and bundling. Throws when the server refuses (an ApiError, already shown by the API
 * client, or an Error with the server's message when it answers `data: false`); the add itself is the
 * shared one (POST /api/v1/cart/add with the bundle value as sku_product and qty 1).
 */
export async function checkBundle(
  api: ApiClient,
  token: string,
  productCode: string,
  bundling: BundleComponent[],
): Promise<void> {
  const check = await api.request<boolean | null>('/api/v1/orders/add_to_cart', {
    method: 'POST',
    query: { token },
    body: { product: productCode, variant: null, bundling },
  })
  if (check.data === false) throw new Error(check.message ?? 'Bundle check failed')
}
