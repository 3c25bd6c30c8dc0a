import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderTotal, shopMidnight } from '@busana/contract'
import { parseConfig } from '../../config.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { seedDemoStore } from '../index.ts'
import { PAST_ORDER_DAYS, seedDemoPastOrders } from './past-orders.ts'

/** Issue 30: the demo's past orders, seeded with the demo catalogue on first start only. */

let t: TestApp
const log: string[] = []
const DAY = 86_400_000

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

beforeAll(async () => {
  // An empty database, as the embedded demo's first start finds it.
  t = await buildTestApp({ seed: false })
  await seedDemoStore(t.database, (line) => log.push(line))
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('demo past orders (issue 30)', () => {
  it('seeds about 120 days of orders in every status but Open, with 3 to 6 paid ones waiting', async () => {
    expect(
      log.some((line) => /^demo past orders: \d+ orders of 40 buyers over 120 days in \d+ ms$/.test(line)),
    ).toBe(true)
    const byStatus = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from sales_headers where buyer_email like '%@example.com' group by status`,
    )
    const count = Object.fromEntries(byStatus.map((r) => [r.status, r.n]))
    expect(count.Open).toBeUndefined()
    expect(count.Success).toBeGreaterThan(200)
    expect(count.Delivery).toBeGreaterThan(0)
    expect(count.Cancel).toBeGreaterThan(10)
    expect(count.Paid).toBeGreaterThanOrEqual(3)
    expect(count.Paid).toBeLessThanOrEqual(6)

    const [span] = await rows<{
      first: string
      last: string
      days: number
      brands: number
      methods: number
    }>(sql`
      select min(order_date) as first, max(order_date) as last,
        count(distinct date_trunc('day', order_date + interval '7 hours'))::int as days,
        count(distinct id_brand)::int as brands, count(distinct payment_code)::int as methods
      from sales_headers where buyer_email like '%@example.com'`)
    const now = Date.now()
    expect(new Date(span!.first).getTime()).toBeGreaterThanOrEqual(shopMidnight(now) - PAST_ORDER_DAYS * DAY)
    expect(new Date(span!.first).getTime()).toBeLessThan(now - 110 * DAY)
    expect(new Date(span!.last).getTime()).toBeLessThan(now)
    expect(span!.days).toBeGreaterThan(100)
    expect(span!.brands).toBe(6)
    expect(span!.methods).toBeGreaterThanOrEqual(4)
  })

  it('writes amounts, times, waybills, events and reviews that agree with each other', async () => {
    const headers = await rows<Record<string, number | string | null>>(sql`
      select h.*, (select coalesce(sum(l.quantity * l.harga_jual), 0)::int from sales_lines l
        where l.id_sales_header = h.id_sales_header) as lines_sum,
        (select count(*)::int from sales_lines l where l.id_sales_header = h.id_sales_header) as line_count,
        (select string_agg(e.to_status, ',' order by e.id) from order_events e
          where e.id_sales_header = h.id_sales_header) as moves
      from sales_headers h where h.buyer_email like '%@example.com'`)
    const time = (v: unknown) => (v === null ? null : new Date(v as string).getTime())
    for (const h of headers) {
      expect(h.subtotal).toBe(h.lines_sum)
      expect(h.line_count).toBeGreaterThanOrEqual(1)
      expect(h.line_count).toBeLessThanOrEqual(3)
      expect(h.total_bayar).toBe(
        orderTotal({
          subtotal: h.subtotal as number,
          delivery: h.biaya_kirim as number,
          packing: h.packing_fee as number,
          payment_fee: h.payment_fee as number,
          promo: h.promo_value as number,
        }),
      )
      expect((h.promo_value as number) > 0).toBe(h.kode_promo !== null)
      const paid = time(h.paid_at)
      if (h.status === 'Cancel' && h.refund_state === null) {
        expect(paid).toBeNull()
        expect(time(h.cancelled_at)).toBe(time(h.expired_time))
        expect(h.moves).toBe('Open,Cancel')
      } else {
        expect(paid).toBeGreaterThan(time(h.order_date)!)
        expect(paid).toBeLessThan(time(h.expired_time)!)
      }
      if (h.status === 'Cancel' && h.refund_state !== null) {
        expect(h.refund_amount).toBe(h.total_bayar)
        expect(time(h.cancelled_at)).toBeGreaterThan(paid!)
        expect(h.moves).toBe('Open,Paid,Cancel')
      }
      if (h.status === 'Paid') {
        expect(h.moves).toBe('Open,Paid')
        expect(paid).toBeGreaterThan(Date.now() - 2.2 * DAY)
        expect(h.no_resi).toBeNull()
      }
      if (h.status === 'Delivery' || h.status === 'Success') {
        expect(h.no_resi).not.toBeNull()
        expect(h.shipped_courier).toBe(String(h.courier_code).split(':')[0])
        expect(time(h.shipped_at)).toBeGreaterThan(paid!)
      }
      if (h.status === 'Delivery') expect(h.moves).toBe('Open,Paid,Delivery')
      if (h.status === 'Success') {
        expect(h.moves).toBe('Open,Paid,Delivery,Success')
        expect(time(h.delivered_at)).toBeGreaterThan(time(h.shipped_at)!)
        expect(time(h.delivered_at)).toBeLessThan(Date.now())
      }
    }
    const refunds = headers.filter((h) => h.refund_state !== null).map((h) => h.refund_state)
    expect(refunds.sort()).toEqual(['due', 'refunded'])
    const waybills = headers.filter((h) => h.no_resi !== null).map((h) => h.no_resi)
    expect(new Set(waybills).size).toBe(waybills.length)

    // Every delivered line has its review row; the published ones were written after delivery.
    const [reviews] = await rows<{ missing: number; early: number; published: number; today: number }>(sql`
      select
        (select count(*)::int from sales_lines l join sales_headers h using (id_sales_header)
          where h.status = 'Success' and h.buyer_email like '%@example.com'
          and not exists (select 1 from product_reviews r where r.id_sales_line = l.id)) as missing,
        (select count(*)::int from product_reviews r join sales_headers h using (id_sales_header)
          where r.status = 'PUBLISHED' and r.reviewed_at <= h.delivered_at) as early,
        (select count(*)::int from product_reviews r join sales_headers h using (id_sales_header)
          where r.status = 'PUBLISHED' and h.buyer_email like '%@example.com'
          and r.rating between 3 and 5 and r.review <> '') as published,
        (select count(*)::int from product_reviews r where r.status = 'PUBLISHED'
          and r.reviewed_at >= ${new Date(shopMidnight(Date.now()))}) as today`)
    expect(reviews!.missing).toBe(0)
    expect(reviews!.early).toBe(0)
    expect(reviews!.published).toBeGreaterThan(50)
    if (Date.now() - shopMidnight(Date.now()) > 2.5 * 3_600_000)
      expect(reviews!.today).toBeGreaterThanOrEqual(2)

    // Voucher uses are counted, one redemption per order that kept its voucher.
    const vouchers = await rows<{
      code: string
      used_count: number
      redemptions: number
      orders: number
    }>(sql`
      select v.code, v.used_count,
        (select count(*)::int from voucher_redemptions r where r.voucher_id = v.id) as redemptions,
        (select count(*)::int from sales_headers h where h.id_promo = v.id) as orders
      from vouchers v where v.code in ('GAJIAN25K', 'SETIA10')`)
    expect(vouchers).toHaveLength(2)
    for (const v of vouchers) {
      expect(v.used_count).toBe(v.redemptions)
      expect(v.orders).toBe(v.redemptions)
      expect(v.redemptions).toBeGreaterThan(0)
    }
  })

  it('keeps stock truthful: the paid orders hold their units, sellable = on hand - held (decision 038)', async () => {
    const broken = await rows<{ sku: string }>(sql`
      with held as (
        select l.sku_product as sku, sum(l.quantity)::int as units from sales_lines l
        join sales_headers h using (id_sales_header) where h.status in ('Open', 'Paid') group by l.sku_product)
      select v.sku_product as sku from sellable_stock v
      join stock_levels s on s.sku_product = v.sku_product and s.id_warehouse = 1
      left join held on held.sku = v.sku_product
      where v.stock <> s.on_hand - coalesce(held.units, 0) or v.stock < 0`)
    expect(broken).toEqual([])
    const [held] = await rows<{ units: number }>(sql`
      select coalesce(sum(l.quantity), 0)::int as units from sales_lines l
      join sales_headers h using (id_sales_header) where h.status = 'Paid'`)
    expect(held!.units).toBeGreaterThanOrEqual(3)
  })

  it('is seeded once: a restart (catalogue present) or a second call adds nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from sales_headers`)
    const lines: string[] = []
    await seedDemoStore(t.database, (line) => lines.push(line))
    expect(await seedDemoPastOrders(t.database.db)).toBeNull()
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from sales_headers`)
    expect(after).toEqual(before)
    expect(lines.some((line) => line.startsWith('demo past orders'))).toBe(false)
  })

  it('has the same shape on every run, in seconds at most', async () => {
    // The API tests' own databases (seedCatalog, not seedDemoStore) start without them.
    const other = await buildTestApp()
    try {
      const [none] = (
        (await other.database.db.execute(sql`select count(*)::int as n from sales_headers`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows
      expect(none!.n).toBe(0)
      const started = performance.now()
      const result = await seedDemoPastOrders(other.database.db, new Date())
      const ms = performance.now() - started
      // About 1 s on a quiet machine (PGlite, one transaction); bounded loosely for a busy CI runner.
      expect(ms).toBeLessThan(10_000)
      const [mine] = await rows<{ n: number }>(
        sql`select count(*)::int as n from sales_headers where buyer_email like '%@example.com'`,
      )
      // Same PRNG, same clock within the test: the same number of orders (± a boundary order).
      expect(Math.abs(result!.orders - mine!.n)).toBeLessThanOrEqual(2)
    } finally {
      await other.close()
    }
  }, 120_000)

  it('follows the demo gate: a DATABASE_URL database is not seeded unless SEED_ON_START asks', () => {
    // db/setup.ts calls seedDemoStore (and so this seed) only when SEED_ON_START is on.
    expect(parseConfig({ DATABASE_URL: 'postgres://shop@db/shop' }).SEED_ON_START).toBe(false)
    expect(
      parseConfig({ DATABASE_URL: 'postgres://shop@db/shop', SEED_ON_START: 'true' }).SEED_ON_START,
    ).toBe(true)
    expect(parseConfig({ DATA_DIR: 'memory://' }).SEED_ON_START).toBe(true)
  })
})
