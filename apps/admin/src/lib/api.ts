import type { Envelope } from '@busana/contract'
import i18n from './i18n.ts'

/** A failed staff call: the catalogue code, the HTTP status and the server's message (in the UI's language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** REQ001: which fields were refused and why. */
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message)
  }
}

let csrfToken: string | null = null
/** The cookie session's CSRF token (from sign-in or /auth/me), sent on every call that changes something. */
export function setCsrfToken(token: string | null) {
  csrfToken = token
}

/** Called when the server no longer knows the session (401 STF002): the app goes back to sign-in. */
let onSignedOut: () => void = () => {}
export function whenSignedOut(callback: () => void) {
  onSignedOut = callback
}

export const STAFF_API = '/api/admin/v1'

type Query = Record<string, string | number | boolean | undefined | null>

function withQuery(path: string, query?: Query) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

/** The raw answer of a staff call (for files: CSV, packing slips); throws ApiError when it failed. */
export async function staffFetch(
  method: string,
  path: string,
  options: { query?: Query; body?: unknown; form?: FormData } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'accept-language': i18n.language === 'en' ? 'en' : 'id' }
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken
  let body: BodyInit | undefined
  if (options.form) body = options.form
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const response = await fetch(STAFF_API + withQuery(path, options.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
  })
  if (response.ok) return response
  const envelope = (await response.json().catch(() => null)) as
    (Envelope<unknown> & { errors?: { field: string; message: string }[] }) | null
  const error = new ApiError(
    response.status,
    envelope?.code,
    envelope?.message ?? response.statusText,
    envelope?.errors ?? [],
  )
  if (response.status === 401 && error.code === 'STF002') onSignedOut()
  throw error
}

/** A staff call answering the envelope: its `data`. */
export async function staffApi<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const response = await staffFetch(method, path, options)
  const envelope = (await response.json()) as Envelope<T>
  return envelope.data
}

/** A paged staff call: its rows and the number of pages. */
export async function staffPage<T>(path: string, query: Query): Promise<{ rows: T[]; totalPages: number }> {
  const response = await staffFetch('GET', path, { query })
  const envelope = (await response.json()) as Envelope<T[]> & { total_pages: number }
  return { rows: envelope.data, totalPages: envelope.total_pages }
}
