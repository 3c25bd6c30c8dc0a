import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import {
  backoffWaitMs,
  clearBackoff,
  enforceLimits,
  hitLimit,
  pruneLimitWindows,
  takeBackoff,
} from './rate-limit.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t?.close()
})

describe('backoff: growing waits, never a lock', () => {
  const rule = { free: 2, baseMs: 1_000, capMs: 8_000, lookbackMs: 60_000 }

  it('lets the free events go, then doubles the wait up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 30].map((events) => backoffWaitMs(rule, events))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ])
  })

  it('takes exactly the free events of parallel callers, refuses the rest with Retry-After, and clears', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => takeBackoff(t.database.db, 'test:backoff', rule)),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(rule.free)
    for (const refused of results.filter((r) => r.status === 'rejected')) {
      expect(refused.reason).toMatchObject({ code: 'REQ006', details: { retryAfterSeconds: 1 } })
    }
    await clearBackoff(t.database.db, 'test:backoff')
    await expect(takeBackoff(t.database.db, 'test:backoff', rule)).resolves.toBeUndefined()
  })
})

describe('database rate limits', () => {
  it('counts hits exactly under parallel load and refuses past the limit', async () => {
    const rule = { limit: 10, windowMs: 60_000 }
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hitLimit(t.database.db, 'test:parallel', rule)),
    )
    expect(results.filter((r) => r.allowed)).toHaveLength(10)
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    )
    expect(results[0]!.retryAfterSeconds).toBeGreaterThan(0)
  })

  it('enforceLimits throws REQ006 with the seconds to wait', async () => {
    const rule = { limit: 1, windowMs: 60_000 }
    await enforceLimits(t.database.db, [{ key: 'test:enforce', rule }])
    await expect(enforceLimits(t.database.db, [{ key: 'test:enforce', rule }])).rejects.toMatchObject({
      code: 'REQ006',
      details: { retryAfterSeconds: expect.any(Number) },
    })
    await pruneLimitWindows(t.database.db)
  })

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'holds across processes: two connections to one PostgreSQL share the count',
    async () => {
      const other: Database = await openDatabase({ url: t.config.DATABASE_URL, dataDir: 'memory://' })
      try {
        const rule = { limit: 4, windowMs: 60_000 }
        const both = await Promise.all(
          Array.from({ length: 8 }, (_, i) => hitLimit((i % 2 ? other : t.database).db, 'test:shared', rule)),
        )
        expect(both.filter((r) => r.allowed)).toHaveLength(4)
      } finally {
        await other.close()
      }
    },
  )
})
