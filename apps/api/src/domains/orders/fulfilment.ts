import { eq } from 'drizzle-orm'
import {
  AppError,
  ORDER_MESSAGES,
  shopIsoString,
  type OrderStatus,
  type StaffOrder,
  type StaffShipBody,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { paymentOutcomes } from '../../metrics.ts'
import { salesHeaders, salesLines } from '../../db/schema/index.ts'
import { applyTransactionStatus, isPaid, type PaymentContext } from '../payments/index.ts'
import {
  cancelOrder,
  moveOrderOrFail,
  orderEventsOf,
  recordRefunded,
  type OrderActor,
} from '../order-lifecycle/index.ts'
import { shipStock } from '../inventory/index.ts'
import { openReviews } from '../reviews/index.ts'
import { shippingCouriers } from '../shipping/index.ts'
import { orderHeaderStore } from './header-store.ts'
import { heldByOrders, unitsToShip } from './stock-views.ts'

/**
 * Fulfilment (issue 10): staff ship a paid order with the courier and waybill (Paid → Delivery),
 * confirm its delivery (Delivery → Success; the courier's report does the same through tracking),
 * or cancel it (from Open, or from Paid with a refund due). Each is one transaction that locks the
 * order, moves it by the state machine (409 ORD002 otherwise) and records the event.
 */

/** When a move happens (tests set it) and what else to write in its transaction (the staff audit row). */
export interface FulfilmentOptions {
  now?: number
  audit?: (tx: Transaction, changes: Record<string, unknown>) => Promise<void>
}

/** The order of a number, or 404 ORD001. */
export async function orderByNumber(db: Db, salesOrderNumber: string) {
  const [order] = await db
    .select()
    .from(salesHeaders)
    .where(eq(salesHeaders.salesOrderNumber, salesOrderNumber.trim().toUpperCase()))
    .limit(1)
  if (!order) throw new AppError('ORD001')
  return order
}

/** The courier part of an order's courier_code ('jne:reg' → 'jne'). */
export const courierOf = (courierCode: string) => courierCode.split(':')[0]!

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505')

/**
 * Ships a Paid order: the waybill and the courier (the ordered one by default) are stored with the
 * move to Delivery. Shipping again with the same waybill answers the order unchanged (a retried
 * request); another waybill, or an order not Paid, is 409 ORD002; a waybill already on another
 * order is 409 ORD003; a courier the shop does not ship with is 400 REQ001.
 */
export async function shipOrder(
  db: Db,
  salesOrderNumber: string,
  body: StaffShipBody,
  actor: OrderActor,
  { now = Date.now(), audit }: FulfilmentOptions = {},
): Promise<StaffOrder> {
  const order = await orderByNumber(db, salesOrderNumber)
  const courier = body.courier ?? courierOf(order.courierCode)
  const couriers = await shippingCouriers(db)
  if (!couriers.has(courier)) {
    throw new AppError('REQ001', `courier: not one the shop ships with (${[...couriers].join(', ')})`)
  }
  if (order.status === 'Delivery' && order.noResi === body.no_resi && order.shippedCourier === courier) {
    return staffOrderView(db, order.idSalesHeader)
  }
  try {
    await db.transaction(async (tx) => {
      // The parcel leaves the warehouse: on_hand drops by its units (held drops as it leaves Paid).
      // The order's row is locked first; nothing moves unless it is still Paid.
      const toShip = await unitsToShip(tx, order.idSalesHeader)
      if (toShip) await shipStock(tx, toShip, heldByOrders)
      await moveOrderOrFail(tx, orderHeaderStore, order.idSalesHeader, 'Delivery', {
        actor,
        now,
        note: `${courier.toUpperCase()} ${body.no_resi}`,
        from: ['Paid'],
        set: { noResi: body.no_resi, shippedCourier: courier, shippedAt: new Date(now) },
      })
      await audit?.(tx, { status: { from: 'Paid', to: 'Delivery' }, courier, no_resi: body.no_resi })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ORD003')
    throw error
  }
  return staffOrderView(db, order.idSalesHeader)
}

/**
 * Delivery → Success: staff confirm (actor staff:…) or the courier reported it (actor courier, from
 * tracking). Confirming a delivered order again answers it unchanged.
 */
export async function deliverOrder(
  db: Db,
  idSalesHeader: string,
  actor: OrderActor,
  {
    now = Date.now(),
    deliveredAt = new Date(now),
    note = null,
    audit,
  }: FulfilmentOptions & { deliveredAt?: Date; note?: string | null } = {},
): Promise<StaffOrder> {
  const [order] = await db
    .select({ status: salesHeaders.status })
    .from(salesHeaders)
    .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
  if (!order) throw new AppError('ORD001')
  if (order.status !== 'Success') {
    await db.transaction(async (tx) => {
      await moveOrderOrFail(tx, orderHeaderStore, idSalesHeader, 'Success', {
        actor,
        now,
        note,
        set: { deliveredAt },
      })
      await openOrderReviews(tx, idSalesHeader, now)
      await audit?.(tx, { status: { from: 'Delivery', to: 'Success' } })
    })
  }
  return staffOrderView(db, idSalesHeader)
}

/**
 * A delivered order's lines wait for their reviews (status OPEN), once each: the reviews module
 * opens them from the lines read here. Inside the move's transaction.
 */
async function openOrderReviews(tx: Transaction, idSalesHeader: string, now: number) {
  const lines = await tx
    .select({
      idSalesLine: salesLines.id,
      idSalesHeader: salesLines.idSalesHeader,
      idPelanggan: salesHeaders.idPelanggan,
      productCode: salesLines.productCode,
    })
    .from(salesLines)
    .innerJoin(salesHeaders, eq(salesHeaders.idSalesHeader, salesLines.idSalesHeader))
    .where(eq(salesLines.idSalesHeader, idSalesHeader))
  await openReviews(tx, lines, now)
}

/**
 * Staff cancel: an Open order is first cancelled at the payment provider (a payment that arrived
 * meanwhile makes it Paid, then cancelled with a refund due); a Paid order's total becomes a refund
 * due. Stock and the voucher use go back in the same transaction. Delivery, Success and Cancel
 * refuse (409 ORD002).
 */
export async function cancelByStaff(
  ctx: PaymentContext,
  salesOrderNumber: string,
  reason: string,
  actor: OrderActor,
  { now = Date.now(), audit }: FulfilmentOptions = {},
): Promise<StaffOrder> {
  const order = await orderByNumber(ctx.db, salesOrderNumber)
  let providerSaysPaid = false
  if (order.status === 'Open') {
    try {
      const after = await ctx.payments.cancel(
        order.salesOrderNumber,
        AbortSignal.timeout(ctx.config.PAYMENT_TIMEOUT_MS),
      )
      providerSaysPaid = !!after && isPaid(after)
    } catch (error) {
      // The provider could not be told: the order is cancelled here all the same, and a payment
      // that still arrives is recorded as paid_after_cancel for a refund (decision 020).
      ctx.log.warn(
        { order: order.salesOrderNumber, error: error instanceof Error ? error.message : String(error) },
        'staff cancel: the payment provider could not cancel the transaction',
      )
    }
  }
  const from = await ctx.db.transaction(async (tx) => {
    if (providerSaysPaid) {
      await applyTransactionStatus(
        tx,
        ctx.headers,
        order.idSalesHeader,
        { transactionStatus: 'settlement', fraudStatus: null },
        now,
      )
    }
    const from = await cancelOrder(tx, ctx.headers, order.idSalesHeader, {
      actor,
      now,
      note: reason,
      from: ['Open', 'Paid'],
    })
    if (!from) {
      const [row] = await tx
        .select({ status: salesHeaders.status })
        .from(salesHeaders)
        .where(eq(salesHeaders.idSalesHeader, order.idSalesHeader))
      throw new AppError('ORD002', ORDER_MESSAGES.cannotBecome(row!.status, 'Cancel'))
    }
    await audit?.(tx, { status: { from, to: 'Cancel' }, reason })
    return from
  })
  // Counted once committed (decision 043): a payment the provider took meanwhile is paid (a refund
  // is now due); an unpaid one ends cancelled. A Paid order's payment was counted when it came.
  if (providerSaysPaid) paymentOutcomes.inc({ outcome: 'paid' })
  else if (from === 'Open') paymentOutcomes.inc({ outcome: 'cancelled' })
  return staffOrderView(ctx.db, order.idSalesHeader)
}

/**
 * Records that the refund due on a cancelled order was paid back (issue 30), with the transfer's
 * reference in the order's history and the audit log. No refund due (none, or recorded already):
 * 409 ORD004.
 */
export async function recordRefundByStaff(
  db: Db,
  salesOrderNumber: string,
  reference: string,
  actor: OrderActor,
  { now = Date.now(), audit }: FulfilmentOptions = {},
): Promise<StaffOrder> {
  const order = await orderByNumber(db, salesOrderNumber)
  await db.transaction(async (tx) => {
    const recorded = await recordRefunded(tx, orderHeaderStore, order.idSalesHeader, {
      actor,
      now,
      note: `Refund paid: ${reference}`,
    })
    if (!recorded) throw new AppError('ORD004')
    await audit?.(tx, {
      refund_state: { from: 'due', to: 'refunded' },
      refund_amount: order.refundAmount,
      reference,
    })
  })
  return staffOrderView(db, order.idSalesHeader)
}

/** The order as staff see it after an action: status, shipping, refund and its events. */
export async function staffOrderView(db: Db, idSalesHeader: string): Promise<StaffOrder> {
  const [order] = await db.select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, idSalesHeader))
  if (!order) throw new AppError('ORD001')
  const events = await orderEventsOf(db, [idSalesHeader])
  return {
    id_sales_header: order.idSalesHeader,
    sales_order_number: order.salesOrderNumber,
    status: order.status as OrderStatus,
    courier: order.shippedCourier,
    no_resi: order.noResi,
    shipped_at: shopIsoString(order.shippedAt),
    delivered_at: shopIsoString(order.deliveredAt),
    refund_amount: order.refundAmount,
    refund_state: order.refundState as StaffOrder['refund_state'],
    events: events.map((event) => ({
      at: shopIsoString(event.at)!,
      from: event.fromStatus as OrderStatus | null,
      to: event.toStatus as OrderStatus,
      actor: event.actor,
      note: event.note,
    })),
  }
}
