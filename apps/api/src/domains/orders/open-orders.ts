import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { salesHeaders, salesLineComponents, salesLines } from '../../db/schema/index.ts'

/**
 * Whether an open order (Open or Paid: its stock is held, and it is still to be shipped or
 * cancelled, which puts stock back) holds a sku, as a line or a bundle's part; one statement.
 * app.ts hands it to the catalog's staff calls: a variant such an order holds cannot be deleted
 * (the catalog cannot import orders, which uses the catalog through the bag).
 */
export async function skuInOpenOrder(db: Db, sku: string): Promise<boolean> {
  const open = sql`${salesHeaders.status} in ('Open', 'Paid')`
  const asLine = db
    .select({ id: salesLines.id })
    .from(salesLines)
    .innerJoin(salesHeaders, eq(salesHeaders.idSalesHeader, salesLines.idSalesHeader))
    .where(and(eq(salesLines.skuProduct, sku), open))
  const asPart = db
    .select({ id: salesLines.id })
    .from(salesLineComponents)
    .innerJoin(salesLines, eq(salesLines.id, salesLineComponents.idSalesLine))
    .innerJoin(salesHeaders, eq(salesHeaders.idSalesHeader, salesLines.idSalesHeader))
    .where(and(eq(salesLineComponents.skuProduct, sku), open))
  const held = await asLine.unionAll(asPart).limit(1)
  return held.length > 0
}
