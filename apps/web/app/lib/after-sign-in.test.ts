import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hasPendingSignInAction, signInThen } from './after-sign-in.ts'
import { useOverlayStore } from './overlay-store.ts'
import { useSessionStore } from './session-store.ts'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
  useOverlayStore.getState().closeAuth()
})
afterEach(() => {
  useOverlayStore.getState().closeAuth()
  useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
})

describe('signInThen: the press that opened the sign-in dialog', () => {
  it('issue 26 item 12: is finished with the new token once the dialog closes signed in', async () => {
    const add = vi.fn()
    signInThen(add, 'checkout')
    expect(useOverlayStore.getState().auth).toMatchObject({
      open: true,
      section: 'login',
      purpose: 'checkout',
    })
    // The dialog moves between its sections (Register, the code step) without running it.
    useOverlayStore.getState().openAuth('otp')
    await settle()
    expect(add).not.toHaveBeenCalled()
    // The login section signs in, then closes the dialog.
    useSessionStore.getState().setUser({ token: 'new-token', id_pelanggan: 7 })
    useOverlayStore.getState().closeAuth()
    await settle()
    expect(add).toHaveBeenCalledExactlyOnceWith('new-token')
    expect(hasPendingSignInAction()).toBe(false)
    // Closed once: a later sign-in does not run it again.
    useOverlayStore.getState().openAuth('login')
    useOverlayStore.getState().closeAuth()
    await settle()
    expect(add).toHaveBeenCalledTimes(1)
  })

  it('is dropped when the dialog closes without a sign-in', async () => {
    const add = vi.fn()
    signInThen(add)
    useOverlayStore.getState().closeAuth()
    await settle()
    useSessionStore.getState().setUser({ token: 'later', id_pelanggan: 7 })
    useOverlayStore.getState().openAuth('login')
    useOverlayStore.getState().closeAuth()
    await settle()
    expect(add).not.toHaveBeenCalled()
  })

  it('keeps only the newest press, and a failing action escapes nowhere', async () => {
    const first = vi.fn()
    const second = vi.fn(async () => {
      throw new Error('refused')
    })
    signInThen(first)
    signInThen(second)
    useSessionStore.getState().setUser({ token: 't', id_pelanggan: 1 })
    useOverlayStore.getState().closeAuth()
    await settle()
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledWith('t')
  })
})
