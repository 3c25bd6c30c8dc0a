import { asc, eq, sql, type SQL } from 'drizzle-orm'
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

/**
 * The active method `id` as an expression another module's statement reads (the checkout's lock
 * of the buyer: one round trip fewer in the order's transaction, issue 41): the method as json, or
 * null when there is none or it is switched off. Read it with `paymentMethodFromJson`.
 */
export function activePaymentMethodJson(id: number): SQL<unknown> {
  return sql`(select json_build_object('id', m.id, 'code', m.code, 'name', m.name, 'logo', m.logo,
      'category', m.category, 'deskripsi', m.deskripsi, 'feeFlat', m.fee_flat,
      'feePercentBp', m.fee_percent_bp, 'expiryMinutes', m.expiry_minutes)
    from ${paymentMethods} m where m.id = ${id} and m.active)`
}

/** What activePaymentMethodJson read: the method, or undefined. */
export function paymentMethodFromJson(value: unknown): PaymentMethod | undefined {
  // PGlite answers json as text, PostgreSQL as parsed.
  const method = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return (method ?? undefined) as PaymentMethod | undefined
}
