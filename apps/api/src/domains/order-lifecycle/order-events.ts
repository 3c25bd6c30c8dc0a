import { asc, inArray } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { orderEvents } from '../../db/schema/index.ts'

/** One move of an order as written in its history (`order_events`, this module's table). */
export type OrderEvent = typeof orderEvents.$inferSelect

/**
 * The history of the orders `idSalesHeaders`: every event, oldest first (by id, the order they
 * were written in), for the order's pages and packing slips (issue 42: orders reads it here).
 */
export async function orderEventsOf(
  db: Db | Transaction,
  idSalesHeaders: readonly string[],
): Promise<OrderEvent[]> {
  if (idSalesHeaders.length === 0) return []
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.idSalesHeader, [...idSalesHeaders]))
    .orderBy(asc(orderEvents.id))
}
