import { useSessionStore } from '~/lib/session-store'
import type { MemberSession } from './components/purchase-panel'

/**
 * The signed-in member (the token every member call carries), or null for a visitor. The session store
 * rehydrates from 'auth-storage' after hydration, so the server and the first client render both see
 * a visitor.
 */
export function useMemberSession(): MemberSession {
  const token = useSessionStore((s) => s.user?.token)
  return token ? { token } : null
}
