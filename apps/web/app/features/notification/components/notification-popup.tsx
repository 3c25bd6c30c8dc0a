import { useEffect, useId, useState, type ReactNode } from 'react'
import { CloseIcon } from '~/components/ui/icons.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'

/** The popup's types (docs/product/shopping.md §2: title, type, message); the type sets its mark's colour. */
export type NotificationType = 'info' | 'success' | 'warning' | 'error'

const MARK: Record<NotificationType, string> = {
  info: 'bg-sky-600',
  success: 'bg-green-600',
  warning: 'bg-amber-500',
  error: 'bg-red-600',
}

/**
 * The notification popup (docs/product/shopping.md §2, Overlays: title, type, message): a card at
 * the foot of a phone's screen (over no heading a shopper is reading, issue 44) and under the
 * navbar, right-aligned, at laptop width. It is not modal: it takes no focus and locks no
 * scrolling, so a shopper can ignore it and keep shopping (what it tells is a reminder, not a
 * question that blocks the page). With `autoHideMs` it closes by itself after that long, but not
 * while it holds the pointer or the focus (WCAG 2.2.1): the full time runs again once they leave.
 */
export function NotificationPopup({
  title,
  type = 'info',
  children,
  onClose,
  autoHideMs,
}: {
  title: string
  type?: NotificationType
  /** The message, with its own actions. */
  children: ReactNode
  onClose: () => void
  autoHideMs?: number
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const [pointed, setPointed] = useState(false)
  const [focused, setFocused] = useState(false)
  const paused = pointed || focused
  useEffect(() => {
    if (autoHideMs === undefined || paused) return
    const timer = setTimeout(onClose, autoHideMs)
    return () => clearTimeout(timer)
    // onClose is the caller's, rebuilt each render: the time and the pause decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoHideMs, paused])
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="notification-popup"
      data-type={type}
      data-paused={paused || undefined}
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
      className="fixed inset-x-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 animate-[pop-in_180ms_ease-out] border border-neutral-200 bg-white p-4 shadow-lg lg:bottom-auto lg:left-auto lg:right-6 lg:top-20 lg:w-96"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id={titleId}
          className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.18em]"
        >
          <span className={`h-2 w-2 shrink-0 rounded-full ${MARK[type]}`} aria-hidden="true" />
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('common.close')}
          className="-m-2 p-2 text-neutral-500 hover:text-ink"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  )
}
