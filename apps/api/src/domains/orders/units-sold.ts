import { sql, type SQL } from 'drizzle-orm'
import { salesHeaders, salesLines } from '../../db/schema/index.ts'

/**
 * Units sold per product since a moment, as a table expression `(product_code, units)` for the
 * catalog's `popular` sort (issue 39): lines of orders placed since then that were paid (Paid,
 * Delivery, Success; an unpaid or cancelled order sold nothing). The orders module owns these
 * tables, so it writes this query; app.ts hands it to the catalog's and search's routes.
 */
export function unitsSoldSince(since: Date): SQL {
  return sql`(select l.product_code, sum(l.quantity)::int as units
    from ${salesLines} l join ${salesHeaders} h on h.id_sales_header = l.id_sales_header
    where h.order_date >= ${since.toISOString()}::timestamptz and h.status in ('Paid', 'Delivery', 'Success')
    group by l.product_code)`
}
