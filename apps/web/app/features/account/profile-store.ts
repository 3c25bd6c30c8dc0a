import { create } from 'zustand'
import type { ApiClient } from '~/lib/api-client.ts'
import { registerSessionReset } from '~/lib/session-store.ts'
import { fetchProfile } from './account.api.ts'
import type { ProfileData } from './account.rules.ts'

export interface ProfileState {
  profile: ProfileData | null
  loading: boolean
  load(api: ApiClient): Promise<void>
  set(profile: ProfileData): void
  reset(): void
}

/** The member's profile (loaded only when signed in, spec 001 section 4); reset on logout. */
export const useProfileStore = create<ProfileState>()((set) => ({
  profile: null,
  loading: false,
  load: async (api) => {
    set({ loading: true })
    try {
      const answer = await fetchProfile(api)
      set({ profile: answer.data })
    } finally {
      set({ loading: false })
    }
  },
  set: (profile) => set({ profile }),
  reset: () => set({ profile: null, loading: false }),
}))

registerSessionReset('profile', () => useProfileStore.getState().reset())
