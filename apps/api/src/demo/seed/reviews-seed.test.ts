import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { seedDemoReviews } from './reviews-seed.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})

afterAll(async () => {
  await t?.close()
})

describe('demo reviews (issue 13)', () => {
  it('publishes reviews of demo products by verified buyers, once', async () => {
    expect(await seedDemoReviews(t.database.db)).toBe(8)
    expect(await seedDemoReviews(t.database.db)).toBe(0)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pages/product_rating/PRP-1001',
      headers: { 'x-brand-id': '9' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ rating_average: 4.7, rating_count: 3 })
    expect(data.data_rating[0].reviewer).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/)
  })
})
