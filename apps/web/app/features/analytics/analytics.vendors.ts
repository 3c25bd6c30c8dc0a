import type { AnalyticsEvent, AnalyticsIds } from '~/lib/analytics.ts'

/*
 * The vendors' side of consented analytics (decision 034), loaded only after the shopper accepted:
 * the data layer and the gtag / fbq queues the vendors' own snippets would make, the events in each
 * vendor's words, and the vendors' scripts injected once the page is idle (never part of the first
 * view). Each vendor is on only when its id is configured.
 */

interface Fbq {
  (...args: unknown[]): void
  callMethod?: (...args: unknown[]) => void
  queue: unknown[][]
  push: Fbq
  loaded: boolean
  version: string
}

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: (...args: unknown[]) => void
    fbq?: Fbq
    _fbq?: Fbq
  }
}

/** The vendors' script addresses (their CSP hosts: apps/api/src/security-headers.ts). */
export const vendorScripts = (ids: AnalyticsIds): string[] => [
  ...(ids.GTM_ID ? [`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(ids.GTM_ID)}`] : []),
  ...(ids.GA4_ID ? [`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.GA4_ID)}`] : []),
  ...(ids.META_PIXEL_ID ? ['https://connect.facebook.net/en_US/fbevents.js'] : []),
]

/** Meta's standard events for ours (login has none: a custom event; refund is GA4's and GTM's only). */
const META_EVENTS: Record<Exclude<AnalyticsEvent['name'], 'refund'>, string> = {
  login: 'Login',
  page_view: 'PageView',
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  begin_checkout: 'InitiateCheckout',
  purchase: 'Purchase',
}

function metaParams(event: AnalyticsEvent): Record<string, unknown> | undefined {
  if (event.name === 'login' || event.name === 'page_view' || event.name === 'refund') return undefined
  const { items, value, currency } = event.params
  return {
    content_ids: items.map((item) => item.item_id),
    content_type: 'product',
    contents: items.map((item) => ({
      id: item.item_id,
      quantity: item.quantity ?? 1,
      item_price: item.price,
    })),
    num_items: items.reduce((sum, item) => sum + (item.quantity ?? 1), 0),
    value,
    currency,
  }
}

/** Calls `run` when the browser is idle (the page is interactive by then), or soon without the API. */
function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 4000 })
  else setTimeout(run, 1)
}

function injectScript(src: string) {
  if (document.querySelector(`script[src="${src}"]`)) return
  const script = document.createElement('script')
  script.async = true
  script.src = src
  script.dataset.analytics = 'true'
  document.head.appendChild(script)
}

/**
 * Sets up the configured vendors' queues (as their snippets do) and, when idle, their scripts;
 * answers the function that sends one event to every configured vendor.
 */
export function startVendors(ids: AnalyticsIds): (event: AnalyticsEvent) => void {
  const dataLayer = (window.dataLayer ??= [])
  if (ids.GTM_ID) dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  if (ids.GA4_ID && !window.gtag) {
    // gtag.js reads its commands as `arguments` objects, exactly like the official snippet.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments)
    }
    window.gtag('js', new Date())
    // Page views are sent by us on every route change (a single-page app).
    window.gtag('config', ids.GA4_ID, { send_page_view: false })
  }
  if (ids.META_PIXEL_ID && !window.fbq) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args)
      else fbq.queue.push(args)
    } as Fbq
    fbq.queue = []
    fbq.push = fbq
    fbq.loaded = true
    fbq.version = '2.0'
    window.fbq = fbq
    window._fbq ??= fbq
    // docs/product/account.md §4 (Start-up): auto-configuration on, debug off.
    fbq('set', 'autoConfig', true, ids.META_PIXEL_ID)
    fbq('set', 'debug', false)
    fbq('init', ids.META_PIXEL_ID)
  }
  whenIdle(() => vendorScripts(ids).forEach(injectScript))

  return (event) => {
    const ecommerce = event.name !== 'login' && event.name !== 'page_view'
    if (ids.GA4_ID) window.gtag?.('event', event.name, event.params)
    if (ids.GTM_ID) {
      // GTM's ecommerce convention: clear the previous ecommerce object first.
      if (ecommerce) dataLayer.push({ ecommerce: null })
      dataLayer.push(
        ecommerce ? { event: event.name, ecommerce: event.params } : { event: event.name, ...event.params },
      )
    }
    if (ids.META_PIXEL_ID && event.name !== 'refund') {
      const params = metaParams(event)
      if (event.name === 'login') window.fbq?.('trackCustom', META_EVENTS.login)
      else if (params) window.fbq?.('track', META_EVENTS[event.name], params)
      else window.fbq?.('track', META_EVENTS[event.name])
    }
  }
}
