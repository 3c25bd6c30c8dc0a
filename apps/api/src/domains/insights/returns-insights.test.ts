import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DashboardTodo, ReturnRates, ReturnReason, ReturnStatus } from '@busana/contract/schemas'
import { createOrder } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { returnLines, returns, salesLines } from '../../db/schema/index.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'
import { RETURN_RATE_MIN_SOLD } from '../returns/index.ts'

/**
 * The home's returns through HTTP (issue 40): the to-do counts by role (to review, arrived, to
 * refund), and the return rate by product and by size on hand-made delivered orders and returns:
 * the period, live returns only, a bundle as its own product, the threshold, the order and the reasons.
 */

let o: Ops
beforeAll(async () => {
  o = await opsWorld()
})
afterAll(async () => {
  await o?.t.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const NOW = new Date('2026-06-15T05:00:00Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000)

const todoOf = async (role: keyof Ops['tokens']) => {
  const res = await o.call('GET', '/insights/todo', { token: o.tokens[role] })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as DashboardTodo
}
const ratesOf = async (query = '', role: keyof Ops['tokens'] = 'merchandiser') => {
  const res = await o.call('GET', `/insights/returns${query}`, { token: o.tokens[role] })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as ReturnRates
}

interface Line {
  code: string
  size: string
  qty: number
  bundle?: boolean
}

/** A delivered (or not) order of its own member with its lines; answers the header and its line ids by sku. */
async function delivered(lines: Line[], deliveredAt: Date | null = daysAgo(10)) {
  const member = await createSignedInMember(o.db())
  const header = await createOrder(o.db(), {
    idPelanggan: member.idPelanggan,
    status: deliveredAt ? 'Success' : 'Delivery',
    orderDate: daysAgo(20),
    paidAt: daysAgo(20),
    deliveredAt,
    idBrand: 9,
  })
  const ids = new Map<string, number>()
  for (const [position, line] of lines.entries()) {
    const [row] = await o
      .db()
      .insert(salesLines)
      .values({
        idSalesHeader: header.idSalesHeader,
        position,
        productCode: line.code,
        skuProduct: `${line.code}-${line.size}`,
        productMasterName: `Kemeja ${line.code}`,
        ukuran: line.size,
        idBrand: 9,
        quantity: line.qty,
        hargaJual: 100_000,
        isBundling: line.bundle ?? false,
      })
      .returning()
    ids.set(`${line.code}-${line.size}`, row!.id)
  }
  return { header, member, ids }
}

let returnCount = 0
/** A return of `order` in `status` with its lines (sku, qty, reason). */
async function returned(
  order: Awaited<ReturnType<typeof delivered>>,
  status: ReturnStatus,
  lines: { sku: string; qty: number; reason: ReturnReason }[],
  extra: Partial<typeof returns.$inferInsert> = {},
) {
  returnCount += 1
  const [row] = await o
    .db()
    .insert(returns)
    .values({
      returnNumber: `RTN-260615-${String(returnCount).padStart(8, '0')}`,
      idSalesHeader: order.header.idSalesHeader,
      idPelanggan: order.member.idPelanggan,
      salesOrderNumber: order.header.salesOrderNumber,
      buyerName: order.header.buyerName,
      status,
      resolution: 'REFUND',
      ...extra,
    })
    .returning()
  for (const [position, line] of lines.entries()) {
    const [code, size] = [
      line.sku.slice(0, line.sku.lastIndexOf('-')),
      line.sku.slice(line.sku.lastIndexOf('-') + 1),
    ]
    await o
      .db()
      .insert(returnLines)
      .values({
        idReturn: row!.id,
        idSalesLine: order.ids.get(line.sku)!,
        position,
        skuProduct: line.sku,
        productCode: code!,
        productMasterName: `Kemeja ${code}`,
        ukuran: size!,
        qty: line.qty,
        reason: line.reason,
      })
  }
  return row!
}

describe('the returns on the to-do list', () => {
  it('counts returns to review (the oldest), parcels on their way and refunds to make, by role', async () => {
    const order = await delivered([{ code: 'TODO', size: 'M', qty: 9 }])
    const line = [{ sku: 'TODO-M', qty: 1, reason: 'TOO_SMALL' as const }]
    await returned(order, 'REQUESTED', line, { createdAt: new Date('2026-06-10T03:00:00Z') })
    await returned(order, 'REQUESTED', line, { createdAt: new Date('2026-06-12T03:00:00Z') })
    // Approved: one with the buyer's waybill (arriving), one without (not yet sent).
    await returned(order, 'APPROVED', line, { buyerNoResi: 'JNE0000001', buyerCourier: 'jne' })
    await returned(order, 'APPROVED', line)
    // Received refunds: pending (a transfer to make) and failed (a provider refund to retry) count,
    // done does not, nor a received exchange.
    await returned(order, 'RECEIVED', line, {
      refundState: 'pending',
      refundAmount: 150_000,
      refundMethod: 'BANK_TRANSFER',
    })
    await returned(order, 'RECEIVED', line, {
      refundState: 'failed',
      refundAmount: 99_000,
      refundMethod: 'PROVIDER',
    })
    await returned(order, 'RECEIVED', line, { refundState: 'done', refundAmount: 70_000 })
    await returned(order, 'RECEIVED', line, { resolution: 'EXCHANGE' })
    await returned(order, 'REJECTED', line)
    await returned(order, 'CANCELLED', line)

    const owner = await todoOf('owner')
    expect(owner).toMatchObject({
      returns_to_review: { count: 2, oldest_at: '2026-06-10T10:00:00+07:00' },
      returns_arrived: { count: 1 },
      returns_to_refund: { count: 2, amount: 249_000 },
    })
    for (const role of ['warehouse', 'support'] as const) {
      const todo = await todoOf(role)
      expect(todo.returns_to_review).toEqual({ count: 2, oldest_at: '2026-06-10T10:00:00+07:00' })
      expect(todo.returns_arrived).toEqual({ count: 1 })
      expect(todo).not.toHaveProperty('returns_to_refund')
    }
    for (const role of ['merchandiser', 'marketing'] as const) {
      const todo = await todoOf(role)
      expect(Object.keys(todo).filter((key) => key.startsWith('returns_'))).toEqual([])
    }
    // Read fresh on every call (no cache): with the returns gone, every count is back to 0.
    await o.db().delete(returns)
    expect(await todoOf('owner')).toMatchObject({
      returns_to_review: { count: 0, oldest_at: null },
      returns_arrived: { count: 0 },
      returns_to_refund: { count: 0, amount: 0 },
    })
  })
})

describe('the return rate by product and size', () => {
  it(`ranks what was delivered in the period against what was asked back (${RETURN_RATE_MIN_SOLD} sold at least)`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    // LINEN: 10 delivered in the period (S 4, M 6); asked back 3 (S 2 too small, M 1 too small) in
    // live returns, and 2 more in a rejected and a cancelled one, which do not count.
    const a = await delivered([
      { code: 'LINEN', size: 'S', qty: 4 },
      { code: 'LINEN', size: 'M', qty: 3 },
    ])
    const b = await delivered([{ code: 'LINEN', size: 'M', qty: 3 }])
    await returned(a, 'REQUESTED', [
      { sku: 'LINEN-S', qty: 2, reason: 'TOO_SMALL' },
      { sku: 'LINEN-M', qty: 1, reason: 'TOO_SMALL' },
    ])
    await returned(b, 'REJECTED', [{ sku: 'LINEN-M', qty: 1, reason: 'CHANGED_MIND' }])
    await returned(b, 'CANCELLED', [{ sku: 'LINEN-M', qty: 1, reason: 'CHANGED_MIND' }])
    // BATIK: 5 delivered, 2 back (one defect, one too big, a closed and a refunded return).
    const c = await delivered([{ code: 'BATIK', size: 'L', qty: 5 }])
    await returned(c, 'CLOSED', [{ sku: 'BATIK-L', qty: 1, reason: 'DEFECT' }])
    await returned(c, 'REFUNDED', [{ sku: 'BATIK-L', qty: 1, reason: 'TOO_BIG' }])
    // ROK: 4 delivered (under the threshold), 2 back: not ranked however high.
    const d = await delivered([{ code: 'ROK', size: 'M', qty: 4 }])
    await returned(d, 'APPROVED', [{ sku: 'ROK-M', qty: 2, reason: 'TOO_SMALL' }])
    // OLD: delivered 100 days ago, outside the 90 days; SHIP: not delivered yet.
    const e = await delivered([{ code: 'OLD', size: 'M', qty: 6 }], daysAgo(100))
    await returned(e, 'CLOSED', [{ sku: 'OLD-M', qty: 3, reason: 'TOO_SMALL' }])
    const f = await delivered([{ code: 'SHIP', size: 'M', qty: 6 }], null)
    await returned(f, 'REQUESTED', [{ sku: 'SHIP-M', qty: 3, reason: 'TOO_SMALL' }])
    // SET: a bundle, 9 delivered, 1 back: ranked as its own product.
    const g = await delivered([{ code: 'SET', size: 'ALL', qty: 9, bundle: true }])
    await returned(g, 'RECEIVED', [{ sku: 'SET-ALL', qty: 1, reason: 'CHANGED_MIND' }])
    // KAOS: 8 delivered, none back: not listed.
    await delivered([{ code: 'KAOS', size: 'M', qty: 8 }])

    const rates = await ratesOf()
    expect(rates.days).toBe(90)
    expect(rates.products).toEqual([
      {
        product_code: 'BATIK',
        product_name: 'Kemeja BATIK',
        ukuran: null,
        sold: 5,
        returned: 2,
        rate: 0.4,
        reasons: [
          { reason: 'TOO_BIG', units: 1 },
          { reason: 'DEFECT', units: 1 },
        ],
      },
      {
        product_code: 'LINEN',
        product_name: 'Kemeja LINEN',
        ukuran: null,
        sold: 10,
        returned: 3,
        rate: 0.3,
        reasons: [{ reason: 'TOO_SMALL', units: 3 }],
      },
      {
        product_code: 'SET',
        product_name: 'Kemeja SET',
        ukuran: null,
        sold: 9,
        returned: 1,
        rate: 1 / 9,
        reasons: [{ reason: 'CHANGED_MIND', units: 1 }],
      },
    ])
    // LINEN S (4 sold) is under the threshold on its own; M has 6 sold, 1 back.
    expect(rates.sizes.map((row) => [row.product_code, row.ukuran, row.sold, row.returned])).toEqual([
      ['BATIK', 'L', 5, 2],
      ['LINEN', 'M', 6, 1],
      ['SET', 'ALL', 9, 1],
    ])
    expect(rates.sizes[1]!.rate).toBeCloseTo(1 / 6)

    // A longer period takes OLD in; a limit of 1 keeps the highest.
    const year = await ratesOf('?days=365&limit=1')
    expect(year.days).toBe(365)
    expect(year.products.map((row) => [row.product_code, row.rate])).toEqual([['OLD', 0.5]])
    expect(year.sizes.map((row) => row.product_code)).toEqual(['OLD'])
  })

  it('is for insights.read roles (403 STF003 for warehouse and support), 401 without a session', async () => {
    for (const role of ['owner', 'marketing'] as const) await ratesOf('', role)
    for (const role of ['warehouse', 'support'] as const) {
      const res = await o.call('GET', '/insights/returns', { token: o.tokens[role] })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('STF003')
    }
    expect((await o.call('GET', '/insights/returns')).statusCode).toBe(401)
  })

  it('refuses a period or a limit out of range with 400 REQ001', async () => {
    for (const query of ['?days=3', '?days=366', '?days=x', '?limit=0', '?limit=101']) {
      const res = await o.call('GET', `/insights/returns${query}`, { token: o.tokens.owner })
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code).toBe('REQ001')
    }
  })
})
