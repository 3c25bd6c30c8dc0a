import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { REVIEW_PROMPT_SNOOZE_MS } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { registerSessionReset } from '~/lib/session-store'
import { fetchNotification } from './reviews.api'

/** Spec 001 §4: persisted in the browser as 'notif-storage'. */
export const NOTIF_STORAGE_KEY = 'notif-storage'

export interface NotifState {
  /** Lines waiting for a review (GET /pages/notification, data.total_rating); null until loaded. */
  totalRating: number | null
  /** Until when the waiting-review prompt stays hidden (epoch ms); null: never snoozed. */
  expiry: number | null
  /** Loads the count for this token. */
  refresh(api: ApiClient, token: string): Promise<number>
  /** One rating submitted: the count goes down by one (spec 001 §4). */
  decrement(): void
  /** Hides the waiting-review prompt for 24 hours (spec 001 §9). */
  snooze(now?: number): void
  reset(): void
}

/** Whether the waiting-review prompt may show: ratings wait and the stored expiry is missing or past. */
export const promptDue = (state: Pick<NotifState, 'totalRating' | 'expiry'>, now: number) =>
  (state.totalRating ?? 0) > 0 && (state.expiry === null || state.expiry <= now)

/**
 * The waiting-review count and the prompt's snooze (spec 001 §4, Reviews), persisted under
 * 'notif-storage'. `skipHydration`: read from storage in an effect, so server and first client
 * render agree; logout clears it with the rest of the member's data.
 */
export const useNotifStore = create<NotifState>()(
  persist(
    (set) => ({
      totalRating: null,
      expiry: null,
      async refresh(api, token) {
        try {
          const total = await fetchNotification(api, token)
          set({ totalRating: total })
          return total
        } catch {
          return 0
        }
      },
      decrement: () => set((s) => ({ totalRating: Math.max(0, (s.totalRating ?? 0) - 1) })),
      snooze: (now = Date.now()) => set({ expiry: now + REVIEW_PROMPT_SNOOZE_MS }),
      reset: () => set({ totalRating: null, expiry: null }),
    }),
    {
      name: NOTIF_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (s) => ({ totalRating: s.totalRating, expiry: s.expiry }),
      migrate: (persisted) => {
        const value = (persisted ?? {}) as Record<string, unknown>
        return {
          totalRating: typeof value.totalRating === 'number' ? value.totalRating : null,
          expiry: typeof value.expiry === 'number' ? value.expiry : null,
        }
      },
    },
  ),
)

// Logout resets the rating and notification data (spec 001 §4, Auth).
registerSessionReset('notification', () => useNotifStore.getState().reset())
