import type {
  OrderDetail,
  OrderGuestDetail,
  OrderGuestListItem,
  OrderListItem,
  TrackingEntry,
  TrackingResponse,
} from '@busana/contract'
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

export type { OrderListItem, OrderGuestListItem, OrderGuestDetail, TrackingEntry, TrackingResponse }

/** Orders per page of the member list. */
export const ORDER_PAGE_SIZE = 10

/** GET /api/v1/member/order_history: the shopper's orders (member or phone guest), newest first, paged. */
export async function fetchOrderHistory(
  api: ApiClient,
  page: number,
  options: { signal?: AbortSignal } = {},
): Promise<{ orders: OrderListItem[]; totalPages: number }> {
  const answer = await api.paged<OrderListItem[]>('/api/v1/member/order_history', {
    member: true,
    query: { current_page: page, max_record: ORDER_PAGE_SIZE },
    signal: options.signal,
  })
  return { orders: answer.data, totalPages: answer.total_pages }
}

/**
 * GET /api/v1/member/order_guest_list?order_id=A,B: anyone's orders by number (numbers that match
 * none are simply absent). Silent: the /tracking page shows failures (429 included) in place.
 */
export async function fetchGuestOrders(
  api: ApiClient,
  numbers: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<OrderGuestListItem[]> {
  const answer = await api.request<OrderGuestListItem[]>('/api/v1/member/order_guest_list', {
    query: { order_id: numbers.join(',') },
    silent: true,
    signal: options.signal,
  })
  return answer.data
}

/**
 * GET /api/v1/member/order_guest/{sales_order_number}: the order by its number, masked for anyone
 * but its owner (the session's token goes along, so the owner sees it in full).
 */
export async function fetchGuestOrder(
  api: ApiClient,
  number: string,
  options: { lng?: string; signal?: AbortSignal } = {},
): Promise<OrderGuestDetail> {
  const answer = await api.request<OrderGuestDetail>(
    `/api/v1/member/order_guest/${encodeURIComponent(number)}`,
    { member: true, silent: true, query: { lng: options.lng }, signal: options.signal },
  )
  return answer.data
}

/**
 * GET /api/v1/member/tracking/{id}: the parcel's timeline (newest first) and whose it is. {id} is
 * one of the caller's own orders' id_sales_header, or a waybill number (anyone holding it).
 */
export async function fetchTracking(
  api: ApiClient,
  id: string,
  options: { lng?: string; signal?: AbortSignal } = {},
): Promise<TrackingResponse> {
  const answer = await api.request<TrackingEntry[]>(`/api/v1/member/tracking/${encodeURIComponent(id)}`, {
    member: true,
    silent: true,
    query: { lng: options.lng },
    signal: options.signal,
  })
  return answer as TrackingResponse
}
