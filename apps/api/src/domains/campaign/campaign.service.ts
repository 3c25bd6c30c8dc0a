import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import {
  CAMPAIGN_VOUCHER_CODES,
  shopIsoString,
  type CampaignVoucher,
  type VoucherType,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { vouchers } from '../../db/schema/index.ts'

/**
 * The campaign popup's vouchers as checkout sees them (decision 034): the product's three codes, active,
 * started and not ended at `now`, in the product's order, each with its real validity.
 */
export async function campaignVouchers(db: Db, now = new Date()): Promise<CampaignVoucher[]> {
  const rows = await db
    .select()
    .from(vouchers)
    .where(
      and(
        inArray(vouchers.code, [...CAMPAIGN_VOUCHER_CODES]),
        eq(vouchers.active, true),
        or(isNull(vouchers.startsAt), lte(vouchers.startsAt, now)),
        or(isNull(vouchers.endsAt), gt(vouchers.endsAt, now)),
      ),
    )
  const order = (code: string) =>
    CAMPAIGN_VOUCHER_CODES.indexOf(code as (typeof CAMPAIGN_VOUCHER_CODES)[number])
  return rows
    .filter((row) => row.usageLimit === null || row.usedCount < row.usageLimit)
    .sort((a, b) => order(a.code) - order(b.code))
    .map((row) => ({
      kode_promo: row.code,
      voucher_name: row.name,
      type: row.type as VoucherType,
      value: row.value,
      max_discount: row.maxDiscount,
      min_purchase: row.minPurchase,
      valid_until: row.endsAt ? shopIsoString(row.endsAt) : null,
    }))
}
