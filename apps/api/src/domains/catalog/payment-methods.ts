import { and, asc, eq } from 'drizzle-orm'
import type { PaymentCategory } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { paymentMethods } from '../../db/schema/index.ts'

/**
 * The shop's payment methods (`payment_methods`, seeded and kept with the catalog): what the
 * checkout offers and prices (issue 42: orders reads them here).
 */

/** A payment method as the checkout prices it: its fee and how long an order may wait to be paid. */
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

/** Every active method, in the shop's order (position, then id). */
export async function activePaymentMethods(db: Db | Transaction): Promise<PaymentMethod[]> {
  const rows = await db
    .select(columns)
    .from(paymentMethods)
    .where(eq(paymentMethods.active, true))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id))
  return rows as PaymentMethod[]
}

/** The active method `id` (one statement); undefined when there is none or it is switched off. */
export async function activePaymentMethod(
  db: Db | Transaction,
  id: number,
): Promise<PaymentMethod | undefined> {
  const [row] = await db
    .select(columns)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.active, true)))
    .limit(1)
  return row as PaymentMethod | undefined
}
