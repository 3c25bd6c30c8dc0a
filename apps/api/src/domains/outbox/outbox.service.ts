import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema/index.ts'

export type OutboxChannel = 'SMS' | 'WHATSAPP' | 'EMAIL'

export interface OutboxMessage {
  id: number
  channel: string
  recipient: string
  subject: string
  body: string
  /** Whether an HTML part exists (shown at /dev/outbox/{id}.html). */
  has_html: boolean
  created_at: string
}

/** Stores one outgoing message: the default provider's whole delivery (read at /dev/outbox). */
export async function storeMessage(
  db: Db,
  message: {
    channel: OutboxChannel
    recipient: string
    subject?: string
    body: string
    html?: string
    idempotencyKey?: string
  },
): Promise<void> {
  // A key already stored is a repeat (a sender that crashed before recording it sent): kept once.
  await db
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? '',
      body: message.body,
      html: message.html ?? null,
      idempotencyKey: message.idempotencyKey ?? null,
    })
    .onConflictDoNothing()
}

/** The latest messages, newest first, optionally for one recipient (phone or e-mail). */
export async function latestMessages(
  db: Db,
  options: { recipient?: string; limit: number },
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(options.recipient ? eq(outboxMessages.recipient, options.recipient) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(options.limit)
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    has_html: row.html !== null,
    created_at: row.createdAt.toISOString(),
  }))
}

/** A stored message's HTML part, or null. */
export async function messageHtml(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ html: outboxMessages.html })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id))
  return row?.html ?? null
}

/** Masks a phone or e-mail for log lines: enough to recognise, not enough to reuse. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@')
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`
  return recipient.length > 4 ? `${'*'.repeat(recipient.length - 4)}${recipient.slice(-4)}` : '****'
}
