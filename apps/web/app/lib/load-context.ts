/**
 * What the server hands every loader: `apiFetch` reaches the in-process API (Fastify inject, no
 * socket), so server rendering and the browser use one API contract and its caching.
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
  }
}
