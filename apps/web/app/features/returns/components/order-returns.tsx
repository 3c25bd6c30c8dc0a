import { useEffect, useState } from 'react'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { fetchReturnOptions, type ReturnOptions } from '../returns.api.ts'
import { notReturnableNote, returnDay } from '../returns.rules.ts'
import { ReturnRowOutcome, ReturnRowTitle } from './return-row.tsx'

/**
 * The order page's returns block (issue 40; members and phone guests alike): 'Return or exchange'
 * while something can be returned, until when, and the order's returns with their state. When
 * nothing can be returned it says why only where that helps (the window closed, all returned).
 * Before delivery, and when the options cannot be read, it shows nothing.
 */
export function OrderReturns({ idSalesHeader }: { idSalesHeader: string }) {
  const t = useNamespaceT('returns')
  const { i18n } = useTranslation('returns')
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token)
  const [options, setOptions] = useState<ReturnOptions | null>(null)

  useEffect(() => {
    if (!token) return
    const controller = new AbortController()
    fetchReturnOptions(api, idSalesHeader, { signal: controller.signal }).then(setOptions, () => undefined)
    return () => controller.abort()
  }, [api, idSalesHeader, token, i18n.language])

  if (!options) return null
  // The member area renders in the browser only (its session lives there), so now is the shopper's.
  const note = notReturnableNote(options, Date.now())
  if (!options.returnable && !note && options.returns.length === 0) return null
  return (
    <section
      aria-labelledby="order-returns-title"
      className="grid gap-3 border-t border-neutral-200 pt-4 text-sm"
      data-testid="order-returns"
    >
      <h2 id="order-returns-title" className="text-xs font-semibold uppercase tracking-[0.2em]">
        {t('order.title', 'Returns and exchanges')}
      </h2>
      {options.returnable ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <TrackedLink
            to={`/member/order/${encodeURIComponent(idSalesHeader)}/return`}
            className="btn-outline px-4 py-2 text-xs"
          >
            {t('order.start', 'Return or exchange')}
          </TrackedLink>
          {options.returnable_until && (
            <p className="text-neutral-600">
              {t('order.until', 'Within {{days}} days of delivery: until {{date}}', {
                days: options.window_days,
                date: returnDay(options.returnable_until, i18n.language),
              })}
            </p>
          )}
        </div>
      ) : (
        note && (
          <p className="text-neutral-600" data-testid="order-returns-closed">
            {'closedOn' in note
              ? t('order.closedOn', 'Returns closed on {{date}}', {
                  date: returnDay(note.closedOn, i18n.language),
                })
              : note.text}
          </p>
        )
      )}
      {options.returns.length > 0 && (
        <ul className="grid gap-2" aria-label={t('order.list', 'Returns of this order')}>
          {options.returns.map((item) => (
            <li
              key={item.return_number}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 border border-neutral-200 px-3 py-2"
              data-testid="order-return"
            >
              <ReturnRowTitle item={item} />
              <span className="text-neutral-600">
                <ReturnRowOutcome item={item} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
