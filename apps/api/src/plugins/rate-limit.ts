import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { lt, sql } from 'drizzle-orm'
import { AppError, type ErrorCode } from '@busana/contract/schemas'
import type { Db } from '../db/client.ts'
import { rateLimitWindows } from '../db/schema/index.ts'

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
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000)),
  }
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
