import { index, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

/** Messages leaving through the messaging and mail providers; the default provider only stores them here. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    /** 'SMS', 'WHATSAPP' or 'EMAIL'. */
    channel: varchar('channel', { length: 10 }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** An e-mail's HTML part, when it has one (order updates). */
    html: text('html'),
    /** The sender's idempotency key: the outbox, like a gateway that takes one, keeps a message once. */
    idempotencyKey: varchar('idempotency_key', { length: 80 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_created_idx').on(t.createdAt),
    uniqueIndex('outbox_messages_idempotency_uq').on(t.idempotencyKey),
  ],
)
