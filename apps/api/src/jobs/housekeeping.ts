import { lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { checkoutRequests, outboxMessages } from '../db/schema/index.ts'
import { pruneExpiredCodes } from '../domains/otp/index.ts'
import { pruneHandledEvents } from '../domains/events/index.ts'
import { pruneExpiredRegistrations } from '../domains/members/index.ts'
import { pruneSessions } from '../plugins/auth.ts'
import { pruneStaffSessions } from '../domains/staff/index.ts'
import { pruneRefusedNotifications } from '../domains/payments/index.ts'
import { closeSettledReturns } from '../domains/returns/index.ts'
import { pruneLimitWindows } from '../plugins/rate-limit.ts'
import { startRepeating, type JobLog } from './repeat.ts'

/** Stored outbox messages (the developer page's codes and temporary passwords) are kept a week. */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000
/** Checkout Idempotency-Keys answer repeats for a day (a PAY NOW pressed again after that is a new order). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000
/** How often a running server prunes. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

export interface HousekeepingResult {
  codes: number
  registrations: number
  sessions: number
  outbox: number
  checkoutKeys: number
  refusedNotifications: number
  /** Settled returns (refunded, exchange shipped) closed after RETURN_CLOSE_AFTER_DAYS. */
  returnsClosed: number
  /** The shop's events handed to every subscriber, over 30 days old (issue 42). */
  events: number
}

/**
 * Deletes what no request will read again: codes and sessions expired or revoked over a day ago,
 * pending registrations past their expiry (a day after register, with their codes),
 * rate-limit windows that ended over a day ago, outbox messages older than a week, checkout
 * Idempotency-Keys older than a day (the orders stay), refused payment notifications older than
 * 30 days (the ones that did something stay with their orders), events every subscriber has had,
 * over 30 days old. Every step is one
 * idempotent DELETE, so several instances may run it at once.
 */
export async function runHousekeeping(db: Db): Promise<HousekeepingResult> {
  const codes = await pruneExpiredCodes(db)
  const registrations = await pruneExpiredRegistrations(db)
  const sessions = (await pruneSessions(db)) + (await pruneStaffSessions(db))
  await pruneLimitWindows(db)
  const outbox = await db
    .delete(outboxMessages)
    .where(lt(outboxMessages.createdAt, new Date(Date.now() - OUTBOX_RETENTION_MS)))
    .returning({ id: outboxMessages.id })
  const checkoutKeys = await db
    .delete(checkoutRequests)
    .where(lt(checkoutRequests.createdAt, new Date(Date.now() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: checkoutRequests.idempotencyKey })
  const refusedNotifications = await pruneRefusedNotifications(db)
  const returnsClosed = await closeSettledReturns(db)
  const events = await pruneHandledEvents(db, Date.now())
  return {
    codes,
    registrations,
    sessions,
    outbox: outbox.length,
    checkoutKeys: checkoutKeys.length,
    refusedNotifications,
    returnsClosed,
    events,
  }
}

/**
 * Runs housekeeping a minute after start and then every HOUSEKEEPING_INTERVAL_MS; a failed run is
 * logged and retried at the next tick. The timers never keep the process alive. Returns a stop function.
 */
export function startHousekeeping(
  db: Db,
  log: JobLog,
  options: { firstRunMs?: number; intervalMs?: number } = {},
): () => Promise<void> {
  return startRepeating(
    'housekeeping',
    () => runHousekeeping(db),
    log,
    { firstRunMs: options.firstRunMs ?? 60_000, intervalMs: options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS },
    (removed) => log.info({ removed }, 'housekeeping done'),
  )
}
