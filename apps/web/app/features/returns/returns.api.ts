import type {
  CreateReturnBody,
  TrackingEntry,
  Return,
  ReturnListItem,
  ReturnOptions,
  ReturnStatus,
  ReturnWaybillBody,
} from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'

// The contract's types only (no zod in the browser, decision 012).
export type { Return, ReturnListItem, ReturnOptions }

/** Returns per page of the member's list. */
export const RETURN_PAGE_SIZE = 20

/**
 * GET /api/v1/member/returns/options/{id_sales_header}: what of the shopper's order can still be
 * returned, until when, and the returns already asked for it (members and phone guests alike).
 * Silent: the order page says in place when it cannot be read.
 */
export async function fetchReturnOptions(
  api: ApiClient,
  idSalesHeader: string,
  options: { signal?: AbortSignal } = {},
): Promise<ReturnOptions> {
  const answer = await api.request<ReturnOptions>(
    `/api/v1/member/returns/options/${encodeURIComponent(idSalesHeader)}`,
    { member: true, silent: true, signal: options.signal },
  )
  return answer.data
}

/**
 * POST /api/v1/member/returns: JSON, or multipart when photos go along (`lines` and
 * `refund_account` as JSON text, the photos as img1 to img3, the review upload's fields). Silent:
 * the form shows the refusal beside the field it concerns.
 */
export async function createReturn(
  api: ApiClient,
  body: CreateReturnBody,
  photos: readonly File[],
): Promise<{ return_number: string; status: ReturnStatus }> {
  let payload: CreateReturnBody | FormData = body
  if (photos.length > 0) {
    const form = new FormData()
    form.set('id_sales_header', body.id_sales_header)
    form.set('resolution', body.resolution)
    form.set('lines', JSON.stringify(body.lines))
    if (body.refund_account) form.set('refund_account', JSON.stringify(body.refund_account))
    if (body.note) form.set('note', body.note)
    photos.forEach((file, index) => form.set(`img${index + 1}`, file, file.name))
    payload = form
  }
  const answer = await api.request<{ return_number: string; status: ReturnStatus }>(
    '/api/v1/member/returns',
    { method: 'POST', member: true, silent: true, body: payload },
  )
  return answer.data
}

/** GET /api/v1/member/returns: the shopper's returns, newest first, paged. */
export async function fetchReturns(
  api: ApiClient,
  page: number,
  options: { signal?: AbortSignal } = {},
): Promise<{ returns: ReturnListItem[]; totalPages: number }> {
  const answer = await api.paged<ReturnListItem[]>('/api/v1/member/returns', {
    member: true,
    query: { page, per_page: RETURN_PAGE_SIZE },
    signal: options.signal,
  })
  return { returns: answer.data, totalPages: answer.total_pages }
}

/** GET /api/v1/member/returns/{return_number}: one of the shopper's returns (404 RET001 for anyone else's). */
export async function fetchReturn(
  api: ApiClient,
  returnNumber: string,
  options: { signal?: AbortSignal } = {},
): Promise<Return> {
  const answer = await api.request<Return>(`/api/v1/member/returns/${encodeURIComponent(returnNumber)}`, {
    member: true,
    silent: true,
    signal: options.signal,
  })
  return answer.data
}

/** POST …/{return_number}/cancel: while REQUESTED (409 RET009 after); answers the return. */
export async function cancelReturn(api: ApiClient, returnNumber: string): Promise<Return> {
  const answer = await api.request<Return>(
    `/api/v1/member/returns/${encodeURIComponent(returnNumber)}/cancel`,
    { method: 'POST', member: true, silent: true, body: {} },
  )
  return answer.data
}

/** POST …/{return_number}/waybill: the parcel sent back (APPROVED only); answers the return. */
export async function sendReturnWaybill(
  api: ApiClient,
  returnNumber: string,
  body: ReturnWaybillBody,
): Promise<Return> {
  const answer = await api.request<Return>(
    `/api/v1/member/returns/${encodeURIComponent(returnNumber)}/waybill`,
    { method: 'POST', member: true, silent: true, body },
  )
  return answer.data
}

/**
 * GET …/{return_number}/tracking: the exchange's parcel as the courier reports it, newest first
 * (404 TRK002 before it ships; 503 TRK001 when the courier cannot be asked). Silent: the page says
 * in place when it cannot be read.
 */
export async function fetchExchangeTracking(api: ApiClient, returnNumber: string): Promise<TrackingEntry[]> {
  const answer = await api.request<TrackingEntry[]>(
    `/api/v1/member/returns/${encodeURIComponent(returnNumber)}/tracking`,
    { member: true, silent: true },
  )
  return answer.data
}
