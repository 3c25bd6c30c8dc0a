import { shopInstant } from '@busana/contract'
import type { vouchers } from '../schema/index.ts'

type VoucherRow = typeof vouchers.$inferInsert

const DAY = 24 * 60 * 60 * 1000

/**
 * The demo vouchers (decision 018). The campaign popup's three (spec 001: 50K off at 300K, 100K off
 * at 500K, shipping up to 17K off at 250K; one use each; valid until 25 August 2024, 23:59 WIB), kept
 * with the spec's window, so they answer PRM002 today; and current ones of every kind, valid from a
 * day before seeding for a year: a fixed amount, a capped percentage, a shipping discount, and one
 * with a single use left for the whole shop.
 */
export function demoVouchers(now: Date): VoucherRow[] {
  const campaignEnd = new Date(shopInstant('2024-08-25', '23:59:59'))
  const campaignStart = new Date(shopInstant('2024-08-01'))
  const from = new Date(now.getTime() - DAY)
  const until = new Date(now.getTime() + 365 * DAY)
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
