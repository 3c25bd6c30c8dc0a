import { createHash, timingSafeEqual } from 'node:crypto'

/** The key the sandbox signs notifications with when MIDTRANS_SERVER_KEY is unset (documented, public). */
export const SANDBOX_SERVER_KEY = 'sandbox-server-key'

/** An amount as Midtrans writes gross_amount: whole rupiah with two decimals, '125000.00'. */
export const midtransAmount = (rupiah: number) => `${rupiah}.00`

/**
 * Midtrans' notification signature: SHA-512 (hex) of order_id + status_code + gross_amount +
 * server key, the strings exactly as sent.
 */
export function notificationSignature(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex')
}

/** Compares a received signature_key with the expected one in constant time. */
export function signatureMatches(received: string, expected: string): boolean {
  const a = Buffer.from(received.toLowerCase(), 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}
