import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { salesHeaders } from './orders.ts'

/**
 * The order updates' outbox (issue 28, docs/decisions/048-order-updates-outbox.md): one row per
 * message to a buyer, written in the same transaction as the status change that causes it, and
 * sent by the order-updates job. `state`: pending (waiting for its next attempt), sending (claimed
 * by one process until `claimed_until`), sent, failed (gave up after the last attempt). A moment is
 * queued once per order and channel (the partial unique index); a staff re-send is a new row that
 * names the one it repeats (`resend_of`). The recipient and language are copied in when queued.
 */
export const orderUpdates = pgTable(
  'order_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .notNull()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'cascade' }),
    /** placed, paid, shipped, delivered, cancelled, expired or refund; a return's (return_approved, …). */
    moment: varchar('moment', { length: 16 }).notNull(),
    /** What the moment is about beyond the order: a return's number (issue 40); '' for the order itself. */
    ref: varchar('ref', { length: 32 }).notNull().default(''),
    /** WHATSAPP, SMS or EMAIL. */
    channel: varchar('channel', { length: 10 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    /** en or id: the language the order was placed in. */
    language: varchar('language', { length: 2 }).notNull(),
    /** Sent with the message where the provider takes one, so a repeat after a crash is dropped there. */
    idempotencyKey: varchar('idempotency_key', { length: 80 }).notNull().unique(),
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** What was sent (filled when rendered for sending): the title or e-mail subject, and the text. */
    subject: text('subject'),
    body: text('body'),
    lastError: text('last_error'),
    /** Who asked for it: 'system' (the status change) or 'staff:<e-mail>' (a re-send). */
    requestedBy: varchar('requested_by', { length: 300 }).notNull().default('system'),
    resendOf: bigint('resend_of', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('order_updates_state', sql`${t.state} in ('pending', 'sending', 'sent', 'failed')`),
    check('order_updates_channel', sql`${t.channel} in ('WHATSAPP', 'SMS', 'EMAIL')`),
    // A moment reaches a channel once per order; re-sends are rows of their own.
    uniqueIndex('order_updates_once_uq')
      .on(t.idSalesHeader, t.moment, t.channel, t.ref)
      .where(sql`${t.resendOf} is null`),
    // The job's scan: only unfinished rows, by when they are due.
    index('order_updates_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
    index('order_updates_order_idx').on(t.idSalesHeader, t.id),
  ],
)
