import { useEffect, useState } from 'react'
import type { ApiClient } from '~/lib/api-client'
import { fetchWishlistFlag } from '~/shared/wishlist/wishlist.api'

/**
 * The product's real is_wishlist for a signed-in shopper. The page itself is rendered public (and
 * cached, decision 005), so its flag is always false; once the session has been read in the browser,
 * the product is asked for again with the token, silently. `known` turns true with that answer.
 */
export function useWishlistFlag(
  api: ApiClient,
  token: string | null,
  code: string,
  initial: boolean,
): { wished: boolean; known: boolean } {
  const [flag, setFlag] = useState<{ code: string; token: string; on: boolean } | null>(null)

  useEffect(() => {
    if (!token) return
    const controller = new AbortController()
    fetchWishlistFlag(api, token, code, controller.signal)
      .then((on) => setFlag({ code, token, on }))
      .catch(() => undefined)
    return () => controller.abort()
  }, [api, token, code])

  const known = flag !== null && token !== null && flag.code === code && flag.token === token
  return { wished: known ? flag.on : initial, known }
}
