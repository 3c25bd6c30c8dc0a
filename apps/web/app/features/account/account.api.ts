import type { Profile } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'
import type { ProfileData, ProfileForm } from './account.rules.ts'
import { formToPatch } from './account.rules.ts'

/** GET /api/v1/member/profile (docs/product/account.md §7); the token travels as the query parameter. */
export const fetchProfile = (api: ApiClient) =>
  api.request<Profile>('/api/v1/member/profile', { member: true })

/** PATCH /api/v1/member/profile: nama, tanggal_lahir, gender, jenis_pekerjaan, instagram. */
export const saveProfile = (api: ApiClient, form: ProfileForm) =>
  api.request<ProfileData | null>('/api/v1/member/profile', {
    method: 'PATCH',
    member: true,
    body: formToPatch(form),
  })

/**
 * PATCH /api/v1/member/profile with the alerts' messages switch alone (issue 42): the PATCH requires
 * `nama`, so the saved name goes with it; the fields left out stay as they are.
 */
export const saveMarketingMessages = (api: ApiClient, nama: string, on: boolean) =>
  api.request<ProfileData | null>('/api/v1/member/profile', {
    method: 'PATCH',
    member: true,
    body: { nama, marketing_messages: on },
  })
