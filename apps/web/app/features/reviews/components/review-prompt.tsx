import { useEffect, useState } from 'react'
import { useApi } from '~/lib/browser-api'
import { useSessionStore } from '~/lib/session-store'
import { TrackedLink } from '~/lib/tracked-link'
import { promptDue, useNotifStore } from '../notif-store'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

/**
 * The waiting-review prompt of the member area (spec 001 §4, Reviews): reads 'notif-storage', refreshes
 * the count, and shows while ratings wait and the stored expiry is missing or past. 'Later' (or
 * reviewing) snoozes it for 24 hours.
 */
export function ReviewPrompt({ hidden }: { hidden?: boolean }) {
  const t = useNamespaceT('reviews')
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token ?? null)
  const total = useNotifStore((s) => s.totalRating)
  const expiry = useNotifStore((s) => s.expiry)
  const snooze = useNotifStore((s) => s.snooze)
  const [now, setNow] = useState<number | null>(null)

  useEffect(() => {
    if (!useNotifStore.persist.hasHydrated()) void useNotifStore.persist.rehydrate()
    setNow(Date.now())
    if (token) void useNotifStore.getState().refresh(api, token)
  }, [api, token])

  if (hidden || now === null || !promptDue({ totalRating: total, expiry }, now)) return null
  return (
    <div
      role="status"
      data-testid="review-prompt"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 border border-amber-300 bg-amber-50 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2">
        <span className="h-2 w-2 rounded-full bg-red-600" aria-hidden="true" />
        {t('prompt.text', '{{count}} products are waiting for your review', { count: total ?? 0 })}
      </p>
      <span className="flex gap-4 text-xs font-semibold tracking-[0.14em] uppercase">
        <TrackedLink to="/member/review" onClick={() => snooze()} className="underline underline-offset-4">
          {t('prompt.go', 'Review now')}
        </TrackedLink>
        <button type="button" onClick={() => snooze()} className="text-neutral-500">
          {t('prompt.later', 'Later')}
        </button>
      </span>
    </div>
  )
}

/** Whether ratings wait (the member menu's red dot). */
export const useRatingsWaiting = () => useNotifStore((s) => (s.totalRating ?? 0) > 0)
