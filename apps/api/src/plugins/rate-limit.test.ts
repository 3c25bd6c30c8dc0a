import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { enforceLimits, hitLimit, pruneLimitWindows } from './rate-limit.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t?.close()
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
