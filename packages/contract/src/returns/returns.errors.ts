import type { ErrorEntry } from '../errors.ts'

/**
 * The returns module's codes (apps/api/src/domains/returns); inventory raises RET008 when an exchange's
 * size is held. Part of the catalogue, errors.ts.
 */
export const returnErrors = {
  // RET: returns and size exchanges (issue 40)
  RET001: {
    status: 404,
    meaning:
      "No return (or order to return) of the caller's has this number or id; someone else's is not found either",
    message: 'Return not found',
  },
  RET002: {
    status: 409,
    meaning: 'The order has not been delivered yet (only a delivered order can be returned)',
    message: 'This order can be returned once it has been delivered',
  },
  RET003: {
    status: 409,
    meaning: "The return window (the shop's days after delivery) is over",
    message: 'The time to return this order is over',
  },
  RET004: {
    status: 422,
    meaning: 'A line is a final-sale product (no returns)',
    message: 'This product cannot be returned',
  },
  RET005: {
    status: 422,
    meaning:
      'A line asks for more units than the order holds less those already returned or asked for, or a sku the order does not hold',
    message: 'You cannot return more pieces than you bought',
  },
  RET006: {
    status: 422,
    meaning: 'A line with reason DEFECT, WRONG_ITEM or NOT_AS_PICTURED needs 1 to 3 photos',
    message: 'Please add a photo that shows the problem',
  },
  RET007: {
    status: 422,
    meaning:
      'A refund of an order paid by virtual account or bill payment needs refund_account (bank, number, holder)',
    message: 'Please give the bank account for your refund',
  },
  RET008: {
    status: 409,
    meaning:
      'The exchange size cannot be bought now (sold out, or not a size of the same product), or the line is a bundle (refund only)',
    message: 'That size is not available for an exchange',
  },
  RET009: {
    status: 409,
    meaning:
      "The return's state does not allow this action now (e.g. cancel after approval, receive before approval)",
    message: 'This return can no longer be changed this way',
  },
  RET010: {
    status: 422,
    meaning:
      'The receipt does not match the return: every line once, accepted_qty at most qty, a reason for units not accepted, an active warehouse',
    message: 'The count does not match the return',
  },
  RET011: {
    status: 422,
    meaning: "A bank-transfer refund needs the transfer's reference",
    message: "Please enter the transfer's reference",
  },
  RET012: {
    status: 502,
    meaning:
      'The payment provider refused or did not answer the refund; the return stays RECEIVED with its refund failed (retry)',
    message: 'The payment provider could not refund now. Please try again.',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const returnErrorsId: Record<keyof typeof returnErrors, string> = {
  RET001: 'Pengembalian tidak ditemukan',
  RET002: 'Pesanan ini dapat dikembalikan setelah diterima',
  RET003: 'Batas waktu pengembalian pesanan ini sudah lewat',
  RET004: 'Produk ini tidak dapat dikembalikan',
  RET005: 'Anda tidak dapat mengembalikan lebih banyak barang dari yang Anda beli',
  RET006: 'Tambahkan foto yang menunjukkan masalahnya',
  RET007: 'Masukkan rekening bank untuk pengembalian dana Anda',
  RET008: 'Ukuran tersebut tidak tersedia untuk penukaran',
  RET009: 'Pengembalian ini tidak dapat diubah dengan cara ini lagi',
  RET010: 'Jumlah yang dihitung tidak sesuai dengan pengembalian',
  RET011: 'Masukkan nomor referensi transfer',
  RET012: 'Penyedia pembayaran belum dapat mengembalikan dana. Silakan coba lagi.',
}
