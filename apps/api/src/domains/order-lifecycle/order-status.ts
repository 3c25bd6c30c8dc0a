import { and, asc, eq } from 'drizzle-orm'
import {
  AppError,
  ORDER_MESSAGES,
  canMoveOrder,
  ORDER_STATUSES,
  type OrderStatus,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { orderStatusChanges } from '../../metrics.ts'
import { orderEvents } from '../../db/schema/index.ts'
import { releaseOrderStock } from '../inventory/index.ts'
import { releaseVoucherUse } from '../promotions/index.ts'
import { publish, type Topic } from '../events/index.ts'
import type { MoveColumns, OrderHeaderStore } from './header-store.ts'

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

export interface MoveOptions {
  actor: OrderActor
  now: number
  /** Kept with the event: a waybill, a cancel reason, a provider's status. */
  note?: string | null
  /** Only from these statuses (a narrower guard than the state machine's), e.g. expiry cancels Open only. */
  from?: readonly OrderStatus[]
  /** Columns written with the status (paid_at, no_resi, …). */
  set?: MoveColumns
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

/**
 * An order's event, built and not run: a move awaits it inside its transaction; the checkout writes
 * a placed order's (from null to Open) in one statement with its other writes (db/together.ts).
 */
export function orderEventInsert(
  tx: Transaction,
  idSalesHeader: string,
  from: OrderStatus | null,
  to: OrderStatus,
  actor: OrderActor,
  now: number,
  note: string | null = null,
) {
  return tx.insert(orderEvents).values({
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
 * `headers` is orders' store of the order rows (their one writer, issue 42).
 */
export async function moveOrder(
  tx: Transaction,
  headers: OrderHeaderStore,
  idSalesHeader: string,
  to: OrderStatus,
  options: MoveOptions,
): Promise<OrderStatus | null> {
  const from = await headers.lockStatus(tx, idSalesHeader)
  if (!from || !canMoveOrder(from, to) || (options.from && !options.from.includes(from))) return null
  await headers.setStatus(tx, idSalesHeader, from, to, options.set ?? {}, options.now)
  await orderEventInsert(tx, idSalesHeader, from, to, options.actor, options.now, options.note ?? null)
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
  headers: OrderHeaderStore,
  idSalesHeader: string,
  to: OrderStatus,
  options: MoveOptions,
): Promise<OrderStatus> {
  const moved = await moveOrder(tx, headers, idSalesHeader, to, options)
  if (moved) return moved
  const status = await headers.statusOf(tx, idSalesHeader)
  if (!status) throw new AppError('ORD001')
  throw new AppError('ORD002', ORDER_MESSAGES.cannotBecome(status, to))
}

/**
 * Cancels an order and returns what it held, exactly once (inside `tx`). Open orders (expiry, a
 * failed payment) and, when options.from allows, Paid ones (staff): a paid order's total becomes a
 * refund due. Answers the status it was cancelled from, or null when it was not cancelled.
 */
export async function cancelOrder(
  tx: Transaction,
  headers: OrderHeaderStore,
  idSalesHeader: string,
  options: Omit<MoveOptions, 'set'> & {
    /** The buyer's message: 'expired' for an unpaid order past its deadline, else 'cancelled'. */
    moment?: 'cancelled' | 'expired'
  },
): Promise<OrderStatus | null> {
  const { moment: _moment, ...move } = options
  const from = await moveOrder(tx, headers, idSalesHeader, 'Cancel', {
    ...move,
    set: { cancelledAt: new Date(options.now) },
  })
  if (!from) return null
  if (from === 'Paid') await headers.markRefundDue(tx, idSalesHeader)
  // What it held goes back: its units to the shop's stock, its voucher use to the voucher.
  await releaseOrderStock(tx, await headers.unitsOf(tx, idSalesHeader))
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
  headers: OrderHeaderStore,
  idSalesHeader: string,
  options: { actor: OrderActor; now: number; note: string },
): Promise<boolean> {
  if (!(await headers.markRefunded(tx, idSalesHeader, options.now))) return false
  await orderEventInsert(tx, idSalesHeader, 'Cancel', 'Cancel', options.actor, options.now, options.note)
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
  headers: OrderHeaderStore,
  idSalesHeader: string,
  options: { actor: OrderActor; now: number; note: string },
): Promise<boolean> {
  if (!(await headers.markRefundDueAfterCancel(tx, idSalesHeader, options.now))) return false
  await orderEventInsert(tx, idSalesHeader, 'Cancel', 'Cancel', options.actor, options.now, options.note)
  await publish(tx, 'order.refund_due', [{ id_sales_header: idSalesHeader }])
  return true
}
