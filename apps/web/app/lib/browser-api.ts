import { useMemo } from 'react'
import { ApiError, createApiClient, ERROR_POPUP_DELAY_MS, type ApiClient } from './api-client.ts'
import { useOverlayStore } from './overlay-store.ts'
import { useSessionStore } from './session-store.ts'
import { reactToUnauthorized } from './error-reactions.ts'
import { useRootData } from './root-data.ts'
import { MAIN_BRAND_ID } from '@busana/contract'
import { browserLanguage } from './i18n.ts'

/** Shows the server's message in the message popup 100 ms after a failure (docs/product/shopping.md §8). */
export function reportApiError(error: ApiError) {
  setTimeout(() => useOverlayStore.getState().showMessage(error.message, 'error'), ERROR_POPUP_DELAY_MS)
}

const clients = new Map<number, ApiClient>()

/**
 * The browser's request layer for this brand: window.fetch, brand header, the page's language,
 * error popup, the session's
 * token on member calls and the 401 reactions of lib/error-reactions.ts.
 */
export function getBrowserApi(brandId: number): ApiClient {
  let client = clients.get(brandId)
  if (!client) {
    client = createApiClient({
      fetch: (input, init) => window.fetch(input, init),
      brandId,
      onError: reportApiError,
      getToken: () => useSessionStore.getState().user?.token,
      onUnauthorized: reactToUnauthorized,
      language: browserLanguage,
    })
    clients.set(brandId, client)
  }
  return client
}

/** The browser API client in a component (use it in effects and handlers, never during render). */
export function useApi(): ApiClient {
  const brandId = useRootData()?.publicConfig.BRAND_ID ?? MAIN_BRAND_ID
  return useMemo(() => getBrowserApi(brandId), [brandId])
}
