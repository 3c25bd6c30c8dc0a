import { act, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { StaffMe } from '@busana/contract/schemas'
import { fakeStaffApi, refusal, renderWithProviders } from '../test/render.tsx'
import { setCsrfToken, staffApi } from './api.ts'
import { ME_KEY, useMe, useSignedIn, useSignOut } from './session.ts'

const me = {
  id: 1,
  email: 'owner@busana.test',
  role: 'owner',
  csrf_token: 'csrf-from-me',
} as unknown as StaffMe

describe('session', () => {
  it('learns who is signed in and keeps their CSRF token for the next change', async () => {
    setCsrfToken(null)
    const calls = fakeStaffApi((call) => (call.url === '/auth/me' ? me : null))
    const { result } = renderWithProviders(() => useMe())
    await waitFor(() => expect(result.current.data).toEqual(me))
    await staffApi('POST', '/vouchers', { body: {} })
    expect(calls.at(-1)!.headers['x-csrf-token']).toBe('csrf-from-me')
  })

  it('is nobody (null, not an error) when /auth/me answers 401', async () => {
    fakeStaffApi(() => refusal(401, 'STF002', 'Sign in first'))
    const { result } = renderWithProviders(() => useMe())
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toBeNull()
  })

  it('shows any other failure of /auth/me as an error', async () => {
    fakeStaffApi(() => refusal(500, 'SRV001', 'Down'))
    const { result } = renderWithProviders(() => useMe())
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toMatchObject({ status: 500 })
  })

  it('after sign-in keeps the new token and asks again who is signed in', async () => {
    setCsrfToken(null)
    const calls = fakeStaffApi((call) => (call.url === '/auth/me' ? me : null))
    const { result, queryClient } = renderWithProviders(() => ({ me: useMe(), signedIn: useSignedIn() }))
    await waitFor(() => expect(result.current.me.data).toEqual(me))
    const spy = vi.spyOn(queryClient, 'invalidateQueries')
    await act(() => result.current.signedIn('csrf-from-login'))
    expect(spy).toHaveBeenCalledWith({ queryKey: ME_KEY })
    expect(calls.filter((call) => call.url === '/auth/me')).toHaveLength(2)
  })

  it('signing out forgets the token, the account and every cached list', async () => {
    const calls = fakeStaffApi((call) => (call.url === '/auth/me' ? me : null))
    const { result, queryClient } = renderWithProviders(() => ({ me: useMe(), signOut: useSignOut() }))
    await waitFor(() => expect(result.current.me.data).toEqual(me))
    queryClient.setQueryData(['orders'], ['an order'])
    await act(() => result.current.signOut())
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/auth/logout' })
    expect(calls.at(-1)!.headers['x-csrf-token']).toBe('csrf-from-me')
    expect(queryClient.getQueryData(ME_KEY)).toBeNull()
    expect(queryClient.getQueryData(['orders'])).toBeUndefined()
    await staffApi('POST', '/vouchers', { body: {} })
    expect(calls.at(-1)!.headers).not.toHaveProperty('x-csrf-token')
  })

  it('signing out everywhere calls logout-all and stops if the server refuses', async () => {
    const calls = fakeStaffApi((call) =>
      call.url === '/auth/me' ? me : refusal(403, 'STF003', 'Not allowed'),
    )
    const { result, queryClient } = renderWithProviders(() => ({ me: useMe(), signOut: useSignOut() }))
    await waitFor(() => expect(result.current.me.data).toEqual(me))
    await act(() =>
      expect(result.current.signOut({ everywhere: true })).rejects.toMatchObject({ code: 'STF003' }),
    )
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/auth/logout-all' })
    expect(queryClient.getQueryData(ME_KEY)).toEqual(me)
  })
})
