import { asc, eq, sql } from 'drizzle-orm'
import {
  AppError,
  CHECKOUT_WAREHOUSE_ID,
  type ReturnReason,
  type StaffReturnReceiveBody,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { returnLines, returns } from '../../db/schema/index.ts'
import { holdUnits, receiveReturnedUnits, releaseHold, shipHold } from '../inventory/index.ts'
import { publish } from '../events/index.ts'
import { refundPayment, type RefundContext } from '../payments/index.ts'
import { heldByOrders, orderForReturn } from '../orders/index.ts'
import { recordAudit, type AuditActor } from '../staff/index.ts'
import {
  checkReceipt,
  holdKeyOf,
  lockReturn,
  moveReturn,
  notForSale,
  refundOf,
  unitsRefunded,
} from './returns.service.ts'

/**
 * The moves staff make on a return (issue 40): approve (an exchange's new sizes are held), reject
 * (nothing was held yet), receive (accepted units back into stock or the not-for-sale count, the
 * rest of an exchange's hold released, the refund fixed; a provider refund follows the commit),
 * refund (a bank transfer's reference, or a failed provider refund again) and ship (the exchange's
 * held units leave). Each takes the return's row FOR UPDATE; a move already made answers as made.
 */

export interface StaffMove {
  actor: AuditActor
  /** 'staff:<e-mail>', kept in the return's events. */
  who: string
  now?: number
}

type ReturnAuditAction =
  'return.approve' | 'return.reject' | 'return.receive' | 'return.refund' | 'return.ship'

const audit = (
  tx: Transaction,
  move: StaffMove,
  action: ReturnAuditAction,
  number: string,
  changes: object,
) => recordAudit(tx, move.actor, { action, targetType: 'return', targetId: number, changes: { ...changes } })

const linesOf = (tx: Db | Transaction, idReturn: number) =>
  tx.select().from(returnLines).where(eq(returnLines.idReturn, idReturn)).orderBy(asc(returnLines.position))

const AFTER_APPROVAL = ['APPROVED', 'RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED', 'CLOSED']

/** REQUESTED → APPROVED: an exchange's sizes are held for the buyer (409 RET008 when one is gone). */
export async function approveReturn(
  db: Db,
  number: string,
  note: string | null,
  move: StaffMove,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, number)
    if (AFTER_APPROVAL.includes(row.status)) return
    if (row.status !== 'REQUESTED') throw new AppError('RET009')
    if (row.resolution === 'EXCHANGE') {
      for (const line of await linesOf(tx, row.id)) {
        if (line.exchangeSku) await holdUnits(tx, holdKeyOf(number, line.id), line.exchangeSku, line.qty)
      }
    }
    const now = move.now ?? Date.now()
    await moveReturn(tx, row, 'APPROVED', move.who, note, { approvedAt: new Date(now) }, now)
    await audit(tx, move, 'return.approve', number, { status: { from: row.status, to: 'APPROVED' } })
    await publish(tx, 'return.approved', [{ id_sales_header: row.idSalesHeader, return_number: number }])
  })
}

/** REQUESTED → REJECTED with the reason the buyer is told. */
export async function rejectReturn(db: Db, number: string, reason: string, move: StaffMove): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, number)
    if (row.status === 'REJECTED') return
    if (row.status !== 'REQUESTED') throw new AppError('RET009')
    await moveReturn(tx, row, 'REJECTED', move.who, reason, { rejectReason: reason }, move.now)
    await audit(tx, move, 'return.reject', number, { status: { from: row.status, to: 'REJECTED' }, reason })
    await publish(tx, 'return.rejected', [{ id_sales_header: row.idSalesHeader, return_number: number }])
  })
}

/**
 * APPROVED → RECEIVED: what arrived is counted line by line. Accepted units go back into stock in
 * the warehouse chosen (DEFECT ones to its not-for-sale count), through inventory; an exchange keeps
 * its hold for the accepted units only. A REFUND return's amount is fixed from the accepted units.
 * Nothing accepted: the return closes. Answers whether a provider refund is to follow.
 */
export async function receiveReturn(
  db: Db,
  number: string,
  body: StaffReturnReceiveBody,
  move: StaffMove,
): Promise<{ providerRefund: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, number)
    if (['RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED', 'CLOSED'].includes(row.status) && row.receivedAt) {
      return { providerRefund: false }
    }
    if (row.status !== 'APPROVED') throw new AppError('RET009')
    // The order's row next (the same order as a new return takes them: order, then return lines).
    const order = await orderForReturn(tx, row.idSalesHeader, { lock: true })
    if (!order) throw new AppError('RET001')
    const lines = await linesOf(tx, row.id)
    const counted = checkReceipt(lines, body)
    const now = move.now ?? Date.now()
    const sold = new Map(order.lines.map((line) => [line.id, line]))
    for (const line of lines) {
      const { accepted, idWarehouse, reason } = counted.get(line.id)!
      // A bundle's stock is its parts': each accepted bundle brings back every part, qty per unit.
      const parts = sold.get(line.idSalesLine)?.parts ?? []
      const stockLines = parts.length > 0 ? parts : [{ skuProduct: line.skuProduct, qty: 1 }]
      for (const part of accepted > 0 ? stockLines : []) {
        await receiveReturnedUnits(
          tx,
          {
            sku: part.skuProduct,
            units: accepted * part.qty,
            idWarehouse,
            forSale: !notForSale(line.reason),
            note: `return ${number}`,
          },
          move.actor,
          heldByOrders,
        )
      }
      if (row.resolution === 'EXCHANGE' && line.exchangeSku && accepted < line.qty) {
        await releaseHold(tx, holdKeyOf(number, line.id), line.qty - accepted)
      }
      await tx
        .update(returnLines)
        .set({
          acceptedQty: accepted,
          notAcceptedReason: reason,
          idWarehouse: accepted > 0 ? idWarehouse : null,
        })
        .where(eq(returnLines.id, line.id))
    }
    const acceptedUnits = [...counted.values()].reduce((sum, entry) => sum + entry.accepted, 0)
    let refund = { perLine: new Map<number, number>(), deliveryFee: 0, total: 0 }
    if (row.resolution === 'REFUND') {
      const before = await unitsRefunded(tx, row.idSalesHeader, row.id)
      refund = refundOf(
        order,
        lines.map((line) => ({
          idSalesLine: line.idSalesLine,
          units: counted.get(line.id)!.accepted,
          reason: line.reason as ReturnReason,
        })),
        before.units,
        before.deliveryRefunded,
      )
      for (const line of lines) {
        await tx
          .update(returnLines)
          .set({ refundAmount: refund.perLine.get(line.idSalesLine) ?? 0 })
          .where(eq(returnLines.id, line.id))
      }
    }
    const refundDue = row.resolution === 'REFUND' && refund.total > 0
    await moveReturn(
      tx,
      row,
      'RECEIVED',
      move.who,
      null,
      {
        receivedAt: new Date(now),
        refundAmount: row.resolution === 'REFUND' ? refund.total : null,
        deliveryFeeRefund: refund.deliveryFee,
        refundState: refundDue ? 'pending' : null,
      },
      now,
    )
    await audit(tx, move, 'return.receive', number, {
      status: { from: row.status, to: 'RECEIVED' },
      accepted: Object.fromEntries(lines.map((line) => [line.skuProduct, counted.get(line.id)!.accepted])),
      refund_amount: refund.total,
    })
    await publish(tx, 'return.received', [{ id_sales_header: row.idSalesHeader, return_number: number }])
    if (acceptedUnits === 0 || (row.resolution === 'REFUND' && !refundDue)) {
      // Nothing came back that is owed anything: the return ends here.
      const [received] = await tx.select().from(returns).where(eq(returns.id, row.id))
      await moveReturn(tx, received!, 'CLOSED', 'system', null, { closedAt: new Date(now) }, now)
      return { providerRefund: false }
    }
    return { providerRefund: refundDue && row.refundMethod === 'PROVIDER' }
  })
}

/**
 * Pays a received REFUND return back. BANK_TRANSFER: the owner's transfer reference (422 RET011
 * without). PROVIDER: the provider's refund call (idempotent by the return's number, so a retry or
 * two presses refund once), outside any transaction; then RECEIVED → REFUNDED, or the refund
 * marked failed (502 RET012, retry). Answers the state it leaves.
 */
export async function refundReturn(
  db: Db,
  payments: RefundContext,
  number: string,
  reference: string | undefined,
  move: StaffMove | null,
): Promise<void> {
  const [row] = await db.select().from(returns).where(eq(returns.returnNumber, number))
  if (!row) throw new AppError('RET001')
  if (row.refundState === 'done') return
  if (row.status !== 'RECEIVED' || row.resolution !== 'REFUND' || !row.refundState)
    throw new AppError('RET009')
  if (row.refundMethod === 'BANK_TRANSFER') {
    if (!reference) throw new AppError('RET011')
    await markRefunded(db, number, reference, move)
    return
  }
  const order = await orderForReturn(db, row.idSalesHeader)
  const outcome = await refundPayment(payments, {
    idSalesHeader: row.idSalesHeader,
    orderId: order?.salesOrderNumber ?? row.idSalesHeader,
    refundKey: number,
    amount: row.refundAmount ?? 0,
    reason: `Return ${number}`,
  })
  if (outcome.state === 'done') {
    await markRefunded(db, number, outcome.reference ?? number, move)
    return
  }
  await db
    .update(returns)
    .set({
      refundState: 'failed',
      refundError: (outcome.error ?? 'refused').slice(0, 500),
      updatedAt: new Date(),
    })
    .where(sql`${returns.returnNumber} = ${number} and ${returns.refundState} <> 'done'`)
  throw new AppError('RET012')
}

/** RECEIVED → REFUNDED with the reference, once (a second writer finds it done and stops). */
async function markRefunded(db: Db, number: string, reference: string, move: StaffMove | null) {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, number)
    if (row.refundState === 'done') return
    if (row.status !== 'RECEIVED') throw new AppError('RET009')
    const now = move?.now ?? Date.now()
    await moveReturn(
      tx,
      row,
      'REFUNDED',
      move?.who ?? 'payment',
      reference,
      { refundState: 'done', refundReference: reference, refundedAt: new Date(now), refundError: null },
      now,
    )
    if (move) {
      await audit(tx, move, 'return.refund', number, {
        status: { from: 'RECEIVED', to: 'REFUNDED' },
        amount: row.refundAmount,
        method: row.refundMethod,
        reference,
      })
    }
    await publish(tx, 'return.refunded', [{ id_sales_header: row.idSalesHeader, return_number: number }])
  })
}

/** RECEIVED → EXCHANGE_SHIPPED: the held new sizes leave with the waybill. */
export async function shipExchange(
  db: Db,
  number: string,
  parcel: { courier: string; no_resi: string },
  move: StaffMove,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, number)
    const waybill = parcel.no_resi.toUpperCase()
    if (row.status === 'EXCHANGE_SHIPPED' || (row.status === 'CLOSED' && row.exchangeNoResi)) {
      if (row.exchangeNoResi === waybill) return
      throw new AppError('RET009')
    }
    if (row.status !== 'RECEIVED' || row.resolution !== 'EXCHANGE') throw new AppError('RET009')
    for (const line of await linesOf(tx, row.id)) {
      if ((line.acceptedQty ?? 0) > 0) await shipHold(tx, holdKeyOf(number, line.id), heldByOrders)
    }
    await moveReturn(
      tx,
      row,
      'EXCHANGE_SHIPPED',
      move.who,
      waybill,
      { exchangeCourier: parcel.courier, exchangeNoResi: waybill },
      move.now,
    )
    await audit(tx, move, 'return.ship', number, {
      status: { from: 'RECEIVED', to: 'EXCHANGE_SHIPPED' },
      courier: parcel.courier,
      no_resi: waybill,
    })
    await publish(tx, 'return.exchange_shipped', [
      { id_sales_header: row.idSalesHeader, return_number: number },
    ])
  })
}

/** The warehouse a receipt names must be active (inventory answers STF150 otherwise). */
export const DEFAULT_RETURN_WAREHOUSE = CHECKOUT_WAREHOUSE_ID
