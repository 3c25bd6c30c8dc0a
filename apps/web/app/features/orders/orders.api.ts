import type { OrderDetail } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'

// The contract's type only (no zod in the browser).
export type { OrderDetail }

/**
 * GET /api/v1/member/order_history/{id}: one of the shopper's own orders (member or phone guest).
 * `lng` asks for How to Pay in the page's language (decision 020).
 */
export async function fetchOrder(
  api: ApiClient,
  id: string,
  options: { lng?: string; signal?: AbortSignal } = {},
): Promise<OrderDetail> {
  const answer = await api.request<OrderDetail>(`/api/v1/member/order_history/${encodeURIComponent(id)}`, {
    member: true,
    query: { lng: options.lng },
    signal: options.signal,
  })
  return answer.data
}
