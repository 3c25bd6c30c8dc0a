import { useState } from 'react'
import type { ApiClient } from '~/lib/api-client'
import { signInThen } from '~/lib/after-sign-in'
import { useOverlayStore } from '~/lib/overlay-store'
import { useSay } from '~/lib/i18n-react'
import { WISHLIST_MESSAGES } from '@busana/contract'
import { setWishlisted } from './wishlist.api'

/** The heart outline (filled when wished). */
export function HeartIcon({ filled, className = 'h-5 w-5' }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.6 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.5 0 5.7 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
    </svg>
  )
}

/**
 * The one wishlist toggle (docs/product/shopping.md §4), beside Add to bag on the product page, the bundle
 * panel and the quick view: a visitor gets the sign-in dialog, and the product is added once they have signed
 * in; a member's flag flips only after the server
 * confirms, with the fixed texts 'Added to My Wishlist' and 'Remove from My Wishlist' (Indonesian on
 * Indonesian pages). A new `wished`
 * from the parent (the member's real flag) wins over the local state. The caller gives the button's
 * labels in its own namespace, so this shared part needs none.
 */
export function WishlistToggle({
  code,
  wished: given,
  session,
  api,
  labels,
  onSignIn,
}: {
  code: string
  wished: boolean
  session: { token: string } | null
  api: ApiClient
  /** The button's accessible names, translated by the caller. */
  labels: { add: string; remove: string }
  onSignIn?: () => void
}) {
  const showMessage = useOverlayStore((s) => s.showMessage)
  const say = useSay()
  const source = `${code}:${given}`
  const [local, setLocal] = useState<{ source: string; on: boolean }>({ source, on: given })
  const wished = local.source === source ? local.on : given
  const [busy, setBusy] = useState(false)

  async function toggle() {
    if (!session) {
      onSignIn?.()
      // Once signed in, the heart this visitor pressed is added (issue 26 item 12).
      signInThen((token) => change(token, true))
      return
    }
    await change(session.token, !wished)
  }

  /** Sets the flag on the server, then here, with the fixed confirmation; failures are the API client's. */
  async function change(token: string, on: boolean) {
    setBusy(true)
    try {
      await setWishlisted(api, token, code, on)
      setLocal({ source, on })
      showMessage(say(on ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.removed), 'success')
    } catch {
      // The API client already shows the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy}
      aria-pressed={wished}
      aria-label={wished ? labels.remove : labels.add}
      className="grid h-12 w-12 shrink-0 place-items-center border border-neutral-300 text-ink transition-colors hover:border-ink disabled:cursor-wait"
    >
      <HeartIcon filled={wished} />
    </button>
  )
}
