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
  /** The brand that shows the member campaign popup (spec 001 section 2); 9 when absent. */
  CAMPAIGN_BRAND_ID?: number
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
