import type { Store } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client.ts'

/**
 * GET /api/v3/offline-store from the browser (page, keyword, id_brand; spec 001 section 7): the
 * store search as the shopper types. Silent: an empty or refused search reads 'Store Not Found'.
 */
export async function searchStores(
  api: ApiClient,
  query: { keyword: string; brandId: number },
  signal?: AbortSignal,
): Promise<Store[]> {
  try {
    const answer = await api.paged<Store[]>('/api/v3/offline-store', {
      query: { page: 1, keyword: query.keyword || undefined, id_brand: query.brandId },
      silent: true,
      signal,
    })
    return Array.isArray(answer.data) ? answer.data : []
  } catch (error) {
    if (signal?.aborted) throw error
    return []
  }
}
