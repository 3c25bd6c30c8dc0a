import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { ApiClient } from '~/lib/api-client.ts'
import { registerSessionReset, useSessionStore } from '~/lib/session-store.ts'
import { fetchCart, removeCartLine, updateCartLine, type CartLine } from './cart.api.ts'
import { pruneFlags, type CheckedFlags } from './cart.rules.ts'

/** What the cart popup shows after Add to bag at laptop width (spec 000 section 2, Overlays). */
export interface CartNotice {
  id: number
  message: string
  product_name: string
  ukuran: string
  price: number | null
  image: string | null
}

export interface CartState {
  /** The server's lines, newest first; empty for a visitor. */
  lines: CartLine[]
  /** True once the lines of the current session have arrived at least once. */
  loaded: boolean
  /** A bag call is under way: Add to bag and plus wait for it (spec 000 sections 2 and 4). */
  loading: boolean
  /** Client-only checked flags by id_line (persisted); a line without a flag is checked. */
  checked: CheckedFlags
  /** The cart popup's content, or null. */
  notice: CartNotice | null

  /** Loads the lines for this token; an answer for an older request is dropped. */
  load(api: ApiClient, token: string): Promise<void>
  setChecked(idLine: number, checked: boolean): void
  /** Select-all: ticks or unticks every row (spec 000 section 4). */
  setAllChecked(checked: boolean): void
  /** Changes a line's quantity on the server, then locally; resolves to the server's message. */
  changeQty(api: ApiClient, token: string, idLine: number, qty: number): Promise<string>
  /** Removes a line on the server, then locally; resolves to the server's message. */
  remove(api: ApiClient, token: string, idLine: number): Promise<string>
  showNotice(notice: Omit<CartNotice, 'id'>): void
  hideNotice(): void
  /** Logout resets the cart data (spec 000 section 4, Session). */
  reset(): void
}

export const CART_STORAGE_KEY = 'cart-storage-v2'
export const CART_STORE_VERSION = 1

type PersistedCart = Pick<CartState, 'checked'>

/** Any older or foreign stored shape → the flags it holds (booleans by id_line), or none. */
export function migrateCart(persisted: unknown): PersistedCart {
  const checked: CheckedFlags = {}
  const value = persisted && typeof persisted === 'object' ? (persisted as Record<string, unknown>) : {}
  const flags = value.checked
  if (flags && typeof flags === 'object' && !Array.isArray(flags)) {
    for (const [id, on] of Object.entries(flags)) if (typeof on === 'boolean') checked[id] = on
  }
  // An older shape kept whole lines with their `checked` flag: keep the flags, drop the lines.
  if (Array.isArray(value.cart)) {
    for (const line of value.cart as { id_line?: unknown; checked?: unknown }[]) {
      if (line && line.id_line !== undefined && typeof line.checked === 'boolean')
        checked[String(line.id_line)] = line.checked
    }
  }
  return { checked }
}

let generation = 0
let noticeId = 0

const emptyCart = { lines: [] as CartLine[], loaded: false, loading: false, checked: {}, notice: null }

/**
 * The shopping bag (spec 000 section 4): lines from the server, the checked flags on the client,
 * persisted under 'cart-storage-v2'. `skipHydration`: the server and the first client render see no
 * flags; useCartSync rehydrates after hydration.
 */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...emptyCart,
      async load(api, token) {
        const mine = ++generation
        set({ loading: true })
        try {
          const lines = await fetchCart(api, token)
          if (mine !== generation) return
          // Flags of lines gone from the bag are dropped once the stored flags have been read.
          const hydrated = useCartStore.persist.hasHydrated()
          set((s) => ({ lines, loaded: true, checked: hydrated ? pruneFlags(s.checked, lines) : s.checked }))
        } finally {
          if (mine === generation) set({ loading: false })
        }
      },
      setChecked(idLine, checked) {
        set((s) => ({ checked: { ...s.checked, [String(idLine)]: checked } }))
      },
      setAllChecked(checked) {
        set((s) => ({
          checked: Object.fromEntries(s.lines.map((line) => [String(line.id_line), checked])),
        }))
      },
      async changeQty(api, token, idLine, qty) {
        const mine = generation
        set({ loading: true })
        try {
          const { message, lines } = await updateCartLine(api, token, idLine, qty)
          // Spec 000 section 4: the line changes locally only after the server call succeeds. The
          // answer's whole bag also refreshes the other lines' stock limits (shared variants).
          if (mine === generation)
            set((s) => ({
              lines:
                lines ??
                s.lines.map((line) => (line.id_line === idLine ? { ...line, qty: String(qty) } : line)),
            }))
          return message
        } finally {
          if (mine === generation) set({ loading: false })
        }
      },
      async remove(api, token, idLine) {
        const mine = generation
        set({ loading: true })
        try {
          const { message, lines } = await removeCartLine(api, token, idLine)
          if (mine === generation)
            set((s) => {
              const checked = { ...s.checked }
              delete checked[String(idLine)]
              return { lines: lines ?? s.lines.filter((line) => line.id_line !== idLine), checked }
            })
          return message
        } finally {
          if (mine === generation) set({ loading: false })
        }
      },
      showNotice(notice) {
        set({ notice: { ...notice, id: ++noticeId } })
      },
      hideNotice() {
        set({ notice: null })
      },
      reset() {
        generation++
        set({ ...emptyCart })
      },
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      // Only client state: the lines always come from the server.
      partialize: (s): PersistedCart => ({ checked: s.checked }),
      migrate: (persisted) => migrateCart(persisted) as unknown as CartState,
      merge: (persisted, current) => ({
        ...current,
        // Flags changed before the stored ones were read win over them.
        checked: { ...migrateCart(persisted).checked, ...current.checked },
      }),
      skipHydration: true,
    },
  ),
)

/**
 * Re-fetches the bag for the signed-in session (after Add to bag, a bundle add, a login); a no-op
 * for visitors. Failures are reported by the API client's popup and never thrown. `tick`: the sku
 * just added; its line is ticked even when it was there (unticked) before, since the shopper wants it.
 */
export async function reloadCart(api: ApiClient, options: { tick?: string } = {}): Promise<void> {
  const token = useSessionStore.getState().user?.token
  if (!token) return
  const store = useCartStore.getState()
  await store.load(api, token).catch(() => undefined)
  if (options.tick === undefined) return
  const line = useCartStore
    .getState()
    .lines.find((l) => l.sku_product === options.tick && !l.bundling?.length)
  if (line) useCartStore.getState().setChecked(line.id_line, true)
}

// Logout resets the cart data (spec 000 section 4); registered when this feature first loads.
registerSessionReset('cart', () => useCartStore.getState().reset())
