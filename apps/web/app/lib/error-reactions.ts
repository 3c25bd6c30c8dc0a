import type { ApiError, UnauthorizedContext } from './api-client.ts'
import { nextSignIn } from './after-sign-in.ts'
import { useOverlayStore } from './overlay-store.ts'
import { useSessionStore } from './session-store.ts'

/**
 * The storefront's reactions to error codes, from the product's rules (docs/product/account.md §4 and 8,
 * docs/product/shopping.md §4 (Session)):
 * - a 401 with CLE015 (wrong credentials) changes nothing;
 * - any other 401 logs the user out and opens the login dialog, and a GET that failed that way is
 *   retried with the new token once the shopper has signed in again;
 * - VER001 switches the dialog to the code step (handled by the dialog, which knows the customer id);
 * - DVY001 / SON006 go to /member/address and SON001 opens the unpaid-order popup (checkout's work).
 */

/** Codes whose 401 must NOT log the shopper out. */
export const KEEP_SESSION_CODES: ReadonlySet<string> = new Set(['CLE015'])

/** GETs waiting for the next login (the product's small retry queue). */
let waitingGets = 0

/**
 * The reaction to a 401 other than CLE015: log out (the token is already dead, so no logout call),
 * open the login dialog and, for a GET, hand back a promise that settles with the retried call.
 */
export function reactToUnauthorized(error: ApiError, context: UnauthorizedContext): Promise<unknown> | null {
  if (error.code && KEEP_SESSION_CODES.has(error.code)) return null
  const session = useSessionStore.getState()
  if (session.user) session.logout()
  const overlays = useOverlayStore.getState()
  if (!overlays.auth.open) overlays.openAuth('login')
  if (context.method !== 'GET') return null
  // Retried with the new token once the shopper signs in; the original 401 when the dialog closes
  // without a login.
  waitingGets++
  return nextSignIn().then(
    (token) => {
      waitingGets--
      return context.retry(token)
    },
    () => {
      waitingGets--
      throw error
    },
  )
}

/** Number of GETs waiting for a login (tests). */
export const pendingRetryCount = () => waitingGets
