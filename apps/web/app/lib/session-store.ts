import type { ApiClient } from './api-client.ts'
import { useSyncExternalStore } from 'react'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

/** The logged-in user (docs/product/account.md §3): token and customer id, plus whatever login returns. */
export interface SessionUser {
  token: string
  id_pelanggan: string | number
  need_email?: boolean
  is_campaign?: boolean
  [key: string]: unknown
}

export interface SessionState {
  user: SessionUser | null
  /** Logged in through a phone code (guest checkout). */
  asGuest: boolean
  /** The guest's phone, or null. */
  phoneAsGuest: string | null
  setUser(user: SessionUser, options?: { asGuest?: boolean; phone?: string | null }): void
  /** Merges fields into the stored user (e.g. is_campaign after the campaign popup). */
  updateUser(fields: Partial<SessionUser>): void
  /** Clears the user and runs every registered reset (docs/product/account.md §4, Auth). */
  logout(): void
}

/**
 * Data that belongs to the signed-in person and must go on logout (docs/product/account.md §4: address,
 * profile, orders, wishlist, rating, notification and cart). Each feature registers its own reset,
 * so this module never imports a feature.
 */
const sessionResets = new Map<string, () => void>()

/** Registers (or replaces) the reset a feature runs on logout; returns an unregister function. */
export function registerSessionReset(name: string, reset: () => void): () => void {
  sessionResets.set(name, reset)
  return () => {
    if (sessionResets.get(name) === reset) sessionResets.delete(name)
  }
}

/** Names of the registered resets (tests and diagnostics). */
export const registeredSessionResets = () => [...sessionResets.keys()]

function runSessionResets() {
  for (const reset of sessionResets.values()) {
    try {
      reset()
    } catch {
      // One feature's failing reset must not keep the others (or the logout) from running.
    }
  }
}

export const SESSION_STORAGE_KEY = 'auth-storage'
export const SESSION_STORE_VERSION = 1

type PersistedSession = Pick<SessionState, 'user' | 'asGuest' | 'phoneAsGuest'>
const emptySession: PersistedSession = { user: null, asGuest: false, phoneAsGuest: null }

/**
 * Older or foreign shapes of the stored session → the current one. Version 0 (or no version)
 * could hold `phoneAsGuest` as a boolean and a user without a token: both are dropped safely.
 */
export function migrateSession(persisted: unknown, _version: number): PersistedSession {
  if (!persisted || typeof persisted !== 'object') return { ...emptySession }
  const value = persisted as Record<string, unknown>
  const user = value.user as SessionUser | null | undefined
  const validUser =
    user && typeof user === 'object' && typeof user.token === 'string' && user.token ? user : null
  return {
    user: validUser,
    asGuest: validUser ? value.asGuest === true : false,
    phoneAsGuest: validUser && typeof value.phoneAsGuest === 'string' ? value.phoneAsGuest : null,
  }
}

/**
 * The session, persisted under 'auth-storage' (docs/product/shopping.md §4). `skipHydration`: the server and
 * the first client render both see a signed-out session; root.tsx rehydrates it in an effect.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...emptySession,
      setUser: (user, options = {}) =>
        set({ user, asGuest: options.asGuest ?? false, phoneAsGuest: options.phone ?? null }),
      updateUser: (fields) => set((s) => (s.user ? { user: { ...s.user, ...fields } } : {})),
      logout: () => {
        set({ ...emptySession })
        runSessionResets()
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: SESSION_STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): PersistedSession => ({
        user: s.user,
        asGuest: s.asGuest,
        phoneAsGuest: s.phoneAsGuest,
      }),
      migrate: (persisted, version) => migrateSession(persisted, version) as unknown as SessionState,
      skipHydration: true,
    },
  ),
)

export const selectSignedIn = (s: SessionState) => Boolean(s.user?.token)

/**
 * Logout (docs/product/account.md §4): clears the user and runs every registered reset at once, then revokes
 * the token on the server (POST /api/v1/member/logout; a failure there must not keep the shopper
 * signed in). Clearing first makes any member call still under way with the old token stale: its 401
 * changes nothing (api-client), instead of opening the login dialog on the way out.
 * The caller navigates to '/'.
 */
export async function signOut(api: ApiClient): Promise<void> {
  const token = useSessionStore.getState().user?.token
  useSessionStore.getState().logout()
  if (token) {
    await api
      .request('/api/v1/member/logout', {
        method: 'POST',
        query: { token },
        silent: true,
        keepSessionOn401: true,
      })
      .catch(() => undefined)
  }
}

/**
 * True once the stored session has been read (root.tsx rehydrates after hydration); false on the
 * server and in the first client render. Guards wait for it before treating a shopper as a visitor.
 */
export function useSessionReady(): boolean {
  return useSyncExternalStore(
    (onChange) => useSessionStore.persist.onFinishHydration(onChange),
    () => useSessionStore.persist.hasHydrated(),
    () => false,
  )
}
