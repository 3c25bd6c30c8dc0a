import type { AnalyticsEvent, AnalyticsItem, Commerce } from './analytics.ts'

/** Where the shopper's answer to the consent banner is remembered ('granted' or 'denied'). */
export const CONSENT_KEY = 'busana-analytics-consent'

const stored = () => {
  try {
    return window.localStorage.getItem(CONSENT_KEY)
  } catch {
    return null
  }
}

/** The shopper accepted the consent banner (remembered in this browser). */
export const consented = () => stored() === 'granted'

/** The shopper declined it. */
export const declined = () => stored() === 'denied'

/** Sent on window when the shopper asks to answer the consent banner again. */
export const CONSENT_RESET_EVENT = 'busana:consent-reset'

/**
 * Forgets the shopper's answer and shows the consent banner again (the footer's Cookie settings):
 * consent is only worth something if it can be taken back as easily as it was given.
 */
export function resetConsent(): void {
  try {
    window.localStorage.removeItem(CONSENT_KEY)
  } catch {
    // Without storage the answer was never kept.
  }
  window.dispatchEvent(new Event(CONSENT_RESET_EVENT))
}

/**
 * Sends an analytics event through the lazily loaded analytics module (decision 034), so pages'
 * first views carry none of it; without consent nothing is loaded or kept. Errors (a chunk that failed to load) are dropped: analytics must
 * never disturb shopping.
 */
export function trackLater(event: AnalyticsEvent | (() => AnalyticsEvent)): void {
  if (typeof window === 'undefined' || !consented()) return
  void import('./analytics.ts')
    .then(({ track }) => track(typeof event === 'function' ? event() : event))
    .catch(() => undefined)
}

/** GA4's ecommerce block for these lines: IDR, value = the sum of price × quantity. */
export const commerceOf = (items: AnalyticsItem[]): Commerce => ({
  currency: 'IDR',
  value: items.reduce((sum, item) => sum + item.price * (item.quantity ?? 1), 0),
  items,
})
