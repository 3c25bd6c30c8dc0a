import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { salesHeaders } from './orders.ts'

/**
 * The way an order is paid (decision 020): one row per order, written after the order's
 * transaction commits. state: 'charging' while one process asks the provider (a claim other
 * processes respect for a minute), 'issued' when the provider gave the way to pay, 'failed' when it
 * did not (last_error; the order detail and the next read retry). An order without a row (placed
 * before payments existed, or whose process died mid-charge) is charged on its next detail read.
 */
export const payments = pgTable(
  'payments',
  {
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .primaryKey()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'cascade' }),
    /** sandbox or midtrans: who issued it (the developer page lists the sandbox's). */
    provider: varchar('provider', { length: 16 }).notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    transactionId: text('transaction_id'),
    /** Virtual account number or Mandiri bill key. */
    rekening: varchar('rekening', { length: 64 }),
    billerCode: varchar('biller_code', { length: 16 }),
    /** A QR code's text (QRIS EMVCo payload, or an e-wallet link). */
    qrString: text('qr_string'),
    /** A QR image the provider serves (Midtrans GoPay). */
    qrUrl: text('qr_url'),
    deeplink: text('deeplink'),
    /** The provider's last transaction_status we acted on (pending, settlement, expire, …). */
    transactionStatus: varchar('transaction_status', { length: 32 }),
    lastError: text('last_error'),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payments_state', sql`${t.state} in ('charging', 'issued', 'failed')`)],
)

/**
 * Every payment notification received with what it did (audit): 'paid', 'cancelled', 'unchanged'
 * (a replay, or a late expire/cancel after payment), 'pending', 'paid_after_cancel' (money arrived
 * for a cancelled order: its refund is recorded as due), 'ignored'; and the refused ones,
 * 'malformed', 'status_mismatch', 'not_loopback', 'bad_signature', 'unknown_order',
 * 'wrong_amount', 'unverified', whose body holds only the known fields, each cut to a bound, and
 * which housekeeping deletes after 30 days. An accepted one keeps its body as received (at most 16 KB).
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order_id as sent (our sales_order_number when genuine). */
    orderId: varchar('order_id', { length: 64 }),
    idSalesHeader: varchar('id_sales_header', { length: 36 }).references(() => salesHeaders.idSalesHeader, {
      onDelete: 'set null',
    }),
    transactionStatus: varchar('transaction_status', { length: 32 }),
    statusCode: varchar('status_code', { length: 8 }),
    grossAmount: varchar('gross_amount', { length: 32 }),
    /** The status the provider answered when re-fetched (midtrans), else null. */
    verifiedStatus: varchar('verified_status', { length: 32 }),
    outcome: varchar('outcome', { length: 24 }).notNull(),
    body: jsonb('body').notNull(),
  },
  (t) => [
    index('payment_notifications_order_idx').on(t.orderId, t.receivedAt),
    // Housekeeping's prune of refused notifications (issue 26): only those rows, by age.
    index('payment_notifications_refused_idx')
      .on(t.receivedAt)
      .where(
        sql`${t.outcome} in ('malformed', 'status_mismatch', 'not_loopback', 'bad_signature', 'unknown_order', 'wrong_amount', 'unverified')`,
      ),
  ],
)

/**
 * Money sent back through the payment provider (issue 40: e-wallet and QRIS returns; Midtrans'
 * refund call, the sandbox's alike). `refund_key` is the provider's idempotency key (the return's
 * number): asking twice refunds once. state: pending (asked, no answer yet), done, failed.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .notNull()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'restrict' }),
    refundKey: varchar('refund_key', { length: 64 }).notNull().unique(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    provider: varchar('provider', { length: 16 }).notNull(),
    state: varchar('state', { length: 8 }).notNull().default('pending'),
    /** The provider's reference of the refund (Midtrans refund_chargeback_id / the sandbox's id). */
    reference: text('reference'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_refunds_state', sql`${t.state} in ('pending', 'done', 'failed')`),
    check('payment_refunds_amount', sql`${t.amount} > 0`),
    index('payment_refunds_order_idx').on(t.idSalesHeader),
  ],
)
