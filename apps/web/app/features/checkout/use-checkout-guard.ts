import { useEffect, type RefObject } from 'react'
import type { CartLine } from '@busana/contract'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { useTrackedNavigate } from '~/lib/tracked-link.tsx'
import type { CheckoutKind } from './use-checkout.ts'

/**
 * Who may be here (docs/product/shopping.md §4): a visitor gets the sign-in dialog (and the bag), a member
 * /checkout, a guest /checkout-as-guest; no ticked lines → /cart. Once an order is placed
 * (`placed`) the bag changes under the page: no redirect then.
 */
export function useCheckoutGuard(kind: CheckoutKind, lines: CartLine[] | null, placed: RefObject<boolean>) {
  const navigate = useTrackedNavigate()
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token ?? null)
  const asGuest = useSessionStore((s) => s.asGuest)
  const openAuth = useOverlayStore((s) => s.openAuth)
  useEffect(() => {
    if (!ready || placed.current) return
    if (!token) {
      void navigate('/cart', { replace: true })
      openAuth('login')
    } else if (asGuest !== (kind === 'guest')) {
      void navigate(asGuest ? '/checkout-as-guest' : '/checkout', { replace: true })
    } else if (lines !== null && lines.length === 0) {
      void navigate('/cart', { replace: true })
    }
  }, [ready, token, asGuest, kind, lines, navigate, openAuth, placed])
  return ready
}
