import { useEffect, useRef, useState } from 'react'
import type { Product, Variant } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { signInThen } from '~/lib/after-sign-in'
import { useOverlayStore } from '~/lib/overlay-store'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { backInStockAlert, useAlertsStore } from '~/shared/alerts/alerts-store'
import { BellIcon } from '~/shared/alerts/bell-icon'
import type { MemberSession } from './purchase-panel'

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  )
}

/**
 * "Tell me when it's back" for a chosen sold-out size (issue 42), in place of Add to bag on the product
 * page and the quick view. A member's press asks the server (BACK_IN_STOCK with the size's sku) and
 * shows its message; a visitor's opens the sign-in dialog and is finished once they have signed in
 * (`signInThen`, as the heart and Add to bag are). A size with a waiting alert (the member's alerts,
 * loaded by the panel) shows as on, with "Turn off". Focus follows the press to the control that
 * replaces the pressed one.
 */
export function BackInStock({
  product,
  size,
  session,
  api,
  onSignIn,
  describedBy,
}: {
  product: Pick<Product, 'product_code'>
  size: Pick<Variant, 'sku_product' | 'ukuran'>
  session: MemberSession
  api: ApiClient
  onSignIn?: () => void
  /** The hint under the panel ("This size is sold out."). */
  describedBy?: string
}) {
  const t = useNamespaceT('product')
  const alert = useAlertsStore((s) => backInStockAlert(s.alerts, size.sku_product))
  const add = useAlertsStore((s) => s.add)
  const remove = useAlertsStore((s) => s.remove)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [busy, setBusy] = useState(false)
  const askButton = useRef<HTMLButtonElement>(null)
  const offButton = useRef<HTMLButtonElement>(null)
  // Set by a press: the button it pressed goes away once the server answers, so focus moves on.
  const focusNext = useRef<'on' | 'off' | null>(null)
  const on = alert !== null

  // Once the press has settled: a button disabled while busy cannot take focus.
  useEffect(() => {
    if (busy || !focusNext.current) return
    if (focusNext.current === 'on' && on) offButton.current?.focus()
    if (focusNext.current === 'off' && !on) askButton.current?.focus()
    focusNext.current = null
  }, [on, busy])

  function press() {
    if (!session) {
      onSignIn?.()
      // Once signed in, the size this visitor pressed for is asked for (as the heart is, issue 26 item 12).
      signInThen((token) => ask(token))
      return
    }
    void ask(session.token)
  }

  async function ask(token: string) {
    setBusy(true)
    focusNext.current = 'on'
    const message = await add(api, token, {
      kind: 'BACK_IN_STOCK',
      product_code: product.product_code,
      sku_product: size.sku_product,
    })
    // A failure was shown by the API client (ALR002: the size is in stock again).
    if (message) showMessage(message, 'success')
    setBusy(false)
  }

  async function turnOff() {
    if (!session || !alert) return
    setBusy(true)
    focusNext.current = 'off'
    const message = await remove(api, session.token, alert.id)
    if (message) showMessage(message, 'success')
    setBusy(false)
  }

  if (on) {
    return (
      <div
        data-testid="back-in-stock-on"
        className="flex min-h-12 flex-1 items-center justify-between gap-3 border border-ink px-4 py-2"
      >
        <p className="flex items-center gap-2 text-sm leading-snug text-ink">
          <CheckIcon />
          {t('alert.on', "We'll tell you when it's back")}
        </p>
        <button
          ref={offButton}
          type="button"
          onClick={() => void turnOff()}
          disabled={busy}
          aria-label={t('alert.turnOffSize', 'Turn off the alert for size {{size}}', { size: size.ukuran })}
          className="shrink-0 text-xs text-neutral-600 underline underline-offset-4 hover:text-ink disabled:cursor-wait"
        >
          {t('alert.turnOff', 'Turn off')}
        </button>
      </div>
    )
  }

  return (
    <button
      ref={askButton}
      type="button"
      onClick={press}
      disabled={busy}
      aria-describedby={describedBy}
      className="flex min-h-12 flex-1 items-center justify-center gap-2 bg-ink px-4 py-2 text-xs font-semibold tracking-[0.14em] text-white uppercase transition-colors hover:bg-neutral-700 disabled:cursor-wait disabled:bg-neutral-500"
    >
      <BellIcon />
      {t('alert.ask', "Tell me when it's back")}
    </button>
  )
}
