import type { ErrorEntry } from '../errors.ts'

/**
 * The orders module's codes (apps/api/src/domains/orders): checkout, an order's pages and fulfilment,
 * courier tracking. Part of the catalogue, errors.ts.
 */
export const orderErrors = {
  // SON: sales orders
  SON001: {
    status: 409,
    meaning: 'An unpaid order exists: the client shows the Info popup with See Order',
    message: 'You still have an unpaid order. Please complete or cancel it first.',
  },

  // PAY / IDM: payment options, repeated checkout calls (decision 018)
  PAY001: {
    status: 422,
    meaning: 'id_payment is not one of the payment options offered now',
    message: 'Please choose one of the payment methods offered',
  },
  IDM001: {
    status: 422,
    meaning: 'The Idempotency-Key was already used for a checkout with another body',
    message: 'This checkout was already sent with different details. Please reload the page and try again.',
  },

  // ORD: orders
  ORD001: {
    status: 404,
    meaning: "No order with this id belongs to the customer (another customer's order answers the same)",
    message: 'Order not found',
  },
  ORD003: {
    status: 409,
    meaning: 'The waybill number is already on another order',
    message: 'This waybill number is already used by another order',
  },
  ORD004: {
    status: 409,
    meaning: 'Recording a refund as paid on an order with no refund due (none owed, or already recorded)',
    message: 'No refund is due on this order',
  },

  // TRK: courier tracking
  TRK001: {
    status: 503,
    meaning: 'The courier tracking provider failed or timed out; the client may retry',
    message: 'Tracking is not available right now. Please try again in a moment.',
  },
  TRK002: {
    status: 404,
    meaning: 'No shipped order of this shop carries this waybill (or the order is not yet shipped)',
    message: 'No shipment found for this tracking number',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const orderErrorsId: Record<keyof typeof orderErrors, string> = {
  SON001: 'Anda masih memiliki pesanan yang belum dibayar. Silakan selesaikan atau batalkan terlebih dahulu.',
  PAY001: 'Silakan pilih salah satu metode pembayaran yang tersedia',
  IDM001: 'Checkout ini sudah dikirim dengan data yang berbeda. Silakan muat ulang halaman dan coba lagi.',
  ORD001: 'Pesanan tidak ditemukan',
  ORD003: 'Nomor resi ini sudah digunakan oleh pesanan lain',
  ORD004: 'Tidak ada pengembalian dana yang tertunda untuk pesanan ini',
  TRK001: 'Pelacakan sedang tidak tersedia. Silakan coba lagi sebentar lagi.',
  TRK002: 'Tidak ada pengiriman dengan nomor resi ini',
}
