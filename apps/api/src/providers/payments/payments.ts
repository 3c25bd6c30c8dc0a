/** The payment methods a provider can charge (payment_methods.code). */
export const PAYMENT_METHOD_CODES = [
  'bca_va',
  'bni_va',
  'bri_va',
  'permata_va',
  'mandiri_bill',
  'gopay',
  'shopeepay',
  'qris',
] as const
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number]

export const isPaymentMethodCode = (code: string): code is PaymentMethodCode =>
  (PAYMENT_METHOD_CODES as readonly string[]).includes(code)

/** What to charge: one order, its total, its method and its deadline. */
export interface ChargeRequest {
  /** The order's id (id_sales_header): e-wallets send the shopper back to its page. */
  idSalesHeader: string
  /** The sales order number (BSN-YYMMDD-XXXXXXXX): the provider's order_id. */
  orderId: string
  /** The order's total_bayar, whole rupiah. */
  grossAmount: number
  method: PaymentMethodCode
  /** When the order was placed and when its payment deadline ends (expired_time). */
  orderTime: Date
  expiresAt: Date
  customer: { name: string; email: string | null; phone: string }
}

/** How the shopper pays: what the order detail's payment block shows. */
export interface PaymentInstructions {
  /** The provider's id of the transaction, when it has one. */
  transactionId: string | null
  /** Virtual account number, or Mandiri's bill key (rekening). */
  rekening: string | null
  /** Mandiri bill payment: the biller (company) code entered before the bill key. */
  billerCode: string | null
  /** The text a QR code carries: a QRIS (EMVCo) payload, or an e-wallet link. */
  qrString: string | null
  /** A QR image the provider serves, when it gives no QR text (Midtrans GoPay). */
  qrUrl: string | null
  /** The e-wallet app link (GoPay, ShopeePay). */
  deeplink: string | null
}

/**
 * A transaction's state at the provider, in Midtrans' words: transaction_status pending,
 * settlement, capture, deny, cancel, expire, failure (or not_found); status_code '200', '201',
 * '202', '407', '404'; gross_amount '125000.00'.
 */
export interface ProviderStatus {
  transactionStatus: string
  statusCode: string
  grossAmount: string | null
  fraudStatus: string | null
}

/**
 * Money sent back for a paid order (issue 40: an e-wallet or QRIS return). `refundKey` is the
 * provider's idempotency key: asking again with it never refunds twice.
 */
export interface RefundRequest {
  refundKey: string
  /** Whole rupiah, above 0 and at most what was paid less earlier refunds. */
  amount: number
  reason: string
}

/**
 * A payment provider (decision 020). Adapters: `sandbox` (default, offline: numbers and QR payloads
 * made here, paid from /dev/payments) and `midtrans` (Core API). Every call may throw (network,
 * provider error); the caller keeps the order and retries later. The signal aborts a call that ran
 * past PAYMENT_TIMEOUT_MS.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'midtrans'
  /** The key notifications are signed with (SHA-512 of order_id + status_code + gross_amount + key). */
  readonly serverKey: string
  /** Issues the way to pay an order before its deadline. Charging the same order again answers the same. */
  charge(request: ChargeRequest, signal: AbortSignal): Promise<PaymentInstructions>
  /**
   * The transaction's state as the provider knows it, re-fetched before a notification is acted
   * on. null: the provider keeps no state of its own (the sandbox), the signed notification is the truth.
   */
  status(orderId: string, signal: AbortSignal): Promise<ProviderStatus | null>
  /** Cancels a pending transaction (an expired order); a paid one stays paid and is answered as such. */
  cancel(orderId: string, signal: AbortSignal): Promise<ProviderStatus | null>
  /**
   * Refunds part or all of a paid order's money to where it came from (e-wallet, QRIS) and answers
   * the provider's reference of the refund. Throws when the provider refuses or does not answer;
   * asking again with the same refundKey is safe.
   */
  refund(orderId: string, request: RefundRequest, signal: AbortSignal): Promise<{ reference: string }>
}
