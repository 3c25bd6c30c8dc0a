import { useEffect, useState } from 'react'
import { useApi } from '~/lib/browser-api'
import { useSessionStore } from '~/lib/session-store'
import { TrackedLink } from '~/lib/tracked-link'
import { hideDelay, memberKey, promptDue, shownCount, useNotifStore } from '../notif-store'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

/** The signed-in member's key, or null. */
const useMemberId = () => useSessionStore((s) => (s.user?.token ? memberKey(s.user.id_pelanggan) : null))

/**
 * Drives the waiting-review notification while the member area is open: reads 'notif-storage',
 * forgets a count that was another member's, asks for a fresh count, and hides the stored one 1
 * second after its expiry is found missing or past (spec 001 §4 and §9) unless a fresh one came.
 * Answers when the storage was read (null until then), so nothing differs from the server render.
 */
function useNotificationLifecycle(): number | null {
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token ?? null)
  const memberId = useMemberId()
  const expiry = useNotifStore((s) => s.expiry)
  const [readAt, setReadAt] = useState<number | null>(null)

  useEffect(() => {
    let cancelled = false
    void (async () => {
      if (!useNotifStore.persist.hasHydrated()) await useNotifStore.persist.rehydrate()
      if (cancelled) return
      if (memberId) useNotifStore.getState().claim(memberId)
      setReadAt(Date.now())
      if (token && memberId) void useNotifStore.getState().refresh(api, token, memberId)
    })()
    return () => {
      cancelled = true
    }
  }, [api, token, memberId])

  useEffect(() => {
    if (readAt === null) return
    const timer = setTimeout(() => useNotifStore.getState().hideIfStale(), hideDelay({ expiry }, Date.now()))
    return () => clearTimeout(timer)
  }, [readAt, expiry])

  return readAt
}

/**
 * The waiting-review prompt of the member area (spec 001 §4, Reviews): shows while this member's
 * ratings wait and their own snooze is missing or past. 'Later' (or reviewing) snoozes it for 24
 * hours for this member only. Mounted on every member page (hidden on the reviews page itself),
 * it also keeps the notification behind the menu's red dot up to date.
 */
export function ReviewPrompt({ hidden }: { hidden?: boolean }) {
  const t = useNamespaceT('reviews')
  const memberId = useMemberId()
  const readAt = useNotificationLifecycle()
  const state = useNotifStore()
  const snooze = () => {
    if (memberId) state.snooze(memberId)
  }

  if (hidden || readAt === null || !promptDue(state, memberId, readAt)) return null
  return (
    <div
      role="status"
      data-testid="review-prompt"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 border border-amber-300 bg-amber-50 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2">
        <span className="h-2 w-2 rounded-full bg-red-600" aria-hidden="true" />
        {t('prompt.text', '{{count}} products are waiting for your review', {
          count: shownCount(state, memberId),
        })}
      </p>
      <span className="flex gap-4 text-xs font-semibold tracking-[0.14em] uppercase">
        <TrackedLink to="/member/review" onClick={snooze} className="underline underline-offset-4">
          {t('prompt.go', 'Review now')}
        </TrackedLink>
        <button type="button" onClick={snooze} className="text-neutral-500">
          {t('prompt.later', 'Later')}
        </button>
      </span>
    </div>
  )
}

/** Whether this member's ratings wait (the member menu's red dot); false once a stale count hid. */
export function useRatingsWaiting() {
  const memberId = useMemberId()
  return useNotifStore((s) => shownCount(s, memberId) > 0)
}
