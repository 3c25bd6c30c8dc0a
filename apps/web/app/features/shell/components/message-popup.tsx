import { useEffect } from 'react'
import { useOverlayStore } from '~/lib/overlay-store.ts'

/** Popups auto-hide after 3 s (docs/product/shopping.md §9). */
export const MESSAGE_AUTO_HIDE_MS = 3000

/** The message popup of the overlay store: a toast under the navbar that hides itself after 3 s. */
export function MessagePopup() {
  const message = useOverlayStore((s) => s.message)
  const hideMessage = useOverlayStore((s) => s.hideMessage)

  useEffect(() => {
    if (!message) return
    const timer = setTimeout(hideMessage, MESSAGE_AUTO_HIDE_MS)
    return () => clearTimeout(timer)
  }, [message, hideMessage])

  const toast = message && (
    <p
      key={message.id}
      data-tone={message.tone}
      className={`pointer-events-auto fixed left-1/2 top-20 w-max max-w-[calc(100%-2rem)] -translate-x-1/2 animate-[pop-in_180ms_ease-out] px-5 py-3 text-center text-sm shadow-lg lg:top-24 ${
        message.tone === 'error'
          ? 'border-l-4 border-accent bg-ink text-white'
          : message.tone === 'success'
            ? 'bg-ink text-white'
            : 'border border-neutral-200 bg-white text-ink'
      }`}
    >
      {/* docs/product/account.md §8: success confirmations (login among them) show with an icon. */}
      {message.tone === 'success' && (
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
          data-testid="message-icon"
          className="-mt-0.5 mr-2 inline-block align-middle"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M8 12.5l2.5 2.5L16 9.5" />
        </svg>
      )}
      {message.text}
    </p>
  )
  // Two live regions, both in the page from the first render so what is put in them is read out
  // (issue 29): confirmations politely, errors at once (role="alert").
  return (
    <>
      <div
        aria-live="polite"
        role="status"
        data-testid="message-popup"
        className="pointer-events-none fixed inset-x-0 top-0 z-[60]"
      >
        {message?.tone !== 'error' && toast}
      </div>
      <div role="alert" className="pointer-events-none fixed inset-x-0 top-0 z-[60]">
        {message?.tone === 'error' && toast}
      </div>
    </>
  )
}
