import { create } from 'zustand'
import type { ApiClient } from '~/lib/api-client.ts'
import { registerSessionReset } from '~/lib/session-store.ts'
import { fetchAddresses, fetchNeedUpdate, type Address } from './addresses.api.ts'

export interface AddressState {
  /** null until the first load of this session. */
  addresses: Address[] | null
  loading: boolean
  /** What cek_alamat last said: the shell shows the address-update banner when true. */
  needUpdate: boolean
  /** Loads the list (and the update flag) for this token; later answers for another token are dropped. */
  load(api: ApiClient, token: string): Promise<void>
  /** Asks cek_alamat again (after a save, or when the shell mounts). */
  checkNeedUpdate(api: ApiClient, token: string): Promise<void>
  /** Logout resets the address data (spec 001 section 4). */
  reset(): void
}

let generation = 0

/** The member's saved addresses: loaded only when signed in (spec 001 section 4). */
export const useAddressStore = create<AddressState>()((set, get) => ({
  addresses: null,
  loading: false,
  needUpdate: false,
  async load(api, token) {
    const mine = ++generation
    set({ loading: true })
    try {
      const addresses = await fetchAddresses(api, token)
      if (mine === generation) set({ addresses })
    } finally {
      if (mine === generation) set({ loading: false })
    }
    void get().checkNeedUpdate(api, token)
  },
  async checkNeedUpdate(api, token) {
    const mine = generation
    const needUpdate = await fetchNeedUpdate(api, token).catch(() => false)
    if (mine === generation) set({ needUpdate })
  },
  reset() {
    generation++
    set({ addresses: null, loading: false, needUpdate: false })
  },
}))

// Logout resets the address data (spec 001 section 4); registered when this feature first loads.
registerSessionReset('address', () => useAddressStore.getState().reset())
