import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderUpdates } from '../../db/schema/index.ts'
import { orderUpdatesSent } from '../../metrics.ts'
import type { MailProvider } from '../../providers/mail/index.ts'
import type { MessagingProvider } from '../../providers/messaging/index.ts'
import {
  isReturnMoment,
  type MessageChannel,
  type MessageLanguage,
  type OrderFactsLoader,
  type OrderMoment,
  type ReturnFactsLoader,
} from './facts.ts'
import { loadReturnMessage } from './return-links.ts'
import { renderOrderMessage } from './templates/render.tsx'

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }

export interface OrderUpdateContext {
  db: Db
  messaging: MessagingProvider
  mail: MailProvider
  /** PUBLIC_URL: the shop's origin, for the links. */
  shopUrl: string
  log: Log
  /** How long a claim lasts (ORDER_UPDATES_CLAIM_SECONDS × 1000); CLAIM_MS when absent. */
  claimMs?: number
  /**
   * Reads an order's facts for its messages: the orders module's loadOrderMessageFacts, given by
   * whoever builds the context (the job), since orders imports this module (issue 42).
   */
  loadOrder: OrderFactsLoader
  /**
   * Reads a return's facts for its messages (issue 40): the returns module's loadReturnFacts, given
   * by whoever builds the context (the job), since the returns module (through orders) imports this one. A
   * return's message waits (retried, then failed) in a process without it.
   */
  loadReturn?: ReturnFactsLoader
}

/** How long one process holds a claimed message before another may take it over (it died): the default. */
export const CLAIM_MS = 5 * 60_000
/** Attempts before a message is given up (failed): about 9 hours of retries. */
export const MAX_ATTEMPTS = 10
/** The wait before attempt n + 1: 30 s doubling, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)

/**
 * A message that must never go, whatever the attempt: an e-mail of a guest's order (queued before
 * decision 053, or re-sent by staff), whose address nobody verified; a return's message whose return
 * is not there. Given up at once.
 */
class NotToBeSent extends Error {}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

type Claimed = typeof orderUpdates.$inferSelect

/**
 * Claims up to `batch` messages that are due (pending and past next_attempt_at, or claimed by a
 * process whose claim ran out), for this process alone: the rows are locked with SKIP LOCKED and
 * moved to 'sending' with a claim and one more attempt in one statement, so two processes never
 * hold the same message.
 */
async function claimDue(db: Db, now: number, batch: number, claimMs: number): Promise<Claimed[]> {
  const at = new Date(now)
  const due = db
    .select({ id: orderUpdates.id })
    .from(orderUpdates)
    .where(
      or(
        and(eq(orderUpdates.state, 'pending'), lte(orderUpdates.nextAttemptAt, at)),
        and(eq(orderUpdates.state, 'sending'), lt(orderUpdates.claimedUntil, at)),
      ),
    )
    .orderBy(asc(orderUpdates.nextAttemptAt), asc(orderUpdates.id))
    .limit(batch)
    .for('update', { skipLocked: true })
  return db
    .update(orderUpdates)
    .set({
      state: 'sending',
      claimedUntil: new Date(now + claimMs),
      attempts: sql`${orderUpdates.attempts} + 1`,
    })
    .where(inArray(orderUpdates.id, due))
    .returning()
}

/** Sends one claimed message through its provider, with its idempotency key. Throws on failure. */
async function deliver(ctx: OrderUpdateContext, update: Claimed): Promise<void> {
  const facts = await ctx.loadOrder(
    ctx.db,
    {
      idSalesHeader: update.idSalesHeader,
      moment: update.moment as OrderMoment,
      language: update.language as MessageLanguage,
    },
    ctx.shopUrl,
  )
  if (!facts) throw new Error('the order no longer exists')
  if (isReturnMoment(update.moment)) {
    if (!ctx.loadReturn) throw new Error("no reader of returns in this process: the return's message waits")
    const found = await loadReturnMessage(ctx.db, update.ref, ctx.shopUrl, ctx.loadReturn)
    // Nothing to say about a return that is not there, now or later.
    if (!found) throw new NotToBeSent(`not sent: the return '${update.ref}' no longer exists`)
    facts.return = found
  }
  const channel = update.channel as MessageChannel
  if (channel === 'EMAIL' && facts.order.isGuest)
    throw new NotToBeSent("not sent: a guest's e-mail address is not verified (decision 053)")
  const message = await renderOrderMessage(facts, channel)
  // What is sent is kept with the row (the back office shows it) before it leaves.
  await ctx.db
    .update(orderUpdates)
    .set({ subject: message.subject, body: message.text })
    .where(eq(orderUpdates.id, update.id))
  if (channel === 'EMAIL') {
    await ctx.mail.send({
      to: update.recipient,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
      idempotencyKey: update.idempotencyKey,
    })
  } else {
    await ctx.messaging.send({
      channel,
      to: update.recipient,
      body: message.text,
      idempotencyKey: update.idempotencyKey,
    })
  }
}

export interface SendResult {
  sent: number
  /** Failed this time and to be tried again. */
  retrying: number
  /** Given up after MAX_ATTEMPTS. */
  failed: number
}

/**
 * Sends the order updates that are due (decision 048), in batches until none is left: each is
 * claimed by this process alone, rendered from the order as it is now, sent with its idempotency
 * key, then marked sent, guarded by the claim (a process whose claim ran out and was taken over
 * does not overwrite the new holder's outcome). A provider's failure is kept with the row and the
 * message retried after a growing wait, up to MAX_ATTEMPTS; it never touches the order. A process
 * that dies between sending and marking leaves the claim to run out: the message is sent again
 * with the same key, which a gateway that keeps keys (and the outbox) drops.
 */
export async function sendDueOrderUpdates(
  ctx: OrderUpdateContext,
  options: { now?: () => number; batch?: number } = {},
): Promise<SendResult> {
  const now = options.now ?? Date.now
  const result: SendResult = { sent: 0, retrying: 0, failed: 0 }
  for (;;) {
    const claimed = await claimDue(ctx.db, now(), options.batch ?? 20, ctx.claimMs ?? CLAIM_MS)
    if (claimed.length === 0) return result
    for (const update of claimed) {
      const mine = and(
        eq(orderUpdates.id, update.id),
        eq(orderUpdates.state, 'sending'),
        eq(orderUpdates.attempts, update.attempts),
      )
      try {
        await deliver(ctx, update)
        await ctx.db
          .update(orderUpdates)
          .set({ state: 'sent', sentAt: new Date(now()), claimedUntil: null, lastError: null })
          .where(mine)
        result.sent++
        orderUpdatesSent.inc({ channel: update.channel, result: 'sent' })
      } catch (error) {
        const givingUp = error instanceof NotToBeSent || update.attempts >= MAX_ATTEMPTS
        await ctx.db
          .update(orderUpdates)
          .set({
            state: givingUp ? 'failed' : 'pending',
            claimedUntil: null,
            lastError: errorText(error),
            nextAttemptAt: new Date(now() + backoffMs(update.attempts)),
          })
          .where(mine)
        if (givingUp) result.failed++
        else result.retrying++
        orderUpdatesSent.inc({ channel: update.channel, result: givingUp ? 'failed' : 'retrying' })
        ctx.log.warn(
          {
            update: update.id,
            moment: update.moment,
            channel: update.channel,
            attempt: update.attempts,
            error: errorText(error),
          },
          givingUp
            ? 'order update failed for the last time; staff can re-send it'
            : 'order update failed; retried later',
        )
      }
    }
  }
}
