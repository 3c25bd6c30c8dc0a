import type { Db } from '../../db/client.ts'
import { enforceLimits, type LimitRule } from '../../plugins/rate-limit.ts'

/**
 * Voucher tries, per customer and per address, so codes cannot be guessed at speed: 30 per customer
 * and 60 per address in 15 minutes (429 REQ006 with Retry-After). One count for every call that
 * tries a code, the promo check (`POST /orders/promo`) and the checkouts (`checkout_new`,
 * `checkout_guest` with `use_promo`), so a guesser gains nothing by placing orders instead of
 * checking codes (issue 26 item 1). A checkout without a voucher tries no code and is not counted.
 */
export const VOUCHER_TRY_LIMITS = {
  customer: { limit: 30, windowMs: 15 * 60_000 },
  address: { limit: 60, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>

/** Counts one voucher try of this customer from this address; 429 REQ006 past either limit. */
export async function countVoucherTry(db: Db, idPelanggan: number, address: string): Promise<void> {
  await enforceLimits(db, [
    { key: `promo:customer:${idPelanggan}`, rule: VOUCHER_TRY_LIMITS.customer },
    { key: `promo:ip:${address}`, rule: VOUCHER_TRY_LIMITS.address },
  ])
}
