import type { ErrorEntry } from '../errors.ts'

/**
 * The promotions module's codes (apps/api/src/domains/promotions). PRM001-PRM006 are the refusals
 * of checkout/checkout.rules.ts (voucherRefusal). Part of the catalogue, errors.ts.
 */
export const promotionErrors = {
  // PRM: vouchers (decision 018)
  PRM001: { status: 404, meaning: 'No voucher has this code', message: 'This voucher code does not exist' },
  PRM002: {
    status: 422,
    meaning: 'The voucher validity window has ended (shop clock, UTC+7)',
    message: 'This voucher has expired',
  },
  PRM003: {
    status: 422,
    meaning: 'The voucher validity window has not started yet (shop clock, UTC+7)',
    message: 'This voucher is not valid yet',
  },
  PRM004: {
    status: 422,
    meaning: "The lines' subtotal is below the voucher's minimum purchase (the message names the minimum)",
    message: 'Your order does not reach the minimum purchase for this voucher',
  },
  PRM005: {
    status: 409,
    meaning: 'Every use of the voucher (its total usage limit) is taken',
    message: 'This voucher has been fully used',
  },
  PRM006: {
    status: 409,
    meaning: 'The customer has already used this voucher (once per customer)',
    message: 'You have already used this voucher',
  },

  // STF150-STF199: stock, orders and vouchers of the back office; these are the vouchers
  STF154: { status: 404, meaning: 'No voucher has this id', message: 'Voucher not found' },
  STF155: {
    status: 409,
    meaning: 'Another voucher already has this code',
    message: 'This voucher code is taken',
  },
  STF156: {
    status: 409,
    meaning: 'A voucher usage_limit below the uses already counted',
    message: 'The usage limit is below the uses already counted',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const promotionErrorsId: Record<keyof typeof promotionErrors, string> = {
  PRM001: 'Kode voucher ini tidak ada',
  PRM002: 'Voucher ini sudah kedaluwarsa',
  PRM003: 'Voucher ini belum berlaku',
  PRM004: 'Pesanan Anda belum mencapai minimal pembelian untuk voucher ini',
  PRM005: 'Kuota voucher ini sudah habis',
  PRM006: 'Anda sudah pernah menggunakan voucher ini',
  STF154: 'Voucher tidak ditemukan',
  STF155: 'Kode voucher ini sudah dipakai',
  STF156: 'Batas pemakaian lebih kecil daripada pemakaian yang sudah tercatat',
}
