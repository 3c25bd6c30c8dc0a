import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm'
import {
  AppError,
  PaymentNotificationSchema,
  say,
  type PaymentNotificationResult,
} from '@busana/contract/schemas'
import type { Config } from '../../config.ts'
import type { Db, Transaction } from '../../db/client.ts'
import { notificationsRefused, paymentOutcomes } from '../../metrics.ts'
import { cancelOrder, moveOrder, recordRefundDue, type OrderActor } from '../order-lifecycle/index.ts'
import { publishChange } from '../events/index.ts'
import { paymentNotifications, payments } from '../../db/schema/index.ts'
import { enforceLimits, type LimitRule } from '../../plugins/rate-limit.ts'
import {
  isPaymentMethodCode,
  notificationSignature,
  signatureMatches,
  type PaymentProvider,
  type ProviderStatus,
} from '../../providers/payments/index.ts'
import type { OrderToPay, PaymentHeaderStore } from './order-headers.ts'

/**
 * Payments (decision 020): charging an order after checkout, the provider's notifications, and
 * the one cancellation path that expiry and cancel notifications share. Every status change is a
 * conditional update guarded by the statuses that may move to the target (canMoveOrder), so a
 * replay, a late notification or two processes at once change an order once and never backwards.
 */

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }

export interface PaymentContext {
  db: Db
  payments: PaymentProvider
  config: Pick<Config, 'PAYMENT_TIMEOUT_MS'>
  log: Log
  /** Orders' store of the order rows, their one writer (issue 42): what payments reads and moves. */
  headers: PaymentHeaderStore
}

/** A claim on charging older than this is taken over (its process died or hung). */
const CHARGE_CLAIM_MS = 60_000

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

/**
 * Charges an Open order at its provider and stores how to pay it. Called after checkout's
 * transaction commits and again by the order detail while no payment was issued. Only one process
 * charges an order at a time (a claim in `payments`); a failure is stored (state 'failed') and the
 * order is kept: the next read retries. Never throws for a provider failure.
 */
export async function chargeOrder(
  ctx: PaymentContext,
  idSalesHeader: string,
  now = Date.now(),
  /**
   * The order's row as its checkout just wrote it, with the charge's claim (`chargeClaimInsert`):
   * it is charged at once, without reading the order or claiming again. Without it the order is
   * read and claimed here.
   */
  placed?: OrderToPay,
): Promise<void> {
  const { db, payments: provider } = ctx
  const written = placed?.idSalesHeader === idSalesHeader ? placed : undefined
  const order = written ?? (await ctx.headers.orderToPay(db, idSalesHeader))
  if (!order || order.status !== 'Open' || order.expiredTime.getTime() <= now) return
  const claimed = written
    ? [{ attempts: 1 }]
    : await chargeClaimInsert(db, idSalesHeader, provider.name, now)
        .onConflictDoUpdate({
          target: payments.idSalesHeader,
          set: {
            provider: provider.name,
            state: 'charging',
            attempts: sql`${payments.attempts} + 1`,
            updatedAt: new Date(now),
          },
          setWhere: or(
            eq(payments.state, 'failed'),
            and(eq(payments.state, 'charging'), lt(payments.updatedAt, new Date(now - CHARGE_CLAIM_MS))),
          ),
        })
        .returning({ attempts: payments.attempts })
  if (claimed.length === 0) return
  const done = (values: Partial<typeof payments.$inferInsert>) =>
    db
      .update(payments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(payments.idSalesHeader, idSalesHeader))
  try {
    if (!isPaymentMethodCode(order.paymentCode)) {
      throw new Error(`no provider method for payment code ${order.paymentCode}`)
    }
    const issued = await provider.charge(
      {
        idSalesHeader,
        orderId: order.salesOrderNumber,
        grossAmount: order.totalBayar,
        method: order.paymentCode,
        orderTime: order.orderDate,
        expiresAt: order.expiredTime,
        customer: { name: order.buyerName, email: order.buyerEmail, phone: order.buyerPhone },
      },
      AbortSignal.timeout(ctx.config.PAYMENT_TIMEOUT_MS),
    )
    // The way to pay and the buyer's 'placed' message (how to pay, by when) are written together:
    // the message exists once the way to pay does, and only once (the claim's guard). One
    // statement, so no transaction to open and commit.
    await publishChange(
      db,
      db
        .update(payments)
        .set({
          state: 'issued',
          ...issued,
          transactionStatus: 'pending',
          lastError: null,
          chargedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(payments.idSalesHeader, idSalesHeader), eq(payments.state, 'charging')))
        .returning({
          payload: sql<unknown>`jsonb_build_object('id_sales_header', ${payments.idSalesHeader})`.as(
            'payload',
          ),
        }),
      'order.placed',
    )
  } catch (error) {
    ctx.log.warn(
      {
        order: order.salesOrderNumber,
        provider: provider.name,
        attempt: claimed[0]!.attempts,
        error: errorText(error),
      },
      'payment charge failed; the order is kept and the charge retried when the order is read',
    )
    await done({ state: 'failed', lastError: errorText(error) })
  }
}

/**
 * The charge's claim on an order, built and not run: chargeOrder writes it (taking over a failed or
 * stale one), and the checkout writes it with the order in its transaction (db/together.ts: one
 * round trip fewer per order, issue 41), so that the process placing the order charges it right
 * after the commit (chargeOrder with `placed`). Should that process die first, the claim runs out
 * after CHARGE_CLAIM_MS and the order's next read charges it, as for a claim written alone.
 */
export function chargeClaimInsert(
  db: Db | Transaction,
  idSalesHeader: string,
  providerName: string,
  now: number,
) {
  return db.insert(payments).values({
    idSalesHeader,
    provider: providerName,
    state: 'charging',
    attempts: 1,
    updatedAt: new Date(now),
  })
}

/** The stored payment of an order, if any. */
export async function paymentOf(db: Db, idSalesHeader: string) {
  const [row] = await db.select().from(payments).where(eq(payments.idSalesHeader, idSalesHeader))
  return row ?? null
}

/**
 * The QR text of an order that can still be paid (Open, before its deadline), with the seconds
 * left; null for an order without one, or paid, cancelled or past its deadline: a QR of those
 * would take money for nothing (issue 26).
 */
export async function payableQr(
  db: Db,
  orders: PaymentHeaderStore['view'],
  idSalesHeader: string,
  now = Date.now(),
): Promise<{ text: string; secondsLeft: number } | null> {
  const [row] = await db
    .select({ text: payments.qrString, status: orders.status, expiredTime: orders.expiredTime })
    .from(payments)
    .innerJoin(orders, eq(orders.idSalesHeader, payments.idSalesHeader))
    .where(eq(payments.idSalesHeader, idSalesHeader))
  if (!row?.text || row.status !== 'Open') return null
  const secondsLeft = Math.floor((row.expiredTime.getTime() - now) / 1000)
  return secondsLeft > 0 ? { text: row.text, secondsLeft } : null
}

/**
 * Cancels an Open order and returns what it held, exactly once (order-lifecycle's cancelOrder,
 * restricted to Open: a payment that will not come never cancels a paid order). Inside `tx`.
 * Answers whether this call cancelled it.
 */
export async function cancelOpenOrder(
  tx: Transaction,
  headers: PaymentHeaderStore,
  idSalesHeader: string,
  now: number,
  actor: OrderActor = 'system',
  note: string | null = null,
  moment: 'cancelled' | 'expired' = 'cancelled',
): Promise<boolean> {
  return (
    (await cancelOrder(tx, headers, idSalesHeader, { actor, now, note, from: ['Open'], moment })) !== null
  )
}

/** Marks an Open order Paid, once, with its event. Inside `tx`. Answers whether this call did. */
async function markPaid(
  tx: Transaction,
  headers: PaymentHeaderStore,
  idSalesHeader: string,
  now: number,
  note: string,
): Promise<boolean> {
  const from = await moveOrder(tx, headers, idSalesHeader, 'Paid', {
    actor: 'payment',
    now,
    note,
    set: { paidAt: new Date(now) },
  })
  return from !== null
}

/** Midtrans' words for money received: settlement, or a capture its fraud check accepted. */
export const isPaid = (s: Pick<ProviderStatus, 'transactionStatus' | 'fraudStatus'>) =>
  s.transactionStatus === 'settlement' ||
  (s.transactionStatus === 'capture' && (s.fraudStatus === null || s.fraudStatus === 'accept'))
/** Words for a payment that will not come: the order is cancelled. */
const isFinalFailure = (status: string) => ['expire', 'cancel', 'deny', 'failure'].includes(status)
/**
 * Midtrans' statuses that end a transaction (money received or refused, the deadline passed, money
 * sent back). A pending that arrives after one of them (notifications come out of order and are
 * retried) is older news: it is answered and stored, but never written over a final status (issue 38).
 */
const FINAL_STATUSES = [
  'settlement',
  'capture',
  'deny',
  'cancel',
  'expire',
  'failure',
  'refund',
  'partial_refund',
  'chargeback',
  'partial_chargeback',
]

type Outcome = PaymentNotificationResult['outcome']

/**
 * Applies a transaction status to an order inside `tx`: paid → Paid; expire, cancel, deny or
 * failure → the cancellation path; anything else changes nothing. Guarded updates make a replay
 * 'unchanged', a late expire after settlement leaves the order Paid, and a late pending leaves the
 * recorded transaction status final ('unchanged').
 */
export async function applyTransactionStatus(
  tx: Transaction,
  headers: PaymentHeaderStore,
  idSalesHeader: string,
  status: Pick<ProviderStatus, 'transactionStatus' | 'fraudStatus'>,
  now: number,
  cancelActor: OrderActor = 'payment',
): Promise<Outcome> {
  const note = `transaction_status ${status.transactionStatus}`
  let outcome: Outcome = 'ignored'
  if (isPaid(status)) {
    if (await markPaid(tx, headers, idSalesHeader, now, note)) outcome = 'paid'
    else {
      // Money for an order cancelled meanwhile (expired, a failed payment, staff): it stays Cancel
      // and its total becomes a refund due, with its event, once (a replay finds it recorded).
      const refund = await recordRefundDue(tx, headers, idSalesHeader, {
        actor: 'payment',
        now,
        note: `${note} after the cancel: refund due`,
      })
      outcome = refund ? 'paid_after_cancel' : 'unchanged'
    }
  } else if (isFinalFailure(status.transactionStatus)) {
    // An unpaid order past its deadline tells its buyer it expired; a refusal or cancel, cancelled.
    const moment = status.transactionStatus === 'expire' ? 'expired' : 'cancelled'
    outcome = (await cancelOpenOrder(tx, headers, idSalesHeader, now, cancelActor, note, moment))
      ? 'cancelled'
      : 'unchanged'
  } else if (status.transactionStatus === 'pending') {
    outcome = 'pending'
  }
  if (outcome !== 'ignored' && outcome !== 'unchanged') {
    // One conditional update, never read-then-write: a status that is not final (pending) is
    // written only over another that is not final, so a late pending leaves settlement recorded.
    const final = FINAL_STATUSES.includes(status.transactionStatus)
    const written = await tx
      .update(payments)
      .set({ transactionStatus: status.transactionStatus, updatedAt: new Date(now) })
      .where(
        and(
          eq(payments.idSalesHeader, idSalesHeader),
          final
            ? undefined
            : or(isNull(payments.transactionStatus), notInArray(payments.transactionStatus, FINAL_STATUSES)),
        ),
      )
      .returning({ id: payments.idSalesHeader })
    if (!final && written.length === 0) outcome = 'unchanged'
  }
  return outcome
}

/**
 * Counts a payment that came to an end, after its transaction committed (decision 043): paid, or
 * the order cancelled because it expired, was cancelled, or was refused (deny, failure).
 */
function countPayment(outcome: Outcome, transactionStatus: string) {
  if (outcome === 'paid' || outcome === 'paid_after_cancel') paymentOutcomes.inc({ outcome })
  else if (outcome === 'cancelled') {
    const ended =
      transactionStatus === 'expire' ? 'expired' : transactionStatus === 'cancel' ? 'cancelled' : 'refused'
    paymentOutcomes.inc({ outcome: ended })
  }
}

/** Whether a gross_amount ('125000.00', '125000') is exactly `total` rupiah. */
export function amountMatches(grossAmount: string, total: number): boolean {
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(grossAmount)) return false
  const [whole, cents = '0'] = grossAmount.split('.')
  return Number(cents) === 0 && Number(whole) === total
}

type Audit = Omit<typeof paymentNotifications.$inferInsert, 'id' | 'receivedAt'>

/**
 * The fields of a notification kept with a refused one, each cut to its bound: a refused body is
 * nobody's word, so its row holds these (under 1 KB) and never the raw body (issue 26).
 */
const KEPT_FIELDS: Record<string, number> = {
  order_id: 64,
  status_code: 8,
  gross_amount: 32,
  transaction_status: 32,
  fraud_status: 32,
  payment_type: 32,
  transaction_id: 64,
  transaction_time: 32,
  status_message: 128,
  signature_key: 256,
}

const keptFields = (raw: Record<string, unknown>): Record<string, string> => {
  const kept: Record<string, string> = {}
  for (const [key, max] of Object.entries(KEPT_FIELDS)) {
    const value = raw[key]
    if (typeof value === 'string' || typeof value === 'number') kept[key] = String(value).slice(0, max)
  }
  return kept
}

const auditOf = (raw: Record<string, unknown>, outcome: string, refused: boolean): Audit => {
  const kept = keptFields(raw)
  return {
    orderId: kept.order_id ?? null,
    transactionStatus: kept.transaction_status ?? null,
    statusCode: kept.status_code ?? null,
    grossAmount: kept.gross_amount ?? null,
    outcome,
    body: refused ? kept : raw,
  }
}

/**
 * The status_code Midtrans sends with each transaction_status (docs.midtrans.com, "Code 2xx" and
 * the notification samples): 200 for money received (settlement, capture) and for a cancel (the
 * cancel API answers and notifies 200), 201 for pending, 202 for deny, expire, failure and a
 * cancel, 407 for an expired transaction as its status call reports it. The code is signed and the
 * status is not, so a signed pending (201) notification with its status rewritten to settlement
 * must not pay an order. Other statuses (refund, chargeback, authorize) change nothing here.
 */
const STATUS_CODES: Record<string, readonly string[]> = {
  settlement: ['200'],
  capture: ['200'],
  pending: ['201'],
  deny: ['202'],
  expire: ['202', '407'],
  cancel: ['200', '202'],
  failure: ['202'],
}

/** Whether a notification's status_code is one Midtrans sends with its transaction_status. */
export const statusCodeMatches = (transactionStatus: string, statusCode: string) =>
  STATUS_CODES[transactionStatus]?.includes(statusCode) ?? true

/**
 * The outcomes of a refused notification: their rows are pruned after REFUSED_RETENTION_MS (the
 * partial index payment_notifications_refused_idx names the same list: change both together).
 */
export const REFUSED_OUTCOMES = [
  'malformed',
  'status_mismatch',
  'not_loopback',
  'bad_signature',
  'unknown_order',
  'wrong_amount',
  'unverified',
] as const

/** Refused notifications are kept this long (enough to look into a provider's complaint). */
export const REFUSED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

/** Refused notifications one address may send per window; past it 429 REQ006 and nothing stored. */
export const PAYMENT_NOTIFICATION_LIMITS = {
  refusedPerAddress: { limit: 30, windowMs: 15 * 60_000 } satisfies LimitRule,
}

/** Where a notification came from: its address, and whether it came straight from this machine. */
export interface NotificationSource {
  ip: string
  /** A direct loopback request (isDirectLoopbackRequest): no proxy hop, this machine's own. */
  direct: boolean
}

/**
 * Receives a payment notification (POST /payments/notification). In order: malformed → 400
 * REQ001; with the sandbox, a request that is not a direct loopback one → 401 PAY002 (its key is
 * public: only this machine's developer page and tests may pay with it); a status_code that does
 * not go with the transaction_status → 400 REQ001; a signature that is not SHA-512(order_id +
 * status_code + gross_amount + server key) → 401 PAY002; no order with that number → 404 PAY004;
 * gross_amount not the order's total → 422 PAY003; with a provider that keeps state (Midtrans)
 * the transaction's status is re-fetched and acted on instead of the notification's (503 PAY005
 * when it cannot be asked). Every notification is stored with its outcome; a refused one with its
 * known fields only, and past PAYMENT_NOTIFICATION_LIMITS per address not at all (429 REQ006).
 * The order and its audit row change in one transaction.
 */
export async function receiveNotification(
  ctx: PaymentContext,
  raw: Record<string, unknown>,
  source: NotificationSource,
  now = Date.now(),
): Promise<PaymentNotificationResult> {
  const { db } = ctx
  const refuse = async (
    outcome: (typeof REFUSED_OUTCOMES)[number],
    error: AppError,
    idSalesHeader?: string,
  ): Promise<never> => {
    // 'unverified' needs a valid signature: it is the provider's outage, not a stranger's junk.
    if (outcome !== 'unverified') {
      await enforceLimits(db, [
        {
          key: `payment-notification:refused:ip:${source.ip}`,
          rule: PAYMENT_NOTIFICATION_LIMITS.refusedPerAddress,
        },
      ])
    }
    await db
      .insert(paymentNotifications)
      .values({ ...auditOf(raw, outcome, true), idSalesHeader: idSalesHeader ?? null })
    notificationsRefused.inc({ reason: outcome })
    throw error
  }
  const parsed = PaymentNotificationSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = String(issue.path[0] ?? 'body')
    return refuse(
      'malformed',
      new AppError('REQ001', `Invalid body field '${field}': ${issue.message}`, [
        { field, message: issue.message },
      ]),
    )
  }
  const n = parsed.data
  if (ctx.payments.name === 'sandbox' && !source.direct) {
    return refuse(
      'not_loopback',
      new AppError(
        'PAY002',
        say(
          'The sandbox accepts notifications only from this machine',
          'Sandbox hanya menerima notifikasi dari mesin ini',
        ),
      ),
    )
  }
  if (!statusCodeMatches(n.transaction_status, n.status_code)) {
    const message = `status_code ${n.status_code} does not go with transaction_status ${n.transaction_status}`
    return refuse(
      'status_mismatch',
      new AppError('REQ001', `Invalid body field 'status_code': ${message}`, [
        { field: 'status_code', message },
      ]),
    )
  }
  const expected = notificationSignature(n.order_id, n.status_code, n.gross_amount, ctx.payments.serverKey)
  if (!signatureMatches(n.signature_key, expected)) return refuse('bad_signature', new AppError('PAY002'))
  const found = await ctx.headers.orderByNumber(db, n.order_id)
  if (!found) return refuse('unknown_order', new AppError('PAY004'))
  const order = { id: found.idSalesHeader, total: found.totalBayar }
  if (!amountMatches(n.gross_amount, order.total))
    return refuse('wrong_amount', new AppError('PAY003'), order.id)

  let truth: Pick<ProviderStatus, 'transactionStatus' | 'fraudStatus'> = {
    transactionStatus: n.transaction_status,
    fraudStatus: n.fraud_status ?? null,
  }
  let verified: string | null = null
  try {
    const fetched = await ctx.payments.status(n.order_id, AbortSignal.timeout(ctx.config.PAYMENT_TIMEOUT_MS))
    if (fetched) {
      if (fetched.grossAmount !== null && !amountMatches(fetched.grossAmount, order.total)) {
        return refuse('wrong_amount', new AppError('PAY003'), order.id)
      }
      truth = fetched
      verified = fetched.transactionStatus
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    ctx.log.warn({ order: n.order_id, error: errorText(error) }, 'payment status re-fetch failed')
    return refuse('unverified', new AppError('PAY005'), order.id)
  }

  const answer = await db.transaction(async (tx) => {
    const outcome = await applyTransactionStatus(tx, ctx.headers, order.id, truth, now)
    await tx
      .insert(paymentNotifications)
      .values({ ...auditOf(raw, outcome, false), idSalesHeader: order.id, verifiedStatus: verified })
    const after = await ctx.headers.statusOf(tx, order.id)
    if (outcome === 'paid_after_cancel') {
      ctx.log.warn({ order: n.order_id }, 'payment received for a cancelled order: refund due recorded')
    }
    return { outcome, status: after! }
  })
  countPayment(answer.outcome, truth.transactionStatus)
  return answer
}

/**
 * Deletes refused notifications older than REFUSED_RETENTION_MS (housekeeping; idempotent). The
 * ones that did something (paid, cancelled, unchanged, pending, paid_after_cancel, ignored) stay:
 * they are the orders' payment record. Answers how many it deleted.
 */
export async function pruneRefusedNotifications(db: Db, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(paymentNotifications)
    .where(
      and(
        inArray(paymentNotifications.outcome, [...REFUSED_OUTCOMES]),
        lt(paymentNotifications.receivedAt, new Date(now - REFUSED_RETENTION_MS)),
      ),
    )
    .returning({ id: paymentNotifications.id })
  return deleted.length
}

/** Past its deadline by this much, an order is cancelled even when the provider cannot be asked. */
const UNVERIFIED_GRACE_MS = 60 * 60_000

/**
 * Cancels one Open order past its deadline, once however many processes try: with a provider that
 * keeps state (Midtrans) its status is asked first (paid in the last minute → Paid) and the pending
 * transaction cancelled there; then one transaction locks the order row (`FOR UPDATE SKIP LOCKED`:
 * another process holding it is handling it) and takes the cancellation path. Answers the outcome,
 * or null when the order was not (or no longer) due, or is left for a later run.
 */
export async function expireOrder(
  ctx: PaymentContext,
  idSalesHeader: string,
  now = Date.now(),
): Promise<Outcome | null> {
  const { db } = ctx
  const found = await ctx.headers.orderToPay(db, idSalesHeader)
  if (!found || found.status !== 'Open' || found.expiredTime.getTime() > now) return null
  const order = { number: found.salesOrderNumber, expiredTime: found.expiredTime }
  let status: Pick<ProviderStatus, 'transactionStatus' | 'fraudStatus'> = {
    transactionStatus: 'expire',
    fraudStatus: null,
  }
  try {
    const signal = AbortSignal.timeout(ctx.config.PAYMENT_TIMEOUT_MS)
    const known = await ctx.payments.status(order.number, signal)
    if (known && (isPaid(known) || known.transactionStatus === 'capture')) status = known
    else if (known && known.transactionStatus === 'pending') {
      const after = await ctx.payments.cancel(order.number, signal)
      if (after && isPaid(after)) status = after
    }
  } catch (error) {
    if (now - order.expiredTime.getTime() < UNVERIFIED_GRACE_MS) {
      ctx.log.warn(
        { order: order.number, error: errorText(error) },
        'expiry: the provider could not be asked; retried later',
      )
      return null
    }
  }
  const outcome = await db.transaction(async (tx) => {
    if (!(await ctx.headers.lockOpenOrSkip(tx, idSalesHeader))) return null
    return applyTransactionStatus(tx, ctx.headers, idSalesHeader, status, now, 'system')
  })
  if (outcome) countPayment(outcome, status.transactionStatus)
  return outcome
}

/**
 * The expiry run: every Open order past its deadline, oldest first, through expireOrder. Safe to
 * run in any number of processes at once (each order is cancelled once). Answers how many it cancelled.
 */
export async function runPaymentExpiry(ctx: PaymentContext, now = Date.now(), batch = 200): Promise<number> {
  const due = await ctx.headers.openPastDeadline(ctx.db, now, batch)
  let cancelled = 0
  for (const id of due) if ((await expireOrder(ctx, id, now)) === 'cancelled') cancelled++
  return cancelled
}
