import { useId, type ReactNode } from 'react'
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
 * The notification popup (docs/product/shopping.md §2, Overlays: title, type, message): a card under the
 * navbar, right-aligned at laptop width, that stays until it is answered or closed. It is not
 * modal: it takes no focus and locks no scrolling, so a shopper can ignore it and keep shopping
 * (what it tells is a reminder, not a question that blocks the page).
 */
export function NotificationPopup({
  title,
  type = 'info',
  children,
  onClose,
}: {
  title: string
  type?: NotificationType
  /** The message, with its own actions. */
  children: ReactNode
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="notification-popup"
      data-type={type}
      className="fixed inset-x-4 top-28 z-40 animate-[pop-in_180ms_ease-out] border border-neutral-200 bg-white p-4 shadow-lg lg:left-auto lg:right-6 lg:top-20 lg:w-96"
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
