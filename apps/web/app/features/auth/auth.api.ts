import type { ApiClient } from '~/lib/api-client.ts'
import type { SessionUser } from '~/lib/session-store.ts'
import type { CampaignVoucher, RegisterBody, SessionUser as SignedInUser } from '@busana/contract'
import type { OtpChannel } from './auth.rules.ts'

/**
 * The account calls of the authentication dialog (docs/product/account.md §7), with the product's paths and
 * field names. Each answers the contract's envelope `{ status, message, code?, data }`.
 */

/** What login and login_otp answer (docs/product/account.md §3, User): the contract's SessionUser. */
export type LoginData = SignedInUser

/** The registration body, typed by the contract the API validates with (docs/product/account.md §3). */
export type { RegisterBody } from '@busana/contract'

/** The login call's own errors (CLE015, VER001) are shown in the dialog, so it is silent. */
export const login = (api: ApiClient, username: string, password: string) =>
  api.request<LoginData>('/api/v1/member/login', {
    method: 'POST',
    basicAuth: { username, password },
    silent: true,
  })

/** Answers VER001 with the customer id (then the code step), or signs in at once. */
export const register = (api: ApiClient, body: RegisterBody) =>
  api.request<Partial<LoginData> | null>('/api/v2/member/register', {
    method: 'POST',
    body,
    silent: true,
  })

export const resendOtp = (api: ApiClient, type: OtpChannel, idPelanggan: number) =>
  api.request('/api/v2/member/resend_otp', {
    method: 'POST',
    body: { type, id_pelanggan: idPelanggan },
  })

export const verifyOtp = (api: ApiClient, idPelanggan: number, otp: string) =>
  api.request<Partial<LoginData> | null>('/api/v2/member/verify_otp', {
    method: 'POST',
    body: { id_pelanggan: idPelanggan, otp },
  })

/** Sends a 6-digit guest code; `expires_in` (seconds) feeds the countdown when the server gives it. */
export const loginOtpSend = (api: ApiClient, type: OtpChannel, phone: string) =>
  api.request<{ expires_in?: number } | null>('/api/v1/member/login_otp_send', {
    method: 'POST',
    body: { type, phone },
  })

export const loginOtp = (api: ApiClient, phone: string, otp: string) =>
  api.request<LoginData>('/api/v1/member/login_otp', { method: 'POST', body: { phone, otp } })

/** Its error shows under the e-mail field (docs/product/account.md §8), so it is silent. */
export const forget = (api: ApiClient, email: string) =>
  api.request('/api/v1/member/forget', { method: 'POST', body: { email }, silent: true })

/** The customer id carried by a VER001 answer (register, or login of an unverified account). */
export function customerIdOf(data: unknown): number | null {
  const id = typeof data === 'object' && data !== null && 'id_pelanggan' in data ? data.id_pelanggan : null
  const n = typeof id === 'string' ? Number(id) : id
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null
}

/** Whether a register or verify answer signed the customer in: it carries the session's token and id. */
export function isSignedIn(data: Partial<LoginData> | null | undefined): data is LoginData {
  return typeof data?.token === 'string' && typeof data.id_pelanggan === 'number'
}

/** The stored user from a login answer (auth-storage: token, id_pelanggan, is_campaign, need_email). */
export function sessionUserOf(data: LoginData): SessionUser {
  return {
    token: data.token,
    id_pelanggan: data.id_pelanggan,
    is_campaign: data.is_campaign ?? false,
    need_email: data.need_email ?? false,
  }
}

/** GET /api/v1/member/campaign: the campaign popup's vouchers checkout accepts now (decision 034). */
export async function fetchCampaignVouchers(api: ApiClient): Promise<CampaignVoucher[]> {
  const answer = await api.request<CampaignVoucher[]>('/api/v1/member/campaign', {
    member: true,
    silent: true,
  })
  return Array.isArray(answer.data) ? answer.data : []
}

/** Records that the member saw the campaign (docs/product/account.md §7: is_campaign true; query token, id_pelanggan). */
export const recordCampaignSeen = (api: ApiClient, idPelanggan: string | number) =>
  api.request('/api/v1/member/is_campaign', {
    method: 'PUT',
    member: true,
    query: { id_pelanggan: idPelanggan },
    body: { is_campaign: true },
    silent: true,
  })

/** POST /api/v1/member/change_password (docs/product/account.md §7). */
export const changePassword = (api: ApiClient, oldPassword: string, newPassword: string, confirm: string) =>
  api.request('/api/v1/member/change_password', {
    method: 'POST',
    member: true,
    body: { old_password: oldPassword, new_password: newPassword, confirm_new_password: confirm },
  })
