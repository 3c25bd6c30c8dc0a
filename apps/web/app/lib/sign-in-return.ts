import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { nextSignIn } from './after-sign-in.ts'
import { useOverlayStore, type AuthPurpose } from './overlay-store.ts'
import { useSessionReady, useSessionStore } from './session-store.ts'

/**
 * The visitor guard of the member area and the sign-in it asks for (docs/product/account.md §2; issue
 * 28): a visitor on a member path is still sent to '/', and the Login dialog opens there. Once they
 * sign in (e-mail and password, a verified registration, or a phone guest's code: each ends with a
 * session) they go on to the member page they asked for, the order page an order update's link
 * opens. Closing the dialog leaves them on '/'. The page asked for travels in the history entry's
 * state, never in the URL, so a shared link stays clean and a reload of '/' asks again.
 */

/** Longest return path kept: member paths are short, anything longer is not one of ours. */
const RETURN_PATH_MAX = 300
/** Where the links resolve for the check below; only its path, query and hash are kept. */
const CHECK_ORIGIN = 'https://shop.invalid'

/**
 * A path the sign-in may return to, or null: same-site and under /member/ only (no open redirect,
 * issue 28), so no '//' (another host), no backslash (browsers read it as '/'), no control
 * character, and still under /member/ once dots and their escapes (`%2e%2e`) are resolved.
 */
export function memberReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > RETURN_PATH_MAX) return null
  if (!value.startsWith('/member/') || value.includes('//') || value.includes('\\')) return null
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (code < 0x20 || code === 0x7f) return null
  }
  let url: URL
  try {
    url = new URL(value, CHECK_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== CHECK_ORIGIN || !url.pathname.startsWith('/member/')) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The history state the guard leaves on '/': a sign-in is asked for, and where it leads (or nowhere). */
export interface SignInAsk {
  askSignIn: { returnTo: string | null }
}

/** The sign-in a history entry's state asks for, its return path checked again; null when none. */
export function readSignInAsk(state: unknown): { returnTo: string | null } | null {
  if (!state || typeof state !== 'object' || !('askSignIn' in state)) return null
  const ask = (state as { askSignIn: unknown }).askSignIn
  if (!ask || typeof ask !== 'object') return null
  return { returnTo: memberReturnPath((ask as { returnTo?: unknown }).returnTo) }
}

/** The Login dialog's line: an order link says it leads to the order, any other member path to the account. */
export const signInPurpose = (returnTo: string | null): AuthPurpose =>
  returnTo?.startsWith('/member/order/') ? 'order' : 'member'

/**
 * Mounted once by the root. A path containing 'member' sends a visitor to '/' once the stored session
 * has been read (docs/product/account.md §2) and asks them to sign in there; a logout on a member page
 * (the session ended here with no dialog open) only goes home, as it always did.
 */
export function useVisitorGuard() {
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token)
  const { pathname, search, hash, key, state } = useLocation()
  const navigate = useNavigate()
  const hadSession = useRef(false)
  const askedAt = useRef<string | null>(null)
  const currentKey = useRef(key)

  useEffect(() => {
    currentKey.current = key
  }, [key])

  useEffect(() => {
    const ended = hadSession.current && !token
    hadSession.current = Boolean(token)
    if (!ready || token || !pathname.includes('member')) return
    // A 401's reaction (docs/product/account.md §4) ends the session with the Login dialog open: that
    // shopper is asked to sign in again like a visitor. A logout ends it with no dialog.
    const ask = !ended || useOverlayStore.getState().auth.open
    const next: SignInAsk | null = ask
      ? { askSignIn: { returnTo: memberReturnPath(`${pathname}${search}${hash}`) } }
      : null
    void navigate('/', { replace: true, state: next })
  }, [ready, token, pathname, search, hash, navigate])

  useEffect(() => {
    if (!ready || token || askedAt.current === key) return
    const ask = readSignInAsk(state)
    if (!ask) return
    askedAt.current = key
    const here = `${pathname}${search}${hash}`
    // Signed in: on to the page asked for; closed without: stay here. Either way the entry's state
    // is dropped, so Back and Forward do not ask again. Nothing happens once the shopper has moved on.
    const goOn = (to: string) => {
      if (currentKey.current === key) void navigate(to, { replace: true, state: null })
    }
    nextSignIn().then(
      () => goOn(ask.returnTo ?? here),
      () => goOn(here),
    )
    useOverlayStore.getState().openAuth('login', signInPurpose(ask.returnTo))
  }, [ready, token, key, state, pathname, search, hash, navigate])
}
