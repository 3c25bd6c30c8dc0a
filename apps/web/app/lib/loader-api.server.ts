import type { AppLoadContext } from 'react-router'
import { createApiClient, type ApiClient } from './api-client.ts'
import { resolveRequestLanguage } from './language.server.ts'

/**
 * A loader's API client: the in-process (or API_URL) fetch of the load context, this storefront's
 * brand and the language the page renders in (?lng, cookie, Accept-Language), so the API answers
 * its messages in the shopper's language from server rendering too.
 */
export function loaderApi(request: Request, context: AppLoadContext): ApiClient {
  return createApiClient({
    fetch: context.apiFetch,
    brandId: context.publicConfig.BRAND_ID,
    language: resolveRequestLanguage(request),
  })
}
