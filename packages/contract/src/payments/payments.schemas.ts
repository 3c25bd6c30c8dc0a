import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'
import { ORDER_STATUSES } from '../orders/orders.rules.ts'

/**
 * A payment notification (POST /api/v1/payments/notification; decision 020) in Midtrans' format:
 * order_id is the sales order number, gross_amount as Midtrans writes it ('125000.00'),
 * signature_key = SHA-512 hex of order_id + status_code + gross_amount + the server key. Other
 * fields Midtrans sends (transaction_id, payment_type, va_numbers, …) are kept for audit only.
 */
export const PaymentNotificationSchema = z.object({
  order_id: z.string().min(1).max(64),
  status_code: z.string().regex(/^\d{3}$/, 'must be three digits'),
  gross_amount: z.string().min(1).max(32),
  signature_key: z.string().min(1).max(256),
  transaction_status: z.string().min(1).max(32),
  fraud_status: z.string().max(32).optional(),
})
export type PaymentNotification = z.infer<typeof PaymentNotificationSchema>

/** What a notification did; every one is stored with its outcome (payment_notifications). */
export const NOTIFICATION_OUTCOMES = [
  'paid',
  'cancelled',
  'unchanged',
  'pending',
  'paid_after_cancel',
  'ignored',
] as const

export const PaymentNotificationResultSchema = z.object({
  outcome: z.enum(NOTIFICATION_OUTCOMES),
  /** The order's status after the notification. */
  status: z.enum(ORDER_STATUSES),
})
export type PaymentNotificationResult = z.infer<typeof PaymentNotificationResultSchema>
export const PaymentNotificationResponseSchema = envelopeSchema(PaymentNotificationResultSchema)
