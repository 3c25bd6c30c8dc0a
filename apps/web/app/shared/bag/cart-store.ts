import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { ApiClient } from '~/lib/api-client.ts'
import { createSessionData } from '~/lib/session-data.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import {
  fetchCart,
  removeCartLine,
  sendToBag,
  updateCartLine,
  type BagItem,
  type CartChange,
  type CartLine,
} from './bag.api.ts'
import { addedLine, bagQty, flagsForBag, type AddedItem, type CheckedFlags } from '~/shared/bag/bag.rules.ts'

/** What the cart popup shows after Add to bag at laptop width (docs/product/shopping.md §2, Overlays). */
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
  /** Bag calls under way (loads, adds, quantity changes, removals), however many run at once. */
  pending: number
  /**
   * At least one bag call is under way (pending > 0): Add to bag and plus wait for all of them
   * (docs/product/shopping.md §2 and 4), so the first answer of two never re-enables them.
   */
  loading: boolean
  /** Changes under way by id_line: that row's minus waits for them (it sends a computed quantity). */
  busyLines: Record<string, number>
  /** Client-only checked flags by id_line (persisted); a line without a flag is checked. */
  checked: CheckedFlags
  /** The cart popup's content, or null. */
  notice: CartNotice | null

  /** Loads the lines for this token; an answer for an older request is dropped. */
  load(api: ApiClient, token: string): Promise<void>
  setChecked(idLine: number, checked: boolean): void
  /** Select-all: ticks or unticks every row (docs/product/shopping.md §4). */
  setAllChecked(checked: boolean): void
  /** Changes a line's quantity on the server, then locally; resolves to the server's message. */
  changeQty(api: ApiClient, token: string, idLine: number, qty: number): Promise<string>
  /** Removes a line on the server, then locally; resolves to the server's message. */
  remove(api: ApiClient, token: string, idLine: number): Promise<string>
  /**
   * Adds an item on the server (Add to bag), then takes the answer's whole bag when it carries one;
   * resolves to the server's message and that bag (null when the answer has none).
   */
  add(api: ApiClient, token: string, item: BagItem): Promise<CartChange>
  showNotice(notice: Omit<CartNotice, 'id'>): void
  hideNotice(): void
  /** Logout resets the cart data (docs/product/shopping.md §4, Session). */
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

// Logout resets the cart data (docs/product/shopping.md §4); registered when this feature first loads. Calls
// of an older session change nothing, not even the counts; an older load's answer, or a change
// answered after a newer load started, is dropped (the newer load brings the bag).
const sessionData = createSessionData({ name: 'cart', clear: () => useCartStore.setState({ ...emptyCart }) })
let noticeId = 0

type Pending = Pick<CartState, 'pending' | 'loading' | 'busyLines'>

/** One more bag call under way (of line `idLine`, when it changes one line). */
function started(s: Pending, idLine?: number): Pending {
  if (idLine === undefined) return { pending: s.pending + 1, loading: true, busyLines: s.busyLines }
  const id = String(idLine)
  return {
    pending: s.pending + 1,
    loading: true,
    busyLines: { ...s.busyLines, [id]: (s.busyLines[id] ?? 0) + 1 },
  }
}

/** A bag call answered (or failed). */
function finished(s: Pending, idLine?: number): Pending {
  const pending = Math.max(0, s.pending - 1)
  if (idLine === undefined) return { pending, loading: pending > 0, busyLines: s.busyLines }
  const id = String(idLine)
  const { [id]: count = 1, ...others } = s.busyLines
  return { pending, loading: pending > 0, busyLines: count > 1 ? { ...others, [id]: count - 1 } : others }
}

const emptyCart = {
  lines: [] as CartLine[],
  loaded: false,
  pending: 0,
  loading: false,
  busyLines: {},
  checked: {},
  notice: null,
}

/**
 * The shopping bag (docs/product/shopping.md §4): lines from the server, the checked flags on the client,
 * persisted under 'cart-storage-v2'. `skipHydration`: the server and the first client render see no
 * flags; useCartSync rehydrates after hydration.
 */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...emptyCart,
      async load(api, token) {
        const call = sessionData.load()
        set((s) => started(s))
        try {
          const lines = await fetchCart(api, token)
          if (!call.fresh) return
          // Flags of lines gone from the bag are dropped once the stored flags have been read; when the
          // ticked lines are all gone (ordered), what remains is ticked (flagsForBag).
          const hydrated = useCartStore.persist.hasHydrated()
          set((s) => ({
            lines,
            loaded: true,
            checked: hydrated ? flagsForBag(s.checked, s.lines, lines) : s.checked,
          }))
        } finally {
          if (call.live) set((s) => finished(s))
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
        const call = sessionData.change()
        set((s) => started(s, idLine))
        try {
          const { message, lines } = await updateCartLine(api, token, idLine, qty)
          // docs/product/shopping.md §4: the line changes locally only after the server call succeeds. The
          // answer's whole bag also refreshes the other lines' stock limits (shared variants).
          if (call.fresh) {
            set((s) => ({
              lines:
                lines ??
                s.lines.map((line) => (line.id_line === idLine ? { ...line, qty: String(qty) } : line)),
            }))
            sessionData.changed()
          }
          return message
        } finally {
          if (call.live) set((s) => finished(s, idLine))
        }
      },
      async remove(api, token, idLine) {
        const call = sessionData.change()
        set((s) => started(s, idLine))
        try {
          const { message, lines } = await removeCartLine(api, token, idLine)
          if (call.fresh) {
            set((s) => {
              const checked = { ...s.checked }
              delete checked[String(idLine)]
              return { lines: lines ?? s.lines.filter((line) => line.id_line !== idLine), checked }
            })
            sessionData.changed()
          }
          return message
        } finally {
          if (call.live) set((s) => finished(s, idLine))
        }
      },
      async add(api, token, item) {
        const call = sessionData.change()
        set((s) => started(s))
        try {
          const answer = await sendToBag(api, token, item)
          const { lines } = answer
          // The whole bag, as a load would bring it (flags of lines gone are dropped once read).
          if (lines && call.fresh) {
            const hydrated = useCartStore.persist.hasHydrated()
            set((s) => ({
              lines,
              loaded: true,
              checked: hydrated ? flagsForBag(s.checked, s.lines, lines) : s.checked,
            }))
            // A load under way may have read the bag before this add: its answer is stale now.
            sessionData.changed()
          }
          return answer
        } finally {
          if (call.live) set((s) => finished(s))
        }
      },
      showNotice(notice) {
        set({ notice: { ...notice, id: ++noticeId } })
      },
      hideNotice() {
        set({ notice: null })
      },
      reset: () => sessionData.reset(),
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
 * Ticks the bag line an add went to (a plain sku's line, or the bundle line of the same parts): it
 * may have been there, unticked, before; the shopper who adds it again wants it. A new line needs no
 * flag (new lines are checked).
 */
export function tickAddedLine(item: AddedItem): void {
  const line = addedLine(useCartStore.getState().lines, item)
  if (line) useCartStore.getState().setChecked(line.id_line, true)
}

/**
 * Re-fetches the bag for the signed-in session (after Add to bag, a bundle add, a login); a no-op
 * for visitors. Failures are reported by the API client's popup and never thrown. `tick`: what was
 * just added; its line is ticked (tickAddedLine).
 */
export async function reloadCart(api: ApiClient, options: { tick?: AddedItem } = {}): Promise<void> {
  const token = useSessionStore.getState().user?.token
  if (!token) return
  const store = useCartStore.getState()
  await store.load(api, token).catch(() => undefined)
  if (options.tick) tickAddedLine(options.tick)
}

/** Pieces in the bag, for the header's badge. */
export const useBagCount = () => useCartStore((s) => bagQty(s.lines))
