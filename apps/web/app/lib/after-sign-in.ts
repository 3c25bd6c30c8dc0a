import { useOverlayStore } from './overlay-store.ts'
import { useSessionStore } from './session-store.ts'

/**
 * What a visitor's press was going to do (Add to bag, the wishlist heart, a bundle's add), run with
 * the new token once the sign-in dialog it opened closes signed in (issue 26 item 12), as
 * error-reactions.ts retries a failed GET after the login. Closed without signing in: dropped.
 */
export type AfterSignIn = (token: string) => unknown

/** The one waiting action: the dialog opens for one press at a time, a newer press replaces it. */
let pending: AfterSignIn | null = null
let watching = false

function watchTheDialog() {
  if (watching) return
  watching = true
  useOverlayStore.subscribe((state, previous) => {
    if (state.auth.open || !previous.auth.open || !pending) return
    const action = pending
    pending = null
    // The sections sign in (setUser) before they close the dialog; a microtask lets a close that
    // comes first settle the same way.
    queueMicrotask(() => {
      const token = useSessionStore.getState().user?.token
      if (!token) return
      // The action reports its own failures (the API client's popup); nothing escapes from here.
      void Promise.resolve()
        .then(() => action(token))
        .catch(() => undefined)
    })
  })
}

/**
 * Opens the sign-in dialog (docs/product/shopping.md §4: with the 'checkout' purpose for Add to bag) and
 * finishes `action` with the new session's token once the dialog closes signed in: by e-mail, by a
 * verified registration or as a phone guest.
 */
export function signInThen(action: AfterSignIn, purpose: 'default' | 'checkout' = 'default'): void {
  watchTheDialog()
  pending = action
  useOverlayStore.getState().openAuth('login', purpose)
}

/** True while an action waits for the sign-in (tests). */
export const hasPendingSignInAction = () => pending !== null
