import { count, desc, eq, inArray } from 'drizzle-orm'
import {
  ORDER_NUMBER_PATTERN,
  ORDER_STATUS_MESSAGES,
  shopIsoString,
  type OrderGuestListItem,
  type OrderListItem,
  type OrderStatus,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { salesHeaders } from '../../db/schema/index.ts'

const listItem = (h: typeof salesHeaders.$inferSelect): OrderListItem => ({
  id_sales_header: h.idSalesHeader,
  order_date: shopIsoString(h.orderDate)!,
  status: h.status as OrderStatus,
  status_message: ORDER_STATUS_MESSAGES[h.status as OrderStatus],
  sales_order_number: h.salesOrderNumber,
  total: h.totalBayar,
  no_resi: h.noResi,
  paket: h.paket,
})

/**
 * The caller's orders (GET /member/order_history; docs/product/shopping.md §3, Order list item), newest
 * first, one page of `perPage`, with the number of pages. Members and phone guests alike: only
 * their own orders.
 */
export async function orderHistory(
  db: Db,
  idPelanggan: number,
  page: number,
  perPage: number,
): Promise<{ items: OrderListItem[]; totalPages: number }> {
  const [{ total }] = (await db
    .select({ total: count() })
    .from(salesHeaders)
    .where(eq(salesHeaders.idPelanggan, idPelanggan))) as [{ total: number }]
  const rows = await db
    .select()
    .from(salesHeaders)
    .where(eq(salesHeaders.idPelanggan, idPelanggan))
    .orderBy(desc(salesHeaders.orderDate), desc(salesHeaders.idSalesHeader))
    .limit(perPage)
    .offset((page - 1) * perPage)
  return { items: rows.map(listItem), totalPages: Math.ceil(Number(total) / perPage) }
}

/**
 * The orders of the numbers given (GET /member/order_guest_list; docs/product/account.md's tracking list), in
 * the order asked; a number that is malformed or matches nothing is left out. Anyone holding a number
 * sees its status and total: numbers are random (8 Crockford characters a day) and lookups are
 * rate-limited per address by the route.
 */
export async function guestOrderList(db: Db, numbers: string[]): Promise<OrderGuestListItem[]> {
  const valid = numbers.filter((number) => ORDER_NUMBER_PATTERN.test(number))
  if (valid.length === 0) return []
  const rows = await db.select().from(salesHeaders).where(inArray(salesHeaders.salesOrderNumber, valid))
  const byNumber = new Map(rows.map((row) => [row.salesOrderNumber, row]))
  return valid.flatMap((number) => {
    const row = byNumber.get(number)
    if (!row) return []
    const { id_sales_header: _id, ...item } = listItem(row)
    return [item]
  })
}
