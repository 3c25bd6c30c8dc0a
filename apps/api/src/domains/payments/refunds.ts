import { and, eq, lt, ne, or, sql } from 'drizzle-orm'
import { paymentRefunds } from '../../db/schema/index.ts'
import type { PaymentContext } from './payments.service.ts'

/**
 * Money sent back through the payment provider (issue 40: a return of an order paid by e-wallet or
 * QRIS). One payment_refunds row per refund_key (the return's number): written once, claimed by
 * one call at a time (as a charge is), asked of the provider with that key (its idempotency key),
 * then marked done with the provider's reference or failed with its message. A key already done
 * answers its reference without asking again.
 */

export interface RefundPaymentRequest {
  idSalesHeader: string
  /** The provider's order_id: the sales order number. */
  orderId: string
  refundKey: string
  /** Whole rupiah, above 0. */
  amount: number
  reason: string
}

/** What a refund needs: the provider and the `payment_refunds` rows (never the order's row). */
export type RefundContext = Omit<PaymentContext, 'headers'>

export interface RefundOutcome {
  state: 'done' | 'failed'
  /** The provider's reference of the refund (done). */
  reference: string | null
  /** Why it failed (failed), in the provider's words. */
  error: string | null
}

/** A claim older than this is taken over (its process died or hung past the provider's timeout). */
const REFUND_CLAIM_MS = 60_000
/** How often a call that finds another one asking waits before it looks again. */
const WAIT_STEP_MS = 100

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const outcomeOf = (row: typeof paymentRefunds.$inferSelect): RefundOutcome =>
  row.state === 'done'
    ? { state: 'done', reference: row.reference, error: null }
    : { state: 'failed', reference: null, error: row.lastError ?? 'the refund is still being asked for' }

/**
 * Refunds `amount` of a paid order through its payment provider, once per `refundKey`: writes or
 * claims the payment_refunds row, asks the provider within PAYMENT_TIMEOUT_MS, and answers done
 * (with the reference) or failed (with the error; a later call with the key asks again). A key
 * already done answers done without asking. Another call asking with the same key at the same
 * time is waited for, and its outcome answered. Never throws for a provider failure; a key reused
 * for another order or amount is a programming mistake and throws.
 */
export async function refundPayment(
  ctx: RefundContext,
  request: RefundPaymentRequest,
): Promise<RefundOutcome> {
  const { db, payments: provider } = ctx
  if (!Number.isInteger(request.amount) || request.amount <= 0) {
    throw new Error(`refundPayment: the amount must be a whole number above 0, not ${request.amount}`)
  }
  await db
    .insert(paymentRefunds)
    .values({
      idSalesHeader: request.idSalesHeader,
      refundKey: request.refundKey,
      amount: request.amount,
      reason: request.reason,
      provider: provider.name,
      state: 'pending',
      attempts: 0,
    })
    .onConflictDoNothing({ target: paymentRefunds.refundKey })
  const waitUntil = Date.now() + ctx.config.PAYMENT_TIMEOUT_MS + 2_000
  for (;;) {
    const [row] = await db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.refundKey, request.refundKey))
    if (!row) throw new Error(`refundPayment: no refund row for ${request.refundKey}`)
    if (row.idSalesHeader !== request.idSalesHeader || row.amount !== request.amount) {
      throw new Error(
        `refundPayment: refund key ${request.refundKey} is ${row.amount} for order ${row.idSalesHeader}, not ${request.amount} for ${request.idSalesHeader}`,
      )
    }
    if (row.state === 'done') return outcomeOf(row)
    // The claim: a new row (never asked), a failed one, or a claim whose process died.
    const [claimed] = await db
      .update(paymentRefunds)
      .set({
        state: 'pending',
        provider: provider.name,
        attempts: sql`${paymentRefunds.attempts} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(paymentRefunds.refundKey, request.refundKey),
          ne(paymentRefunds.state, 'done'),
          or(
            eq(paymentRefunds.state, 'failed'),
            eq(paymentRefunds.attempts, 0),
            lt(paymentRefunds.updatedAt, new Date(Date.now() - REFUND_CLAIM_MS)),
          ),
        ),
      )
      .returning()
    if (claimed) return ask(ctx, request, claimed.attempts)
    // Another call is asking the provider with this key right now: its answer is ours.
    if (Date.now() > waitUntil) return outcomeOf(row)
    await pause(WAIT_STEP_MS)
  }
}

/** Asks the provider (the claim is ours) and stores what it answered. */
async function ask(
  ctx: RefundContext,
  request: RefundPaymentRequest,
  attempt: number,
): Promise<RefundOutcome> {
  const { db, payments: provider } = ctx
  const settle = (values: Partial<typeof paymentRefunds.$inferInsert>) =>
    db
      .update(paymentRefunds)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(paymentRefunds.refundKey, request.refundKey), ne(paymentRefunds.state, 'done')))
  try {
    const { reference } = await provider.refund(
      request.orderId,
      { refundKey: request.refundKey, amount: request.amount, reason: request.reason },
      AbortSignal.timeout(ctx.config.PAYMENT_TIMEOUT_MS),
    )
    await settle({ state: 'done', reference, lastError: null })
    ctx.log.info(
      { order: request.orderId, refundKey: request.refundKey, amount: request.amount, reference },
      'payment refunded through the provider',
    )
    return { state: 'done', reference, error: null }
  } catch (error) {
    const message = errorText(error)
    ctx.log.warn(
      {
        order: request.orderId,
        refundKey: request.refundKey,
        provider: provider.name,
        attempt,
        error: message,
      },
      'payment refund failed; it is asked again with the same key when retried',
    )
    await settle({ state: 'failed', lastError: message })
    return { state: 'failed', reference: null, error: message }
  }
}
