import { shopInstant, shopIsoString } from '@busana/contract'
import type { vouchers } from '../../db/schema/index.ts'

type VoucherRow = typeof vouchers.$inferInsert

const DAY = 24 * 60 * 60 * 1000

/**
 * The demo vouchers (decision 018). The campaign popup's three (docs/product/account.md: 50K off at 300K,
 * 100K off at 500K, shipping up to 17K off at 250K; one use each), valid from a day before seeding until the
 * end (23:59:59 WIB) of the 90th day after it: the product's own date (25 August 2024) is past, and the
 * popup shows the validity stored here (decision 034). AGUSTUS24 keeps the product's past window, so
 * an expired voucher answers PRM002. And current ones of every kind, valid from a day before
 * seeding for a year: a fixed amount, a capped percentage, a shipping discount, and one with a
 * single use left for the whole shop.
 */
export function demoVouchers(now: Date): VoucherRow[] {
  const expiredEnd = new Date(shopInstant('2024-08-25', '23:59:59'))
  const expiredStart = new Date(shopInstant('2024-08-01'))
  const from = new Date(now.getTime() - DAY)
  const until = new Date(now.getTime() + 365 * DAY)
  const campaignStart = from
  const campaignEnd = new Date(
    shopInstant(shopIsoString(new Date(now.getTime() + 90 * DAY))!.slice(0, 10), '23:59:59'),
  )
  return [
    {
      code: 'CAMPAIGN50K',
      name: 'Diskon 50K',
      type: 'FIXED',
      value: 50_000,
      minPurchase: 300_000,
      usageLimit: 1000,
      startsAt: campaignStart,
      endsAt: campaignEnd,
    },
    {
      code: 'CAMPAIGN100K',
      name: 'Diskon 100K',
      type: 'FIXED',
      value: 100_000,
      minPurchase: 500_000,
      usageLimit: 1000,
      startsAt: campaignStart,
      endsAt: campaignEnd,
    },
    {
      code: 'ONGKIR17K',
      name: 'Gratis Ongkir 17K',
      type: 'SHIPPING',
      value: 17_000,
      minPurchase: 250_000,
      usageLimit: 1000,
      startsAt: campaignStart,
      endsAt: campaignEnd,
    },
    {
      code: 'AGUSTUS24',
      name: 'Diskon Agustus 50K',
      type: 'FIXED',
      value: 50_000,
      minPurchase: 300_000,
      usageLimit: 1000,
      startsAt: expiredStart,
      endsAt: expiredEnd,
    },
    {
      code: 'BUSANA25K',
      name: 'Potongan 25K',
      type: 'FIXED',
      value: 25_000,
      minPurchase: 150_000,
      usageLimit: null,
      startsAt: from,
      endsAt: until,
    },
    {
      code: 'HEMAT10',
      name: 'Hemat 10%',
      type: 'PERCENTAGE',
      value: 10,
      maxDiscount: 50_000,
      minPurchase: 200_000,
      usageLimit: null,
      startsAt: from,
      endsAt: until,
    },
    {
      code: 'GRATISONGKIR',
      name: 'Gratis Ongkir 20K',
      type: 'SHIPPING',
      value: 20_000,
      minPurchase: 100_000,
      usageLimit: null,
      startsAt: from,
      endsAt: until,
    },
    {
      code: 'TERAKHIR',
      name: 'Voucher Terakhir 75K',
      type: 'FIXED',
      value: 75_000,
      minPurchase: 0,
      usageLimit: 1,
      startsAt: from,
      endsAt: until,
    },
  ]
}
