import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient } from './api-client.ts'
import { pendingRetryCount, reactToUnauthorized } from './error-reactions.ts'
import { useOverlayStore } from './overlay-store.ts'
import { registerSessionReset, useSessionStore } from './session-store.ts'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'

/** The member's profile as GET member/profile answers it. */
const profile = {
  id_pelanggan: 1,
  token: 'new',
  nama: 'Ayu',
  email: 'ayu@example.com',
  hp: '081234567890',
  tanggal_lahir: null,
  gender: null,
  jenis_pekerjaan: ['-' as const],
  instagram: '-',
  is_campaign: false,
  need_email: false,
  is_guest: false,
  marketing_messages: true,
}

function client(fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  return createApiClient({
    fetch,
    brandId: 9,
    onError: () => {},
    getToken: () => useSessionStore.getState().user?.token,
    onUnauthorized: reactToUnauthorized,
  })
}

beforeEach(() => {
  useSessionStore.setState({ user: { token: 'old', id_pelanggan: 1 }, asGuest: false, phoneAsGuest: null })
  useOverlayStore.getState().closeAuth()
})
afterEach(() => useOverlayStore.getState().closeAuth())

describe('401 reactions (docs/product/account.md §4 and 8)', () => {
  it('CLE015 keeps the session and opens nothing', async () => {
    const api = client(async () => apiError(401, 'CLE015', 'Wrong'))
    await expect(api.request('/api/v1/member/login', { method: 'POST' })).rejects.toMatchObject({
      code: 'CLE015',
    })
    expect(useSessionStore.getState().user?.token).toBe('old')
    expect(useOverlayStore.getState().auth.open).toBe(false)
  })

  it('any other 401 logs out (running every reset), opens Login and retries the GET with the new token', async () => {
    const reset = vi.fn()
    const unregister = registerSessionReset('test-data', reset)
    const urls: string[] = []
    const api = client(async (url) => {
      urls.push(url)
      return url.includes('token=old')
        ? apiError(401, 'CLE001', 'Please log in again')
        : apiAnswer('GET /api/v1/member/profile', profile, 'ok')
    })
    const answer = api.request('/api/v1/member/profile', { member: true })
    await vi.waitFor(() => expect(pendingRetryCount()).toBe(1))
    expect(useSessionStore.getState().user).toBeNull()
    expect(reset).toHaveBeenCalledOnce()
    expect(useOverlayStore.getState().auth).toMatchObject({ open: true, section: 'login' })

    useSessionStore.getState().setUser({ token: 'new', id_pelanggan: 1 })
    await expect(answer).resolves.toMatchObject({ data: { nama: 'Ayu' } })
    expect(urls).toEqual(['/api/v1/member/profile?token=old', '/api/v1/member/profile?token=new'])
    unregister()
  })

  it("a 401 for a token that is no longer the session's (signed out meanwhile) changes nothing and shows nothing", async () => {
    const onError = vi.fn()
    let answer!: (response: Response) => void
    const api = createApiClient({
      fetch: () => new Promise<Response>((resolve) => (answer = resolve)),
      brandId: 9,
      onError,
      getToken: () => useSessionStore.getState().user?.token,
      onUnauthorized: reactToUnauthorized,
    })
    const call = api.request('/api/v1/cart', { member: true })
    // The shopper signs out while the call is under way; the server then answers the revoked token.
    useSessionStore.getState().logout()
    answer(apiError(401, 'CLE001', 'Please log in again'))
    await expect(call).rejects.toMatchObject({ status: 401, code: 'CLE001' })
    expect(useOverlayStore.getState().auth.open).toBe(false)
    expect(onError).not.toHaveBeenCalled()
    expect(pendingRetryCount()).toBe(0)
  })

  it('a waiting GET fails with its 401 when the dialog closes without a login; a POST is not retried', async () => {
    const api = client(async () => apiError(401, 'CLE001', 'Again'))
    const get = api.request('/api/v1/member/alamat', { member: true })
    await vi.waitFor(() => expect(pendingRetryCount()).toBe(1))
    useOverlayStore.getState().closeAuth()
    await expect(get).rejects.toBeInstanceOf(ApiError)
    useSessionStore.getState().setUser({ token: 'old', id_pelanggan: 1 })
    await expect(
      api.request('/api/v1/member/alamat', { method: 'POST', member: true }),
    ).rejects.toMatchObject({
      status: 401,
    })
    expect(pendingRetryCount()).toBe(0)
  })
})
