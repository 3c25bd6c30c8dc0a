import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import {
  AppError,
  shopIsoString,
  type AdminOrderMessage,
  type OrderMessageState,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { orderUpdates } from '../../db/schema/index.ts'
import { enforceLimits, type LimitRule } from '../../plugins/rate-limit.ts'
import type { MessageChannel, OrderMoment } from './facts.ts'
import { newIdempotencyKey, ORDER_UPDATES_CHANNEL } from './queue.ts'

/**
 * The order updates as staff see them on an order's page (issue 28, decision 048): the messages
 * of one order, and a re-send of one of them, which is a new pending row the sender takes like
 * any other (with a key of its own, so a gateway that keeps keys does not drop it as a repeat).
 */

type Row = typeof orderUpdates.$inferSelect

/** A row as the back office reads it: everything but the idempotency key and the claim. */
function toMessage(row: Row): AdminOrderMessage {
  return {
    id: row.id,
    // facts.ts's words, which the compiler checks are the contract's (a new moment goes in both).
    moment: row.moment as OrderMoment,
    channel: row.channel as MessageChannel,
    recipient: row.recipient,
    language: row.language === 'id' ? 'id' : 'en',
    state: row.state as OrderMessageState,
    attempts: row.attempts,
    next_attempt_at: shopIsoString(row.nextAttemptAt)!,
    subject: row.subject,
    body: row.body,
    last_error: row.lastError,
    requested_by: row.requestedBy,
    resend_of: row.resendOf,
    created_at: shopIsoString(row.createdAt)!,
    sent_at: shopIsoString(row.sentAt),
  }
}

/** The messages of an order, oldest first (re-sends after the rows they repeat). */
export async function listOrderUpdates(db: Db, idSalesHeader: string): Promise<AdminOrderMessage[]> {
  const rows = await db
    .select()
    .from(orderUpdates)
    .where(eq(orderUpdates.idSalesHeader, idSalesHeader))
    .orderBy(asc(orderUpdates.id))
  return rows.map(toMessage)
}

const UNFINISHED = ['pending', 'sending']

/**
 * How often staff may send a message again (issue 38: 79 WhatsApp messages reached one buyer in a
 * minute). Counted in the limiter's table inside the re-send's transaction, after the other checks,
 * so only re-sends that are written count and parallel ones are counted exactly.
 */
export const RESEND_LIMITS = {
  /** A message's line (the original and its re-sends): 3 re-sends per clock hour (429 STF160). */
  message: { limit: 3, windowMs: 60 * 60_000 },
  /** One phone number or e-mail address: 10 re-sent messages per day, UTC (429 STF161). */
  recipient: { limit: 10, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, LimitRule>

export interface ResendOptions {
  /** Writes the audit row in the re-send's transaction (the staff module's recordAudit). */
  audit?: (tx: Transaction, changes: Record<string, unknown>) => Promise<void>
}

/**
 * Sends a message of an order again, asked by a member of staff: a new pending row with the same
 * moment, return (ref), channel, recipient and language, a fresh idempotency key, `requested_by`
 * the staff member and `resend_of` the first message of its line (a re-send of a re-send names the
 * original). It is written with its audit row and a NOTIFY in one transaction (the sender wakes at
 * commit).
 *
 * Refused: a message of another order or none (404 STF157); a message still pending or sending
 * (409 STF158: it is still on its way, or being retried); while an earlier re-send of the same
 * original is pending or sending (409 STF159). The original is locked first, so two re-sends at
 * once cannot both pass the check. Past RESEND_LIMITS: 429 STF160 (the line's 3 an hour) or STF161
 * (the recipient's 10 a day), with Retry-After; a refused re-send counts for nothing.
 */
export async function resendOrderUpdate(
  db: Db,
  idSalesHeader: string,
  updateId: number,
  actor: `staff:${string}`,
  { audit }: ResendOptions = {},
): Promise<AdminOrderMessage> {
  if (!Number.isSafeInteger(updateId) || updateId < 1) throw new AppError('STF157')
  return db.transaction(async (tx) => {
    const [asked] = await tx
      .select()
      .from(orderUpdates)
      .where(and(eq(orderUpdates.id, updateId), eq(orderUpdates.idSalesHeader, idSalesHeader)))
    if (!asked) throw new AppError('STF157')
    const rootId = asked.resendOf ?? asked.id
    // Serialises re-sends of one message: the second waits here, then sees the first's row.
    await tx
      .select({ id: orderUpdates.id })
      .from(orderUpdates)
      .where(eq(orderUpdates.id, rootId))
      .for('update')
    const family = await tx
      .select({ id: orderUpdates.id, state: orderUpdates.state })
      .from(orderUpdates)
      .where(
        and(
          or(eq(orderUpdates.id, rootId), eq(orderUpdates.resendOf, rootId)),
          inArray(orderUpdates.state, UNFINISHED),
        ),
      )
    if (family.some((row) => row.id === asked.id)) throw new AppError('STF158')
    if (family.length > 0) throw new AppError('STF159')
    // The upserts lock their counters until commit, so re-sends at once are counted one by one; a
    // refusal rolls its own hits back with the transaction.
    await enforceLimits(tx, [{ key: `order-resend:${rootId}`, rule: RESEND_LIMITS.message }], 'STF160')
    await enforceLimits(
      tx,
      [{ key: `order-resend-to:${asked.recipient.toLowerCase()}`, rule: RESEND_LIMITS.recipient }],
      'STF161',
    )
    const [created] = await tx
      .insert(orderUpdates)
      .values({
        idSalesHeader,
        moment: asked.moment,
        // A return's message goes again about the same return.
        ref: asked.ref,
        channel: asked.channel,
        recipient: asked.recipient,
        language: asked.language,
        idempotencyKey: newIdempotencyKey(asked.moment as OrderMoment),
        requestedBy: actor,
        resendOf: rootId,
      })
      .returning()
    await audit?.(tx, {
      message: created!.id,
      resend_of: rootId,
      asked: asked.id,
      moment: asked.moment,
      channel: asked.channel,
    })
    await tx.execute(sql`select pg_notify(${ORDER_UPDATES_CHANNEL}, '')`)
    return toMessage(created!)
  })
}
