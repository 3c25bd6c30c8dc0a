import {
  allocateDiscount,
  FEE_REFUND_REASONS,
  unitsRefund,
  type ReturnReason,
} from '@busana/contract/schemas'
import type { OrderForReturn } from '../orders/index.ts'

/**
 * The money of a return (issue 40, decision 055). A line refunds what was paid for it: its price ×
 * quantity less its share of the order's voucher (allocateDiscount, to the rupiah), spread over its
 * units so that every unit returned adds up to what was paid (unitsRefund). A SHIPPING voucher's
 * discount is on the delivery fee, not the lines. The delivery fee (less a SHIPPING voucher's part)
 * is refunded once per order, and only for DEFECT or WRONG_ITEM. Packing and payment fees are not.
 * So the refunds of an order never exceed what was paid.
 */

/** What each order line cost the buyer in all (after the voucher), by sales line id. */
export function linesPaid(order: OrderForReturn): Map<number, number> {
  const amounts = order.lines.map((line) => line.hargaJual * line.quantity)
  const linesDiscount = order.voucherType === 'SHIPPING' ? 0 : Math.min(order.promoValue, order.subtotal)
  const shares = allocateDiscount(amounts, linesDiscount)
  return new Map(order.lines.map((line, index) => [line.id, amounts[index]! - shares[index]!]))
}

/** The delivery fee the buyer paid: the fare less the part of the voucher that went to it. */
export function deliveryPaid(order: OrderForReturn): number {
  const linesDiscount = order.voucherType === 'SHIPPING' ? 0 : Math.min(order.promoValue, order.subtotal)
  const onDelivery = Math.max(0, order.promoValue - linesDiscount)
  return Math.max(0, order.biayaKirim - Math.min(onDelivery, order.biayaKirim))
}

export interface RefundLine {
  idSalesLine: number
  units: number
  reason: ReturnReason
}

/**
 * The refund of `lines` (units per order line), given the units of each line refunded by earlier
 * returns (`before`) and whether the delivery fee went back already.
 */
export function refundOf(
  order: OrderForReturn,
  lines: readonly RefundLine[],
  before: ReadonlyMap<number, number>,
  deliveryRefundedBefore: boolean,
): { perLine: Map<number, number>; deliveryFee: number; total: number } {
  const paid = linesPaid(order)
  const quantity = new Map(order.lines.map((line) => [line.id, line.quantity]))
  const perLine = new Map<number, number>()
  for (const line of lines) {
    perLine.set(
      line.idSalesLine,
      unitsRefund(
        paid.get(line.idSalesLine) ?? 0,
        quantity.get(line.idSalesLine) ?? 0,
        before.get(line.idSalesLine) ?? 0,
        line.units,
      ),
    )
  }
  const shopsFault = lines.some((line) => line.units > 0 && FEE_REFUND_REASONS.includes(line.reason))
  const deliveryFee = shopsFault && !deliveryRefundedBefore ? deliveryPaid(order) : 0
  const total = [...perLine.values()].reduce((sum, amount) => sum + amount, 0) + deliveryFee
  return { perLine, deliveryFee, total }
}
