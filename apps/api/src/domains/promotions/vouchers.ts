import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import {
  AppError,
  normalizeVoucherCode,
  voucherDiscount,
  voucherRefusal,
  voucherRefusalMessage,
  type VoucherState,
  type VoucherType,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { voucherRedemptions, vouchers } from '../../db/schema/index.ts'

/**
 * Vouchers (decision 018): looked up by their normalized code, refused for the first reason
 * voucherRefusal finds (PRM001-PRM006, each with its own message), and redeemed inside the order's
 * transaction by a conditional update of used_count and one voucher_redemptions row per customer.
 */

export interface Voucher extends VoucherState {
  id: number
  code: string
  name: string
  type: VoucherType
}

/** The voucher with this code (any case), active, or null. */
export async function findVoucher(db: Db, code: string): Promise<Voucher | null> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.code, normalizeVoucherCode(code)), eq(vouchers.active, true)))
    .limit(1)
  return row ? voucherOf(row) : null
}

/** A voucher's row as checkout and the campaign read it. */
export const voucherOf = (row: typeof vouchers.$inferSelect): Voucher => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type as VoucherType,
  value: row.value,
  max_discount: row.maxDiscount,
  min_purchase: row.minPurchase,
  starts_at: row.startsAt?.getTime() ?? null,
  ends_at: row.endsAt?.getTime() ?? null,
  usage_limit: row.usageLimit,
  used_count: row.usedCount,
})

async function usedBy(db: Db, voucherId: number, idPelanggan: number): Promise<boolean> {
  const [row] = await db
    .select({ id: voucherRedemptions.voucherId })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.idPelanggan, idPelanggan)))
    .limit(1)
  return !!row
}

/**
 * The voucher of `code` for this customer's lines and fare, with the discount it gives; throws the
 * refusal (PRM001-PRM006) with its shopper message otherwise.
 */
export async function applicableVoucher(
  db: Db,
  code: string,
  context: { idPelanggan: number; subtotal: number; delivery: number; now: number },
): Promise<{ voucher: Voucher; discount: number }> {
  const voucher = await findVoucher(db, code)
  const usedByCustomer = voucher ? await usedBy(db, voucher.id, context.idPelanggan) : false
  const refusal = voucherRefusal(voucher, { now: context.now, subtotal: context.subtotal, usedByCustomer })
  if (refusal) throw new AppError(refusal, voucherRefusalMessage(refusal, voucher))
  return { voucher: voucher!, discount: voucherDiscount(voucher!, context.subtotal, context.delivery) }
}

/**
 * Counts one use of the voucher for the customer's order, inside the order's transaction: a
 * conditional update that fails once every use is taken (409 PRM005) or the voucher was paused
 * meanwhile (404 PRM001), and a redemption row whose
 * primary key (voucher, customer) fails a second use by the same customer (409 PRM006). Either
 * refusal rolls the whole order back.
 */
export async function redeemVoucher(
  tx: Transaction,
  voucherId: number,
  idPelanggan: number,
  idSalesHeader: string,
): Promise<void> {
  const [counted] = await tx
    .update(vouchers)
    .set({ usedCount: sql`${vouchers.usedCount} + 1` })
    .where(
      and(
        eq(vouchers.id, voucherId),
        // Paused by staff meanwhile (the back office): refused as at lookup.
        eq(vouchers.active, true),
        or(isNull(vouchers.usageLimit), lt(vouchers.usedCount, vouchers.usageLimit)),
      ),
    )
    .returning({ id: vouchers.id })
  if (!counted) {
    const [row] = await tx
      .select({ active: vouchers.active })
      .from(vouchers)
      .where(eq(vouchers.id, voucherId))
    throw new AppError(row?.active ? 'PRM005' : 'PRM001')
  }
  const [row] = await tx
    .insert(voucherRedemptions)
    .values({ voucherId, idPelanggan, idSalesHeader })
    .onConflictDoNothing()
    .returning({ id: voucherRedemptions.voucherId })
  if (!row) throw new AppError('PRM006')
}

/**
 * Gives back a cancelled order's voucher use, inside the cancel's transaction: its redemption row
 * deleted and the voucher's used_count lowered by one (never below 0).
 */
export async function releaseVoucherUse(tx: Transaction, idSalesHeader: string): Promise<void> {
  const uses = await tx
    .delete(voucherRedemptions)
    .where(eq(voucherRedemptions.idSalesHeader, idSalesHeader))
    .returning({ voucherId: voucherRedemptions.voucherId })
  for (const use of uses) {
    await tx
      .update(vouchers)
      .set({ usedCount: sql`${vouchers.usedCount} - 1` })
      .where(and(eq(vouchers.id, use.voucherId), sql`${vouchers.usedCount} > 0`))
  }
}
