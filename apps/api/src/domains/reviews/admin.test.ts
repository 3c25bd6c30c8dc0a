import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { shopInstant, type AdminReview } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { customers, productReviews } from '../../db/schema/index.ts'
import { signInEveryRole, staffCall, type Tokens } from '../staff/staff.test-utils.ts'
import { createOrderWithLines } from './reviews.fixtures.ts'
import { submitRating } from './reviews.service.ts'
import type { UploadStorage } from '../../providers/storage/index.ts'

/**
 * The back office's reviews list (issue 30) through HTTP: published reviews only, newest first;
 * from/to are shop days (00:00 WIB), so 23:30 and 00:30 WIB fall on two days; stars, brand and the
 * search; paging; who may read it; bad input answered 400 with the field named.
 */

let t: TestApp
let tokens: Tokens
const db = () => t.database.db
const call = staffCall(() => t)

const list = async (query: string, token = tokens.owner) => {
  const res = await call('GET', `/reviews${query}`, { token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { data: AdminReview[]; total_pages: number }
}
const codes = (page: { data: AdminReview[] }) => page.data.map((review) => review.product_code)

/** A delivered line of `code` for a new member named `nama`, reviewed at `at` (a real submitRating). */
async function reviewed(code: string, at: Date, rating: number, nama: string, review = `About ${code}`) {
  const member = await createSignedInMember(db())
  await db().update(customers).set({ nama }).where(eq(customers.idPelanggan, member.idPelanggan))
  const order = await createOrderWithLines(db(), member.idPelanggan, [code])
  const [row] = await db()
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(eq(productReviews.idSalesLine, order.lineIds[0]!))
  await submitRating(db(), IN_DATABASE, member.idPelanggan, { id_rating: row!.id, rating, review }, [], at)
  return { ...order, idRating: row!.id }
}

/** No photos here, so the storage is never written to. */
const IN_DATABASE: UploadStorage = { writeTo: 'database', bucket: null }
const wib = (date: string, time: string) => new Date(shopInstant(date, time))
let late: Awaited<ReturnType<typeof reviewed>>

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await createBrand(db(), { id: 9, name: 'Busana Woman' })
  tokens = await signInEveryRole(t, 'reviews.test')
  // Day 1 at 23:30 WIB is 16:30 UTC on day 1; day 2 at 00:30 WIB is 17:30 UTC on day 1.
  late = await reviewed('RVW-LATE', wib('2026-11-26', '23:30'), 4, 'Sari Wulandari', 'Fits <b>well</b>')
  await reviewed('RVW-EARLY', wib('2026-11-27', '00:30'), 2, 'Budi Santoso')
  await reviewed('RVW-OLD', wib('2026-11-20', '10:00'), 5, 'Dewi Lestari')
  // A delivered line not reviewed yet (OPEN) is not listed.
  const waiting = await createSignedInMember(db())
  await createOrderWithLines(db(), waiting.idPelanggan, ['RVW-OPEN'])
})

afterAll(async () => {
  await t?.close()
})

describe('who may read reviews', () => {
  it('lets owner, merchandiser, marketing and support read; the warehouse gets 403; no session 401', async () => {
    for (const role of ['owner', 'merchandiser', 'marketing', 'support'] as const) {
      expect((await call('GET', '/reviews', { token: tokens[role] })).statusCode, role).toBe(200)
    }
    expect((await call('GET', '/reviews', { token: tokens.warehouse })).json()).toMatchObject({
      status: 403,
      code: 'STF003',
    })
    expect((await call('GET', '/reviews')).json().code).toBe('STF002')
    const member = await createSignedInMember(db())
    expect((await call('GET', '/reviews', { token: member.token })).json().code).toBe('STF002')
  })
})

describe('the list', () => {
  it('answers published reviews only, newest first, each with its line, order and published name', async () => {
    const page = await list('')
    expect(codes(page)).toEqual(['RVW-EARLY', 'RVW-LATE', 'RVW-OLD'])
    expect(page.total_pages).toBe(1)
    expect(page.data[1]).toEqual({
      id: late.idRating,
      reviewed_at: '2026-11-26T23:30:00+07:00',
      rating: 4,
      review: 'Fits <b>well</b>',
      photos: [],
      product_code: 'RVW-LATE',
      product_name: 'Product RVW-LATE',
      ukuran: 'M',
      id_brand: 9,
      brand_name: 'Busana Woman',
      sales_order_number: late.number,
      reviewer: 'Sari W.',
    })
    // The full name is never answered.
    expect(JSON.stringify(page)).not.toContain('Wulandari')
  })

  it('splits the days at 00:00 WIB: 23:30 on day 1 and 00:30 on day 2 are on two days', async () => {
    expect(codes(await list('?from=2026-11-26&to=2026-11-26'))).toEqual(['RVW-LATE'])
    expect(codes(await list('?from=2026-11-27&to=2026-11-27'))).toEqual(['RVW-EARLY'])
    expect(codes(await list('?from=2026-11-26&to=2026-11-27'))).toEqual(['RVW-EARLY', 'RVW-LATE'])
    expect(codes(await list('?from=2026-11-27'))).toEqual(['RVW-EARLY'])
    expect(codes(await list('?to=2026-11-26'))).toEqual(['RVW-LATE', 'RVW-OLD'])
  })

  it('filters by stars and brand, and searches product, reviewer and order number', async () => {
    expect(codes(await list('?rating=2'))).toEqual(['RVW-EARLY'])
    expect(codes(await list('?rating=3'))).toEqual([])
    expect(codes(await list('?id_brand=9'))).toHaveLength(3)
    expect(codes(await list('?id_brand=5'))).toEqual([])
    expect(codes(await list('?q=rvw-old'))).toEqual(['RVW-OLD'])
    expect(codes(await list('?q=Product%20RVW-EARLY'))).toEqual(['RVW-EARLY'])
    expect(codes(await list('?q=wulandari'))).toEqual(['RVW-LATE'])
    expect(codes(await list(`?q=${late.number}`))).toEqual(['RVW-LATE'])
    // LIKE's wildcards are searched as text.
    expect(codes(await list('?q=%25'))).toEqual([])
  })

  it('pages', async () => {
    const first = await list('?per_page=2')
    expect(codes(first)).toEqual(['RVW-EARLY', 'RVW-LATE'])
    expect(first.total_pages).toBe(2)
    expect(codes(await list('?per_page=2&page=2'))).toEqual(['RVW-OLD'])
    expect(codes(await list('?per_page=2&page=3'))).toEqual([])
  })

  it('refuses bad input with 400 naming the field, never 500', async () => {
    const cases: [string, string, string][] = [
      ['?from=2026-13-01', 'from', 'must be a date YYYY-MM-DD'],
      ['?to=27-11-2026', 'to', 'must be a date YYYY-MM-DD'],
      ['?from=2026-11-28&to=2026-11-27', 'from', 'must not be after to'],
      ['?rating=6', 'rating', 'must be a whole number from 1 to 5'],
      ['?rating=0', 'rating', 'must be a whole number from 1 to 5'],
      ['?rating=four', 'rating', 'must be a whole number from 1 to 5'],
      ['?id_brand=abc', 'id_brand', 'must be a brand id'],
      ['?per_page=500', 'per_page', 'must be at most 200'],
      ['?page=0', 'page', 'must be 1 or more'],
      [`?q=${'x'.repeat(121)}`, 'q', 'must be at most 120 characters'],
    ]
    for (const [query, field, message] of cases) {
      const res = await call('GET', `/reviews${query}`, { token: tokens.owner })
      expect(res.statusCode, query).toBe(400)
      const body = res.json()
      expect(body.code, query).toBe('REQ001')
      expect(body.errors, query).toContainEqual({ field, message })
    }
  })
})
