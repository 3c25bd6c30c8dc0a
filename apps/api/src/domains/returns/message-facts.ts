import { asc, eq } from 'drizzle-orm'
import type { ReturnReason } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { returnLines, returns } from '../../db/schema/index.ts'
import type { ReturnMessageFacts } from '../order-updates/index.ts'
import { orderForReturn } from '../orders/index.ts'
import { returnSettingsOf } from './returns.service.ts'

/**
 * What a return's message says, as the return is when it is sent (order-updates renders it; the
 * job passes this loader in, so order-updates never imports this module). Null when it is gone.
 */
export async function loadReturnFacts(db: Db, returnNumber: string): Promise<ReturnMessageFacts | null> {
  const [row] = await db.select().from(returns).where(eq(returns.returnNumber, returnNumber))
  if (!row) return null
  const [lines, settings, order] = await Promise.all([
    db.select().from(returnLines).where(eq(returnLines.idReturn, row.id)).orderBy(asc(returnLines.position)),
    returnSettingsOf(db),
    orderForReturn(db, row.idSalesHeader),
  ])
  const account = row.refundAccount
  return {
    number: row.returnNumber,
    resolution: row.resolution as 'REFUND' | 'EXCHANGE',
    lines: lines.map((line) => ({
      name: line.productMasterName,
      size: line.ukuran || null,
      quantity: line.qty,
      reason: line.reason as ReturnReason,
      exchangeSize: line.exchangeUkuran,
      acceptedQty: line.acceptedQty,
      notAcceptedReason: line.notAcceptedReason,
    })),
    rejectReason: row.rejectReason,
    shipTo: {
      name: settings.ship_to_name,
      phone: settings.ship_to_phone,
      address: settings.ship_to_address,
      instructions: settings.instructions,
    },
    refund:
      row.resolution === 'REFUND' && row.refundAmount !== null
        ? {
            amount: row.refundAmount,
            method: (row.refundMethod ?? 'BANK_TRANSFER') as 'PROVIDER' | 'BANK_TRANSFER',
            paymentName: order?.paymentName ?? '',
            reference: row.refundReference,
            bank: account?.bank ?? null,
            accountLast4: account ? account.number.slice(-4) : null,
          }
        : null,
    exchangeShipment:
      row.exchangeNoResi && row.exchangeCourier
        ? { courier: row.exchangeCourier, waybill: row.exchangeNoResi }
        : null,
  }
}
