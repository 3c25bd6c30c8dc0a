import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { StaffMe } from '@busana/contract/schemas'
import { ApiError, setCsrfToken, staffApi } from './api.ts'

export const ME_KEY = ['me'] as const

/**
 * Who is signed in: GET /auth/me with the session cookie (null when nobody is). It also hands the
 * CSRF token to the API client, so a reload keeps working without signing in again.
 */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async (): Promise<StaffMe | null> => {
      try {
        const me = await staffApi<StaffMe>('GET', '/auth/me')
        setCsrfToken(me.csrf_token)
        return me
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null
        throw error
      }
    },
    staleTime: 60_000,
    retry: false,
  })
}

/** The signed-in member of staff, inside the signed-in layout (where it is known to be there). */
export function useStaff(): StaffMe {
  const { data } = useMe()
  if (!data) throw new Error('useStaff outside the signed-in layout')
  return data
}

/** After sign-in: keep the new CSRF token and learn who signed in. */
export function useSignedIn() {
  const queryClient = useQueryClient()
  return async (csrfToken: string | undefined) => {
    setCsrfToken(csrfToken ?? null)
    await queryClient.invalidateQueries({ queryKey: ME_KEY })
  }
}

/**
 * Signs out of this session (or of every session of one's own, `everywhere`). Then nobody is signed
 * in (the layout goes to sign-in first) and nothing of the account stays cached.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  return async ({ everywhere = false } = {}) => {
    if (everywhere) await staffApi('POST', '/auth/logout-all')
    else await staffApi('POST', '/auth/logout').catch(() => undefined)
    setCsrfToken(null)
    queryClient.setQueryData(ME_KEY, null)
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] })
  }
}
