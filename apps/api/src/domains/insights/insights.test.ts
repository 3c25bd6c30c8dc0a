import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { shopInstant, type DashboardTodo, type SalesOverview } from '@busana/contract/schemas'
import { createBrand, createOrder, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import {
  productReviews,
  salesHeaders,
  salesLines,
  staffAccounts,
  staffInvites,
  warehouses,
} from '../../db/schema/index.ts'
import { opsWorld, type Ops } from '../orders/admin.fixtures.ts'

/**
 * The back office's home through HTTP (issue 30, decision 050): every figure on hand-made orders
 * either side of the WIB midnight, by role; and "to ship" following a real order from payment to
 * shipping.
 */

let o: Ops
beforeAll(async () => {
  o = await opsWorld()
  await createBrand(o.db(), { id: 5, name: 'Busana Man' })
})
afterAll(async () => {
  await o?.t.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const todoOf = async (role: keyof Ops['tokens']) => {
  const res = await o.call('GET', '/insights/todo', { token: o.tokens[role] })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as DashboardTodo
}
const salesOf = async (role: keyof Ops['tokens'] = 'owner') => {
  const res = await o.call('GET', '/insights/sales', { token: o.tokens[role] })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as SalesOverview
}
const wib = (date: string, time: string) => new Date(shopInstant(date, time))

interface Made {
  status?: 'Open' | 'Paid' | 'Delivery' | 'Success' | 'Cancel'
  placed: Date
  paid?: Date
  cancelled?: Date
  expires?: Date
  total: number
  brand?: number
  payment?: { code: string; name: string }
  voucher?: { code: string; value: number }
  refund?: 'due' | 'refunded'
  lines?: { code: string; qty: number; price: number }[]
}

/** A hand-made order of its own customer (one Open order per customer), with its lines. */
async function made(order: Made) {
  const member = await createSignedInMember(o.db())
  const row = await createOrder(o.db(), {
    idPelanggan: member.idPelanggan,
    status: order.status ?? 'Success',
    orderDate: order.placed,
    paidAt: order.paid ?? null,
    cancelledAt: order.cancelled ?? null,
    expiredTime: order.expires ?? new Date(order.placed.getTime() + 86_400_000),
    subtotal: order.total,
    biayaKirim: 0,
    totalBayar: order.total,
    idBrand: order.brand ?? 9,
    paymentCode: order.payment?.code ?? 'bca_va',
    paymentName: order.payment?.name ?? 'BCA Virtual Account',
    kodePromo: order.voucher?.code ?? null,
    promoValue: order.voucher?.value ?? 0,
    refundState: order.refund ?? null,
    refundAmount: order.refund ? order.total : null,
  })
  for (const [position, line] of (order.lines ?? []).entries()) {
    await o
      .db()
      .insert(salesLines)
      .values({
        idSalesHeader: row.idSalesHeader,
        position,
        productCode: line.code,
        skuProduct: `${line.code}-M`,
        productMasterName: `Name of ${line.code}`,
        ukuran: 'M',
        idBrand: order.brand ?? 9,
        quantity: line.qty,
        hargaJual: line.price,
      })
  }
  return { ...row, member }
}

/** A published review of a line of `order`, at `at`. */
async function review(order: Awaited<ReturnType<typeof made>>, at: Date) {
  const [line] = await o
    .db()
    .select()
    .from(salesLines)
    .where(eq(salesLines.idSalesHeader, order.idSalesHeader))
  await o.db().insert(productReviews).values({
    idSalesLine: line!.id,
    idSalesHeader: order.idSalesHeader,
    idPelanggan: order.member.idPelanggan,
    productCode: line!.productCode,
    status: 'PUBLISHED',
    rating: 5,
    review: 'Bagus',
    reviewedAt: at,
  })
}

describe('the home on hand-made orders either side of the WIB midnight', () => {
  // 00:30 WIB on 10 March 2026: yesterday ended half an hour ago.
  const now = wib('2026-03-10', '00:30')
  let world: Record<string, Awaited<ReturnType<typeof made>>>

  beforeAll(async () => {
    world = {
      // Yesterday 23:30 and 00:15 WIB: yesterday's figures (only the 00:15 one is before 00:30).
      late: await made({
        placed: wib('2026-03-09', '23:20'),
        paid: wib('2026-03-09', '23:30'),
        total: 100_000,
        lines: [{ code: 'INS-A', qty: 1, price: 100_000 }],
      }),
      early: await made({
        placed: wib('2026-03-09', '00:05'),
        paid: wib('2026-03-09', '00:15'),
        total: 50_000,
        brand: 5,
        payment: { code: 'gopay', name: 'GoPay' },
        lines: [{ code: 'INS-B', qty: 1, price: 50_000 }],
      }),
      // Today 00:10 WIB, paid and waiting to ship: today's one sale.
      today: await made({
        status: 'Paid',
        placed: wib('2026-03-10', '00:05'),
        paid: wib('2026-03-10', '00:10'),
        total: 200_000,
        brand: 5,
        lines: [{ code: 'INS-A', qty: 2, price: 100_000 }],
      }),
      // Paid today, then cancelled: its money goes back, so it is a refund due and no sale.
      refunded: await made({
        status: 'Cancel',
        placed: wib('2026-03-10', '00:01'),
        paid: wib('2026-03-10', '00:02'),
        cancelled: wib('2026-03-10', '00:20'),
        refund: 'due',
        total: 75_000,
        lines: [{ code: 'INS-C', qty: 1, price: 75_000 }],
      }),
      // Eight days ago with a voucher: in the 30 days, and in the 7 days before the last 7.
      voucher: await made({
        placed: wib('2026-03-02', '10:00'),
        paid: wib('2026-03-02', '10:05'),
        total: 280_000,
        voucher: { code: 'HEMAT20', value: 20_000 },
        lines: [{ code: 'INS-A', qty: 3, price: 100_000 }],
      }),
      // Placed five days ago, never paid, cancelled by the expiry job at its deadline.
      expired: await made({
        status: 'Cancel',
        placed: wib('2026-03-05', '09:00'),
        expires: wib('2026-03-05', '09:15'),
        cancelled: wib('2026-03-05', '09:16'),
        total: 90_000,
      }),
      // Open: due in 30 minutes (counted), in 61 minutes and a minute ago (not counted).
      soon: await made({
        status: 'Open',
        placed: wib('2026-03-09', '23:50'),
        expires: wib('2026-03-10', '01:00'),
        total: 1,
      }),
      later: await made({
        status: 'Open',
        placed: wib('2026-03-09', '23:50'),
        expires: wib('2026-03-10', '01:31'),
        total: 1,
      }),
      past: await made({
        status: 'Open',
        placed: wib('2026-03-09', '23:50'),
        expires: wib('2026-03-10', '00:29'),
        total: 1,
      }),
    }
    await review(world.late!, wib('2026-03-09', '23:55'))
    await review(world.early!, wib('2026-03-10', '00:05'))
    // Invitations: one waiting, one expired, one accepted.
    const invitee = async (email: string, password: string | null) =>
      (
        await o
          .db()
          .insert(staffAccounts)
          .values({ email, name: email, role: 'support', passwordHash: password })
          .returning()
      )[0]!.id
    const waiting = await invitee('waiting@busana.test', null)
    const lapsed = await invitee('lapsed@busana.test', null)
    const joined = await invitee('joined@busana.test', 'x')
    await o
      .db()
      .insert(staffInvites)
      .values([
        {
          tokenHash: randomUUID().replaceAll('-', ''),
          staffId: waiting,
          expiresAt: wib('2026-03-12', '00:00'),
        },
        {
          tokenHash: randomUUID().replaceAll('-', ''),
          staffId: lapsed,
          expiresAt: wib('2026-03-09', '00:00'),
        },
        {
          tokenHash: randomUUID().replaceAll('-', ''),
          staffId: joined,
          expiresAt: wib('2026-03-12', '00:00'),
          usedAt: wib('2026-03-09', '12:00'),
        },
      ])
    // Stock: warehouse 1 sells every sku; a reserve warehouse counts only what it carries.
    await createProduct(o.db(), {
      idBrand: 9,
      productCode: 'INS-LOW',
      sizes: [
        { ukuran: 'S', stock: 2 },
        { ukuran: 'M', stock: 3 },
        { ukuran: 'L', stock: 4 },
      ],
    })
    await o.db().insert(warehouses).values({ id: 7, name: 'Gudang Surabaya', city: 'Surabaya' })
  })

  it('reads today, 7 and 30 days against the stretch before, cut at the same time of day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    const sales = await salesOf()
    const period = (name: string) => sales.periods.find((p) => p.period === name)!
    // Today until 00:30: the 200,000 order; yesterday until 00:30: the 50,000 one (not the 23:30 one).
    expect(period('today')).toEqual({
      period: 'today',
      from: '2026-03-10',
      to: '2026-03-10',
      current: { revenue: 200_000, orders: 1, average_order_value: 200_000 },
      previous: { revenue: 50_000, orders: 1, average_order_value: 50_000 },
    })
    // 4 to 10 March: 100,000 + 50,000 + 200,000; before: 25 Feb to 3 March 00:30, the voucher order.
    expect(period('7d')).toMatchObject({
      from: '2026-03-04',
      current: { revenue: 350_000, orders: 3, average_order_value: 116_667 },
      previous: { revenue: 280_000, orders: 1, average_order_value: 280_000 },
    })
    expect(period('30d')).toMatchObject({
      from: '2026-02-09',
      current: { revenue: 630_000, orders: 4 },
      previous: { revenue: 0, orders: 0, average_order_value: 0 },
    })
  })

  it('charts 30 shop days per brand, the sales of 9 March on 9 March', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    const sales = await salesOf('marketing')
    expect(sales.daily).toHaveLength(30)
    expect(sales.daily[0]!.date).toBe('2026-02-09')
    expect(sales.daily.at(-1)!.date).toBe('2026-03-10')
    // Brand 9 sold 380,000 and brand 5 250,000: brand 9 is the first series.
    expect(sales.brands).toEqual([
      { id_brand: 9, name: 'Busana Woman' },
      { id_brand: 5, name: 'Busana Man' },
    ])
    const day = (date: string) => sales.daily.find((d) => d.date === date)!
    expect(day('2026-03-09')).toEqual({
      date: '2026-03-09',
      revenue: 150_000,
      orders: 2,
      by_brand: [
        { id_brand: 9, revenue: 100_000, orders: 1 },
        { id_brand: 5, revenue: 50_000, orders: 1 },
      ],
    })
    expect(day('2026-03-10')).toMatchObject({ revenue: 200_000, orders: 1 })
    expect(day('2026-03-02')).toMatchObject({ revenue: 280_000, orders: 1 })
    expect(day('2026-03-05')).toMatchObject({ revenue: 0, orders: 0 })
  })

  it('ranks products, counts voucher uses and payment shares, and orders that expired unpaid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    const sales = await salesOf('merchandiser')
    expect(sales.top_by_units).toEqual([
      { product_code: 'INS-A', product_name: 'Name of INS-A', units: 6, revenue: 600_000 },
      { product_code: 'INS-B', product_name: 'Name of INS-B', units: 1, revenue: 50_000 },
    ])
    expect(sales.top_by_revenue[0]).toMatchObject({ product_code: 'INS-A' })
    // The cancelled order's product is not among the sales.
    expect(sales.top_by_units.map((p) => p.product_code)).not.toContain('INS-C')
    expect(sales.vouchers).toEqual({
      uses: 1,
      discount: 20_000,
      codes: [{ code: 'HEMAT20', uses: 1, discount: 20_000 }],
    })
    expect(sales.payment_methods).toEqual([
      {
        payment_code: 'bca_va',
        payment_name: 'BCA Virtual Account',
        orders: 3,
        revenue: 580_000,
        share: 0.75,
      },
      { payment_code: 'gopay', payment_name: 'GoPay', orders: 1, revenue: 50_000, share: 0.25 },
    ])
    // Placed in the 30 days: every hand-made order; one of them expired unpaid.
    expect(sales.unpaid).toEqual({ placed: 9, expired: 1 })
  })

  it('counts what needs doing, each only for the roles that act on it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    const owner = await todoOf('owner')
    expect(owner).toMatchObject({
      as_of: '2026-03-10T00:30:00+07:00',
      to_ship: { count: 1, oldest_paid_at: '2026-03-10T00:10:00+07:00' },
      expiring: { count: 1, first_expires_at: '2026-03-10T01:00:00+07:00' },
      refunds_due: { count: 1, amount: 75_000 },
      reviews_today: { count: 1, date: '2026-03-10' },
      invitations_pending: { count: 1 },
    })
    // S at 2 and M at 3 are at or under 3 in the shop's warehouse; Surabaya carries nothing.
    expect(owner.low_stock).toEqual({
      count: 2,
      warehouses: [
        { id_warehouse: 1, name: 'Gudang Jakarta', low_stock_at: 3, count: 2 },
        { id_warehouse: 7, name: 'Gudang Surabaya', low_stock_at: 3, count: 0 },
      ],
    })
    expect(Object.keys(await todoOf('warehouse')).sort()).toEqual([
      'as_of',
      'expiring',
      'low_stock',
      'returns_arrived',
      'returns_to_review',
      'to_ship',
    ])
    expect(Object.keys(await todoOf('support')).sort()).toEqual([
      'as_of',
      'expiring',
      'returns_arrived',
      'returns_to_review',
      'reviews_today',
    ])
    expect(Object.keys(await todoOf('marketing')).sort()).toEqual(['as_of', 'reviews_today'])
    expect(Object.keys(await todoOf('merchandiser')).sort()).toEqual(['as_of', 'reviews_today'])
  })

  it('moves "reviews today" at 00:00 WIB, not at midnight UTC', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    // 23:59 WIB on the 9th: both reviews were published "today".
    vi.setSystemTime(wib('2026-03-09', '23:59'))
    expect((await todoOf('support')).reviews_today).toEqual({ count: 1, date: '2026-03-09' })
    vi.setSystemTime(wib('2026-03-10', '06:59'))
    expect((await todoOf('support')).reviews_today).toEqual({ count: 1, date: '2026-03-10' })
  })

  it('keeps the sales figures from the warehouse and support, and answers 401 without a session', async () => {
    for (const role of ['warehouse', 'support'] as const) {
      const res = await o.call('GET', '/insights/sales', { token: o.tokens[role] })
      expect(res.json(), role).toMatchObject({ status: 403, code: 'STF003' })
    }
    expect((await o.call('GET', '/insights/sales')).statusCode).toBe(401)
    expect((await o.call('GET', '/insights/todo')).statusCode).toBe(401)
  })

  it('uses the threshold the shop sets per warehouse, also in the stock list', async () => {
    const put = (id: number | string, body: object, token = o.tokens.warehouse) =>
      o.t.app.inject({
        method: 'PUT',
        url: `/api/admin/v1/warehouses/${id}/low-stock`,
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      })
    expect((await put(1, { low_stock_at: 4 }, o.tokens.merchandiser)).json()).toMatchObject({
      code: 'STF003',
    })
    const bad = await put(1, { low_stock_at: -1 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([{ field: 'low_stock_at', message: 'must be 0 or more' }])
    expect((await put(99, { low_stock_at: 4 })).json()).toMatchObject({ status: 404, code: 'STF150' })
    const res = await put(1, { low_stock_at: 4 })
    expect(res.json()).toMatchObject({ status: 200, data: { id: 1, low_stock_at: 4 } })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
    expect((await todoOf('warehouse')).low_stock!.warehouses[0]).toMatchObject({ low_stock_at: 4, count: 3 })
    const list = await o.call('GET', '/stock?low_stock=true&id_warehouse=1&q=INS-LOW', {
      token: o.tokens.warehouse,
    })
    expect(list.json().data.map((r: { sku_product: string }) => r.sku_product)).toEqual([
      'INS-LOW-S',
      'INS-LOW-M',
      'INS-LOW-L',
    ])
    await put(1, { low_stock_at: 3 })
  })
})

describe('"to ship" follows a real order', () => {
  it('rises when an order is paid and drops when staff ship it', async () => {
    const before = (await todoOf('warehouse')).to_ship!.count
    const product = await createProduct(o.db(), {
      idBrand: 9,
      productCode: 'INS-REAL',
      sizes: [{ ukuran: 'M', stock: 10 }],
    })
    const order = await o.placeOrder(product.productCode, 'INS-REAL-M')
    expect((await todoOf('warehouse')).to_ship!.count).toBe(before)
    await o.pay(order)
    expect((await todoOf('warehouse')).to_ship!.count).toBe(before + 1)
    const shipped = await o.call('POST', `/orders/${order.number}/ship`, {
      token: o.tokens.warehouse,
      body: { no_resi: 'JNEINSIGHT01' },
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect((await todoOf('warehouse')).to_ship!.count).toBe(before)
    const [row] = await o.db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, order.id))
    expect(row!.status).toBe('Delivery')
  })
})

describe('the sales figures are kept for INSIGHTS_CACHE_SECONDS (60)', () => {
  it('answers the same figures within the minute, and the new sale after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    vi.setSystemTime(start)
    const first = await salesOf()
    const today = () => first.periods.find((p) => p.period === 'today')!.current
    const product = await createProduct(o.db(), {
      idBrand: 9,
      productCode: 'INS-CACHE',
      sizes: [{ ukuran: 'M', stock: 10 }],
    })
    const order = await o.placeOrder(product.productCode, 'INS-CACHE-M')
    await o.pay(order)
    vi.setSystemTime(start + 59_000)
    const kept = await salesOf()
    expect(kept.as_of).toBe(first.as_of)
    expect(kept.periods.find((p) => p.period === 'today')!.current).toEqual(today())
    vi.setSystemTime(start + 61_000)
    const fresh = await salesOf()
    expect(fresh.periods.find((p) => p.period === 'today')!.current.orders).toBe(today().orders + 1)
  })
})
