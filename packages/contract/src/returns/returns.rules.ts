/**
 * Returns and size exchanges (issue 40, decision 055): the words, the states and the money rules
 * both apps and the API share. Zod-free (browser-safe); the schemas are returns.schemas.ts.
 */

/** Why a piece comes back. */
export const RETURN_REASONS = [
  'TOO_SMALL',
  'TOO_BIG',
  'DEFECT',
  'WRONG_ITEM',
  'NOT_AS_PICTURED',
  'CHANGED_MIND',
] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]

/** Reasons that need photos (1 to RETURN_PHOTOS_MAX): the shop must see what the buyer sees. */
export const PHOTO_REQUIRED_REASONS: readonly ReturnReason[] = ['DEFECT', 'WRONG_ITEM', 'NOT_AS_PICTURED']

/** Reasons that are the shop's fault: the delivery fee is refunded too. */
export const FEE_REFUND_REASONS: readonly ReturnReason[] = ['DEFECT', 'WRONG_ITEM']

/** Reasons whose units cannot be sold again: they go to the warehouse's not-for-sale count. */
export const NOT_FOR_SALE_REASONS: readonly ReturnReason[] = ['DEFECT']

/** What the buyer wants: the money back, or another size of the same product. */
export const RETURN_RESOLUTIONS = ['REFUND', 'EXCHANGE'] as const
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number]

/**
 * A return's states: REQUESTED → APPROVED | REJECTED | CANCELLED; APPROVED → RECEIVED;
 * RECEIVED → REFUNDED | EXCHANGE_SHIPPED | CLOSED (nothing accepted); REFUNDED and
 * EXCHANGE_SHIPPED → CLOSED.
 */
export const RETURN_STATUSES = [
  'REQUESTED',
  'APPROVED',
  'REJECTED',
  'RECEIVED',
  'REFUNDED',
  'EXCHANGE_SHIPPED',
  'CLOSED',
  'CANCELLED',
] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]

/** The moves a return may make, from → allowed next states. */
export const RETURN_MOVES: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  REQUESTED: ['APPROVED', 'REJECTED', 'CANCELLED'],
  APPROVED: ['RECEIVED'],
  REJECTED: [],
  RECEIVED: ['REFUNDED', 'EXCHANGE_SHIPPED', 'CLOSED'],
  REFUNDED: ['CLOSED'],
  EXCHANGE_SHIPPED: ['CLOSED'],
  CLOSED: [],
  CANCELLED: [],
}

/** Whether a return may move from `from` to `to`. */
export const canMoveReturn = (from: ReturnStatus, to: ReturnStatus): boolean =>
  RETURN_MOVES[from].includes(to)

/** States in which a return's units still count against what the order's line may return. */
export const RETURN_LIVE_STATUSES: readonly ReturnStatus[] = [
  'REQUESTED',
  'APPROVED',
  'RECEIVED',
  'REFUNDED',
  'EXCHANGE_SHIPPED',
  'CLOSED',
]

/** The shop's default return window: days after delivery (a setting in the back office). */
export const RETURN_WINDOW_DAYS_DEFAULT = 7
/** The longest window the settings accept. */
export const RETURN_WINDOW_DAYS_MAX = 90
/** Photos per return, as a review's (same checks). */
export const RETURN_PHOTOS_MAX = 3
/** Lines per return. */
export const RETURN_LINES_MAX = 50
/** A refund account's number as typed: 5 to 30 digits, spaces and dashes allowed inside. */
export const REFUND_ACCOUNT_NUMBER_PATTERN = /^\d[\d -]{3,28}\d$/
/** The courier of the parcel a buyer sends back, lower-cased: jne, sicepat, jnt, pos indonesia. */
export const RETURN_COURIER_PATTERN = /^[a-z0-9 _-]{2,32}$/

/** A return's number: RTN-YYMMDD-XXXXXXXX (Crockford base 32, unguessable like an order's). */
export const RETURN_NUMBER_PATTERN = /^RTN-\d{6}-[0-9A-HJKMNP-TV-Z]{8}$/

/**
 * How the money goes back: PROVIDER (e-wallets and QRIS: the payment provider's refund call, on
 * receipt) or BANK_TRANSFER (virtual accounts and bill payments: the owner transfers to the
 * account the buyer gave and records its reference).
 */
export const REFUND_METHODS = ['PROVIDER', 'BANK_TRANSFER'] as const
export type RefundMethod = (typeof REFUND_METHODS)[number]

/** The refund method of an order paid by `paymentCategory` (sales_headers.payment_category). */
export const refundMethodFor = (paymentCategory: string): RefundMethod =>
  paymentCategory === 'E-WALLET' || paymentCategory === 'QRIS' ? 'PROVIDER' : 'BANK_TRANSFER'

/** Whether a return of an order paid this way needs the buyer's bank account. */
export const needsRefundAccount = (resolution: ReturnResolution, paymentCategory: string): boolean =>
  resolution === 'REFUND' && refundMethodFor(paymentCategory) === 'BANK_TRANSFER'

/** Whether a line with this reason needs photos. */
export const needsPhotos = (reason: ReturnReason): boolean => PHOTO_REQUIRED_REASONS.includes(reason)

/**
 * Splits an order's `discount` over its lines in proportion to each line's amount, to the rupiah,
 * by largest remainder (ties to the earlier line): the shares add up to exactly
 * min(discount, total of the lines) and no share exceeds its line.
 */
export function allocateDiscount(amounts: readonly number[], discount: number): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0)
  const spread = Math.max(0, Math.min(discount, total))
  if (total === 0 || spread === 0) return amounts.map(() => 0)
  const exact = amounts.map((amount) => (amount * spread) / total)
  const shares = exact.map((value) => Math.floor(value))
  let left = spread - shares.reduce((sum, share) => sum + share, 0)
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    shares[index]! += 1
    left -= 1
  }
  return shares
}

/**
 * What `units` more units of a line refund when `before` of its `quantity` units were refunded
 * already, the line having cost `paid` in all (its price × quantity less its voucher share): the
 * units' share of `paid`, cut so that every unit of the line returned adds up to `paid` exactly.
 */
export function unitsRefund(paid: number, quantity: number, before: number, units: number): number {
  if (quantity <= 0 || units <= 0) return 0
  const upTo = (n: number) => Math.floor((paid * Math.min(n, quantity)) / quantity)
  return upTo(before + units) - upTo(before)
}

/** The last instant a return may be asked for: `days` × 24 h after delivery. */
export const returnDeadline = (deliveredAt: Date, days: number): Date =>
  new Date(deliveredAt.getTime() + days * 24 * 60 * 60 * 1000)

/** The reasons and states in the shopper's words, in both languages (shop, messages and back office). */
export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, { en: string; id: string }>> = {
  TOO_SMALL: { en: 'Too small', id: 'Terlalu kecil' },
  TOO_BIG: { en: 'Too big', id: 'Terlalu besar' },
  DEFECT: { en: 'Defective', id: 'Cacat produk' },
  WRONG_ITEM: { en: 'Wrong item sent', id: 'Barang yang dikirim salah' },
  NOT_AS_PICTURED: { en: 'Not as pictured', id: 'Tidak sesuai gambar' },
  CHANGED_MIND: { en: 'Changed my mind', id: 'Berubah pikiran' },
}

export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, { en: string; id: string }>> = {
  REQUESTED: { en: 'Requested', id: 'Diajukan' },
  APPROVED: { en: 'Approved: send the parcel', id: 'Disetujui: kirim paketnya' },
  REJECTED: { en: 'Rejected', id: 'Ditolak' },
  RECEIVED: { en: 'Received by the shop', id: 'Diterima toko' },
  REFUNDED: { en: 'Refunded', id: 'Dana dikembalikan' },
  EXCHANGE_SHIPPED: { en: 'New size shipped', id: 'Ukuran baru dikirim' },
  CLOSED: { en: 'Closed', id: 'Selesai' },
  CANCELLED: { en: 'Cancelled', id: 'Dibatalkan' },
}
