import { useState } from 'react'
import type { ProductCard } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { useOverlayStore } from '~/lib/overlay-store'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { priceDropAlert, useAlertsStore } from '~/shared/alerts/alerts-store'
import { BellIcon } from '~/shared/alerts/bell-icon'

/**
 * "Tell me when the price drops" under a kept product (issue 42): a toggle (aria-pressed) that asks for
 * a PRICE_DROP alert or turns the waiting one off, with the server's message. Its name stays the
 * same whether on or off, the product's name added so that each card's toggle is told apart. Waits
 * for the member's alerts before it can be pressed.
 */
export function PriceDropToggle({
  product,
  token,
  api,
}: {
  product: Pick<ProductCard, 'product_code' | 'product_name'>
  token: string
  api: ApiClient
}) {
  const t = useNamespaceT('wishlist')
  const known = useAlertsStore((s) => s.alerts !== null)
  const alert = useAlertsStore((s) => priceDropAlert(s.alerts, product.product_code))
  const add = useAlertsStore((s) => s.add)
  const remove = useAlertsStore((s) => s.remove)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [busy, setBusy] = useState(false)
  const on = alert !== null

  async function toggle() {
    setBusy(true)
    const message = alert
      ? await remove(api, token, alert.id)
      : await add(api, token, { kind: 'PRICE_DROP', product_code: product.product_code })
    // A failure was shown by the API client (ALR003: too many alerts on).
    if (message) showMessage(message, 'success')
    setBusy(false)
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy || !known}
      aria-pressed={on}
      aria-label={t('priceDrop.askItem', 'Tell me when the price drops: {{name}}', {
        name: product.product_name,
      })}
      className={`mt-2 flex min-h-9 w-full items-center gap-2 border px-2.5 py-1.5 text-left text-xs leading-snug transition-colors disabled:cursor-wait disabled:opacity-60 ${
        on ? 'border-ink text-ink' : 'border-neutral-300 text-neutral-600 hover:border-ink hover:text-ink'
      }`}
    >
      <BellIcon filled={on} className="h-4 w-4 shrink-0" />
      {t('priceDrop.ask', 'Tell me when the price drops')}
    </button>
  )
}
