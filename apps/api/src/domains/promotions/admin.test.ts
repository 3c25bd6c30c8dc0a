import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { staffAuditLog, vouchers } from '../../db/schema/index.ts'
import { redeemVoucher } from './vouchers.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'

/**
 * Vouchers in the staff API (issue 14): marketing and the owner create, edit, pause and resume
 * them with an audit row each; a paused voucher is refused at checkout, a resumed one works; a
 * voucher's page shows who used it on which order.
 */

let o: Ops
let shirt: { code: string; sku: string }
const create = (body: object, token = o.tokens.marketing) => o.call('POST', '/vouchers', { token, body })
const audits = (targetId: number) =>
  o
    .db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, 'voucher'), eq(staffAuditLog.targetId, String(targetId))))
    .orderBy(desc(staffAuditLog.id))

beforeAll(async () => {
  o = await opsWorld()
  const row = await createProduct(o.db(), {
    idBrand: 9,
    productCode: 'VCR-SHIRT',
    sizes: [{ ukuran: 'M', stock: 100, sellingPrice: 200_000 }],
  })
  shirt = { code: row.productCode, sku: `${row.productCode}-M` }
})

afterAll(async () => {
  await o?.t.close()
})

describe('who may manage vouchers', () => {
  it('lets owner and marketing; others 403; no token or a member 401', async () => {
    expect((await o.call('GET', '/vouchers', { token: o.tokens.owner })).statusCode).toBe(200)
    expect((await o.call('GET', '/vouchers', { token: o.tokens.marketing })).statusCode).toBe(200)
    for (const role of ['warehouse', 'support', 'merchandiser'] as const) {
      expect((await o.call('GET', '/vouchers', { token: o.tokens[role] })).json().code, role).toBe('STF003')
      const res = await create({ code: 'NOPE10', name: 'Nope', type: 'FIXED', value: 10_000 }, o.tokens[role])
      expect(res.json(), role).toMatchObject({ status: 403, code: 'STF003' })
    }
    expect((await o.call('GET', '/vouchers')).json().code).toBe('STF002')
    const member = await createSignedInMember(o.db())
    expect((await o.call('GET', '/vouchers', { token: member.token })).json().code).toBe('STF002')
    expect(await o.db().select().from(vouchers).where(eq(vouchers.code, 'NOPE10'))).toEqual([])
  })
})

describe('creating and editing', () => {
  it('creates with an audit row; a taken code is 409 STF155; bad terms are 400 naming the field', async () => {
    const res = await create({
      code: ' hemat25 ',
      name: 'Hemat 25%',
      type: 'PERCENTAGE',
      value: 25,
      max_discount: 50_000,
      min_purchase: 100_000,
      ends_at: '2099-01-01T00:00:00+07:00',
    })
    expect(res.statusCode, res.body).toBe(200)
    const created = res.json().data
    expect(created).toMatchObject({
      code: 'HEMAT25',
      type: 'PERCENTAGE',
      value: 25,
      max_discount: 50_000,
      used_count: 0,
      paused: false,
      state: 'running',
      ends_at: '2099-01-01T00:00:00+07:00',
    })
    const [audit] = await audits(created.id)
    expect(audit).toMatchObject({ action: 'voucher.create', targetType: 'voucher', staffId: o.ids.marketing })
    expect(
      (await create({ code: 'HEMAT25', name: 'Again', type: 'FIXED', value: 5_000 })).json(),
    ).toMatchObject({
      status: 409,
      code: 'STF155',
    })
    const cases: [object, string][] = [
      [{ code: 'ab', name: 'x', type: 'FIXED', value: 1 }, 'code'],
      [{ code: 'BAD PCT', name: 'x', type: 'FIXED', value: 1 }, 'code'],
      [{ code: 'PCT150', name: 'x', type: 'PERCENTAGE', value: 150 }, 'value'],
      [{ code: 'ZERO', name: 'x', type: 'FIXED', value: 0 }, 'value'],
      [{ code: 'TYPE', name: 'x', type: 'GIFT', value: 1 }, 'type'],
      [{ code: 'NONAME', name: ' ', type: 'FIXED', value: 1 }, 'name'],
      [
        {
          code: 'WINDOW',
          name: 'x',
          type: 'FIXED',
          value: 1,
          starts_at: '2026-05-02T00:00:00+07:00',
          ends_at: '2026-05-01T00:00:00+07:00',
        },
        'ends_at',
      ],
      [{ code: 'DATE', name: 'x', type: 'FIXED', value: 1, ends_at: 'tomorrow' }, 'ends_at'],
    ]
    for (const [body, field] of cases) {
      const bad = await create(body)
      expect(bad.statusCode, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(bad.json().errors), JSON.stringify(body)).toContain(field)
    }
    expect(await o.db().select().from(vouchers)).toHaveLength(1)
  })

  it('edits terms checked against the stored ones, with the moved fields in the audit row', async () => {
    const { id } = (await create({ code: 'EDITME', name: 'Edit me', type: 'FIXED', value: 10_000 })).json()
      .data
    const res = await o.call('PATCH', `/vouchers/${id}`, {
      token: o.tokens.owner,
      body: { name: 'Edited', value: 15_000, usage_limit: 10 },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ code: 'EDITME', name: 'Edited', value: 15_000, usage_limit: 10 })
    const [audit] = await audits(id)
    expect(audit).toMatchObject({
      action: 'voucher.update',
      staffId: o.ids.owner,
      changes: {
        name: { from: 'Edit me', to: 'Edited' },
        value: { from: 10_000, to: 15_000 },
        usage_limit: { from: null, to: 10 },
      },
    })
    // Switching to a percentage keeps the stored value (15000): above 100 is refused.
    const pct = await o.call('PATCH', `/vouchers/${id}`, {
      token: o.tokens.owner,
      body: { type: 'PERCENTAGE' },
    })
    expect(pct.json()).toMatchObject({ status: 400, code: 'REQ001', errors: [{ field: 'value' }] })
    for (const body of [{}, { code: 'NEWCODE' }, { used_count: 0 }, { value: -1 }]) {
      expect((await o.call('PATCH', `/vouchers/${id}`, { token: o.tokens.owner, body })).statusCode).toBe(400)
    }
    expect(
      (await o.call('PATCH', '/vouchers/999999', { token: o.tokens.owner, body: { name: 'x' } })).json().code,
    ).toBe('STF154')
    const [row] = await o.db().select().from(vouchers).where(eq(vouchers.id, id))
    expect(row).toMatchObject({ code: 'EDITME', type: 'FIXED', value: 15_000 })
  })
})

describe('pause and resume at checkout', () => {
  it('refuses a paused voucher at checkout and accepts it once resumed; lists uses and redemptions', async () => {
    const { id } = (
      await create({ code: 'PAUSEME', name: 'Pause me', type: 'FIXED', value: 20_000, usage_limit: 5 })
    ).json().data
    const paused = await o.call('POST', `/vouchers/${id}/pause`, { token: o.tokens.marketing })
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json()).toMatchObject({
      message: 'Voucher paused',
      data: { paused: true, state: 'paused' },
    })
    const m = await o.s.member()
    const bag = await o.s.addToBag(m.token, shirt.code, shirt.sku, 1)
    const promo = await o.s.promo(m.token, { kode_promo: 'pauseme', products: o.s.ticked(bag) })
    expect(promo.json()).toMatchObject({ status: 404, code: 'PRM001' })
    const refused = await o.s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: o.methodId,
      products: o.s.ticked(bag),
      use_promo: true,
      kode_promo: 'PAUSEME',
    })
    expect(refused.json()).toMatchObject({ status: 404, code: 'PRM001' })
    expect(await o.s.stockOf(shirt.sku)).toBe(100)
    // Pausing again changes nothing and writes no second row.
    await o.call('POST', `/vouchers/${id}/pause`, { token: o.tokens.marketing })
    expect((await audits(id)).map((a) => a.action)).toEqual(['voucher.pause', 'voucher.create'])
    const listed = await o.call('GET', '/vouchers?state=paused', { token: o.tokens.owner })
    expect(listed.json().data.map((v: { code: string }) => v.code)).toEqual(['PAUSEME'])

    const resumed = await o.call('POST', `/vouchers/${id}/resume`, { token: o.tokens.owner })
    expect(resumed.json()).toMatchObject({ data: { paused: false, state: 'running' } })
    const applied = await o.s.promo(m.token, { kode_promo: 'pauseme', products: o.s.ticked(bag) })
    expect(applied.json()).toMatchObject({ status: 200, data: { id_promo: id, total_promo: 20_000 } })
    const order = await o.placeOrder(shirt.code, shirt.sku, 1, { use_promo: true, kode_promo: 'PAUSEME' }, m)
    const detail = await o.call('GET', `/vouchers/${id}`, { token: o.tokens.marketing })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json().data).toMatchObject({
      code: 'PAUSEME',
      used_count: 1,
      redemptions: [
        {
          id_pelanggan: m.idPelanggan,
          customer_name: expect.any(String),
          sales_order_number: order.number,
          status: 'Open',
          promo_value: 20_000,
          total_bayar: order.total,
        },
      ],
    })
    const running = await o.call('GET', '/vouchers?q=pause', { token: o.tokens.owner })
    expect(running.json().data[0]).toMatchObject({ code: 'PAUSEME', used_count: 1, state: 'running' })
    // The limit cannot go below the uses already counted.
    const tooLow = await o.call('PATCH', `/vouchers/${id}`, {
      token: o.tokens.owner,
      body: { usage_limit: 0 },
    })
    expect(tooLow.statusCode).toBe(400)
    await o.db().update(vouchers).set({ usedCount: 2 }).where(eq(vouchers.id, id))
    const below = await o.call('PATCH', `/vouchers/${id}`, {
      token: o.tokens.owner,
      body: { usage_limit: 1 },
    })
    expect(below.json()).toMatchObject({ status: 409, code: 'STF156' })
    expect((await o.call('GET', '/vouchers/999999', { token: o.tokens.owner })).json().code).toBe('STF154')
    expect((await o.call('POST', '/vouchers/abc/pause', { token: o.tokens.owner })).statusCode).toBe(400)
  })

  it('refuses at redemption a voucher paused after checkout looked it up (PRM001, nothing counted)', async () => {
    const { id } = (
      await create({ code: 'RACEPAUSE', name: 'Race', type: 'FIXED', value: 5_000, paused: true })
    ).json().data
    const m = await createSignedInMember(o.db())
    await expect(
      o
        .db()
        .transaction((tx) => redeemVoucher(tx, id, m.idPelanggan, '00000000-0000-0000-0000-000000000000')),
    ).rejects.toMatchObject({ code: 'PRM001' })
    const [row] = await o.db().select().from(vouchers).where(eq(vouchers.id, id))
    expect(row!.usedCount).toBe(0)
  })

  it('works with the cookie session, and a cookie change without the CSRF token is 403 STF006', async () => {
    const { cookie, csrf } = await o.cookieSession('marketing')
    const body = { code: 'COOKIE10', name: 'Cookie', type: 'SHIPPING', value: 10_000 }
    expect((await o.call('POST', '/vouchers', { cookie, body })).json().code).toBe('STF006')
    const ok = await o.call('POST', '/vouchers', { cookie, csrf, body })
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await o.call('GET', '/vouchers?q=COOKIE', { cookie })).json().data).toHaveLength(1)
  })
})
