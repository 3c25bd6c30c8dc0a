import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { createSignedInMember } from '../../test/member-factories.ts'
import { staffAuditLog, stockAdjustments, warehouses } from '../../db/schema/index.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { oneSizeProducts } from './inventory.fixtures.ts'

/**
 * Stock per warehouse through HTTP (issue 14): roles, adjustments that never go below what open
 * orders hold (also under parallel calls), checkout still unable to oversell, shipping lowering
 * on_hand, the CSV round trip and an all-or-nothing import.
 */

let o: Ops
/** A new product of brand 9 with one size M of `stock` units; answers its code and sku. */
const product = oneSizeProducts(() => o.db(), 'STK')
const adjust = (body: object, token = o.tokens.warehouse) => o.call('POST', '/stock/adjust', { token, body })
const auditRows = (action: string) =>
  o.db().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id))
const productPage = (code: string) =>
  o.t.app.inject({
    method: 'GET',
    url: `/api/v1/pages/product?product_code=${code}`,
    headers: { 'x-brand-id': '9' },
  })

beforeAll(async () => {
  o = await opsWorld()
  await o.db().insert(warehouses).values({ id: 2, name: 'Gudang Cadangan', city: 'Bandung' })
})

afterAll(async () => {
  await o?.t.close()
})

describe('who may see and change stock', () => {
  it('lets owner, warehouse and merchandisers read; only owner and warehouse change', async () => {
    const p = await product(5)
    for (const role of ['owner', 'warehouse', 'merchandiser'] as const) {
      const res = await o.call('GET', `/stock?q=${p.sku}`, { token: o.tokens[role] })
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200)
    }
    for (const role of ['marketing', 'support'] as const) {
      const res = await o.call('GET', '/stock', { token: o.tokens[role] })
      expect(res.json(), role).toMatchObject({ status: 403, code: 'STF003' })
    }
    const body = { sku_product: p.sku, delta: 1, reason: 'received' }
    for (const role of ['merchandiser', 'support', 'marketing'] as const) {
      const res = await adjust(body, o.tokens[role])
      expect(res.json(), role).toMatchObject({ status: 403, code: 'STF003' })
    }
    expect((await o.call('POST', '/stock/adjust', { body })).json()).toMatchObject({
      status: 401,
      code: 'STF002',
    })
    const member = await createSignedInMember(o.db())
    expect((await adjust(body, member.token)).json()).toMatchObject({ status: 401, code: 'STF002' })
    expect((await o.call('GET', '/stock', { token: member.token })).json().code).toBe('STF002')
    expect(await o.s.stockOf(p.sku)).toBe(5)
    expect((await adjust(body, o.tokens.owner)).statusCode).toBe(200)
    expect((await adjust(body)).statusCode).toBe(200)
    expect(await o.s.stockOf(p.sku)).toBe(7)
  })

  it('works with the back office cookie, and refuses a cookie change without the CSRF token (403 STF006)', async () => {
    const p = await product(5)
    const { cookie, csrf } = await o.cookieSession('warehouse')
    const body = { sku_product: p.sku, delta: 2, reason: 'received' }
    const read = await o.call('GET', `/stock?q=${p.sku}`, { cookie })
    expect(read.statusCode, read.body).toBe(200)
    const none = await o.call('POST', '/stock/adjust', { cookie, body })
    expect(none.json()).toMatchObject({ status: 403, code: 'STF006' })
    expect(await o.s.stockOf(p.sku)).toBe(5)
    const ok = await o.call('POST', '/stock/adjust', { cookie, csrf, body })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toMatchObject({ sku_product: p.sku, on_hand: 7, held: 0, available: 7 })
  })
})

describe('documentation', () => {
  it('lists every operations call in the OpenAPI document, with its roles', async () => {
    const res = await o.t.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = res.json().paths as Record<string, Record<string, { description?: string }>>
    for (const [path, method] of [
      ['/api/admin/v1/warehouses', 'get'],
      ['/api/admin/v1/stock', 'get'],
      ['/api/admin/v1/stock/adjust', 'post'],
      ['/api/admin/v1/stock/adjustments', 'get'],
      ['/api/admin/v1/stock/export.csv', 'get'],
      ['/api/admin/v1/stock/import', 'post'],
      ['/api/admin/v1/orders', 'get'],
      ['/api/admin/v1/orders/{sales_order_number}', 'get'],
      ['/api/admin/v1/orders/bulk-ship', 'post'],
      ['/api/admin/v1/orders/packing-slips', 'get'],
      ['/api/admin/v1/vouchers', 'post'],
      ['/api/admin/v1/vouchers/{id}', 'patch'],
      ['/api/admin/v1/vouchers/{id}/pause', 'post'],
      ['/api/admin/v1/vouchers/{id}/resume', 'post'],
    ] as const) {
      expect(paths[path]?.[method]?.description, `${method} ${path}`).toContain('Roles:')
    }
  })
})

describe('adjusting stock', () => {
  it('changes on_hand with the shop’s stock, records the adjustment and the audit row, and the shop sees it', async () => {
    const p = await product(3)
    expect((await productPage(p.code)).json().data.data.variant[0].status_variant).toBe('available')
    const res = await adjust({ sku_product: p.sku, set: 0, reason: 'damaged', note: 'water damage' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Stock adjusted',
      data: { on_hand: 0, held: 0, available: 0, id_warehouse: 1, warehouse_name: 'Gudang Jakarta' },
    })
    expect(await o.stored(p.sku)).toEqual({ onHand: 0, stock: 0 })
    // The storefront's cached product page is dropped: the size is sold out at once.
    const page = (await productPage(p.code)).json().data.data
    expect(page.variant[0].status_variant).toBe('sold')
    const [row] = await o.db().select().from(stockAdjustments).where(eq(stockAdjustments.skuProduct, p.sku))
    expect(row).toMatchObject({
      delta: -3,
      onHandAfter: 0,
      reason: 'damaged',
      note: 'water damage',
      source: 'adjust',
      staffId: o.ids.warehouse,
    })
    const [audit] = await auditRows('stock.adjust')
    expect(audit).toMatchObject({
      staffId: o.ids.warehouse,
      targetType: 'stock',
      targetId: `${p.sku}@1`,
      changes: { on_hand: { from: 3, to: 0 }, delta: -3, reason: 'damaged' },
    })
    const history = await o.call('GET', `/stock/adjustments?sku_product=${p.sku}`, {
      token: o.tokens.merchandiser,
    })
    expect(history.json()).toMatchObject({
      total_pages: 1,
      data: [
        {
          sku_product: p.sku,
          delta: -3,
          on_hand_after: 0,
          reason: 'damaged',
          staff_email: 'warehouse@busana.test',
        },
      ],
    })
  })

  it('answers bad input with 400 naming the field and changes nothing', async () => {
    const p = await product(4)
    const cases: [object, string][] = [
      [{ sku_product: p.sku, delta: 1 }, 'reason'],
      [{ sku_product: p.sku, delta: 1, reason: 'because' }, 'reason'],
      [{ sku_product: p.sku, reason: 'received' }, 'delta'],
      [{ sku_product: p.sku, delta: 1, set: 3, reason: 'received' }, 'delta'],
      [{ sku_product: p.sku, delta: 0, reason: 'received' }, 'delta'],
      [{ sku_product: p.sku, delta: 1.5, reason: 'received' }, 'delta'],
      [{ sku_product: p.sku, set: -1, reason: 'received' }, 'set'],
      [{ sku_product: '', delta: 1, reason: 'received' }, 'sku_product'],
      [{ sku_product: p.sku, delta: 1, reason: 'received', id_warehouse: 'x' }, 'id_warehouse'],
    ]
    for (const [body, field] of cases) {
      const res = await adjust(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('REQ001')
      expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(field)
    }
    expect((await adjust({ sku_product: 'NOPE-M', delta: 1, reason: 'received' })).json()).toMatchObject({
      status: 404,
      code: 'STF151',
    })
    expect(
      (await adjust({ sku_product: p.sku, id_warehouse: 99, delta: 1, reason: 'received' })).json().code,
    ).toBe('STF150')
    expect(await o.stored(p.sku)).toEqual({ onHand: null, stock: 4 })
    expect(
      await o.db().select().from(stockAdjustments).where(eq(stockAdjustments.skuProduct, p.sku)),
    ).toEqual([])
  })

  it('never goes below what open orders hold (409 STF152), and checkout still cannot oversell after a change', async () => {
    const p = await product(5)
    const order = await o.placeOrder(p.code, p.sku, 2)
    expect(await o.level(p.sku)).toMatchObject({ on_hand: 5, held: 2, available: 3 })
    const below = await adjust({ sku_product: p.sku, set: 1, reason: 'stocktake' })
    expect(below.json()).toMatchObject({ status: 409, code: 'STF152' })
    expect((await adjust({ sku_product: p.sku, delta: -4, reason: 'lost' })).json().code).toBe('STF152')
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 5, held: 2, available: 3 })
    // Down to exactly what is held plus one: one more unit can be sold, then none.
    const ok = await adjust({ sku_product: p.sku, set: 3, reason: 'stocktake' })
    expect(ok.json().data).toMatchObject({ on_hand: 3, held: 2, available: 1 })
    const member = await o.s.member()
    const bag = await o.s.addToBag(member.token, p.code, p.sku, 1)
    // A second unit is refused by the bag's own guard (only one is available now).
    const second = await o.s.call('POST', '/api/v1/cart/add', member.token, {
      product_code: p.code,
      sku_product: p.sku,
      qty: 1,
    })
    expect(second.json().code).toBe('CRT002')
    // Another shopper takes the last unit first: the first shopper's checkout is refused (sold out).
    await o.placeOrder(p.code, p.sku, 1)
    const late = await o.s.checkoutNew(member.token, {
      id_delivery_method: 1,
      id_payment: o.methodId,
      products: o.s.ticked(bag),
    })
    expect(late.statusCode).toBe(422)
    expect(late.json().code).toMatch(/^CRT00[23]$/)
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 3, held: 3, available: 0 })
    expect(await o.s.stockOf(p.sku)).toBe(0)
    // Cancelling gives the units back to the shop; on_hand stays.
    const cancelled = await o.call('POST', `/orders/${order.number}/cancel`, {
      token: o.tokens.support,
      body: { reason: 'customer asked' },
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 3, held: 1, available: 2 })
  })

  it('keeps on_hand ≥ held under 20 parallel adjustments', async () => {
    const p = await product(8)
    await o.placeOrder(p.code, p.sku, 2)
    expect(await o.level(p.sku)).toMatchObject({ on_hand: 8, held: 2, available: 6 })
    const results = await Promise.all(
      Array.from({ length: 20 }, () => adjust({ sku_product: p.sku, delta: -1, reason: 'lost' })),
    )
    const codes = results.map((res) => res.statusCode)
    expect(codes.filter((code) => code === 200)).toHaveLength(6)
    expect(codes.filter((code) => code === 409)).toHaveLength(14)
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 2, held: 2, available: 0 })
    expect(await o.stored(p.sku)).toEqual({ onHand: 2, stock: 0 })
    const rows = await o.db().select().from(stockAdjustments).where(eq(stockAdjustments.skuProduct, p.sku))
    expect(rows).toHaveLength(6)
    // Mixed directions at once still end consistent.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adjust({ sku_product: p.sku, delta: i % 2 === 0 ? 3 : -2, reason: 'correction' }),
      ),
    )
    const after = await o.expectInvariant(p.sku)
    expect(after.held).toBe(2)
    const sum = (
      await o.db().select().from(stockAdjustments).where(eq(stockAdjustments.skuProduct, p.sku))
    ).reduce((total, row) => total + row.delta, 0)
    expect(after.on_hand).toBe(8 + sum)
  })

  it('never oversells when adjustments and checkouts race', async () => {
    const p = await product(10)
    const shoppers = []
    for (let i = 0; i < 8; i++) {
      const m = await o.s.member()
      shoppers.push({ m, bag: await o.s.addToBag(m.token, p.code, p.sku, 1) })
    }
    const results = await Promise.all([
      ...shoppers.map(({ m, bag }) =>
        o.s.checkoutNew(m.token, {
          id_delivery_method: 1,
          id_payment: o.methodId,
          products: o.s.ticked(bag),
        }),
      ),
      ...Array.from({ length: 8 }, () => adjust({ sku_product: p.sku, delta: -1, reason: 'lost' })),
    ])
    const sold = results.slice(0, 8).filter((res) => res.statusCode === 200).length
    const removed = results.slice(8).filter((res) => res.statusCode === 200).length
    for (const res of results) expect([200, 409, 422], res.body).toContain(res.statusCode)
    expect(sold + removed).toBe(10)
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 10 - removed, held: sold, available: 0 })
  })

  it('shipping lowers on_hand by the order’s units; held drops and available stays', async () => {
    const p = await product(10)
    const order = await o.placeOrder(p.code, p.sku, 3)
    await o.pay(order)
    await adjust({ sku_product: p.sku, delta: 1, reason: 'received' })
    expect(await o.level(p.sku)).toMatchObject({ on_hand: 11, held: 3, available: 8 })
    const shipped = await o.call('POST', `/orders/${order.number}/ship`, {
      token: o.tokens.warehouse,
      body: { no_resi: 'JNESTOCK0001' },
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(await o.expectInvariant(p.sku)).toMatchObject({ on_hand: 8, held: 0, available: 8 })
    // The same ship again changes nothing.
    await o.call('POST', `/orders/${order.number}/ship`, {
      token: o.tokens.warehouse,
      body: { no_resi: 'JNESTOCK0001' },
    })
    expect(await o.level(p.sku)).toMatchObject({ on_hand: 8, held: 0 })
  })

  it('keeps a reserve warehouse apart from the shop’s stock', async () => {
    const p = await product(4)
    const res = await adjust({ sku_product: p.sku, id_warehouse: 2, set: 10, reason: 'received' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ id_warehouse: 2, on_hand: 10, held: 0, available: 10 })
    expect(await o.s.stockOf(p.sku)).toBe(4)
    expect(
      (await adjust({ sku_product: p.sku, id_warehouse: 2, delta: -11, reason: 'lost' })).json().code,
    ).toBe('STF152')
    const list = await o.call('GET', `/stock?q=${p.sku}`, { token: o.tokens.merchandiser })
    expect(
      list.json().data.map((r: { id_warehouse: number; on_hand: number }) => [r.id_warehouse, r.on_hand]),
    ).toEqual([
      [1, 4],
      [2, 10],
    ])
    const low = await o.call('GET', `/stock?q=${p.sku}&low_stock=true&low_stock_at=5`, {
      token: o.tokens.owner,
    })
    expect(low.json().data.map((r: { id_warehouse: number }) => r.id_warehouse)).toEqual([1])
    const warehousesRes = await o.call('GET', '/warehouses', { token: o.tokens.owner })
    expect(warehousesRes.json().data).toEqual([
      { id: 1, name: 'Gudang Jakarta', city: 'Jakarta Pusat', sellable: true, low_stock_at: 3 },
      { id: 2, name: 'Gudang Cadangan', city: 'Bandung', sellable: false, low_stock_at: 3 },
    ])
  })
})

describe('CSV export and import', () => {
  it('round-trips: export, change a number, import, export again', async () => {
    const a = await product(6)
    const b = await product(2)
    const exported = await o.call('GET', `/stock/export.csv?product_code=${a.code}`, {
      token: o.tokens.warehouse,
    })
    expect(exported.statusCode, exported.body).toBe(200)
    expect(exported.headers['content-type']).toMatch(/^text\/csv/)
    // The brand by its name (issue 43), after the columns an import reads.
    const tail = `${a.code},Busana Woman`
    expect(exported.body).toBe(
      `sku,warehouse,on_hand,held,available,not_for_sale,product_code,brand\n${a.sku},1,6,0,6,0,${tail}\n${a.sku},2,0,0,0,0,${tail}\n`,
    )
    const csv = `${exported.body.replace(`${a.sku},1,6,0,6,0`, `${a.sku},1,9,0,6,0`)}${b.sku},1,1,0,2,0,${b.code},Busana Woman\n`
    const res = await o.call('POST', '/stock/import', {
      token: o.tokens.warehouse,
      body: { csv, reason: 'stocktake', note: 'November count' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ message: 'Stock imported', data: { rows: 3, changed: 2 } })
    // A spreadsheet in Indonesian writes semicolons, with blank lines; line numbers stay the file's.
    const semicolons = await o.call('POST', '/stock/import', {
      token: o.tokens.owner,
      body: { csv: `sku;warehouse;on_hand\n\n${b.sku};1;1\n\n${b.sku};9;1\n`, reason: 'stocktake' },
    })
    expect(semicolons.json()).toMatchObject({ code: 'STF153', errors: [{ field: 'line 5' }] })
    const fine = await o.call('POST', '/stock/import', {
      token: o.tokens.owner,
      body: { csv: `\uFEFFsku;warehouse;on_hand\r\n${b.sku};1;1\r\n`, reason: 'stocktake' },
    })
    expect(fine.json().data).toEqual({ rows: 1, changed: 0 })
    const again = await o.call('GET', `/stock/export.csv?q=STK-`, { token: o.tokens.owner })
    expect(again.body).toContain(`${a.sku},1,9,0,9,0,${a.code},`)
    expect(again.body).toContain(`${b.sku},1,1,0,1,0,${b.code},`)
    expect(await o.s.stockOf(a.sku)).toBe(9)
    expect(await o.s.stockOf(b.sku)).toBe(1)
    const rows = await o
      .db()
      .select()
      .from(stockAdjustments)
      .where(and(eq(stockAdjustments.source, 'import')))
    expect(rows.map((r) => [r.skuProduct, r.delta, r.reason]).sort()).toEqual([
      [a.sku, 3, 'stocktake'],
      [b.sku, -1, 'stocktake'],
    ])
    const [audit] = await auditRows('stock.import')
    expect(audit).toMatchObject({
      staffId: o.ids.warehouse,
      changes: { rows: 3, changed: 2, reason: 'stocktake' },
    })
  })

  it('changes nothing when any row is bad, and names each bad line', async () => {
    const a = await product(5)
    const held = await product(4)
    await o.placeOrder(held.code, held.sku, 3)
    const before = (await o.call('GET', '/stock/export.csv', { token: o.tokens.owner })).body
    const auditsBefore = (await auditRows('stock.import')).length
    const csv = [
      'sku,warehouse,on_hand',
      `${a.sku},1,50`,
      'NOPE-M,1,3',
      `${a.sku},7,1`,
      `${held.sku},1,2`,
      `${a.sku},1,abc`,
      `${a.sku},1,50`,
    ].join('\n')
    const res = await o.call('POST', '/stock/import', {
      token: o.tokens.owner,
      body: { csv, reason: 'stocktake' },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().code).toBe('STF153')
    const fields = (res.json().errors as { field: string; message: string }[]).map((e) => e.field)
    expect(fields).toEqual(['line 6', 'line 7'])
    // Rows that parse but do not fit the shop are named too, once the format is right.
    const second = await o.call('POST', '/stock/import', {
      token: o.tokens.owner,
      body: { csv: csv.split('\n').slice(0, 5).join('\n'), reason: 'stocktake' },
    })
    expect(second.json().code).toBe('STF153')
    expect(second.json().errors).toEqual([
      { field: 'line 3', message: 'sku: NOPE-M does not exist' },
      { field: 'line 4', message: 'warehouse: 7 does not exist' },
    ])
    const third = await o.call('POST', '/stock/import', {
      token: o.tokens.owner,
      body: { csv: `sku,warehouse,on_hand\n${a.sku},1,50\n${held.sku},1,2`, reason: 'stocktake' },
    })
    expect(third.json()).toMatchObject({ code: 'STF153', errors: [{ field: 'line 3' }] })
    expect(third.json().errors[0].message).toContain('3 units')
    for (const bad of [
      { csv: 'sku,on_hand\nX,1', reason: 'stocktake' },
      { csv: 'sku,warehouse,on_hand\n', reason: 'stocktake' },
      { csv: 'sku,warehouse,on_hand\n"unclosed,1,2', reason: 'stocktake' },
    ]) {
      expect((await o.call('POST', '/stock/import', { token: o.tokens.owner, body: bad })).json().code).toBe(
        'STF153',
      )
    }
    const noReason = await o.call('POST', '/stock/import', { token: o.tokens.owner, body: { csv } })
    expect(noReason.json()).toMatchObject({ status: 400, code: 'REQ001' })
    expect((await o.call('GET', '/stock/export.csv', { token: o.tokens.owner })).body).toBe(before)
    expect(await o.s.stockOf(a.sku)).toBe(5)
    expect(await auditRows('stock.import')).toHaveLength(auditsBefore)
    expect(
      (
        await o.call('POST', '/stock/import', {
          token: o.tokens.merchandiser,
          body: { csv, reason: 'stocktake' },
        })
      ).json().code,
    ).toBe('STF003')
  })
})
