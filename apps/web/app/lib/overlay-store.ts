import { create } from 'zustand'

/** Sections of the authentication dialog (docs/product/account.md §2); the accounts work fills the forms. */
export type AuthSection = 'login' | 'forget' | 'register' | 'register-success' | 'otp' | 'checkout' | 'guest'

/**
 * Why the authentication dialog opened: 'checkout' for Add to bag (docs/product/shopping.md §4);
 * 'order' and 'member' when a visitor's member link asked for a sign-in (an order page or another
 * member page, issue 28: lib/sign-in-return.ts). Login shows a line for each.
 */
export type AuthPurpose = 'default' | 'checkout' | 'order' | 'member'

export interface OverlayState {
  sidebarOpen: boolean
  searchOpen: boolean
  quickBagOpen: boolean
  /** The authentication dialog and why it opened. */
  auth: { open: boolean; section: AuthSection; purpose: AuthPurpose }
  /** Product code shown in the quick-view popup (laptop width), or null. */
  quickViewCode: string | null
  shareOpen: boolean
  /** The message popup; auto-hides after 3 s (docs/product/shopping.md §9). */
  message: { id: number; text: string; tone: 'info' | 'error' | 'success' } | null

  setSidebar(open: boolean): void
  setSearch(open: boolean): void
  setQuickBag(open: boolean): void
  openAuth(section?: AuthSection, purpose?: AuthPurpose): void
  /** Closing clears the section back to Login. */
  closeAuth(): void
  openQuickView(code: string): void
  closeQuickView(): void
  setShare(open: boolean): void
  showMessage(text: string, tone?: 'info' | 'error' | 'success'): void
  hideMessage(): void
}

let messageId = 0

export const useOverlayStore = create<OverlayState>()((set) => ({
  sidebarOpen: false,
  searchOpen: false,
  quickBagOpen: false,
  auth: { open: false, section: 'login', purpose: 'default' },
  quickViewCode: null,
  shareOpen: false,
  message: null,

  setSidebar: (open) => set({ sidebarOpen: open }),
  setSearch: (open) => set({ searchOpen: open }),
  setQuickBag: (open) => set({ quickBagOpen: open }),
  openAuth: (section = 'login', purpose = 'default') => set({ auth: { open: true, section, purpose } }),
  closeAuth: () => set({ auth: { open: false, section: 'login', purpose: 'default' } }),
  openQuickView: (code) => set({ quickViewCode: code }),
  closeQuickView: () => set({ quickViewCode: null }),
  setShare: (open) => set({ shareOpen: open }),
  showMessage: (text, tone = 'info') => set({ message: { id: ++messageId, text, tone } }),
  hideMessage: () => set({ message: null }),
}))

/** True while any overlay is open: the page scroll is locked then (docs/product/shopping.md §2, Overlays). */
export const selectAnyOverlayOpen = (s: OverlayState) =>
  s.sidebarOpen || s.searchOpen || s.quickBagOpen || s.auth.open || s.quickViewCode !== null || s.shareOpen
