import { sql, type SQL } from 'drizzle-orm'
import type { Transaction } from '../../db/client.ts'
import { salesHeaders, salesLineComponents, salesLines } from '../../db/schema/index.ts'
import type { SkuUnits } from '../inventory/index.ts'

/*
 * What the stock counts of the orders (issue 42): the units an order holds are its lines' (a line's
 * quantity on its sku) and its bundles' parts' (a part's qty × the line's quantity on the part's
 * sku). Inventory cannot import orders, which uses it (checkout takes stock, shipping ships it), so
 * orders builds these on its tables and hands them over: app.ts to the stock's staff calls, and
 * each caller of inventory's functions passes them.
 */

/**
 * The units Open and Paid orders hold (taken from stock, not shipped nor given back), as a table
 * expression `(sku, wh, units)`, one row per line or bundle part, in the order's warehouse:
 * inventory's `HeldByOrders`, which its statements sum per sku and warehouse.
 */
export const heldByOrders: SQL = sql`(
  select l.sku_product as sku, h.id_warehouse as wh, l.quantity as units
    from ${salesLines} l join ${salesHeaders} h on h.id_sales_header = l.id_sales_header
    where h.status in ('Open', 'Paid')
  union all
  select c.sku_product, h.id_warehouse, c.qty * l.quantity
    from ${salesLineComponents} c
    join ${salesLines} l on l.id = c.id_sales_line
    join ${salesHeaders} h on h.id_sales_header = l.id_sales_header
    where h.status in ('Open', 'Paid'))`

/**
 * What an order holds, per sku: each line's quantity to its sku (a bundle's own sku) and
 * quantity × qty to each bundle part's sku, in sku order (the order inventory takes and gives
 * them in). One statement, inside the caller's transaction.
 */
export async function orderUnits(tx: Transaction, idSalesHeader: string): Promise<SkuUnits[]> {
  const result = await tx.execute(sql`
    select u.sku, sum(u.units)::int as units from (
      select l.sku_product as sku, l.quantity as units from ${salesLines} l where l.id_sales_header = ${idSalesHeader}
      union all
      select c.sku_product, c.qty * l.quantity from ${salesLineComponents} c
        join ${salesLines} l on l.id = c.id_sales_line where l.id_sales_header = ${idSalesHeader}
    ) u group by u.sku order by u.sku`)
  return (result as unknown as { rows: SkuUnits[] }).rows
}

/**
 * A Paid order's warehouse and units, to ship (inventory's `shipStock`): its row is locked first
 * (`for update`, until the ship's transaction ends); null when it is not Paid (any more).
 */
export async function unitsToShip(
  tx: Transaction,
  idSalesHeader: string,
): Promise<{ idWarehouse: number; units: SkuUnits[] } | null> {
  const result = await tx.execute(
    sql`select status, id_warehouse from ${salesHeaders} where id_sales_header = ${idSalesHeader} for update`,
  )
  const [order] = (result as unknown as { rows: { status: string; id_warehouse: number }[] }).rows
  if (!order || order.status !== 'Paid') return null
  return { idWarehouse: Number(order.id_warehouse), units: await orderUnits(tx, idSalesHeader) }
}
