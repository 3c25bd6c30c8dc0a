import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import {
  AppError,
  ORDER_MESSAGES,
  canMoveOrder,
  ORDER_STATUSES,
  type OrderStatus,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { orderStatusChanges } from '../../metrics.ts'
import { orderEvents, salesHeaders } from '../../db/schema/index.ts'
import { releaseOrderStock } from '../inventory/index.ts'
import { releaseVoucherUse } from '../promotions/index.ts'
import { publish, type Topic } from '../events/index.ts'

/**
 * The event each move publishes (the buyer's message follows from it, issue 28); Cancel's is
 * cancelOrder's (order.cancelled or order.expired).
 */
const TOPIC_OF: Partial<Record<OrderStatus, Topic>> = {
  Paid: 'order.paid',
  Delivery: 'order.shipped',
  Success: 'order.delivered',
}

/**
 * Who moved an order: the shopper placing it, the payment provider, the shop's own jobs, the
 * courier's report, or a member of staff by e-mail.
 */
export type OrderActor = 'customer' | 'payment' | 'system' | 'courier' | `staff:${string}`

/** The statuses an order may move to `to` from (the contract's state machine). */
export const movableTo = (to: OrderStatus) => ORDER_STATUSES.filter((from) => canMoveOrder(from, to))

type HeaderValues = Partial<typeof salesHeaders.$inferInsert>

export interface MoveOptions {
  actor: OrderActor
  now: number
  /** Kept with the event: a waybill, a cancel reason, a provider's status. */
  note?: string | null
  /** Only from these statuses (a narrower guard than the state machine's), e.g. expiry cancels Open only. */
  from?: readonly OrderStatus[]
  /** Columns written with the status (paid_at, no_resi, …). */
  set?: HeaderValues
}

/** Who first cancelled an order ('customer', 'payment', 'system', 'staff:…'); null when it never was. */
export async function firstCancelActor(db: Db | Transaction, idSalesHeader: string): Promise<string | null> {
  const [cancel] = await db
    .select({ actor: orderEvents.actor })
    .from(orderEvents)
    .where(and(eq(orderEvents.idSalesHeader, idSalesHeader), eq(orderEvents.toStatus, 'Cancel')))
    .orderBy(asc(orderEvents.at))
    .limit(1)
  return cancel?.actor ?? null
}

/** Records an order's event inside `tx` (the order being placed: from null to Open). */
export async function recordOrderEvent(
  tx: Transaction,
  idSalesHeader: string,
  from: OrderStatus | null,
  to: OrderStatus,
  actor: OrderActor,
  now: number,
  note: string | null = null,
) {
  await tx.insert(orderEvents).values({
    idSalesHeader,
    fromStatus: from,
    toStatus: to,
    actor,
    note,
    at: new Date(now),
  })
}

/**
 * Moves an order to `to` inside `tx`, once: the row is locked, its status must be one that may move
 * to `to` (and one of options.from when given), then the status, the given columns and the event
 * are written together. Answers the status it moved from, or null when it did not move (already
 * there, backwards, or out of Success or Cancel), so replays and races change nothing twice.
 */
export async function moveOrder(
  tx: Transaction,
  idSalesHeader: string,
  to: OrderStatus,
  options: MoveOptions,
): Promise<OrderStatus | null> {
  const [row] = await tx
    .select({ status: salesHeaders.status })
    .from(salesHeaders)
    .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
    .for('update')
  const from = row?.status as OrderStatus | undefined
  if (!from || !canMoveOrder(from, to) || (options.from && !options.from.includes(from))) return null
  await tx
    .update(salesHeaders)
    .set({ ...options.set, status: to, updatedAt: new Date(options.now) })
    .where(and(eq(salesHeaders.idSalesHeader, idSalesHeader), eq(salesHeaders.status, from)))
  await recordOrderEvent(tx, idSalesHeader, from, to, options.actor, options.now, options.note ?? null)
  // Published in this transaction, so the buyer hears of it if and only if the move commits.
  const topic = TOPIC_OF[to]
  if (topic) await publish(tx, topic, [{ id_sales_header: idSalesHeader }])
  // Counted here, inside the caller's transaction (decision 043): a rollback after it over-counts.
  orderStatusChanges.inc({ from, to })
  return from
}

/** As moveOrder, but a move the state machine refuses is 409 ORD002 naming both statuses. */
export async function moveOrderOrFail(
  tx: Transaction,
  idSalesHeader: string,
  to: OrderStatus,
  options: MoveOptions,
): Promise<OrderStatus> {
  const moved = await moveOrder(tx, idSalesHeader, to, options)
  if (moved) return moved
  const [row] = await tx
    .select({ status: salesHeaders.status })
    .from(salesHeaders)
    .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
  if (!row) throw new AppError('ORD001')
  throw new AppError('ORD002', ORDER_MESSAGES.cannotBecome(row.status, to))
}

/**
 * Cancels an order and returns what it held, exactly once (inside `tx`). Open orders (expiry, a
 * failed payment) and, when options.from allows, Paid ones (staff): a paid order's total becomes a
 * refund due. Answers the status it was cancelled from, or null when it was not cancelled.
 */
export async function cancelOrder(
  tx: Transaction,
  idSalesHeader: string,
  options: Omit<MoveOptions, 'set'> & {
    /** The buyer's message: 'expired' for an unpaid order past its deadline, else 'cancelled'. */
    moment?: 'cancelled' | 'expired'
  },
): Promise<OrderStatus | null> {
  const { moment: _moment, ...move } = options
  const from = await moveOrder(tx, idSalesHeader, 'Cancel', {
    ...move,
    set: { cancelledAt: new Date(options.now) },
  })
  if (!from) return null
  if (from === 'Paid') {
    await tx
      .update(salesHeaders)
      .set({ refundAmount: sql`${salesHeaders.totalBayar}`, refundState: 'due' })
      .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
  }
  // What it held goes back: its units to the shop's stock, its voucher use to the voucher.
  await releaseOrderStock(tx, idSalesHeader)
  await releaseVoucherUse(tx, idSalesHeader)
  await publish(tx, options.moment === 'expired' ? 'order.expired' : 'order.cancelled', [
    { id_sales_header: idSalesHeader },
  ])
  return from
}

/**
 * Staff paid back a refund due (issue 30): `refund_state` due → refunded with a conditional update
 * (of two parallel calls exactly one records it), and an event Cancel → Cancel with the transfer's
 * reference, inside `tx`. Answers whether this call recorded it.
 */
export async function recordRefunded(
  tx: Transaction,
  idSalesHeader: string,
  options: { actor: OrderActor; now: number; note: string },
): Promise<boolean> {
  const recorded = await tx
    .update(salesHeaders)
    .set({ refundState: 'refunded', updatedAt: new Date(options.now) })
    .where(and(eq(salesHeaders.idSalesHeader, idSalesHeader), eq(salesHeaders.refundState, 'due')))
    .returning({ id: salesHeaders.idSalesHeader })
  if (recorded.length === 0) return false
  await recordOrderEvent(tx, idSalesHeader, 'Cancel', 'Cancel', options.actor, options.now, options.note)
  return true
}

/**
 * Money arrived for an order that is already cancelled (a settlement after the expiry, a failed
 * payment or a staff cancel): its total becomes a refund due (`refund_amount`, `refund_state =
 * 'due'`, as a paid order's cancel records it) and an event Cancel → Cancel says why, inside `tx`,
 * once: an order whose refund is already recorded (due or refunded) is left as it is. Answers
 * whether this call recorded it.
 */
export async function recordRefundDue(
  tx: Transaction,
  idSalesHeader: string,
  options: { actor: OrderActor; now: number; note: string },
): Promise<boolean> {
  const recorded = await tx
    .update(salesHeaders)
    .set({
      refundAmount: sql`${salesHeaders.totalBayar}`,
      refundState: 'due',
      updatedAt: new Date(options.now),
    })
    .where(
      and(
        eq(salesHeaders.idSalesHeader, idSalesHeader),
        eq(salesHeaders.status, 'Cancel'),
        isNull(salesHeaders.refundState),
      ),
    )
    .returning({ id: salesHeaders.idSalesHeader })
  if (recorded.length === 0) return false
  await recordOrderEvent(tx, idSalesHeader, 'Cancel', 'Cancel', options.actor, options.now, options.note)
  await publish(tx, 'order.refund_due', [{ id_sales_header: idSalesHeader }])
  return true
}
