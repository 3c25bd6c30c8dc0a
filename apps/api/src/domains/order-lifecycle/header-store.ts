import type { OrderStatus } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'

/** The columns a move writes with the status (moveOrder's `set`). */
export interface MoveColumns {
  paidAt?: Date
  cancelledAt?: Date
  noResi?: string
  shippedCourier?: string
  shippedAt?: Date
  deliveredAt?: Date
}

/**
 * An order's row (`sales_headers`) as the moves lock, read and write it. The table is orders', its
 * one writer (issue 42); orders imports this module and payments, so it hands them its
 * implementation (`orderHeaderStore`): the moves below take it as an argument, payments gets it in
 * its `PaymentContext`. Each function is one statement, run in the caller's transaction: the
 * statement the move sent itself before.
 */
export interface OrderHeaderStore {
  /** The order's status with its row locked (`for update`) until `tx` ends; null for no such order. */
  lockStatus(tx: Transaction, idSalesHeader: string): Promise<OrderStatus | null>
  /** The order's status, read without a lock; null for no such order. */
  statusOf(db: Db | Transaction, idSalesHeader: string): Promise<OrderStatus | null>
  /** Writes `to`, the move's columns and `updated_at`, only while the order is still `from`. */
  setStatus(
    tx: Transaction,
    idSalesHeader: string,
    from: OrderStatus,
    to: OrderStatus,
    columns: MoveColumns,
    now: number,
  ): Promise<void>
  /** A Paid order just cancelled: its total becomes the refund due (`refund_state = 'due'`). */
  markRefundDue(tx: Transaction, idSalesHeader: string): Promise<void>
  /**
   * Money for an order already cancelled: its total becomes the refund due, only while it is Cancel
   * with no refund recorded (due or refunded). Answers whether this call recorded it.
   */
  markRefundDueAfterCancel(tx: Transaction, idSalesHeader: string, now: number): Promise<boolean>
  /** The refund due was paid back: due → refunded, once. Answers whether this call recorded it. */
  markRefunded(tx: Transaction, idSalesHeader: string, now: number): Promise<boolean>
  /**
   * What the order holds of the stock, per sku in sku order (its lines' and its bundles' parts'
   * units): a cancel gives them back (inventory's `releaseOrderStock`). Orders' `orderUnits`.
   */
  unitsOf(tx: Transaction, idSalesHeader: string): Promise<{ sku: string; units: number }[]>
}
