import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(() => t.close())

/**
 * requireCustomer runs before validation in every domain: a call without a session is 401 CLE001
 * whatever its body, never a 400 that would tell an anonymous caller which fields are wrong.
 */
describe.each([
  ['members', 'PATCH', '/api/v1/member/profile'],
  ['members', 'POST', '/api/v1/member/change_password'],
  ['members', 'PUT', '/api/v1/member/is_campaign'],
  ['cart', 'POST', '/api/v1/cart/add'],
  ['cart', 'POST', '/api/v1/orders/add_to_cart'],
  ['wishlist', 'POST', '/api/v2/member/wishlist'],
  ['addresses', 'POST', '/api/v1/member/alamat'],
  ['addresses', 'PATCH', '/api/v1/member/alamat/1'],
] as const)('%s: %s %s', (_domain, method, url) => {
  it.each([
    ['a bad body', { nonsense: true, qty: 'many' }],
    ['an empty body', {}],
  ])('answers 401 CLE001 to %s without a token, and with an unknown one', async (_name, payload) => {
    for (const query of ['', '?token=not-a-session']) {
      const res = await t.app.inject({ method, url: url + query, headers: { 'x-brand-id': '9' }, payload })
      expect(res.statusCode, query).toBe(401)
      expect(res.json(), query).toMatchObject({ code: 'CLE001', data: null })
    }
  })
})
