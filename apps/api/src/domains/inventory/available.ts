import type { Transaction } from '../../db/client.ts'
import { publish } from '../events/index.ts'

/**
 * Sizes that could not be bought (stock 0) and can now: announced in the transaction that gave
 * them their units, as `inventory.available_again { sku }` events (issue 42: the members waiting
 * for the size hear of it). Every path that raises the sellable stock calls it: an adjustment or an
 * import (`applyChange`), returned units for sale, a cancelled order's units, a released hold or
 * a press's claim given back.
 */
export async function announceAvailable(tx: Transaction, skus: readonly string[]): Promise<void> {
  const unique = [...new Set(skus)]
  if (unique.length > 0)
    await publish(
      tx,
      'inventory.available_again',
      unique.map((sku) => ({ sku })),
    )
}

/** Whether a variant now at `after` units was at 0 before `added` of them came. */
export const cameBack = (after: number, added: number) => added > 0 && after > 0 && after - added <= 0
