import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
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

  useEffect(() => {
    if (consent !== 'granted') return
    track({
      name: 'page_view',
      params: {
        page_location: window.location.href,
        page_path: pathname + search,
        page_title: document.title,
      },
    })
  }, [consent, pathname, search])

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
