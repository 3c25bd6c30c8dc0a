import { create } from 'zustand'
import type { ApiClient } from '~/lib/api-client.ts'
import { createSessionData } from '~/lib/session-data.ts'
import { fetchProfile } from './account.api.ts'
import type { ProfileData } from './account.rules.ts'

export interface ProfileState {
  profile: ProfileData | null
  loading: boolean
  load(api: ApiClient): Promise<void>
  set(profile: ProfileData): void
  reset(): void
}

// Logout resets the profile (docs/product/account.md §4); an answer for the signed-out session is dropped.
const sessionData = createSessionData({
  name: 'profile',
  clear: () => useProfileStore.setState({ profile: null, loading: false }),
})

/** The member's profile (loaded only when signed in, docs/product/account.md §4); reset on logout. */
export const useProfileStore = create<ProfileState>()((set) => ({
  profile: null,
  loading: false,
  load: (api) =>
    sessionData.run(() => fetchProfile(api), {
      apply: (answer) => set({ profile: answer.data }),
      busy: (loading) => set({ loading }),
    }),
  set: (profile) => set({ profile }),
  reset: () => sessionData.reset(),
}))
