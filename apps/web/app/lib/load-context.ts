/**
 * What the server hands every loader (storefront-server.ts): `apiFetch` reaches the API mounted in
 * this process (Fastify inject, no socket) or, with API_URL, the remote API over HTTP (carrying the
 * request id and the shopper's address), so server rendering and the browser use one API contract
 * and its caching either way.
 */
export interface PublicConfig {
  BRAND_ID: number
  PUBLIC_URL: string
  NODE_ENV: string
  /** The brand that shows the member campaign popup (docs/product/account.md §2); 9 when absent. */
  CAMPAIGN_BRAND_ID?: number
  /** Consented analytics (decision 034): each vendor's id, present only when configured. */
  GA4_ID?: string
  META_PIXEL_ID?: string
  GTM_ID?: string
}

export type AnalyticsIds = Pick<PublicConfig, 'GA4_ID' | 'META_PIXEL_ID' | 'GTM_ID'>

/** The configured analytics ids of the public config (stable per value, for effects). */
const idsCache = new Map<string, AnalyticsIds>()
export function analyticsIds(config: PublicConfig): AnalyticsIds {
  const key = `${config.GA4_ID ?? ''}|${config.META_PIXEL_ID ?? ''}|${config.GTM_ID ?? ''}`
  let ids = idsCache.get(key)
  if (!ids)
    idsCache.set(
      key,
      (ids = { GA4_ID: config.GA4_ID, META_PIXEL_ID: config.META_PIXEL_ID, GTM_ID: config.GTM_ID }),
    )
  return ids
}

export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>

declare module 'react-router' {
  interface AppLoadContext {
    apiFetch: ApiFetch
    publicConfig: PublicConfig
    /** This answer's Content-Security-Policy nonce: every inline script of the page carries it. */
    cspNonce: string
  }
}
