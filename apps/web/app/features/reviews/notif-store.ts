import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { NOTIFICATION_FRESH_MS, NOTIFICATION_HIDE_MS, REVIEW_PROMPT_SNOOZE_MS } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'
import { registerSessionReset } from '~/lib/session-store'
import { fetchNotification } from './reviews.api'

/** docs/product/account.md §4: persisted in the browser as 'notif-storage'. */
export const NOTIF_STORAGE_KEY = 'notif-storage'

/** The key a member's data is stored under (the customer id as text). */
export const memberKey = (idPelanggan: string | number) => String(idPelanggan)

export interface NotifState {
  /** Whose notification this is (memberKey); a count is only ever shown to the member it was loaded for. */
  memberId: string | null
  /** Lines waiting for a review (GET /pages/notification, data.total_rating); null until loaded. */
  totalRating: number | null
  /**
   * Until when the stored count may be shown without a new answer (epoch ms); null: unknown. When it
   * is missing or past, the notification hides after 1 second (docs/product/account.md §4 and §9) unless a
   * fresh count arrives first.
   */
  expiry: number | null
  /** Set (not stored) once a stale count has had its second: the notification is hidden. */
  staleHidden: boolean
  /** Until when each member snoozed the waiting-review prompt (epoch ms), by memberKey. */
  snoozes: Record<string, number>
  /** Loads the count for this member; a failed call keeps what is stored (and lets it go stale). */
  refresh(api: ApiClient, token: string, memberId: string, now?: number): Promise<number>
  /** One rating submitted: the count goes down by one (docs/product/account.md §4). */
  decrement(): void
  /** Forgets a count loaded for someone else (another member signed in on this browser). */
  claim(memberId: string): void
  /** Hides the notification when its expiry is missing or past at `now`. */
  hideIfStale(now?: number): void
  /** Hides this member's waiting-review prompt for 24 hours (docs/product/account.md §9); other members keep theirs. */
  snooze(memberId: string, now?: number): void
  reset(): void
}

/** Whether the stored count may still be shown at `now`. */
export const notificationFresh = (state: Pick<NotifState, 'expiry'>, now: number) =>
  state.expiry !== null && state.expiry > now

/**
 * How long until the notification must hide: 1 second when its expiry is missing or past, else 1
 * second after it passes.
 */
export const hideDelay = (state: Pick<NotifState, 'expiry'>, now: number) =>
  Math.max(0, (state.expiry ?? now) - now) + NOTIFICATION_HIDE_MS

/** The waiting count to show `memberId`: 0 for someone else's count or a hidden stale one. */
export const shownCount = (
  state: Pick<NotifState, 'memberId' | 'totalRating' | 'staleHidden'>,
  memberId: string | null,
) => (memberId !== null && state.memberId === memberId && !state.staleHidden ? (state.totalRating ?? 0) : 0)

/** Whether the waiting-review prompt may show: ratings wait and this member's snooze is missing or past. */
export const promptDue = (
  state: Pick<NotifState, 'memberId' | 'totalRating' | 'staleHidden' | 'snoozes'>,
  memberId: string | null,
  now: number,
) => shownCount(state, memberId) > 0 && !((state.snoozes[memberId ?? ''] ?? 0) > now)

/** Snoozes that are still running (past ones are dropped, so the stored map stays small). */
const runningSnoozes = (snoozes: Record<string, number>, now: number) =>
  Object.fromEntries(Object.entries(snoozes).filter(([, until]) => until > now))

type StoredNotif = Pick<NotifState, 'memberId' | 'totalRating' | 'expiry' | 'snoozes'>

/** The stored state, each field checked: anything malformed reads as missing. */
function storedShape(persisted: unknown): StoredNotif {
  const value = (persisted && typeof persisted === 'object' ? persisted : {}) as Record<string, unknown>
  const rawSnoozes = value.snoozes && typeof value.snoozes === 'object' ? value.snoozes : {}
  const number = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) ? field : null)
  return {
    memberId: typeof value.memberId === 'string' ? value.memberId : null,
    totalRating: number(value.totalRating),
    expiry: number(value.expiry),
    snoozes: Object.fromEntries(
      Object.entries(rawSnoozes as Record<string, unknown>).filter(
        (entry): entry is [string, number] => number(entry[1]) !== null,
      ),
    ),
  }
}

/**
 * The waiting-review notification and the prompt's snooze (docs/product/account.md §4, Reviews), persisted
 * under 'notif-storage'. Both are the member's own: the count carries whose it is and the snooze is kept
 * per member, so the next member signing in on the same phone never sees the last one's count or
 * inherits their snooze, even when the logout ran where this store was never loaded (the phone's
 * sidebar, a 401). `skipHydration`: read from storage in an effect, so server and first client
 * render agree.
 */
export const useNotifStore = create<NotifState>()(
  persist(
    (set, get) => ({
      memberId: null,
      totalRating: null,
      expiry: null,
      staleHidden: false,
      snoozes: {},
      async refresh(api, token, memberId, now) {
        try {
          const total = await fetchNotification(api, token)
          const at = now ?? Date.now()
          set({ memberId, totalRating: total, expiry: at + NOTIFICATION_FRESH_MS, staleHidden: false })
          return total
        } catch {
          return get().memberId === memberId ? (get().totalRating ?? 0) : 0
        }
      },
      decrement: () => set((s) => ({ totalRating: Math.max(0, (s.totalRating ?? 0) - 1) })),
      claim: (memberId) => {
        if (get().memberId !== memberId)
          set({ memberId, totalRating: null, expiry: null, staleHidden: false })
      },
      hideIfStale: (now = Date.now()) => {
        if (!notificationFresh(get(), now)) set({ staleHidden: true })
      },
      snooze: (memberId, now = Date.now()) =>
        set((s) => ({
          snoozes: { ...runningSnoozes(s.snoozes, now), [memberId]: now + REVIEW_PROMPT_SNOOZE_MS },
        })),
      // Logout: the count goes (docs/product/account.md §4, Auth); snoozes stay, each is its own member's.
      reset: () => set({ memberId: null, totalRating: null, expiry: null, staleHidden: false }),
    }),
    {
      name: NOTIF_STORAGE_KEY,
      version: 2,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (s) => ({
        memberId: s.memberId,
        totalRating: s.totalRating,
        expiry: s.expiry,
        snoozes: s.snoozes,
      }),
      // Version 1 kept one snooze for whoever was signed in and a count without its owner: neither
      // can be given to a member safely, so both go (the prompt shows again, at most once).
      migrate: (persisted, version) => (version < 2 ? storedShape({}) : storedShape(persisted)),
      // Whatever is stored (an older tab, a hand edit) is read field by field, never trusted whole.
      merge: (persisted, current) => ({ ...current, ...storedShape(persisted) }),
    },
  ),
)

// Logout resets the rating and notification data (docs/product/account.md §4, Auth).
registerSessionReset('notification', () => useNotifStore.getState().reset())
