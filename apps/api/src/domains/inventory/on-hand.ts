import { inArray, sql } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { stockLevels } from '../../db/schema/index.ts'

/**
 * The units on hand of these SKUs over every warehouse (stock_levels; defective units kept apart
 * in not_for_sale do not count). The catalogue asks it before publishing a product (issue 43):
 * app.ts hands it to the catalog's staff routes with their other facts (inventory itself imports
 * neither the catalog nor orders, decision 056).
 */
export async function onHandOfSkus(db: Db | Transaction, skus: readonly string[]): Promise<number> {
  if (skus.length === 0) return 0
  const [row] = await db
    .select({ units: sql<string | null>`sum(${stockLevels.onHand})` })
    .from(stockLevels)
    .where(inArray(stockLevels.skuProduct, [...skus]))
  return Number(row?.units ?? 0)
}
