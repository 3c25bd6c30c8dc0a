import { CAMPAIGN_VOUCHER_CODES, shopIsoString, type CampaignVoucher } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { usableVouchers } from '../promotions/index.ts'

/**
 * The campaign popup's vouchers as checkout sees them (decision 034): the product's three codes, active,
 * started and not ended at `now`, in the product's order, each with its real validity.
 */
export async function campaignVouchers(db: Db, now = new Date()): Promise<CampaignVoucher[]> {
  const rows = await usableVouchers(db, CAMPAIGN_VOUCHER_CODES, now)
  const order = (code: string) =>
    CAMPAIGN_VOUCHER_CODES.indexOf(code as (typeof CAMPAIGN_VOUCHER_CODES)[number])
  return rows
    .sort((a, b) => order(a.code) - order(b.code))
    .map((row) => ({
      kode_promo: row.code,
      voucher_name: row.name,
      type: row.type,
      value: row.value,
      max_discount: row.max_discount,
      min_purchase: row.min_purchase,
      valid_until: row.ends_at === null ? null : shopIsoString(new Date(row.ends_at)),
    }))
}
