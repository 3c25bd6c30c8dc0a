import { useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigationType } from 'react-router'
import { useTranslation } from '~/lib/i18n-react.ts'
import { Button } from '~/components/ui/button.tsx'
import { CONSENT_RESET_EVENT } from '~/lib/track-later.ts'
import {
  CONSENT_KEY,
  connectAnalytics,
  disconnectAnalytics,
  readConsent,
  track,
  type AnalyticsIds,
  type Consent,
} from '~/lib/analytics.ts'
import { startVendors } from '../analytics.vendors.ts'

/** Remembers the shopper's answer (a browser without storage asks again next time). */
function rememberConsent(consent: Consent) {
  try {
    window.localStorage.setItem(CONSENT_KEY, consent)
  } catch {
    // Private mode without storage: the answer holds for this page only.
  }
}

/**
 * The consent banner: what analytics does, Accept and Decline. A region at the bottom of the page,
 * not a modal: the shopper can keep shopping and answer later; it takes no focus.
 */
export function ConsentBanner({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  const { t } = useTranslation('analytics')
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-neutral-200 bg-white px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-12px_rgba(0,0,0,0.25)]"
    >
      <div className="page-container flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between lg:gap-8">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-sm font-semibold">
            {t('title')}
          </h2>
          <p className="text-xs text-neutral-700 lg:text-sm">{t('text')}</p>
        </div>
        <div className="flex shrink-0 gap-3">
          <Button
            type="button"
            variant="outline"
            className="flex-1 lg:flex-none"
            onClick={() => onAnswer('denied')}
          >
            {t('decline')}
          </Button>
          <Button type="button" className="flex-1 lg:flex-none" onClick={() => onAnswer('granted')}>
            {t('accept')}
          </Button>
        </div>
      </div>
    </section>
  )
}

/** How long a page stays before its page_view is sent (a forward by replace within it replaces it). */
export const PAGE_VIEW_SETTLE_MS = 400

/**
 * Consented analytics in the shell (decision 034), rendered by the root after hydration and only
 * when a vendor id is configured: the banner until the shopper answers; once accepted, the vendors
 * start (their scripts when the page is idle) and every route change sends a page_view. Declined or
 * unanswered, nothing is kept or sent.
 */
export function ConsentedAnalytics({ ids }: { ids: AnalyticsIds }) {
  const [consent, setConsent] = useState<Consent | null>(() => readConsent())
  const started = useRef(false)
  const { pathname, search } = useLocation()

  // Cookie settings: the banner asks again.
  useEffect(() => {
    const ask = () => setConsent(null)
    window.addEventListener(CONSENT_RESET_EVENT, ask)
    return () => window.removeEventListener(CONSENT_RESET_EVENT, ask)
  }, [])

  useEffect(() => {
    if (consent !== 'granted' || started.current) return
    started.current = true
    connectAnalytics(startVendors(ids))
  }, [consent, ids])

  // One page_view per page the shopper sees (issue 44 item 3), sent once the page has settled: a
  // page that forwards at once to its right address (the order page of a paid order to its thanks,
  // a result word put right) by a replace within PAGE_VIEW_SETTLE_MS is not counted, the page it
  // forwards to is; the title is read when sending, so it is the page's own and not the last one's.
  const navigationType = useNavigationType()
  const pendingView = useRef<{ timer: number; send: () => void } | null>(null)
  useEffect(() => {
    if (consent !== 'granted') return
    const pending = pendingView.current
    if (pending) {
      window.clearTimeout(pending.timer)
      if (navigationType === 'REPLACE') pendingView.current = null
      else pending.send()
    }
    const location = window.location.href
    const titleNow = document.title
    const send = () => {
      pendingView.current = null
      track({
        name: 'page_view',
        params: {
          page_location: location,
          page_path: pathname + search,
          // Still on this page: its title as rendered by now; moved on meanwhile: the one it had.
          page_title: window.location.href === location ? document.title : titleNow,
        },
      })
    }
    pendingView.current = { timer: window.setTimeout(send, PAGE_VIEW_SETTLE_MS), send }
    // navigationType is read with the move it came with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [consent, pathname, search])
  // A page left before it settled (a closed tab, a link to another site) is still a view.
  useEffect(() => {
    const flush = () => {
      const pending = pendingView.current
      if (!pending) return
      window.clearTimeout(pending.timer)
      pending.send()
    }
    window.addEventListener('pagehide', flush)
    return () => window.removeEventListener('pagehide', flush)
  }, [])

  if (consent !== null) return null
  return (
    <ConsentBanner
      onAnswer={(answer) => {
        rememberConsent(answer)
        if (answer === 'denied' && started.current) {
          // Consent taken back: the vendors' scripts already run in this page, so stop sending
          // and start afresh without them.
          disconnectAnalytics()
          window.location.reload()
          return
        }
        setConsent(answer)
      }}
    />
  )
}
