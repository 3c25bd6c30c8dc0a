import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { opsWorld, type Ops } from './domains/orders/admin.fixtures.ts'

/**
 * Dates outside the shop's range (issue 38 item 7): a year-1 or year-9999 date in a staff list's
 * filter or the export is a 400 REQ001 naming the field, never the database's 500 "date/time field
 * value out of range"; and an error from export.csv is plain JSON even when the client accepts gzip.
 */

let o: Ops

beforeAll(async () => {
  o = await opsWorld()
})

afterAll(async () => {
  await o?.t.close()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  o.t.app.inject({
    method: 'GET',
    url: `/api/admin/v1${url}`,
    headers: { authorization: `Bearer ${o.tokens.owner}`, ...headers },
  })

/** The body of an answer, unzipped when it says it is gzip (as a client does). */
const bodyOf = (res: Awaited<ReturnType<typeof get>>) =>
  res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body

describe('a date outside 2000-01-01 … 2100-12-31', () => {
  it('is a 400 REQ001 naming the field on the orders, reviews and audit lists', async () => {
    for (const [url, field] of [
      ['/orders?from=0001-01-01', 'from'],
      ['/orders?to=9999-12-31', 'to'],
      ['/orders?from=1999-12-31&to=2026-01-01', 'from'],
      ['/reviews?from=0001-01-01', 'from'],
      ['/reviews?to=2101-01-01', 'to'],
      ['/audit?from=0001-01-01', 'from'],
      ['/audit?from=0001-01-01T00:00:00Z', 'from'],
      ['/audit?to=9999-12-31T23:59:59%2B07:00', 'to'],
    ] as const) {
      const res = await get(url)
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400)
      expect(res.json(), url).toMatchObject({ status: 400, code: 'REQ001' })
      expect(res.json().errors, url).toEqual([expect.objectContaining({ field })])
      expect(res.json().message, url).toContain('2000-01-01')
    }
    // The range's own ends are accepted.
    for (const url of [
      '/orders?from=2000-01-01&to=2000-01-02',
      '/reviews?to=2100-12-31',
      '/audit?from=2000-01-01',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200)
    }
  })

  it('is a 400 REQ001 from export.csv, in plain JSON even when the client accepts gzip', async () => {
    for (const [query, fields] of [
      ['?from=0001-01-01&to=0001-01-31', ['from', 'to']],
      ['?from=2026-01-01&to=9999-12-31', ['to']],
    ] as const) {
      const res = await get(`/orders/export.csv${query}`, { 'accept-encoding': 'gzip' })
      expect(res.statusCode, query).toBe(400)
      expect(res.headers['content-encoding'], query).toBeUndefined()
      expect(res.headers['content-type'], query).toMatch(/^application\/json/)
      const body = JSON.parse(bodyOf(res)) as { code: string; errors: { field: string }[] }
      expect(body.code, query).toBe('REQ001')
      expect([...new Set(body.errors.map((error) => error.field))].sort(), query).toEqual([...fields])
    }
  })

  it('an export whose first read fails answers plain JSON (500 SRV001), not a body labelled gzip', async () => {
    // The database refuses the export's first query (its brands table is gone for a moment).
    await o.t.database.db.execute(sql`alter table brands rename to brands_away`)
    try {
      const res = await get('/orders/export.csv?from=2026-01-01&to=2026-01-31', { 'accept-encoding': 'gzip' })
      expect(res.statusCode).toBe(500)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers['content-disposition']).toBeUndefined()
      expect(res.json()).toMatchObject({ status: 500, code: 'SRV001' })
    } finally {
      await o.t.database.db.execute(sql`alter table brands_away rename to brands`)
    }
  })
})
