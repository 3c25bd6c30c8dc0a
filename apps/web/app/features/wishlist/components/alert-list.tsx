import { useId, useRef, useState } from 'react'
import { formatIdr, productPath } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { useOverlayStore } from '~/lib/overlay-store'
import { TrackedLink } from '~/lib/tracked-link'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import type { Alert } from '~/shared/alerts/alerts.api'
import { useAlertsStore } from '~/shared/alerts/alerts-store'
import { BellIcon } from '~/shared/alerts/bell-icon'

/**
 * "Your alerts" on the wishlist page (issue 42): every waiting alert, back in stock (product and size,
 * asked for on the product page) and price drop (asked for here), newest first, each with Turn off.
 * Shown only while there is one; focus goes to the heading when a row it was in goes away.
 */
export function AlertList({ token, api }: { token: string; api: ApiClient }) {
  const t = useNamespaceT('wishlist')
  const alerts = useAlertsStore((s) => s.alerts)
  const remove = useAlertsStore((s) => s.remove)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [removing, setRemoving] = useState<string | null>(null)
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)

  if (!alerts || alerts.length === 0) return null

  async function turnOff(alert: Alert) {
    setRemoving(alert.id)
    const message = await remove(api, token, alert.id)
    setRemoving(null)
    if (!message) return
    showMessage(message, 'success')
    heading.current?.focus()
  }

  const detail = (alert: Alert) =>
    alert.kind === 'BACK_IN_STOCK'
      ? `${t('alerts.backInStock', 'Back in stock')} · ${t('alerts.size', 'Size {{size}}', { size: alert.ukuran ?? '' })}`
      : alert.price_then !== null
        ? `${t('alerts.priceDrop', 'Price drop')} · ${t('alerts.below', 'Below {{price}}', { price: formatIdr(alert.price_then) })}`
        : t('alerts.priceDrop', 'Price drop')

  const offLabel = (alert: Alert) =>
    alert.kind === 'BACK_IN_STOCK'
      ? t('alerts.turnOffBackInStock', 'Turn off the back-in-stock alert for {{name}}, size {{size}}', {
          name: alert.product_name,
          size: alert.ukuran ?? '',
        })
      : t('alerts.turnOffPriceDrop', 'Turn off the price-drop alert for {{name}}', {
          name: alert.product_name,
        })

  return (
    <section aria-labelledby={headingId} data-testid="alert-list" className="mt-10 lg:max-w-2xl">
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-sm font-semibold tracking-[0.18em] uppercase focus:outline-none"
      >
        {t('alerts.title', 'Your alerts')}
      </h2>
      <p className="mt-1 text-xs text-neutral-500">
        {t('alerts.line', "We'll send you one message when it happens.")}
      </p>
      <ul className="mt-4 divide-y divide-neutral-100 border-y border-neutral-200">
        {alerts.map((alert) => (
          <li key={alert.id} className="flex items-center gap-3 py-3">
            <BellIcon filled className="h-4 w-4 shrink-0 text-ink" />
            <div className="min-w-0 flex-1">
              <TrackedLink
                to={productPath(alert)}
                className="block truncate text-sm text-ink hover:underline hover:underline-offset-4"
              >
                {alert.product_name}
              </TrackedLink>
              <p className="mt-0.5 text-xs text-neutral-500">{detail(alert)}</p>
            </div>
            <button
              type="button"
              onClick={() => void turnOff(alert)}
              disabled={removing === alert.id}
              aria-label={offLabel(alert)}
              className="shrink-0 px-1 py-2 text-xs text-neutral-600 underline underline-offset-4 hover:text-ink disabled:cursor-wait disabled:opacity-60"
            >
              {t('alerts.turnOff', 'Turn off')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
