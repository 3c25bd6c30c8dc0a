import { create } from 'zustand'
import type { ApiClient } from '~/lib/api-client.ts'
import { createSessionData } from '~/lib/session-data.ts'
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
  /** Logout resets the address data (docs/product/account.md §4). */
  reset(): void
}

// Logout resets the address data (docs/product/account.md §4); registered when this feature first loads.
const sessionData = createSessionData({
  name: 'address',
  clear: () => useAddressStore.setState({ addresses: null, loading: false, needUpdate: false }),
})

/** The member's saved addresses: loaded only when signed in (docs/product/account.md §4). */
export const useAddressStore = create<AddressState>()((set, get) => ({
  addresses: null,
  loading: false,
  needUpdate: false,
  async load(api, token) {
    await sessionData.run(() => fetchAddresses(api, token), {
      apply: (addresses) => set({ addresses }),
      busy: (loading) => set({ loading }),
    })
    void get().checkNeedUpdate(api, token)
  },
  async checkNeedUpdate(api, token) {
    const call = sessionData.change()
    const needUpdate = await fetchNeedUpdate(api, token).catch(() => false)
    if (call.fresh) set({ needUpdate })
  },
  reset: () => sessionData.reset(),
}))
