import type { ErrorEntry } from '../errors.ts'

/**
 * The promotions module's codes (apps/api/src/domains/promotions). PRM001-PRM010 are the refusals
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
  // PRM007-PRM010: the voucher's rules (issue 43 part 6, decision 058)
  PRM007: {
    status: 422,
    meaning: "None of the ticked lines is of the voucher's brands, categories or products",
    message: 'This voucher does not apply to any product in your order',
  },
  PRM008: {
    status: 422,
    meaning:
      'The subtotal of the lines the voucher applies to is below its minimum purchase (the message names the minimum)',
    message: 'The products this voucher applies to do not reach its minimum purchase',
  },
  PRM009: {
    status: 422,
    meaning:
      'A first-order voucher, and the customer (member or guest phone) already has an order not cancelled',
    message: 'This voucher is for your first order only',
  },
  PRM010: {
    status: 409,
    meaning: 'The customer has used the voucher as many times as its per_customer_limit (above 1) allows',
    message: 'You have used this voucher as many times as allowed',
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
  STF162: {
    status: 422,
    meaning:
      'A voucher names a brand, category or product the catalog does not have (the message names them)',
    message: 'The voucher names a brand, category or product that does not exist',
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
  PRM007: 'Voucher ini tidak berlaku untuk produk mana pun di pesanan Anda',
  PRM008: 'Produk yang berlaku untuk voucher ini belum mencapai minimal pembelian',
  PRM009: 'Voucher ini hanya untuk pesanan pertama Anda',
  PRM010: 'Anda sudah menggunakan voucher ini sebanyak batas yang diizinkan',
  STF154: 'Voucher tidak ditemukan',
  STF155: 'Kode voucher ini sudah dipakai',
  STF156: 'Batas pemakaian lebih kecil daripada pemakaian yang sudah tercatat',
  STF162: 'Voucher menyebut merek, kategori, atau produk yang tidak ada',
}
