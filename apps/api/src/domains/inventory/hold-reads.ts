import { inArray } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { stockHolds } from '../../db/schema/index.ts'

/** Units held now under each of `keys` (absent: nothing held), for a holder showing its holds (a return's page). */
export async function heldUnitsOf(
  db: Db | Transaction,
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map()
  const rows = await db
    .select({ key: stockHolds.holdKey, units: stockHolds.units })
    .from(stockHolds)
    .where(inArray(stockHolds.holdKey, [...keys]))
  return new Map(rows.map((row) => [row.key, row.units]))
}
