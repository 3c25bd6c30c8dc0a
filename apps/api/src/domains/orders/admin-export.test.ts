import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { ORDER_EXPORT_COLUMNS } from '@busana/contract/schemas'
import { createOrder, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { salesHeaders, salesLines, staffAuditLog } from '../../db/schema/index.ts'
import { SANDBOX_SERVER_KEY } from '../../providers/payments/index.ts'
import { signedNotification } from '../payments/dev-payments.routes.ts'
import { opsWorld, orderNumbers as numbers, type Ops } from './admin.fixtures.ts'

/**
 * The orders list's to-do filters and the accounting export (issue 30): paid orders oldest payment
 * first, refunds due (a paid order cancelled, and money received after a cancel), Open orders
 * running out within the hour, and the CSV of a period (BOM, headers, quoting, formula cells, the
 * shop's days, who may take it).
 */

let o: Ops
let shirt: { code: string; sku: string }
const list: Ops['list'] = (...args) => o.list(...args)

/** An order written directly, its own member each (one Open order per member). */
async function order(number: string, values: Omit<Parameters<typeof createOrder>[1], 'idPelanggan'>) {
  const m = await createSignedInMember(o.db())
  await createOrder(o.db(), { idPelanggan: m.idPelanggan, salesOrderNumber: number, ...values })
  return number
}

beforeAll(async () => {
  o = await opsWorld()
  const row = await createProduct(o.db(), {
    idBrand: 9,
    productCode: 'EXP-SHIRT',
    sizes: [{ ukuran: 'M', stock: 100, sellingPrice: 150_000 }],
  })
  shirt = { code: row.productCode, sku: `${row.productCode}-M` }
})

afterAll(async () => {
  await o?.t.close()
})

describe('sort', () => {
  it('oldest puts the earliest order first; with status=Paid the payment that waited longest', async () => {
    // Ordered 10:00, 08:00, 09:00 on 1 April (WIB); paid on 2 April, 1 April, 3 April.
    const late = await order('BSN-260401-SRTA0001', {
      status: 'Paid',
      orderDate: new Date('2026-04-01T03:00:00Z'),
      paidAt: new Date('2026-04-02T02:00:00Z'),
    })
    const first = await order('BSN-260401-SRTB0002', {
      status: 'Paid',
      orderDate: new Date('2026-04-01T01:00:00Z'),
      paidAt: new Date('2026-04-01T05:00:00Z'),
    })
    const last = await order('BSN-260401-SRTC0003', {
      status: 'Paid',
      orderDate: new Date('2026-04-01T02:00:00Z'),
      paidAt: new Date('2026-04-03T02:00:00Z'),
    })
    const open = await order('BSN-260401-SRTD0004', {
      status: 'Open',
      orderDate: new Date('2026-04-01T00:30:00Z'),
    })
    expect(numbers(await list('?q=SRT'))).toEqual([late, last, first, open])
    expect(numbers(await list('?q=SRT&sort=newest'))).toEqual([late, last, first, open])
    expect(numbers(await list('?q=SRT&sort=oldest'))).toEqual([open, first, last, late])
    // The warehouse's queue: Paid, oldest payment first (not the order date's order).
    const queue = await list('?q=SRT&status=Paid&sort=oldest')
    expect(numbers(queue)).toEqual([first, late, last])
    expect(queue.data[0]).toMatchObject({ paid_at: '2026-04-01T12:00:00+07:00', refund_state: null })
    expect(queue.data[0]!.expired_time).toMatch(/\+07:00$/)
  })
})

describe('refund', () => {
  it('due finds a paid order cancelled and money received after a cancel; refunded the settled ones', async () => {
    const paidThenCancelled = await o.placeOrder(shirt.code, shirt.sku, 1)
    await o.pay(paidThenCancelled)
    const cancel = await o.call('POST', `/orders/${paidThenCancelled.number}/cancel`, {
      token: o.tokens.support,
      body: { reason: 'out of stock' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    // Expired unpaid, then the money arrives anyway: paid_after_cancel, a refund due.
    const paidAfterCancel = await o.placeOrder(shirt.code, shirt.sku, 1)
    for (const action of ['expire', 'pay'] as const) {
      const res = await o.t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/notification',
        payload: signedNotification(
          paidAfterCancel.number,
          paidAfterCancel.total,
          action,
          SANDBOX_SERVER_KEY,
        ),
      })
      expect(res.json().data.outcome, action).toBe(action === 'pay' ? 'paid_after_cancel' : 'cancelled')
    }
    // A cancel before payment owes nothing; a refund already paid back is 'refunded'.
    const unpaidCancel = await o.placeOrder(shirt.code, shirt.sku, 1)
    await o.call('POST', `/orders/${unpaidCancel.number}/cancel`, {
      token: o.tokens.support,
      body: { reason: 'customer asked' },
    })
    const refunded = await order('BSN-260402-RFDA0001', {
      status: 'Cancel',
      refundAmount: 120_000,
      refundState: 'refunded',
    })
    const due = await list('?refund=due')
    expect(new Set(numbers(due))).toEqual(new Set([paidThenCancelled.number, paidAfterCancel.number]))
    expect(due.data.every((row) => row.status === 'Cancel' && row.refund_state === 'due')).toBe(true)
    expect(numbers(await list('?refund=refunded'))).toEqual([refunded])
    expect(numbers(await list(`?refund=due&q=${paidAfterCancel.number}`))).toEqual([paidAfterCancel.number])
  })
})

describe('expiring', () => {
  it('hour finds Open orders whose deadline is within the next 60 minutes, not 61 minutes nor passed', async () => {
    const now = Date.now()
    const minutes = (n: number) => new Date(now + n * 60_000)
    const soon = await order('BSN-260403-EXPA0001', { status: 'Open', expiredTime: minutes(30) })
    const edge = await order('BSN-260403-EXPB0002', { status: 'Open', expiredTime: minutes(59) })
    await order('BSN-260403-EXPC0003', { status: 'Open', expiredTime: minutes(61) })
    await order('BSN-260403-EXPD0004', { status: 'Open', expiredTime: minutes(-5) })
    // Paid before its deadline: nothing to chase.
    await order('BSN-260403-EXPE0005', { status: 'Paid', expiredTime: minutes(20), paidAt: new Date(now) })
    expect(new Set(numbers(await list('?q=EXP&expiring=hour')))).toEqual(new Set([soon, edge]))
    expect(numbers(await list('?q=EXP&status=Open&expiring=hour&sort=oldest'))).toHaveLength(2)
    expect(numbers(await list('?q=EXP&status=Paid&expiring=hour'))).toEqual([])
  })
})

describe('bad filters', () => {
  it('answers 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sort=latest', 'sort'],
      ['?refund=yes', 'refund'],
      ['?expiring=day', 'expiring'],
    ]) {
      const res = await o.call('GET', `/orders${query}`, { token: o.tokens.owner })
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code, query).toBe('REQ001')
      expect(res.json().errors, query).toEqual([expect.objectContaining({ field })])
    }
  })
})

describe('the CSV export', () => {
  const csvOf = async (query: string, token = o.tokens.owner) => {
    const res = await o.call('GET', `/orders/export.csv${query}`, { token })
    expect(res.statusCode, res.body).toBe(200)
    return res
  }
  const rowsOf = (body: string) =>
    parse(body, { bom: true, columns: true }) as Record<(typeof ORDER_EXPORT_COLUMNS)[number], string>[]

  it('streams a period as CSV: BOM, headers, one row per line, quoted and formula-safe cells', async () => {
    // Placed through checkout (two lines), paid, then given a buyer name that is a formula.
    const placed = await o.placeOrder(shirt.code, shirt.sku, 2)
    await o.pay(placed)
    await o.db().insert(salesLines).values({
      idSalesHeader: placed.id,
      position: 1,
      productCode: 'EXP-SCARF',
      skuProduct: 'EXP-SCARF-ALL',
      productMasterName: 'Scarf, "Batik"\nlimited',
      ukuran: 'ALL SIZE',
      idBrand: 9,
      quantity: 1,
      hargaJual: 50_000,
    })
    await o
      .db()
      .update(salesHeaders)
      .set({
        buyerName: '=HYPERLINK("http://evil.test","click")',
        buyerEmail: '@sum@example.test',
        orderDate: new Date('2026-05-10T03:00:00Z'),
        paidAt: new Date('2026-05-10T03:05:00Z'),
      })
      .where(eq(salesHeaders.idSalesHeader, placed.id))
    const res = await csvOf('?from=2026-05-10&to=2026-05-10')
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-05-10-2026-05-10.csv"')
    const raw = res.rawPayload
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const body = raw.toString('utf8')
    expect(body.slice(1).split('\n')[0]).toBe(ORDER_EXPORT_COLUMNS.join(','))
    // RFC 4180: the formula is quoted (it holds quotes and a comma) and starts with a quote mark.
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`)
    expect(body).toContain('"Scarf, ""Batik""\nlimited"')
    const rows = rowsOf(body)
    expect(rows).toHaveLength(2)
    const [first, second] = rows
    expect(first).toMatchObject({
      order_number: placed.number,
      order_date_wib: '2026-05-10 10:00',
      paid_date_wib: '2026-05-10 10:05',
      status: 'Paid',
      buyer_name: `'=HYPERLINK("http://evil.test","click")`,
      email: `'@sum@example.test`,
      brand: 'Busana Woman',
      line: '1',
      sku: shirt.sku,
      size: 'M',
      qty: '2',
      unit_price: '150000',
      line_total: '300000',
      subtotal: '300000',
      total: String(placed.total),
      payment_method: 'BCA Virtual Account',
      waybill: '',
      refund_state: '',
    })
    expect(Number(first!.total)).toBe(
      Number(first!.subtotal) +
        Number(first!.shipping_fare) +
        Number(first!.packing_fee) +
        Number(first!.payment_fee) -
        Number(first!.discount),
    )
    // The second line repeats the order, not its amounts (a column's sum is the period's).
    expect(second).toMatchObject({
      order_number: placed.number,
      buyer_name: first!.buyer_name,
      line: '2',
      sku: 'EXP-SCARF-ALL',
      product_name: 'Scarf, "Batik"\nlimited',
      qty: '1',
      unit_price: '50000',
      subtotal: '',
      total: '',
    })
    // Who took it, for which period, is in the audit log.
    const [audit] = await o
      .db()
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'order.export'))
      .orderBy(desc(staffAuditLog.id))
      .limit(1)
    expect(audit).toMatchObject({ staffId: o.ids.owner, targetType: 'order', targetId: 'export.csv' })
    expect(audit!.changes).toMatchObject({ from: '2026-05-10', to: '2026-05-10' })
  })

  it('issue 38 item 9: no cell reads as a formula in a spreadsheet splitting on , or ; (Indonesian Excel)', async () => {
    const names = [';=1+1', 'Sari;=1+1', 'Budi, =SUM(A1:A9)', 'Dewi;"@cmd"', 'Rina; -2+3', 'Tono;\t=1']
    for (const [i, buyerName] of names.entries()) {
      await order(`BSN-260815-FRM${String(i).padStart(5, '0')}`, {
        status: 'Paid',
        orderDate: new Date(Date.parse('2026-08-15T03:00:00Z') + i * 60_000),
        buyerName,
      })
    }
    const body = (await csvOf('?from=2026-08-15&to=2026-08-15')).body
    const formula = /^[=+\-@\t\r]/
    // A spreadsheet with the , list separator reads the file as written (RFC 4180 quoting).
    const byComma = rowsOf(body)
    expect(byComma).toHaveLength(names.length)
    for (const row of byComma) expect(row.buyer_name, row.buyer_name).not.toMatch(formula)
    expect(byComma.map((row) => row.buyer_name.replace(/'/g, ''))).toEqual(names)
    // One with ; (Excel with Indonesian regional settings) splits each line at every ;, quotes or not.
    const bySemicolon = parse(body, {
      bom: true,
      delimiter: ';',
      relax_quotes: true,
      relax_column_count: true,
    }) as string[][]
    const cells = bySemicolon.flat()
    expect(cells.length).toBeGreaterThan(bySemicolon.length)
    for (const cell of cells) expect(cell, cell).not.toMatch(formula)
  })

  it('cuts days at 00:00 WIB, applies the list’s filters and reads many orders in batches', async () => {
    // 23:30 WIB on 1 June is 16:30 UTC: in 1 June's file, not in 2 June's.
    const lateNight = await order('BSN-260601-DAYA0001', {
      status: 'Paid',
      orderDate: new Date('2026-06-01T16:30:00Z'),
    })
    const morning = await order('BSN-260602-DAYB0002', {
      status: 'Cancel',
      orderDate: new Date('2026-06-01T17:00:00Z'),
      refundAmount: 100_000,
      refundState: 'due',
    })
    const ordersIn = async (query: string) => rowsOf((await csvOf(query)).body).map((row) => row.order_number)
    expect(await ordersIn('?from=2026-06-01&to=2026-06-01')).toEqual([lateNight])
    expect(await ordersIn('?from=2026-06-02&to=2026-06-02')).toEqual([morning])
    expect(await ordersIn('?from=2026-06-01&to=2026-06-02')).toEqual([lateNight, morning])
    expect(await ordersIn('?from=2026-06-01&to=2026-06-02&refund=due')).toEqual([morning])
    expect(await ordersIn('?from=2026-06-01&to=2026-06-02&status=Paid&sort=oldest&page=3')).toEqual([
      lateNight,
    ])
    const refund = rowsOf((await csvOf('?from=2026-06-02&to=2026-06-02')).body)[0]
    expect(refund).toMatchObject({ line: '', sku: '', refund_amount: '100000', refund_state: 'due' })
    // More than two batches (500 orders each) within 7 ms, ties broken by id: each comes once.
    const many = 1003
    const buyer = await createSignedInMember(o.db())
    const base = Date.parse('2026-07-01T01:00:00Z')
    for (let i = 0; i < many; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, many - i) }, (_, j) =>
          createOrder(o.db(), {
            idPelanggan: buyer.idPelanggan,
            salesOrderNumber: `BSN-260701-BAT${String(i + j).padStart(5, '0')}`,
            status: 'Success',
            orderDate: new Date(base + ((i + j) % 7)),
          }),
        ),
      )
    }
    const batch = await ordersIn('?from=2026-07-01&to=2026-07-01')
    expect(batch).toHaveLength(many)
    expect(new Set(batch).size).toBe(many)
  })

  it('refuses a role without orders.read, and bad or missing dates or a period over 366 days', async () => {
    for (const role of ['marketing', 'merchandiser'] as const) {
      const res = await o.call('GET', '/orders/export.csv?from=2026-05-01&to=2026-05-31', {
        token: o.tokens[role],
      })
      expect(res.json(), role).toMatchObject({ status: 403, code: 'STF003' })
    }
    for (const role of ['warehouse', 'support'] as const) {
      await csvOf('?from=2026-05-01&to=2026-05-31', o.tokens[role])
    }
    for (const [query, field] of [
      ['', 'from'],
      ['?from=2026-05-01', 'to'],
      ['?from=2026-02-30&to=2026-03-01', 'from'],
      ['?from=1%2F5%2F2026&to=2026-05-31', 'from'],
      ['?from=2026-05-31&to=2026-05-01', 'from'],
      ['?from=2025-01-01&to=2026-01-02', 'to'],
      ['?from=2026-05-01&to=2026-05-31&refund=maybe', 'refund'],
    ]) {
      const res = await o.call('GET', `/orders/export.csv${query}`, { token: o.tokens.owner })
      expect(res.statusCode, query).toBe(400)
      expect(JSON.stringify(res.json().errors), query).toContain(field)
    }
    // 366 days (2028 is a leap year) is the longest period.
    await csvOf('?from=2028-01-01&to=2028-12-31')
  })
})
