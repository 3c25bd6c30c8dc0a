import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { OrderStatus } from '@busana/contract/schemas'
import { salesHeaders } from '../../db/schema/index.ts'
import type { PaymentHeaderStore } from '../payments/index.ts'
import { orderUnits } from './stock-views.ts'

/*
 * The order rows (`sales_headers`) as the moves and payments read and write them (issue 42):
 * orders is the table's one writer, and order-lifecycle and payments, which orders imports, get this
 * store handed in (order-lifecycle's `OrderHeaderStore`, payments' `PaymentHeaderStore`): orders'
 * own calls pass it, app.ts gives it to payments' routes, the payment-expiry job to its run. Each
 * function is one statement in the caller's transaction, the one its caller sent before, so the
 * checkout and PAY NOW keep their round trips.
 */

/** The rows payments joins to its own in one statement (a plain select PostgreSQL folds in). */
const paymentOrders = new QueryBuilder()
  .select({
    idSalesHeader: salesHeaders.idSalesHeader,
    salesOrderNumber: salesHeaders.salesOrderNumber,
    status: salesHeaders.status,
    paymentCode: salesHeaders.paymentCode,
    paymentName: salesHeaders.paymentName,
    totalBayar: salesHeaders.totalBayar,
    orderDate: salesHeaders.orderDate,
    expiredTime: salesHeaders.expiredTime,
  })
  .from(salesHeaders)
  .as('order_headers')

export const orderHeaderStore: PaymentHeaderStore = {
  async lockStatus(tx, idSalesHeader) {
    const [row] = await tx
      .select({ status: salesHeaders.status })
      .from(salesHeaders)
      .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
      .for('update')
    return (row?.status as OrderStatus | undefined) ?? null
  },

  async statusOf(db, idSalesHeader) {
    const [row] = await db
      .select({ status: salesHeaders.status })
      .from(salesHeaders)
      .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
    return (row?.status as OrderStatus | undefined) ?? null
  },

  async setStatus(tx, idSalesHeader, from, to, columns, now) {
    await tx
      .update(salesHeaders)
      .set({ ...columns, status: to, updatedAt: new Date(now) })
      .where(and(eq(salesHeaders.idSalesHeader, idSalesHeader), eq(salesHeaders.status, from)))
  },

  async markRefundDue(tx, idSalesHeader) {
    await tx
      .update(salesHeaders)
      .set({ refundAmount: sql`${salesHeaders.totalBayar}`, refundState: 'due' })
      .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
  },

  async markRefundDueAfterCancel(tx, idSalesHeader, now) {
    const recorded = await tx
      .update(salesHeaders)
      .set({ refundAmount: sql`${salesHeaders.totalBayar}`, refundState: 'due', updatedAt: new Date(now) })
      .where(
        and(
          eq(salesHeaders.idSalesHeader, idSalesHeader),
          eq(salesHeaders.status, 'Cancel'),
          isNull(salesHeaders.refundState),
        ),
      )
      .returning({ id: salesHeaders.idSalesHeader })
    return recorded.length > 0
  },

  async markRefunded(tx, idSalesHeader, now) {
    const recorded = await tx
      .update(salesHeaders)
      .set({ refundState: 'refunded', updatedAt: new Date(now) })
      .where(and(eq(salesHeaders.idSalesHeader, idSalesHeader), eq(salesHeaders.refundState, 'due')))
      .returning({ id: salesHeaders.idSalesHeader })
    return recorded.length > 0
  },

  async orderToPay(db, idSalesHeader) {
    const [row] = await db
      .select({
        idSalesHeader: salesHeaders.idSalesHeader,
        salesOrderNumber: salesHeaders.salesOrderNumber,
        status: salesHeaders.status,
        totalBayar: salesHeaders.totalBayar,
        paymentCode: salesHeaders.paymentCode,
        orderDate: salesHeaders.orderDate,
        expiredTime: salesHeaders.expiredTime,
        buyerName: salesHeaders.buyerName,
        buyerEmail: salesHeaders.buyerEmail,
        buyerPhone: salesHeaders.buyerPhone,
      })
      .from(salesHeaders)
      .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
    return row ?? null
  },

  async orderByNumber(db, salesOrderNumber) {
    const [row] = await db
      .select({ idSalesHeader: salesHeaders.idSalesHeader, totalBayar: salesHeaders.totalBayar })
      .from(salesHeaders)
      .where(eq(salesHeaders.salesOrderNumber, salesOrderNumber))
    return row ?? null
  },

  async lockOpenOrSkip(tx, idSalesHeader) {
    const [locked] = await tx
      .select({ id: salesHeaders.idSalesHeader })
      .from(salesHeaders)
      .where(and(eq(salesHeaders.idSalesHeader, idSalesHeader), eq(salesHeaders.status, 'Open')))
      .for('update', { skipLocked: true })
    return !!locked
  },

  async openPastDeadline(db, now, limit) {
    const due = await db
      .select({ id: salesHeaders.idSalesHeader })
      .from(salesHeaders)
      .where(and(eq(salesHeaders.status, 'Open'), lte(salesHeaders.expiredTime, new Date(now))))
      .orderBy(asc(salesHeaders.expiredTime))
      .limit(limit)
    return due.map((row) => row.id)
  },

  unitsOf: orderUnits,

  view: paymentOrders,
}
