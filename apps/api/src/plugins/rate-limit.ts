import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { AppError, type ErrorCode } from '@busana/contract/schemas'
import type { Db } from '../db/client.ts'
import { rateLimitWindows } from '../db/schema/index.ts'
import { rateLimitRefusals } from '../metrics.ts'

/** At most `limit` hits per fixed window of `windowMs`. */
export interface LimitRule {
  limit: number
  windowMs: number
}

export interface LimitResult {
  allowed: boolean
  hits: number
  /** Seconds until the current window ends. */
  retryAfterSeconds: number
}

/**
 * Counts one hit for `key` in the current fixed window and says whether it is within the rule.
 * One upsert (`insert … on conflict do update set hits = hits + 1 returning hits`), so the count
 * is exact across any number of processes sharing the database (architecture: no process memory).
 */
export async function hitLimit(db: Db, key: string, rule: LimitRule): Promise<LimitResult> {
  const now = Date.now()
  const start = Math.floor(now / rule.windowMs) * rule.windowMs
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ key: key.slice(0, 200), windowStart: new Date(start), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitWindows.key, rateLimitWindows.windowStart],
      set: { hits: sql`${rateLimitWindows.hits} + 1` },
    })
    .returning({ hits: rateLimitWindows.hits })
  const hits = row?.hits ?? 1
  if (hits > rule.limit) rateLimitRefusals.inc({ limit: limitName(key) })
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000)),
  }
}

/**
 * A key's limit name for the metrics, without the address, account or code it counts:
 * 'login:ip:203.0.113.5' → 'login:ip', 'review:42' → 'review' (an IPv6 address has colons too).
 */
export function limitName(key: string): string {
  const [name, kind] = key.split(':')
  return kind &&
    /^(ip|email|phone|customer|account|shop|refused|own|account-ip|phone-ip|email-ip)$/.test(kind)
    ? `${name}:${kind}`
    : name!
}

/** Carried by a limit error so the reply gets a Retry-After header. */
export interface RetryAfterDetails {
  retryAfterSeconds: number
}

/**
 * Counts a hit on every key and throws 429 (`code`, REQ006 by default) with Retry-After when any
 * is over its rule. Every key is counted even when an earlier one is over, so no key can be probed
 * for free.
 */
export async function enforceLimits(
  db: Db,
  checks: Array<{ key: string; rule: LimitRule }>,
  code: ErrorCode = 'REQ006',
): Promise<void> {
  const results = await Promise.all(checks.map((check) => hitLimit(db, check.key, check.rule)))
  const over = results.filter((result) => !result.allowed)
  if (over.length > 0) {
    const details: RetryAfterDetails = {
      retryAfterSeconds: Math.max(...over.map((result) => result.retryAfterSeconds)),
    }
    throw new AppError(code, undefined, details)
  }
}

/**
 * Growing waits instead of a lock (issue 11): the first `free` events of a key go at once, then
 * each must wait `baseMs`, doubling per event, up to `capMs`, counted over `lookbackMs`. A
 * stranger hammering someone's phone or e-mail slows it to one event per `capMs` but can never
 * shut the owner out for longer than that.
 */
export interface BackoffRule {
  free: number
  baseMs: number
  capMs: number
  lookbackMs: number
  /**
   * At most this many events in any `lookbackMs`, whatever the waits (a sliding cap: the next is
   * taken when the oldest leaves the lookback). For what floods someone: codes to a phone.
   */
  max?: number
}

/**
 * Password tries per account *and* address (members' and staff sign-in; change_password per
 * signed-in member), slowed instead of locked (issues 11 and 38): five at once, then waits of 2 s
 * doubling up to 3 minutes, counted over a day. Only the address that fails waits: a stranger's
 * wrong passwords never reach the owner's own address (decision 051). An attacker gets about 500
 * guesses a day per account and address at most, and a right password ends the streak.
 */
export const PASSWORD_TRIES_BACKOFF: BackoffRule = {
  free: 5,
  baseMs: 2_000,
  capMs: 3 * 60_000,
  lookbackMs: 24 * 60 * 60_000,
}

/**
 * Wrong passwords on one account from every address together (members and staff, decision 051).
 * Past it the account is under a spray: each address that then fails on it waits the longest wait
 * at once (`countPasswordFailure`). It never refuses anyone by itself, so a right password from an
 * address that has not failed always gets through.
 */
export const PASSWORD_SPRAY_LIMIT: LimitRule = { limit: 30, windowMs: 15 * 60_000 }

/**
 * Counts one wrong password (or second-factor code) on `accountKey`, from every address; past
 * PASSWORD_SPRAY_LIMIT the failing address's own streak (`streakKey`) goes to its longest wait.
 * Called only after the password was checked and refused.
 */
export async function countPasswordFailure(
  db: Db,
  keys: { accountKey: string; streakKey: string },
  streakRule: BackoffRule = PASSWORD_TRIES_BACKOFF,
): Promise<void> {
  const account = await hitLimit(db, keys.accountKey, PASSWORD_SPRAY_LIMIT)
  if (!account.allowed) await maxOutBackoff(db, keys.streakKey, streakRule)
}

/** The wait before the next event of a key that already had `events` of them in the lookback. */
export function backoffWaitMs(rule: BackoffRule, events: number): number {
  if (events < rule.free) return 0
  return Math.min(rule.capMs, rule.baseMs * 2 ** (events - rule.free))
}

/** Rows of a backoff key: one per event, its time as window_start (the windows table, pruned after a day). */
const backoffKey = (key: string) => `backoff:${key}`.slice(0, 200)

/**
 * Takes one event of `key` if its wait is over, else throws 429 (`code`) with Retry-After. The
 * check and the record are one transaction under an advisory lock on the key, so parallel calls
 * cannot all slip through before the first is recorded.
 */
export async function takeBackoff(
  db: Db,
  key: string,
  rule: BackoffRule,
  code: ErrorCode = 'REQ006',
): Promise<void> {
  const stored = backoffKey(key)
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${stored}))`)
    const now = Date.now()
    const [seen] = await tx
      .select({
        events: sql<number>`coalesce(sum(${rateLimitWindows.hits}), 0)::int`,
        last: sql<Date | string | null>`max(${rateLimitWindows.windowStart})`,
        first: sql<Date | string | null>`min(${rateLimitWindows.windowStart})`,
      })
      .from(rateLimitWindows)
      .where(
        and(
          eq(rateLimitWindows.key, stored),
          gt(rateLimitWindows.windowStart, new Date(now - rule.lookbackMs)),
        ),
      )
    const events = seen?.events ?? 0
    const last = seen?.last ? new Date(seen.last).getTime() : 0
    const first = seen?.first ? new Date(seen.first).getTime() : 0
    const capped = rule.max !== undefined && events >= rule.max
    // Past the cap, the next event waits until the oldest leaves the lookback.
    const readyAt = capped ? first + rule.lookbackMs : last + backoffWaitMs(rule, events)
    if (events > 0 && readyAt > now) {
      const details: RetryAfterDetails = { retryAfterSeconds: Math.max(1, Math.ceil((readyAt - now) / 1000)) }
      rateLimitRefusals.inc({ limit: `backoff:${limitName(key)}` })
      throw new AppError(code, undefined, details)
    }
    await tx
      .insert(rateLimitWindows)
      .values({ key: stored, windowStart: new Date(now), hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitWindows.key, rateLimitWindows.windowStart],
        set: { hits: sql`${rateLimitWindows.hits} + 1` },
      })
  })
}

/**
 * Makes the next event of `key` wait the rule's longest wait at once, with no free events left: what
 * an account under a spray of wrong passwords from many addresses does to each address that fails
 * on it (decision 051). Records events as if the streak had reached the cap, now.
 */
export async function maxOutBackoff(db: Db, key: string, rule: BackoffRule): Promise<void> {
  const events = rule.free + Math.max(0, Math.ceil(Math.log2(rule.capMs / rule.baseMs)))
  await db
    .insert(rateLimitWindows)
    .values({ key: backoffKey(key), windowStart: new Date(), hits: events })
    .onConflictDoUpdate({
      target: [rateLimitWindows.key, rateLimitWindows.windowStart],
      set: { hits: sql`${rateLimitWindows.hits} + ${events}` },
    })
}

/** Forgets a backoff key's events (a right password ends the streak of wrong ones). */
export async function clearBackoff(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, backoffKey(key)))
}

/** Deletes windows that ended more than a day ago (idempotent; safe on several instances). */
export async function pruneLimitWindows(db: Db): Promise<void> {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, new Date(Date.now() - 86_400_000)))
}

/** Adds Retry-After to limit answers (the error handler itself stays generic). */
async function rateLimitPlugin(app: FastifyInstance) {
  app.addHook('onError', async (_request, reply, error) => {
    const details = error instanceof AppError ? (error.details as RetryAfterDetails | undefined) : undefined
    if (details && typeof details.retryAfterSeconds === 'number') {
      reply.header('retry-after', String(details.retryAfterSeconds))
    }
  })
}

export default fp(rateLimitPlugin, { name: 'rate-limit' })
