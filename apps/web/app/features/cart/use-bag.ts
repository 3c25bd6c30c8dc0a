import { useCallback, useMemo } from 'react'
import { useApi } from '~/lib/browser-api.ts'
import { useTrackedNavigate } from '~/lib/tracked-link.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { useCartStore } from '~/shared/bag/cart-store.ts'
import {
  allLinesChecked,
  bagQty,
  checkedQty,
  checkedTotal,
  checkoutPath,
  isLineChecked,
} from '~/shared/bag/bag.rules.ts'

/**
 * The bag as the /cart page and the quick drawer use it: lines with their checked flags, the totals
 * of the checked lines, and the actions (tick, select-all, quantity, remove, checkout) wired to the
 * API, the message popup and the auth dialog.
 */
export function useBag() {
  const api = useApi()
  // Tracking parameters ride along on internal navigation (docs/product/shopping.md §2).
  const navigate = useTrackedNavigate()
  const ready = useSessionReady()
  const token = useSessionStore((s) => s.user?.token ?? null)
  const asGuest = useSessionStore((s) => s.asGuest)
  const lines = useCartStore((s) => s.lines)
  const flags = useCartStore((s) => s.checked)
  const loading = useCartStore((s) => s.loading)
  const busyLines = useCartStore((s) => s.busyLines)
  const loaded = useCartStore((s) => s.loaded)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const openAuth = useOverlayStore((s) => s.openAuth)

  const rows = useMemo(
    () =>
      lines.map((line) => ({
        line,
        checked: isLineChecked(flags, line),
        /** A change of this line is under way: its minus waits. */
        busy: (busyLines[String(line.id_line)] ?? 0) > 0,
      })),
    [lines, flags, busyLines],
  )
  const total = checkedTotal(lines, flags)

  const changeQty = useCallback(
    async (idLine: number, qty: number) => {
      if (!token || qty < 1) return
      // The quantity sent was computed from the one shown: while a change of this line is under way
      // a second one would send a stale quantity (two quick taps would count once).
      if (useCartStore.getState().busyLines[String(idLine)]) return
      try {
        const message = await useCartStore.getState().changeQty(api, token, idLine, qty)
        // docs/product/shopping.md §8: cart changes confirm with the server's message.
        if (message) showMessage(message, 'success')
      } catch {
        // The API client already shows the server's message (CRT002 when stock is short).
      }
    },
    [api, token, showMessage],
  )

  const remove = useCallback(
    async (idLine: number) => {
      if (!token) return
      try {
        const message = await useCartStore.getState().remove(api, token, idLine)
        if (message) showMessage(message, 'success')
      } catch {
        // Reported by the API client.
      }
    },
    [api, token, showMessage],
  )

  /**
   * Checkout (docs/product/shopping.md §5; docs/product/account.md §4): does nothing while the checked total
   * is 0; a visitor gets the login dialog (after `beforeSignIn`, e.g. closing the drawer); a phone-verified
   * guest goes to /checkout-as-guest, a member to /checkout.
   */
  const checkout = useCallback(
    (beforeSignIn?: () => void) => {
      if (!token) {
        beforeSignIn?.()
        openAuth('login')
        return
      }
      if (checkedTotal(useCartStore.getState().lines, useCartStore.getState().checked) <= 0) return
      void navigate(checkoutPath(asGuest))
    },
    [token, asGuest, openAuth, navigate],
  )

  return {
    /** The stored session has been read: until then nobody is known to be a visitor. */
    ready,
    signedIn: Boolean(token),
    asGuest,
    rows,
    loading,
    /** The lines of this session have arrived once (a visitor's bag is known to be empty). */
    loaded: loaded || (ready && !token),
    allChecked: allLinesChecked(lines, flags),
    /** Pieces in the bag ('Total N item'). */
    count: bagQty(lines),
    checkedCount: checkedQty(lines, flags),
    total,
    setChecked: (idLine: number, checked: boolean) => useCartStore.getState().setChecked(idLine, checked),
    setAllChecked: (checked: boolean) => useCartStore.getState().setAllChecked(checked),
    changeQty,
    remove,
    checkout,
  }
}

export type Bag = ReturnType<typeof useBag>
