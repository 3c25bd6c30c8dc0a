import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq, inArray } from 'drizzle-orm'
import { createOrder, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { salesLineComponents, salesLines, staffAuditLog, vouchers } from '../../db/schema/index.ts'
import { opsWorld, orderNumbers as numbers, type Ops } from './admin.fixtures.ts'
import { paymentOutcomes } from '../../metrics.ts'

/**
 * The orders screen of the staff API (issue 14): who may read it, the filters and search, one
 * order in full with its bundle parts, bulk ship with a failing row, packing slips, and cancel
 * giving back stock and the voucher.
 */

let o: Ops
let shirt: { code: string; sku: string }
const list: Ops['list'] = (...args) => o.list(...args)

/** Orders written directly (no lines): the filters' fixtures. */
const fixed: Record<string, string> = {}

beforeAll(async () => {
  o = await opsWorld()
  const row = await createProduct(o.db(), {
    idBrand: 9,
    productCode: 'ORD-SHIRT',
    sizes: [{ ukuran: 'M', stock: 100, sellingPrice: 150_000 }],
  })
  shirt = { code: row.productCode, sku: `${row.productCode}-M` }
  const orders = [
    // key, status, brand, order date (UTC), payment, e-mail, phone
    ['a', 'Paid', 9, '2026-03-01T16:30:00Z', 'bca', 'sari@example.test', '081211110001'],
    ['b', 'Cancel', 5, '2026-03-02T03:00:00Z', 'gopay', 'budi@example.test', '081211110002'],
    ['c', 'Success', 9, '2026-03-03T10:00:00Z', 'bca', 'dewi@example.test', '081299990003'],
  ] as const
  for (const [key, status, brand, date, payment, email, phone] of orders) {
    const m = await createSignedInMember(o.db())
    const number = `BSN-260301-FLT${key.toUpperCase()}0000`.slice(0, 21)
    await createOrder(o.db(), {
      idPelanggan: m.idPelanggan,
      salesOrderNumber: number,
      status,
      idBrand: brand,
      orderDate: new Date(date),
      paymentCode: payment,
      buyerEmail: email,
      buyerPhone: phone,
    })
    fixed[key] = number
  }
})

afterAll(async () => {
  await o?.t.close()
})

describe('who may see orders', () => {
  it('lets owner, warehouse and support read; marketing and merchandisers get 403; members and no token 401', async () => {
    for (const role of ['owner', 'warehouse', 'support'] as const) {
      expect((await o.call('GET', '/orders', { token: o.tokens[role] })).statusCode, role).toBe(200)
      expect((await o.call('GET', `/orders/${fixed.a}`, { token: o.tokens[role] })).statusCode, role).toBe(
        200,
      )
    }
    for (const role of ['marketing', 'merchandiser'] as const) {
      expect((await o.call('GET', '/orders', { token: o.tokens[role] })).json(), role).toMatchObject({
        status: 403,
        code: 'STF003',
      })
    }
    expect((await o.call('GET', '/orders')).json().code).toBe('STF002')
    const member = await createSignedInMember(o.db())
    expect((await o.call('GET', '/orders', { token: member.token })).json().code).toBe('STF002')
    // Ship and packing slips are the warehouse's; support may not ship, a merchandiser not cancel.
    const body = { orders: [{ sales_order_number: fixed.a, no_resi: 'JNEROLE0001' }] }
    expect((await o.call('POST', '/orders/bulk-ship', { token: o.tokens.support, body })).json().code).toBe(
      'STF003',
    )
    expect(
      (await o.call('GET', `/orders/packing-slips?numbers=${fixed.a}`, { token: o.tokens.support })).json()
        .code,
    ).toBe('STF003')
    const cancel = await o.call('POST', `/orders/${fixed.a}/cancel`, {
      token: o.tokens.merchandiser,
      body: { reason: 'not allowed' },
    })
    expect(cancel.json()).toMatchObject({ status: 403, code: 'STF003' })
    expect((await list(`?q=${fixed.a}`)).data[0]!.status).toBe('Paid')
  })
})

describe('the orders list', () => {
  it('filters by status, brand, shop dates, payment, and searches number, e-mail and phone; newest first', async () => {
    const all = await list('?q=BSN-260301-FLT')
    expect(numbers(all)).toEqual([fixed.c, fixed.b, fixed.a])
    expect(numbers(await list('?q=BSN-260301-FLT&status=Paid'))).toEqual([fixed.a])
    expect(numbers(await list('?q=BSN-260301-FLT&id_brand=5'))).toEqual([fixed.b])
    expect(numbers(await list('?q=BSN-260301-FLT&payment=BCA'))).toEqual([fixed.c, fixed.a])
    // 2026-03-01T16:30Z is 23:30 on 1 March in the shop; 2 March 03:00Z is 10:00 on 2 March.
    expect(numbers(await list('?from=2026-03-01&to=2026-03-01'))).toEqual([fixed.a])
    expect(numbers(await list('?from=2026-03-02&to=2026-03-02'))).toEqual([fixed.b])
    expect(numbers(await list('?from=2026-03-02&to=2026-03-03'))).toEqual([fixed.c, fixed.b])
    expect(numbers(await list('?q=DEWI@example'))).toEqual([fixed.c])
    expect(numbers(await list('?q=0812-9999-0003'))).toEqual([fixed.c])
    expect(numbers(await list('?q=%2B6281211110002'))).toEqual([fixed.b])
    expect(numbers(await list('?q=nothing-like-this'))).toEqual([])
    const paged = await list('?q=BSN-260301-FLT&per_page=2&page=2')
    expect(paged).toMatchObject({ total_pages: 2 })
    expect(numbers(paged)).toEqual([fixed.a])
    expect(all.data[2]).toMatchObject({
      status: 'Paid',
      id_brand: 9,
      buyer_email: 'sari@example.test',
      payment_code: 'bca',
      order_date: '2026-03-01T23:30:00+07:00',
      units: 0,
    })
  })

  it('answers bad filters with 400 naming them', async () => {
    for (const [query, field] of [
      ['?status=Lost', 'status'],
      ['?from=2026-13-01', 'from'],
      ['?from=2026-03-05&to=2026-03-01', 'from'],
      ['?per_page=500', 'per_page'],
      ['?id_brand=x', 'id_brand'],
    ]) {
      const res = await o.call('GET', `/orders${query}`, { token: o.tokens.owner })
      expect(res.statusCode, query).toBe(400)
      expect(JSON.stringify(res.json().errors), query).toContain(field)
    }
  })
})

describe('one order, bulk ship and packing slips', () => {
  it('shows an order in full, with a bundle line’s parts', async () => {
    const order = await o.placeOrder(shirt.code, shirt.sku, 2)
    const [line] = await o.db().select().from(salesLines).where(eq(salesLines.idSalesHeader, order.id))
    // A bundle line written directly: its parts travel in sales_line_components.
    const [bundle] = await o
      .db()
      .insert(salesLines)
      .values({
        idSalesHeader: order.id,
        position: 1,
        productCode: 'BDL-1',
        skuProduct: 'BDL-1-ALL',
        productMasterName: 'Set Kerja',
        ukuran: 'ALL SIZE',
        idBrand: 9,
        quantity: 1,
        hargaJual: 250_000,
        isBundling: true,
      })
      .returning()
    await o.db().insert(salesLineComponents).values({
      idSalesLine: bundle!.id,
      skuProduct: shirt.sku,
      productMasterName: 'Shirt',
      ukuran: 'M',
      qty: 2,
    })
    const res = await o.call('GET', `/orders/${order.number.toLowerCase()}`, { token: o.tokens.support })
    expect(res.statusCode, res.body).toBe(200)
    const detail = res.json().data
    expect(detail).toMatchObject({
      sales_order_number: order.number,
      status: 'Open',
      total_bayar: order.total,
      address: { penerima: 'Siti Rahma', kode_pos: '10110' },
      payment: { code: 'bca_va', paid_at: null },
      voucher: null,
      shipping: { paket: expect.any(String), no_resi: null },
      events: [{ from: null, to: 'Open', actor: 'customer' }],
    })
    expect(detail.lines).toEqual([
      expect.objectContaining({ id: line!.id, sku_product: shirt.sku, quantity: 2, components: [] }),
      expect.objectContaining({
        sku_product: 'BDL-1-ALL',
        is_bundling: true,
        components: [{ sku_product: shirt.sku, product_name: 'Shirt', ukuran: 'M', qty: 2 }],
      }),
    ])
    const slip = await o.call('GET', `/orders/packing-slips?numbers=${order.number}`, {
      token: o.tokens.warehouse,
    })
    expect(slip.statusCode, slip.body).toBe(200)
    expect(slip.json().data[0]).toMatchObject({
      shop: { id_brand: 9, brand_name: 'Busana Woman' },
      sales_order_number: order.number,
      recipient: { name: 'Siti Rahma', city: expect.stringContaining('Jakarta Pusat') },
      lines: [
        { sku_product: shirt.sku, qty: 2, part_of: null },
        { sku_product: 'BDL-1-ALL', qty: 1, part_of: null },
        { sku_product: shirt.sku, qty: 2, part_of: 'BDL-1-ALL' },
      ],
    })
    expect((await o.call('GET', '/orders/BSN-000000-ZZZZZZZZ', { token: o.tokens.owner })).json().code).toBe(
      'ORD001',
    )
    // Remove the hand-written bundle line so the order's held units stay the shirts alone.
    await o.db().delete(salesLines).where(eq(salesLines.id, bundle!.id))
  })

  it('bulk ships each order on its own: a bad row fails alone', async () => {
    const first = await o.placeOrder(shirt.code, shirt.sku, 1)
    const second = await o.placeOrder(shirt.code, shirt.sku, 3)
    const unpaid = await o.placeOrder(shirt.code, shirt.sku, 1)
    await o.pay(first)
    await o.pay(second)
    const before = await o.level(shirt.sku)
    const res = await o.call('POST', '/orders/bulk-ship', {
      token: o.tokens.warehouse,
      body: {
        orders: [
          { sales_order_number: first.number, no_resi: 'JNEBULK0001' },
          { sales_order_number: unpaid.number, no_resi: 'JNEBULK0002' },
          { sales_order_number: 'BSN-000000-ZZZZZZZZ', no_resi: 'JNEBULK0003' },
          { sales_order_number: second.number.toLowerCase(), no_resi: 'JNEBULK0001', courier: 'sicepat' },
          { sales_order_number: second.number, no_resi: 'SCP-BULK-0004', courier: 'sicepat' },
        ],
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ shipped: 2, failed: 3 })
    expect(
      data.results.map((r: { ok: boolean; code: string | null; sales_order_number: string }) => [
        r.sales_order_number,
        r.ok,
        r.code,
      ]),
    ).toEqual([
      [first.number, true, null],
      [unpaid.number, false, 'ORD002'],
      ['BSN-000000-ZZZZZZZZ', false, 'ORD001'],
      [second.number, false, 'ORD003'],
      [second.number, true, null],
    ])
    expect(data.results[4].order).toMatchObject({
      status: 'Delivery',
      courier: 'sicepat',
      no_resi: 'SCP-BULK-0004',
    })
    // Shipped units left on_hand; held went down by the same; the shop's stock did not move.
    expect(await o.expectInvariant(shirt.sku)).toMatchObject({
      on_hand: before.on_hand - 4,
      held: before.held - 4,
      available: before.available,
    })
    const audits = await o
      .db()
      .select()
      .from(staffAuditLog)
      .where(inArray(staffAuditLog.targetId, [first.number, second.number, unpaid.number]))
      .orderBy(desc(staffAuditLog.id))
    expect(audits.map((a) => [a.action, a.targetId, a.staffId])).toEqual([
      ['order.ship', second.number, o.ids.warehouse],
      ['order.ship', first.number, o.ids.warehouse],
    ])
    for (const body of [
      { orders: [] },
      { orders: [{ sales_order_number: first.number, no_resi: 'x y' }] },
      {},
    ]) {
      const bad = await o.call('POST', '/orders/bulk-ship', { token: o.tokens.owner, body })
      expect(bad.statusCode, JSON.stringify(body)).toBe(400)
    }
    const missing = await o.call('GET', `/orders/packing-slips?numbers=${first.number},BSN-000000-ZZZZZZZZ`, {
      token: o.tokens.owner,
    })
    expect(missing.json()).toMatchObject({ status: 404, code: 'ORD001' })
    expect(missing.json().message).toContain('BSN-000000-ZZZZZZZZ')
    expect(
      (await o.call('GET', '/orders/packing-slips?numbers=', { token: o.tokens.owner })).statusCode,
    ).toBe(400)
  })

  it('cancel by support gives back the stock and the voucher use, and counts the payment cancelled', async () => {
    await o
      .db()
      .insert(vouchers)
      .values({ code: 'OPSCANCEL', name: 'Ops cancel', type: 'FIXED', value: 10_000 })
    const order = await o.placeOrder(shirt.code, shirt.sku, 2, { use_promo: true, kode_promo: 'OPSCANCEL' })
    const before = await o.level(shirt.sku)
    const cancelledPayments = async () =>
      (await paymentOutcomes.get()).values.find((one) => one.labels.outcome === 'cancelled')?.value ?? 0
    const cancelledBefore = await cancelledPayments()
    const res = await o.call('POST', `/orders/${order.number}/cancel`, {
      token: o.tokens.support,
      body: { reason: 'customer asked' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await o.expectInvariant(shirt.sku)).toMatchObject({
      on_hand: before.on_hand,
      held: before.held - 2,
      available: before.available + 2,
    })
    const [v] = await o.db().select().from(vouchers).where(eq(vouchers.code, 'OPSCANCEL'))
    expect(v!.usedCount).toBe(0)
    // The payment that will never come is counted as cancelled (decision 043), once.
    expect(await cancelledPayments()).toBe(cancelledBefore + 1)
    const detail = await o.call('GET', `/orders/${order.number}`, { token: o.tokens.owner })
    expect(detail.json().data).toMatchObject({ status: 'Cancel', voucher: { code: 'OPSCANCEL' } })
  })
})
