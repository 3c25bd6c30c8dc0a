import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { CampaignResponseSchema, CAMPAIGN_VOUCHER_CODES } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { vouchers } from '../../db/schema/index.ts'
import { demoVouchers } from '../../demo/seed/vouchers-data.ts'
import { applicableVoucher } from '../promotions/vouchers.ts'

let t: TestApp
const db = () => t.database.db

const get = (token: string | null) =>
  t.app.inject({
    method: 'GET',
    url: token ? `/api/v1/member/campaign?token=${token}` : '/api/v1/member/campaign',
    headers: { 'x-brand-id': '9' },
  })

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await createBrand(db(), { id: 9 })
  await db().insert(vouchers).values(demoVouchers(new Date()))
})

afterAll(async () => {
  await t?.close()
})

describe('GET /api/v1/member/campaign', () => {
  it('answers 401 CLE001 without a live session', async () => {
    const res = await get(null)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('CLE001')
    expect((await get('not-a-token')).statusCode).toBe(401)
  })

  it('lists the product’s three vouchers, in its order, with their stored validity, and checkout accepts each', async () => {
    const member = await createSignedInMember(db())
    const res = await get(member.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const body = CampaignResponseSchema.parse(res.json())
    expect(body.data.map((v) => [v.kode_promo, v.type, v.value, v.min_purchase])).toEqual([
      ['CAMPAIGN50K', 'FIXED', 50_000, 300_000],
      ['CAMPAIGN100K', 'FIXED', 100_000, 500_000],
      ['ONGKIR17K', 'SHIPPING', 17_000, 250_000],
    ])
    for (const voucher of body.data) {
      // The end of a day on the shop's clock, in the future.
      expect(voucher.valid_until).toMatch(/T23:59:59\+07:00$/)
      expect(Date.parse(voucher.valid_until!)).toBeGreaterThan(Date.now())
      const { discount } = await applicableVoucher(db(), voucher.kode_promo, {
        idPelanggan: member.idPelanggan,
        lines: [{ idLine: 1, idBrand: null, productCode: 'ANY', price: voucher.min_purchase, qty: 1 }],
        delivery: 20_000,
        now: Date.now(),
      })
      expect(discount).toBe(voucher.value)
    }
  })

  it('leaves out a campaign voucher that is inactive, ended or used up', async () => {
    const member = await createSignedInMember(db())
    const [first, second, third] = CAMPAIGN_VOUCHER_CODES
    await db().update(vouchers).set({ active: false }).where(eq(vouchers.code, first))
    await db()
      .update(vouchers)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(vouchers.code, second))
    await db().update(vouchers).set({ usageLimit: 1, usedCount: 1 }).where(eq(vouchers.code, third))
    const res = await get(member.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([])
  })
})

describe('the campaign flag (PUT /api/v1/member/is_campaign)', () => {
  it('starts false, is persisted once set, and bad input changes nothing', async () => {
    const member = await createSignedInMember(db())
    const profile = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/member/profile?token=${member.token}`,
          headers: { 'x-brand-id': '9' },
        })
      ).json().data.is_campaign
    expect(await profile()).toBe(false)
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/member/is_campaign?token=${member.token}&id_pelanggan=${member.idPelanggan}`,
        headers: { 'x-brand-id': '9' },
        payload,
      })
    const bad = await put({ is_campaign: 'yes' })
    expect(bad.statusCode).toBe(400)
    expect(await profile()).toBe(false)
    const ok = await put({ is_campaign: true })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await profile()).toBe(true)
  })
})
