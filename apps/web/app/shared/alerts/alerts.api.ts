import type { ApiClient } from '~/lib/api-client'

/**
 * A member's alert as the alert calls answer it (issue 42; the contract's `AlertSchema` in
 * packages/contract/src/alerts/alerts.schemas.ts). Stated here because the contract's zod-free core
 * does not re-export the alert types yet; `alerts.api.test.ts` proves the two stay the same.
 */
export type AlertKind = 'BACK_IN_STOCK' | 'PRICE_DROP'

export interface Alert {
  id: string
  kind: AlertKind
  product_code: string
  product_name: string
  /** The size's sku (BACK_IN_STOCK), else null. */
  sku_product: string | null
  /** The size's label (BACK_IN_STOCK), else null. */
  ukuran: string | null
  /** PRICE_DROP: the price when it was asked for; a message goes when the price falls below it. */
  price_then: number | null
  created_at: string
}

/** What POST member/alerts takes: a sold-out size for BACK_IN_STOCK, no size for PRICE_DROP. */
export type AlertRequest =
  | { kind: 'BACK_IN_STOCK'; product_code: string; sku_product: string }
  | { kind: 'PRICE_DROP'; product_code: string }

/**
 * GET /api/v1/member/alerts: the member's waiting alerts, newest first. `silent` for the product
 * page, where only a size's button waits for it (as the wishlist flag is asked for).
 */
export async function fetchAlerts(
  api: ApiClient,
  token: string,
  options: { silent?: boolean; signal?: AbortSignal } = {},
): Promise<Alert[]> {
  const answer = await api.request<Alert[] | null>('/api/v1/member/alerts', { query: { token }, ...options })
  return Array.isArray(answer.data) ? answer.data : []
}

/**
 * POST /api/v1/member/alerts: asks for an alert; asking again answers the one that waits. Resolves
 * with the alert and the server's message ("We'll tell you when it's back", in the page's language).
 */
export async function createAlert(
  api: ApiClient,
  token: string,
  body: AlertRequest,
): Promise<{ alert: Alert; message: string }> {
  const answer = await api.request<Alert>('/api/v1/member/alerts', {
    method: 'POST',
    query: { token },
    body,
  })
  return { alert: answer.data, message: answer.message }
}

/** DELETE /api/v1/member/alerts/{id}: turns a waiting alert off; resolves with the server's message. */
export async function deleteAlert(api: ApiClient, token: string, id: string): Promise<string> {
  const answer = await api.request<{ id: string }>(`/api/v1/member/alerts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: { token },
  })
  return answer.message
}
