import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { Outlet, createRoutesStub, useLocation } from 'react-router'
import { useOverlayStore } from './overlay-store.ts'
import { useSessionStore } from './session-store.ts'
import { memberReturnPath, readSignInAsk, useVisitorGuard } from './sign-in-return.ts'

describe('memberReturnPath (issue 28: no open redirect)', () => {
  it('keeps same-site paths under /member/', () => {
    expect(memberReturnPath('/member/order/0b6c0a52-9a3e-4c1e-9d5f-2f1d2b3c4d5e')).toBe(
      '/member/order/0b6c0a52-9a3e-4c1e-9d5f-2f1d2b3c4d5e',
    )
    expect(memberReturnPath('/member/order/7/success?from=wa')).toBe('/member/order/7/success?from=wa')
    expect(memberReturnPath('/member/address')).toBe('/member/address')
  })

  it('refuses anything else: other paths, other hosts, backslashes, dots, control characters', () => {
    for (const value of [
      '/',
      '/member',
      '/membership',
      '/cart',
      'member/order/1',
      'https://evil.example/member/order/1',
      '//evil.example/member/order/1',
      '/member//evil.example',
      '/member/order//1',
      '/member/\\evil.example',
      '/\\evil.example/member/',
      '/member/../cart',
      '/member/%2e%2e/cart',
      '/member/%2E%2E/%2e%2e/evil',
      '/member/order/1\n',
      '/member/order/\u0000',
      `/member/${'a'.repeat(400)}`,
      null,
      undefined,
      42,
      { pathname: '/member/order/1' },
    ]) {
      expect(memberReturnPath(value), String(value)).toBeNull()
    }
  })

  it('reads the ask from a history state, checking its path again', () => {
    expect(readSignInAsk({ askSignIn: { returnTo: '/member/order/1' } })).toEqual({
      returnTo: '/member/order/1',
    })
    expect(readSignInAsk({ askSignIn: { returnTo: '//evil.example' } })).toEqual({ returnTo: null })
    expect(readSignInAsk({ askSignIn: {} })).toEqual({ returnTo: null })
    expect(readSignInAsk(null)).toBeNull()
    expect(readSignInAsk({ other: 1 })).toBeNull()
  })
})

function Where() {
  const location = useLocation()
  return (
    <p data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </p>
  )
}

function Shell() {
  useVisitorGuard()
  return (
    <>
      <Where />
      <Outlet />
    </>
  )
}

function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: Shell,
      children: [
        { index: true, Component: () => <h1>Home</h1> },
        { path: 'member/order/:id', Component: () => <h1>Order page</h1> },
        { path: 'member', Component: () => <h1>Member menu</h1> },
        { path: 'tracking', Component: () => <h1>Tracking</h1> },
      ],
    },
  ])
  return render(<Stub initialEntries={[path]} />)
}

const where = () => screen.getByTestId('where').textContent
const auth = () => useOverlayStore.getState().auth
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

beforeEach(async () => {
  localStorage.clear()
  useOverlayStore.getState().closeAuth()
  await useSessionStore.persist.rehydrate()
  useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
})
afterEach(() => {
  act(() => useOverlayStore.getState().closeAuth())
  useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
})

describe('useVisitorGuard (docs/product/account.md §2; issue 28)', () => {
  it("sends a visitor on an order link to '/', opens Login there, and after the sign-in opens the order", async () => {
    renderAt('/member/order/abc-123')
    await screen.findByRole('heading', { name: 'Home' })
    // The page asked for rides in the history state, not in the URL.
    expect(where()).toBe('/')
    expect(screen.getByTestId('where').dataset.state).toBe(
      JSON.stringify({ askSignIn: { returnTo: '/member/order/abc-123' } }),
    )
    expect(auth()).toMatchObject({ open: true, section: 'login', purpose: 'order' })

    // The Login section signs in, then closes the dialog (a phone guest's code does the same).
    act(() => {
      useSessionStore.getState().setUser({ token: 'new-token', id_pelanggan: 7 })
      useOverlayStore.getState().closeAuth()
    })
    await screen.findByRole('heading', { name: 'Order page' })
    expect(where()).toBe('/member/order/abc-123')
    expect(screen.getByTestId('where').dataset.state).toBe('null')
  })

  it("closing the dialog without a sign-in leaves the visitor on '/', and a later sign-in goes nowhere", async () => {
    renderAt('/member/order/abc-123')
    await screen.findByRole('heading', { name: 'Home' })
    expect(auth().open).toBe(true)
    act(() => useOverlayStore.getState().closeAuth())
    await settle()
    expect(where()).toBe('/')
    expect(screen.getByTestId('where').dataset.state).toBe('null')
    expect(auth().open).toBe(false)

    act(() => useSessionStore.getState().setUser({ token: 'later', id_pelanggan: 7 }))
    await settle()
    expect(where()).toBe('/')
  })

  it("/member itself asks for the sign-in too, and stays on '/' after it (only paths under /member/ return)", async () => {
    renderAt('/member')
    await screen.findByRole('heading', { name: 'Home' })
    expect(auth()).toMatchObject({ open: true, purpose: 'member' })
    act(() => {
      useSessionStore.getState().setUser({ token: 't', id_pelanggan: 7 })
      useOverlayStore.getState().closeAuth()
    })
    await settle()
    expect(where()).toBe('/')
  })

  it('a logout on a member page only goes home, without the dialog', async () => {
    useSessionStore.setState({ user: { token: 'old', id_pelanggan: 7 } })
    renderAt('/member/order/abc-123')
    await screen.findByRole('heading', { name: 'Order page' })
    act(() => useSessionStore.getState().logout())
    await screen.findByRole('heading', { name: 'Home' })
    expect(auth().open).toBe(false)
    expect(screen.getByTestId('where').dataset.state).toBe('null')
  })

  it('a session a 401 ended (the dialog opened by its reaction) returns to the page after signing in again', async () => {
    useSessionStore.setState({ user: { token: 'stale', id_pelanggan: 7 } })
    renderAt('/member/order/abc-123')
    await screen.findByRole('heading', { name: 'Order page' })
    act(() => {
      useSessionStore.getState().logout()
      useOverlayStore.getState().openAuth('login')
    })
    await screen.findByRole('heading', { name: 'Home' })
    expect(auth()).toMatchObject({ open: true, purpose: 'order' })
    act(() => {
      useSessionStore.getState().setUser({ token: 'fresh', id_pelanggan: 7 })
      useOverlayStore.getState().closeAuth()
    })
    await screen.findByRole('heading', { name: 'Order page' })
  })

  it('leaves other pages and signed-in shoppers alone', async () => {
    renderAt('/tracking')
    await settle()
    expect(where()).toBe('/tracking')
    expect(auth().open).toBe(false)
  })
})
