import { eq } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { salesHeaders, salesLines } from '../../db/schema/index.ts'

/*
 * Orders' rows as read-only tables other modules join in their own statements (issue 42): a
 * review's line and order, a voucher's orders. Those modules cannot import orders, which uses them
 * (checkout redeems vouchers, fulfilment opens reviews), so app.ts hands these to their routes. Each
 * is a plain select that PostgreSQL folds into the caller's query: the same plan as a direct join.
 */
const query = new QueryBuilder()

/** Each order line with its order's number and date, joined by `idSalesLine` (reviews). */
export const orderLinesView = query
  .select({
    idSalesLine: salesLines.id,
    productName: salesLines.productMasterName,
    ukuran: salesLines.ukuran,
    idBrand: salesLines.idBrand,
    image: salesLines.urlImage,
    orderNumber: salesHeaders.salesOrderNumber,
    orderDate: salesHeaders.orderDate,
  })
  .from(salesLines)
  .innerJoin(salesHeaders, eq(salesHeaders.idSalesHeader, salesLines.idSalesHeader))
  .as('order_lines')

/** Each order's number, status and amounts, joined by `idSalesHeader` (a voucher's uses). */
export const orderHeadersView = query
  .select({
    idSalesHeader: salesHeaders.idSalesHeader,
    orderNumber: salesHeaders.salesOrderNumber,
    status: salesHeaders.status,
    promoValue: salesHeaders.promoValue,
    totalBayar: salesHeaders.totalBayar,
  })
  .from(salesHeaders)
  .as('order_headers')
