import type { ErrorEntry } from '../errors.ts'

/**
 * The payments module's codes (apps/api/src/domains/payments). Part of the catalogue, errors.ts.
 */
export const paymentErrors = {
  // PAY: payment notifications (decision 020)
  PAY002: {
    status: 401,
    meaning:
      "A payment notification's signature_key is not SHA-512(order_id + status_code + gross_amount + server key): nothing changed",
    message: 'Invalid notification signature',
  },
  PAY003: {
    status: 422,
    meaning: "A payment notification's gross_amount is not the order's total_bayar: nothing changed",
    message: 'The amount does not match the order',
  },
  PAY004: {
    status: 404,
    meaning: "A payment notification's order_id is no order's sales_order_number",
    message: 'Unknown order',
  },
  PAY005: {
    status: 503,
    meaning:
      'The payment provider could not be asked for the transaction status: nothing changed, the provider retries the notification',
    message: 'The payment provider is unreachable. Please try again in a moment.',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const paymentErrorsId: Record<keyof typeof paymentErrors, string> = {
  PAY002: 'Tanda tangan notifikasi tidak valid',
  PAY003: 'Jumlah tidak sesuai dengan pesanan',
  PAY004: 'Pesanan tidak dikenal',
  PAY005: 'Penyedia pembayaran tidak dapat dihubungi. Silakan coba lagi sebentar lagi.',
}
