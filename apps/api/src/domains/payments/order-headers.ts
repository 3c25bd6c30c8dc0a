import type { ColumnBaseConfig, ColumnDataType, Subquery } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, Transaction } from '../../db/client.ts'
import type { OrderHeaderStore } from '../order-lifecycle/index.ts'

type Column<T> = PgColumn<ColumnBaseConfig<ColumnDataType, string> & { data: T; notNull: true }>

/** What charging an order reads of it (the order's row as checkout wrote it will do). */
export interface OrderToPay {
  idSalesHeader: string
  salesOrderNumber: string
  status: string
  totalBayar: number
  paymentCode: string
  orderDate: Date
  expiredTime: Date
  buyerName: string
  buyerEmail: string | null
  buyerPhone: string
}

/**
 * The orders' rows as a table this module joins to its own (`payments`) in one statement: the
 * developer page's open payments, the QR's guard.
 */
export type PaymentOrders = Subquery & {
  idSalesHeader: Column<string>
  salesOrderNumber: Column<string>
  status: Column<string>
  paymentCode: Column<string>
  paymentName: Column<string>
  totalBayar: Column<number>
  orderDate: Column<Date>
  expiredTime: Column<Date>
}

/**
 * The order rows as payments reads them, besides the moves' store (order-lifecycle's
 * `OrderHeaderStore`, which payments hands to `moveOrder`, `cancelOrder` and `recordRefundDue`).
 * `sales_headers` is orders' (issue 42), and orders imports payments, so orders hands its
 * implementation (`orderHeaderStore`) in the `PaymentContext` and to the routes (app.ts). Each
 * function is one statement, the one payments sent itself before.
 */
export interface PaymentHeaderStore extends OrderHeaderStore {
  /** An order's facts for its charge and its expiry; null for no such order. */
  orderToPay(db: Db | Transaction, idSalesHeader: string): Promise<OrderToPay | null>
  /** The order a notification names (its number), with its total; null for no such order. */
  orderByNumber(
    db: Db | Transaction,
    salesOrderNumber: string,
  ): Promise<{ idSalesHeader: string; totalBayar: number } | null>
  /**
   * Locks an Open order's row (`for update skip locked`) until `tx` ends. False when it is not
   * Open, or another transaction holds it (that one is handling it).
   */
  lockOpenOrSkip(tx: Transaction, idSalesHeader: string): Promise<boolean>
  /** The Open orders whose deadline is `now` or earlier, oldest deadline first, at most `limit`. */
  openPastDeadline(db: Db | Transaction, now: number, limit: number): Promise<string[]>
  /** The rows to join (`PaymentOrders`). */
  view: PaymentOrders
}

/** What app.ts gives the payments routes from the orders module. */
export interface PaymentRoutesOptions {
  orderHeaders: PaymentHeaderStore
}
