import { useLocation } from 'react-router'
import { selectAnyOverlayOpen, useOverlayStore } from '~/lib/overlay-store.ts'
import { NotificationPopup } from '~/features/notification/components/notification-popup.tsx'
import { ReviewPrompt } from '~/features/reviews/components/review-prompt.tsx'
import { MESSAGE_AUTO_HIDE_MS } from '~/features/shell/components/message-popup.tsx'

/**
 * Pages where the reminder waits: the reviews page itself, and where the shopper checks out or
 * pays (checkout, the waiting and result pages), whose headings it would cover on a phone.
 */
const QUIET_PAGES =
  /^\/(member\/review|checkout(-as-guest)?|member\/order\/[^/]+\/(success|succes|waiting|failed))(\/|$)/

/**
 * The notification popup of a signed-in shopper (docs/product/shopping.md §2; issue 26 item 15), composed
 * here because features do not import each other: the waiting-review reminder (its count from
 * GET /api/v1/pages/notification, the 1-second hide of a stale count, the 24-hour snooze, all in
 * the reviews feature) shown in the shell's notification popup, on any page but QUIET_PAGES, and not over
 * an open overlay. It shows once: after 3 s (the seed's popup time, paused while the shopper is on
 * it) it closes by itself and is snoozed for 24 hours, as Later does, so it does not come back on
 * every page; the member menu's red dot keeps the count meanwhile (issue 44). The root loads this
 * module only for a signed-in shopper, after hydration.
 */
export function RootNotification() {
  const { pathname } = useLocation()
  const overlayOpen = useOverlayStore(selectAnyOverlayOpen)
  return (
    <ReviewPrompt
      hidden={QUIET_PAGES.test(pathname) || overlayOpen}
      frame={({ title, message, onSnooze }) => (
        <NotificationPopup title={title} type="info" onClose={onSnooze} autoHideMs={MESSAGE_AUTO_HIDE_MS}>
          {message}
        </NotificationPopup>
      )}
    />
  )
}
