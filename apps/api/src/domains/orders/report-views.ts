import { QueryBuilder } from 'drizzle-orm/pg-core'
import { salesHeaders, salesLines } from '../../db/schema/index.ts'

/*
 * Orders' rows as read-only tables the back office's figures read in their own statements (issue
 * 42: insights' sales overview and to-do counts). Each is a plain select of one table, which
 * PostgreSQL folds into the caller's query: the same plan and the same indexes (sales_headers_paid_idx,
 * _to_ship_idx, _open_expiry_idx, _refund_due_idx, _order_date_idx) as a query of the table itself.
 */
const query = new QueryBuilder()

/** Each order's dates, status, amounts, brand, voucher, way to pay and refund, joined by `idSalesHeader`. */
export const reportHeadersView = query
  .select({
    idSalesHeader: salesHeaders.idSalesHeader,
    status: salesHeaders.status,
    idBrand: salesHeaders.idBrand,
    orderDate: salesHeaders.orderDate,
    expiredTime: salesHeaders.expiredTime,
    paidAt: salesHeaders.paidAt,
    cancelledAt: salesHeaders.cancelledAt,
    totalBayar: salesHeaders.totalBayar,
    promoValue: salesHeaders.promoValue,
    kodePromo: salesHeaders.kodePromo,
    paymentCode: salesHeaders.paymentCode,
    paymentName: salesHeaders.paymentName,
    refundState: salesHeaders.refundState,
    refundAmount: salesHeaders.refundAmount,
  })
  .from(salesHeaders)
  .as('report_headers')

/** Each order line's product, units and unit price as charged, joined to its order by `idSalesHeader`. */
export const reportLinesView = query
  .select({
    idSalesHeader: salesLines.idSalesHeader,
    productCode: salesLines.productCode,
    productName: salesLines.productMasterName,
    quantity: salesLines.quantity,
    hargaJual: salesLines.hargaJual,
  })
  .from(salesLines)
  .as('report_lines')
