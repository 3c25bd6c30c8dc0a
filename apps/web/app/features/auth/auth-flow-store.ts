import { create } from 'zustand'

/**
 * The dialog's flow between sections: the customer id a VER001 answer gave (the code step needs it,
 * docs/product/account.md §4) and the server message to show on the Login section. Not persisted.
 */
export interface AuthFlowState {
  idPelanggan: number | null
  /** A notice for the Login section (e.g. after a verification the section returns to Login). */
  notice: string | null
  setCustomer(id: number | null): void
  setNotice(notice: string | null): void
  reset(): void
}

export const useAuthFlowStore = create<AuthFlowState>()((set) => ({
  idPelanggan: null,
  notice: null,
  setCustomer: (idPelanggan) => set({ idPelanggan }),
  setNotice: (notice) => set({ notice }),
  reset: () => set({ idPelanggan: null, notice: null }),
}))
