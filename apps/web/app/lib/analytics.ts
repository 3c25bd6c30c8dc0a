/**
 * Consented analytics (docs/decisions/034-consented-analytics.md), a small module pages load with
 * `import()` when they have something to say (so it is no part of any first view): `track` for the
 * product's events (login, page_view, view_item, add_to_cart, begin_checkout, purchase;
 * docs/product/shopping.md §7), and refund (issue 40). Nothing is kept or sent unless the shopper accepted the consent
 * banner, which shows only when a vendor id is configured; the events wait here until the lazily loaded
 * vendor code connects and takes them. The banner, the vendors' code and their scripts live in
 * features/analytics (lazy chunks).
 */

import { CONSENT_KEY } from './track-later.ts'

export { CONSENT_KEY }
/** The vendor ids of the configuration (root loader's public config); unset = that vendor is off. */
export type { AnalyticsIds } from './load-context.ts'
export type Consent = 'granted' | 'denied'

export interface AnalyticsItem {
  item_id: string
  item_name?: string
  item_variant?: string
  price: number
  quantity?: number
}

/** GA4's ecommerce shape (value in IDR). */
export interface Commerce {
  currency: 'IDR'
  value: number
  items: AnalyticsItem[]
}

export type AnalyticsEvent =
  | { name: 'login'; params: { method: string } }
  | { name: 'page_view'; params: { page_location: string; page_path: string; page_title: string } }
  | { name: 'view_item' | 'add_to_cart' | 'begin_checkout'; params: Commerce }
  | { name: 'purchase'; params: Commerce & { transaction_id: string; tax: 0; shipping: number } }
  // A return's money paid back (issue 40): the order's number, the amount refunded.
  | { name: 'refund'; params: { currency: 'IDR'; value: number; transaction_id: string } }

let sink: ((event: AnalyticsEvent) => void) | null = null
let pending: AnalyticsEvent[] = []
/** Events kept while the vendor code loads (a page's first few); more are dropped. */
const MAX_PENDING = 20

/** The shopper's remembered answer, or null before they chose (or without storage). */
export function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY)
    return value === 'granted' || value === 'denied' ? value : null
  } catch {
    return null
  }
}

/**
 * Sends one event, only once the shopper accepted (the banner shows only when a vendor id is
 * configured); otherwise it is not kept at all.
 */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined' || readConsent() !== 'granted') return
  if (sink) sink(event)
  else if (pending.length < MAX_PENDING) pending.push(event)
}

/** The vendor code takes over: the waiting events first, then every later one. */
export function connectAnalytics(next: (event: AnalyticsEvent) => void): void {
  sink = next
  const waiting = pending
  pending = []
  for (const event of waiting) next(event)
}

/** Consent withdrawn (or tests): nothing is kept or sent any more. */
export function disconnectAnalytics(): void {
  sink = null
  pending = []
}
