import { AppError, paymentFee, type PaymentOption } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { activePaymentMethods, type PaymentMethod } from '../catalog/index.ts'

/**
 * The payment options (GET /orders/payment; decision 019): the active payment methods in their
 * order (the catalog's `payment_methods`), each with its service fee for the amount the shopper
 * pays before the fee.
 */

/** The fee of `method` for `amount` rupiah before the fee. */
export const feeOf = (method: PaymentMethod, amount: number) =>
  paymentFee({ fee_flat: method.feeFlat, fee_percent_bp: method.feePercentBp }, amount)

/** Every active method, as options priced for `amount` (lines + delivery + packing − promo). */
export async function paymentOptions(db: Db, amount: number): Promise<PaymentOption[]> {
  const methods = await activePaymentMethods(db)
  return methods.map((method) => ({
    id_payment: method.id,
    name: method.name,
    logo: method.logo,
    category: method.category,
    deskripsi: method.deskripsi,
    payment_fee: feeOf(method, amount),
  }))
}

/** The active method the checkout read (the catalog's activePaymentMethodJson), or 422 PAY001 (not offered). */
export function offeredMethod(method: PaymentMethod | undefined): PaymentMethod {
  if (!method) throw new AppError('PAY001')
  return method
}
