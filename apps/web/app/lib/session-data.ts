import { registerSessionReset } from './session-store.ts'

/**
 * Whether an answer may still be applied: `fresh` while no newer load started and the session was not
 * reset since the call began; `live` while the session was not reset (its pending count may still be
 * settled).
 */
export interface Ticket {
  readonly fresh: boolean
  readonly live: boolean
}

export interface SessionData {
  /** A load begins: answers of every earlier load and change are stale from now on. */
  load(): Ticket
  /** A change begins (a quantity, a removal): stale once a newer load starts or the session resets. */
  change(): Ticket
  /**
   * A change's answer was applied: every load begun before it is stale, since it may have read the
   * data before the change (a bag read as the shopper signs in, answered after the add it missed).
   */
  changed(): void
  /**
   * Runs one load with a `loading` flag: `busy(true)`, then `apply` with the answer (or `fail` with the
   * error) only while fresh, then `busy(false)` unless a newer load or a reset took over. Never throws
   * when `fail` is given; rethrows otherwise.
   */
  run<T>(
    fetch: () => Promise<T>,
    handlers: { apply(value: T): void; fail?(error: unknown): void; busy?(on: boolean): void },
  ): Promise<void>
  /** Drops every answer under way (logout, a cleared popup) and calls the store's `clear`. */
  reset(): void
}

/**
 * Server data that belongs to the signed-in session (the bag, the wishlist, the addresses, the quick
 * view's product): the one place that drops stale answers and resets on logout, instead of a
 * hand-written generation counter per store. `name` registers the reset with the session store
 * (docs/product/shopping.md §4, docs/product/account.md §4: logout resets member data); leave it out for data
 * that is not the member's.
 */
export function createSessionData(options: { name?: string; clear: () => void }): SessionData {
  let session = 0
  let loads = 0
  let changes = 0
  const ticket = (mine: number, load: number, seen = changes, isLoad = false): Ticket => ({
    get fresh() {
      return mine === session && load === loads && (!isLoad || seen === changes)
    },
    get live() {
      return mine === session
    },
  })

  const data: SessionData = {
    load: () => ticket(session, ++loads, changes, true),
    change: () => ticket(session, loads),
    changed: () => {
      changes++
    },
    async run(fetch, { apply, fail, busy }) {
      const call = data.load()
      busy?.(true)
      try {
        const value = await fetch()
        if (call.fresh) apply(value)
      } catch (error) {
        if (!fail) throw error
        if (call.fresh) fail(error)
      } finally {
        if (call.fresh) busy?.(false)
      }
    },
    reset() {
      session++
      options.clear()
    },
  }
  if (options.name) registerSessionReset(options.name, () => data.reset())
  return data
}
