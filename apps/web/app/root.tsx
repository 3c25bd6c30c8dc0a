import { loaderApi } from '~/lib/loader-api.server.ts'
import { lazy, Suspense, useEffect, useState } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { I18nProvider, useTranslation } from '~/lib/i18n-react.ts'
import type { Route } from './+types/root'
import { shopYear } from '@busana/contract'
import {
  createI18n,
  FALLBACK_LANGUAGE,
  getBrowserI18n,
  LANGUAGE_QUERY,
  normalizeLanguage,
  switchLanguage,
  type I18n,
  type Language,
} from '~/lib/i18n.ts'
import { cacheLanguage, detectBrowserLanguage } from '~/lib/language-detector.ts'
import { resolveRequestLanguage, translationsFor } from '~/lib/language.server.ts'
import { routeNamespaces } from '~/lib/route-namespaces.server.ts'
import { useRootData, type RootData } from '~/lib/root-data.ts'
import { selectAnyOverlayOpen, useOverlayStore } from '~/lib/overlay-store.ts'
import { useNonce } from '~/lib/nonce.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { useVisitorGuard } from '~/lib/sign-in-return.ts'
import { OverlayScrollLock } from '~/lib/use-scroll-lock.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { loadShellData } from '~/features/shell/shell.server.ts'
import { isChildPath } from '~/features/shell/shell.rules.ts'
import { SiteHeader } from '~/features/shell/components/site-header.tsx'
import { SiteFooter as ServerFooter } from '~/features/shell/components/site-footer.tsx'
import { WhatsAppButton as ServerWhatsAppButton } from '~/features/shell/components/whatsapp-button.tsx'
import { MessagePopup } from '~/features/shell/components/message-popup.tsx'
import { ScrollToTop } from '~/features/shell/components/scroll-to-top.tsx'
import {
  ErrorView as ServerErrorView,
  NotFoundView as ServerNotFoundView,
} from '~/components/ui/not-found-view.tsx'
import appCss from './app.css?url'
import { HYDRATION_GATE } from '~/lib/hydration-gate.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { lazyRegion } from '~/lib/lazy-region.ts'
import { analyticsIds } from '~/lib/load-context.ts'

// The bag popup's code loads with the first Add to bag at laptop width (the header shows it).
const CartPopup = lazy(() =>
  import('~/features/cart/components/cart-popup.tsx').then((m) => ({ default: m.CartPopup })),
)
const AddressUpdateBanner = lazy(() =>
  import('~/features/addresses/components/address-update-banner.tsx').then((m) => ({
    default: m.AddressUpdateBanner,
  })),
)
// The overlays (search, sidebar, quick bag, quick view, sign-in, campaign, analytics consent): their
// host loads when the browser is idle after hydration, or when one opens before then (decision 040).
const RootOverlays = lazy(() => import('./root-overlays.tsx').then((m) => ({ default: m.RootOverlays })))

// Rendered whole by the server, hydrated once their code is in (decision 040): the footer, below the
// first screen, and the WhatsApp button, a plain link until then.
const SiteFooter = lazyRegion(import.meta.env.SSR ? ServerFooter : null, () =>
  import('~/features/shell/components/site-footer.tsx').then((m) => m.SiteFooter),
)
const WhatsAppButton = lazyRegion(import.meta.env.SSR ? ServerWhatsAppButton : null, () =>
  import('~/features/shell/components/whatsapp-button.tsx').then((m) => m.WhatsAppButton),
)

// The root's error page, which a shopper rarely meets: its code loads when it shows.
const NotFoundView = lazyRegion(import.meta.env.SSR ? ServerNotFoundView : null, () =>
  import('~/components/ui/not-found-view.tsx').then((m) => m.NotFoundView),
)
const ErrorView = lazyRegion(import.meta.env.SSR ? ServerErrorView : null, () =>
  import('~/components/ui/not-found-view.tsx').then((m) => m.ErrorView),
)

/** The brand that shows the campaign popup when the configuration does not say (docs/product/account.md §2). */
const DEFAULT_CAMPAIGN_BRAND_ID = 9

/** True once the browser is idle after hydration, or as soon as an overlay opens before then. */
function useOverlaysWanted(): boolean {
  const hydrated = useHydrated()
  const opened = useOverlayStore(selectAnyOverlayOpen)
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (!hydrated) return
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => setIdle(true), 200)
      return () => clearTimeout(timer)
    }
    const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 })
    return () => window.cancelIdleCallback(id)
  }, [hydrated])
  return hydrated && (idle || opened)
}

/** The address-update banner, for signed-in members only (its code loads then). */
function MemberBanner() {
  const member = useSessionStore((s) => Boolean(s.user?.token) && !s.asGuest)
  if (!member) return null
  return (
    <Suspense fallback={null}>
      <AddressUpdateBanner />
    </Suspense>
  )
}

export function meta() {
  return [{ name: 'description', content: 'complete your style with the latest fashion trends' }]
}

/**
 * The one stylesheet, with a React `precedence`: React then writes it at the top of <head>, right
 * after the largest picture's preload and before anything else, so the first paint does not wait
 * behind the JavaScript (the module preloads stay inert until that picture is in, decision 031).
 */
export function links() {
  return [
    { rel: 'stylesheet', href: appCss, precedence: 'default' },
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ]
}

/**
 * Shell data (site data and menu, is_child YES on the junior home), public config, language and the
 * translations of the shell and the matched routes (their `handle.i18n`), in that language only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const isChild = isChildPath(new URL(request.url).pathname)
  const api = loaderApi(request, context)
  const [{ site, menu }, namespaces] = await Promise.all([
    loadShellData(api, isChild),
    routeNamespaces(request),
  ])
  const lng = resolveRequestLanguage(request)
  return {
    site,
    menu,
    isChild,
    publicConfig: context.publicConfig,
    lng,
    translations: translationsFor(lng, namespaces),
    now: Date.now(),
  } satisfies RootData
}

/** The shell data changes only between the main and the junior section. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  return isChildPath(currentUrl.pathname) !== isChildPath(nextUrl.pathname)
}

/**
 * After hydration: detect the browser's language in the product's order (query lng, cookie,
 * localStorage, sessionStorage, navigator, html tag), switch when it is another one, cache the
 * language (localStorage and a cookie the server reads next time) and keep <html lang> in step.
 */
function useBrowserLanguage(i18n: I18n) {
  const { search } = useLocation()
  useEffect(() => {
    let current = i18n.language
    const dispose = i18n.subscribe(() => {
      if (i18n.language === current) return
      current = i18n.language
      document.documentElement.lang = current
      cacheLanguage(current as Language)
    })
    const detected = detectBrowserLanguage()
    if (detected !== i18n.language) void switchLanguage(i18n, detected)
    else cacheLanguage(detected)
    return dispose
  }, [i18n])
  // A later navigation to ?lng=… switches too.
  useEffect(() => {
    const lng = normalizeLanguage(new URLSearchParams(search).get(LANGUAGE_QUERY))
    if (lng && lng !== i18n.language) void switchLanguage(i18n, lng)
  }, [search, i18n])
}

/**
 * Translations that arrive with newer root loader data (a revalidation on another route) join the
 * browser's translator.
 */
function useRootTranslations(i18n: I18n, translations: RootData['translations'] | undefined) {
  useEffect(() => {
    for (const [lng, namespaces] of Object.entries(translations ?? {})) {
      for (const [ns, bundle] of Object.entries(namespaces ?? {})) {
        if (!i18n.hasNamespace(lng, ns)) i18n.addNamespace(lng, ns, bundle)
      }
    }
  }, [i18n, translations])
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData()
  const lng = root?.lng ?? FALLBACK_LANGUAGE
  // Server: one instance per request. Browser: one for the app, started in the server's language.
  const [i18n] = useState(() =>
    typeof document === 'undefined'
      ? createI18n(lng, root?.translations)
      : getBrowserI18n(lng, root?.translations ?? {}),
  )
  useBrowserLanguage(i18n)
  useRootTranslations(i18n, root?.translations)
  const nonce = useNonce()
  // The page answers now (its scripts start after the largest picture, decision 031): journeys and
  // monitoring read this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang={lng}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
        <Scripts nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HYDRATION_GATE }} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { site, menu, isChild, now } = loaderData
  const brandName = site?.brand.name || 'Busana'
  const overlaysWanted = useOverlaysWanted()
  // A visitor on a member path goes to '/' and is asked to sign in there (docs/product/account.md §2).
  useVisitorGuard()

  // The persisted session is read after hydration so the first client render matches the server's.
  useEffect(() => {
    void useSessionStore.persist.rehydrate()
  }, [])

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:bg-white focus:px-4 focus:py-2 focus:text-sm"
      >
        {t('common.skipToContent')}
      </a>
      <SiteHeader site={site} menu={menu} isChild={isChild} brandName={brandName} cartPopup={<CartPopup />} />
      <main id="main" className="min-h-[70vh] pt-24 lg:pt-16">
        <MemberBanner />
        <Outlet />
      </main>
      <SiteFooter site={site} brandName={brandName} year={shopYear(now)} />
      <WhatsAppButton number={site?.footer.whatsapp} />
      <MessagePopup />
      {overlaysWanted && (
        <Suspense fallback={null}>
          <RootOverlays
            site={site}
            menu={menu}
            brandName={brandName}
            brandId={loaderData.publicConfig.BRAND_ID}
            campaignBrandId={loaderData.publicConfig.CAMPAIGN_BRAND_ID ?? DEFAULT_CAMPAIGN_BRAND_ID}
            analytics={analyticsIds(loaderData.publicConfig)}
          />
        </Suspense>
      )}
      <OverlayScrollLock />
      <ScrollToTop />
    </>
  )
}

/** Anything that escaped the routes' own boundaries: a bare page with a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <>
      <header className="border-b border-neutral-200">
        <div className="page-container flex h-14 items-center">
          <TrackedLink to="/" className="text-lg font-semibold uppercase tracking-[0.32em]">
            Busana
          </TrackedLink>
        </div>
      </header>
      <main id="main">{notFound ? <NotFoundView /> : <ErrorView />}</main>
    </>
  )
}
