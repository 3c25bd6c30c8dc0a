import { and, asc, eq } from 'drizzle-orm'
import { AppError, paymentFee, type PaymentCategory, type PaymentOption } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { paymentMethods } from '../../db/schema/index.ts'

/**
 * The payment options (GET /orders/payment; decision 019): the active payment methods in their
 * order, each with its service fee for the amount the shopper pays before the fee.
 */

export interface PaymentMethod {
  id: number
  code: string
  name: string
  logo: string
  category: PaymentCategory
  deskripsi: string
  feeFlat: number
  feePercentBp: number
  expiryMinutes: number
}

const columns = {
  id: paymentMethods.id,
  code: paymentMethods.code,
  name: paymentMethods.name,
  logo: paymentMethods.logo,
  category: paymentMethods.category,
  deskripsi: paymentMethods.deskripsi,
  feeFlat: paymentMethods.feeFlat,
  feePercentBp: paymentMethods.feePercentBp,
  expiryMinutes: paymentMethods.expiryMinutes,
}

/** The fee of `method` for `amount` rupiah before the fee. */
export const feeOf = (method: PaymentMethod, amount: number) =>
  paymentFee({ fee_flat: method.feeFlat, fee_percent_bp: method.feePercentBp }, amount)

/** Every active method, as options priced for `amount` (lines + delivery + packing − promo). */
export async function paymentOptions(db: Db, amount: number): Promise<PaymentOption[]> {
  const rows = await db
    .select(columns)
    .from(paymentMethods)
    .where(eq(paymentMethods.active, true))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id))
  return rows.map((row) => {
    const method = row as PaymentMethod
    return {
      id_payment: method.id,
      name: method.name,
      logo: method.logo,
      category: method.category,
      deskripsi: method.deskripsi,
      payment_fee: feeOf(method, amount),
    }
  })
}

/** The active method `id`, or 422 PAY001 (not offered). */
export async function offeredMethod(db: Db, id: number): Promise<PaymentMethod> {
  const [row] = await db
    .select(columns)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.active, true)))
    .limit(1)
  if (!row) throw new AppError('PAY001')
  return row as PaymentMethod
}
