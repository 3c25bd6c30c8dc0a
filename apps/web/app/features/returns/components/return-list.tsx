import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { fetchReturns, type ReturnListItem } from '../returns.api.ts'
import { returnDay } from '../returns.rules.ts'
import { ReturnRowOutcome, ReturnRowTitle } from './return-row.tsx'

type List =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'done'; returns: ReturnListItem[]; page: number; totalPages: number; more: boolean }

/**
 * /member/returns (issue 40): the shopper's returns and exchanges (members and phone guests), newest
 * first, a page at a time ('Load more'); each links to its own page and to its order.
 */
export function ReturnList() {
  const t = useNamespaceT('returns')
  const { i18n } = useTranslation('returns')
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token)
  const [list, setList] = useState<List>({ state: 'loading' })
  const controller = useRef<AbortController | null>(null)

  const load = useCallback(
    async (page: number, before: ReturnListItem[]) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      if (page > 1) setList((l) => (l.state === 'done' ? { ...l, more: true } : l))
      try {
        const answer = await fetchReturns(api, page, { signal: current.signal })
        const seen = new Set(before.map((item) => item.return_number))
        const returns = [...before, ...answer.returns.filter((item) => !seen.has(item.return_number))]
        setList({ state: 'done', returns, page, totalPages: answer.totalPages, more: false })
      } catch {
        if (current.signal.aborted) return
        setList((l) => (l.state === 'done' ? { ...l, more: false } : { state: 'failed' }))
      }
    },
    [api],
  )

  useEffect(() => {
    if (!token) return
    setList({ state: 'loading' })
    void load(1, [])
    return () => controller.current?.abort()
  }, [token, load, i18n.language])

  if (list.state === 'loading') {
    return (
      <p className="py-10 text-center text-sm text-neutral-600" role="status">
        {t('loading', 'Loading…')}
      </p>
    )
  }
  if (list.state === 'failed') {
    return (
      <div className="grid justify-items-center gap-3 py-10 text-center text-sm" role="alert">
        <p>{t('list.failed', 'Your returns could not be loaded.')}</p>
        <Button variant="outline" onClick={() => void load(1, [])}>
          {t('list.retry', 'Try again')}
        </Button>
      </div>
    )
  }
  if (list.returns.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 py-16 text-center" data-testid="returns-empty">
        <p className="text-sm text-neutral-700">
          {t('list.empty', 'No returns yet. A delivered order can be returned from its page.')}
        </p>
        <TrackedLink to="/member/order" className="btn-outline">
          {t('list.orders', 'My orders')}
        </TrackedLink>
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" data-testid="returns-list">
        {list.returns.map((item) => (
          <li
            key={item.return_number}
            className="grid gap-2 border border-neutral-200 p-4 text-sm"
            data-testid="return-row"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <ReturnRowTitle item={item} />
            </div>
            <p className="text-neutral-600">
              {t('list.line', '{{when}} · order {{order}} · {{units}} piece(s)', {
                when: returnDay(item.created_at, i18n.language),
                order: item.sales_order_number,
                units: item.units,
              })}
            </p>
            <p>
              <ReturnRowOutcome item={item} />
            </p>
          </li>
        ))}
      </ul>
      {list.page < list.totalPages && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={list.more}
          onClick={() => void load(list.page + 1, list.returns)}
        >
          {t('list.more', 'Load more')}
        </Button>
      )}
    </div>
  )
}
