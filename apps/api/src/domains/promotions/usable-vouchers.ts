import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { vouchers } from '../../db/schema/index.ts'
import { voucherOf, type Voucher } from './vouchers.ts'

/** Checkout would accept the voucher at `now` from someone who has not used it: active, started, not ended, not used up. */
const usableAt = (now: Date) =>
  and(
    eq(vouchers.active, true),
    or(isNull(vouchers.startsAt), lte(vouchers.startsAt, now)),
    or(isNull(vouchers.endsAt), gt(vouchers.endsAt, now)),
    or(isNull(vouchers.usageLimit), sql`${vouchers.usedCount} < ${vouchers.usageLimit}`),
  )

/**
 * The vouchers among `codes` that checkout would accept at `now` from someone who has not used
 * them: active, started, not ended and not used up. Any order; codes as stored (normalised).
 */
export async function usableVouchers(db: Db, codes: readonly string[], now = new Date()): Promise<Voucher[]> {
  if (codes.length === 0) return []
  const rows = await db
    .select()
    .from(vouchers)
    .where(and(inArray(vouchers.code, [...codes]), usableAt(now)))
  return rows.map(voucherOf)
}

/** A stored voucher's terms and state, with whether checkout would accept it now. */
export interface VoucherStanding {
  code: string
  name: string
  active: boolean
  startsAt: Date | null
  endsAt: Date | null
  usageLimit: number | null
  usedCount: number
  /** Checkout would accept it now from someone who has not used it (as `usableVouchers`). */
  usableNow: boolean
}

/** The stored vouchers among `codes`, paused, future, ended or used up too, each with whether it is usable at `now`. */
export async function voucherStandings(
  db: Db,
  codes: readonly string[],
  now = new Date(),
): Promise<VoucherStanding[]> {
  if (codes.length === 0) return []
  return db
    .select({
      code: vouchers.code,
      name: vouchers.name,
      active: vouchers.active,
      startsAt: vouchers.startsAt,
      endsAt: vouchers.endsAt,
      usageLimit: vouchers.usageLimit,
      usedCount: vouchers.usedCount,
      usableNow: sql<boolean>`coalesce(${usableAt(now)}, false)`.mapWith(Boolean),
    })
    .from(vouchers)
    .where(inArray(vouchers.code, [...codes]))
}
