import { desc, eq } from 'drizzle-orm'
import { shopIsoString } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { salesHeaders } from '../../db/schema/index.ts'

/**
 * A member's orders as the back office lists them on her page (issue 14), newest first, at most
 * 200: a summary, the order calls show one in full. app.ts hands it to the members' staff calls
 * (members cannot import orders: orders uses the bag, which locks the member's row).
 */
export async function memberOrderSummaries(db: Db, idPelanggan: number) {
  const rows = await db
    .select({
      number: salesHeaders.salesOrderNumber,
      date: salesHeaders.orderDate,
      status: salesHeaders.status,
      total: salesHeaders.totalBayar,
      noResi: salesHeaders.noResi,
    })
    .from(salesHeaders)
    .where(eq(salesHeaders.idPelanggan, idPelanggan))
    .orderBy(desc(salesHeaders.orderDate))
    .limit(200)
  return rows.map((row) => ({
    sales_order_number: row.number,
    order_date: shopIsoString(row.date)!,
    status: row.status,
    total: row.total,
    no_resi: row.noResi,
  }))
}
