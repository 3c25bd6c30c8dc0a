import { lazy, Suspense, useEffect, useReducer } from 'react'
import type { MenuEntry, SiteData } from '@busana/contract'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { CONSENT_RESET_EVENT, declined } from '~/lib/track-later.ts'
import type { AnalyticsIds } from '~/lib/load-context.ts'
import { ShellOverlays } from '~/features/shell/components/shell-overlays.tsx'
import { QuickView } from '~/features/product/components/quick-view.tsx'

/**
 * The shell's overlays and what shows after the page is interactive, composed here (features do not
 * import each other). The root loads this module once the browser is idle after hydration, or as
 * soon as an overlay is opened before then (decision 040); each overlay's own code loads when it
 * first opens.
 */

const SearchPopup = lazy(() =>
  import('~/features/search/components/search-popup.tsx').then((m) => ({ default: m.SearchPopup })),
)
const AuthDialog = lazy(() =>
  import('~/features/auth/components/auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })),
)
const CampaignPopup = lazy(() =>
  import('~/features/auth/components/campaign-popup.tsx').then((m) => ({ default: m.CampaignPopup })),
)
// The bag's drawer, composed into the shell's overlays here.
const QuickBagDrawer = lazy(() =>
  import('~/features/cart/components/quick-bag-drawer.tsx').then((m) => ({ default: m.QuickBagDrawer })),
)
// Consented analytics (decision 034): the banner and the vendors' code, only when a vendor id is
// configured.
const ConsentedAnalytics = lazy(() =>
  import('~/features/analytics/components/consented-analytics.tsx').then((m) => ({
    default: m.ConsentedAnalytics,
  })),
)

// The notification popup (the waiting-review reminder, issue 26 item 15): its code and its call load
// only for a signed-in shopper.
const RootNotification = lazy(() =>
  import('./root-notification.tsx').then((m) => ({ default: m.RootNotification })),
)

/** The notification popup, for a signed-in shopper (member or phone guest) once the session is read. */
function NotificationSlot() {
  const ready = useSessionReady()
  const signedIn = useSessionStore((s) => Boolean(s.user?.token))
  if (!ready || !signedIn) return null
  return (
    <Suspense fallback={null}>
      <RootNotification />
    </Suspense>
  )
}

/** The auth dialog, and the campaign popup for a member who has not seen it (docs/product/account.md §2). */
function SessionDialogs({ brandId, campaignBrandId }: { brandId: number; campaignBrandId: number }) {
  const ready = useSessionReady()
  const user = useSessionStore((s) => s.user)
  const asGuest = useSessionStore((s) => s.asGuest)
  const authOpen = useOverlayStore((s) => s.auth.open)
  const member = Boolean(user?.token) && !asGuest
  const showCampaign =
    ready && member && user?.is_campaign === false && brandId === campaignBrandId && !authOpen
  return (
    <Suspense fallback={null}>
      {authOpen && <AuthDialog />}
      {showCampaign && <CampaignPopup />}
    </Suspense>
  )
}

/** Analytics for the configured vendor ids only; a shopper who declined does not even load its code. */
function AnalyticsSlot({ ids }: { ids: AnalyticsIds }) {
  // Cookie settings in the footer forget the answer: render again, so a decline is asked anew.
  const [, resets] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    window.addEventListener(CONSENT_RESET_EVENT, resets)
    return () => window.removeEventListener(CONSENT_RESET_EVENT, resets)
  }, [])
  if (!(ids.GA4_ID || ids.META_PIXEL_ID || ids.GTM_ID) || declined()) return null
  return (
    <Suspense fallback={null}>
      <ConsentedAnalytics ids={ids} />
    </Suspense>
  )
}

export function RootOverlays({
  site,
  menu,
  brandName,
  brandId,
  campaignBrandId,
  analytics,
}: {
  site: SiteData | null
  menu: MenuEntry[]
  brandName: string
  brandId: number
  campaignBrandId: number
  analytics: AnalyticsIds
}) {
  const searchOpen = useOverlayStore((s) => s.searchOpen)
  return (
    <>
      <ShellOverlays site={site} menu={menu} brandName={brandName} quickBag={<QuickBagDrawer />} />
      <SessionDialogs brandId={brandId} campaignBrandId={campaignBrandId} />
      <NotificationSlot />
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchPopup />
        </Suspense>
      )}
      <QuickView />
      <AnalyticsSlot ids={analytics} />
    </>
  )
}
