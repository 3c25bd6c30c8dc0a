import { useEffect, useState, type ReactNode } from 'react'
import { useApi } from '~/lib/browser-api'
import { useSessionStore } from '~/lib/session-store'
import { TrackedLink } from '~/lib/tracked-link'
import { hideDelay, memberKey, promptDue, shownCount, useNotifStore } from '../notif-store'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

/** The signed-in member's key, or null. */
const useMemberId = () => useSessionStore((s) => (s.user?.token ? memberKey(s.user.id_pelanggan) : null))

/**
 * Drives the waiting-review notification while a shopper is signed in: reads 'notif-storage',
 * forgets a count that was another member's, asks for a fresh count, and hides the stored one 1
 * second after its expiry is found missing or past (docs/product/account.md §4 and §9) unless a fresh one
 * came. Answers when the storage was read (null until then), so nothing differs from the server render.
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

/** What a frame (the shell's notification popup) gets to show the prompt in. */
export interface ReviewPromptView {
  /** The popup's title. */
  title: string
  /** The count, Review now and Later. */
  message: ReactNode
  /** Closing the frame: the prompt is snoozed for 24 hours, as Later does. */
  onSnooze: () => void
}

/**
 * The waiting-review prompt (docs/product/account.md §4, Reviews): shows while this member's ratings wait and
 * their own snooze is missing or past. 'Later' (or reviewing) snoozes it for 24 hours for this
 * member only. The root mounts it on every page once a shopper is signed in, inside the shell's
 * notification popup (`frame`, issue 26 item 15); hidden on the reviews page itself, it still keeps
 * the notification behind the member menu's red dot up to date.
 */
export function ReviewPrompt({
  hidden,
  frame,
}: {
  hidden?: boolean
  frame?: (view: ReviewPromptView) => ReactNode
}) {
  const t = useNamespaceT('reviews')
  const memberId = useMemberId()
  const readAt = useNotificationLifecycle()
  const state = useNotifStore()
  const snooze = () => {
    if (memberId) state.snooze(memberId)
  }

  if (hidden || readAt === null || !promptDue(state, memberId, readAt)) return null
  const message = (
    <div role="status" data-testid="review-prompt" className="grid gap-3">
      <p>
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
  if (!frame) return message
  return frame({ title: t('prompt.title', 'Your reviews are waiting'), message, onSnooze: snooze })
}

/** Whether this member's ratings wait (the member menu's red dot); false once a stale count hid. */
export function useRatingsWaiting() {
  const memberId = useMemberId()
  return useNotifStore((s) => shownCount(s, memberId) > 0)
}
