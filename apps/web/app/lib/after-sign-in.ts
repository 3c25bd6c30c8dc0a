import { useOverlayStore } from './overlay-store.ts'
import { useSessionStore } from './session-store.ts'

/**
 * Waiting for the shopper to sign in: the one mechanism behind a failed GET retried after the
 * login (error-reactions.ts) and a visitor's press finished once the sign-in dialog it opened has
 * signed them in (signInThen, issue 26 item 12).
 */
interface Waiter {
  resolve(token: string): void
  reject(): void
}

let waiters: Waiter[] = []
let watching = false

function watchTheSignIn() {
  if (watching) return
  watching = true
  // A new token: every waiter goes on with it.
  useSessionStore.subscribe((state, previous) => {
    const token = state.user?.token
    if (!token || token === previous.user?.token || waiters.length === 0) return
    const settled = waiters
    waiters = []
    for (const waiter of settled) waiter.resolve(token)
  })
  // The dialog closed without a sign-in: every waiter is let go. The sections sign in (setUser)
  // before they close the dialog; a microtask lets a close that comes first settle the same way.
  useOverlayStore.subscribe((state, previous) => {
    if (state.auth.open || !previous.auth.open || waiters.length === 0) return
    queueMicrotask(() => {
      if (useSessionStore.getState().user?.token) return
      const settled = waiters
      waiters = []
      for (const waiter of settled) waiter.reject()
    })
  })
}

/**
 * The token of the shopper's next sign-in; rejected (with nothing) when the sign-in dialog closes
 * before one. Open the dialog after asking.
 */
export function nextSignIn(): Promise<string> {
  watchTheSignIn()
  return new Promise((resolve, reject) => waiters.push({ resolve, reject: () => reject(undefined) }))
}

/**
 * What a visitor's press was going to do (Add to bag, the wishlist heart, a bundle's add), run with
 * the new token once the sign-in dialog it opened has signed them in. Closed without: dropped.
 */
export type AfterSignIn = (token: string) => unknown

/** The one waiting press: the dialog opens for one press at a time, a newer press replaces it. */
let pending: AfterSignIn | null = null

/**
 * Opens the sign-in dialog (docs/product/shopping.md §4: with the 'checkout' purpose for Add to bag) and
 * finishes `action` with the new session's token once the shopper signs in: by e-mail, by a
 * verified registration or as a phone guest.
 */
export function signInThen(action: AfterSignIn, purpose: 'default' | 'checkout' = 'default'): void {
  pending = action
  const finish = (token: string | null) => {
    if (pending !== action) return
    pending = null
    // The action reports its own failures (the API client's popup); nothing escapes from here.
    if (token)
      void Promise.resolve(token)
        .then(action)
        .catch(() => undefined)
  }
  nextSignIn().then(finish, () => finish(null))
  useOverlayStore.getState().openAuth('login', purpose)
}

/** True while a press waits for the sign-in (tests). */
export const hasPendingSignInAction = () => pending !== null
