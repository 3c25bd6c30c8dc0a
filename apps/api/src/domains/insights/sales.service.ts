import { sql, type SQL } from 'drizzle-orm'
import {
  shopIsoString,
  shopMidnight,
  type SalesBrandSchema,
  type SalesDay,
  type SalesFigures,
  type SalesOverview,
  type SalesPeriod,
  type TopProduct,
} from '@busana/contract/schemas'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { brandNameOf } from '../catalog/index.ts'
import { reportHeadersView as h, reportLinesView as l } from '../orders/index.ts'
import { DAY_MS, periodWindows, shopDateOf, type Window } from './shop-days.ts'

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/**
 * How the shop is selling (issue 30, decision 050), in SQL on the shop's days (UTC+7).
 *
 * - **A sale** is an order paid in the window (paid_at) and not cancelled since: a paid order
 *   cancelled has its money going back (a refund due), so it is not revenue. Revenue is what the
 *   buyer paid (total_bayar: lines, shipping, packing and payment fee, less the voucher).
 * - Every query reads sales_headers by paid_at through its partial index (paid_at is not null), or
 *   by order_date through its own; the last 60 days of a year of orders are read, never the year.
 * - The orders are read through orders' report views (`reportHeadersView`, `reportLinesView`,
 *   issue 42), plain selects PostgreSQL folds into these statements: the same plans.
 */
const SOLD = sql`${h.status} in ('Paid', 'Delivery', 'Success')`
const PERIOD_DAYS: Record<SalesPeriod, number> = { today: 1, '7d': 7, '30d': 30 }
const CHART_DAYS = 30
const TOP = 5

const figures = (orders: number, revenue: number): SalesFigures => ({
  revenue,
  orders,
  average_order_value: orders === 0 ? 0 : Math.round(revenue / orders),
})

/** A timestamp bound for SQL. */
const at = (time: number) => new Date(time)

/** The shop date of a timestamp column, in SQL (whatever the session's time zone). */
const shopDay = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '7 hours')::date`

export async function readSales(db: Db, now = Date.now()): Promise<SalesOverview> {
  const chart: Window = { from: shopMidnight(now) - (CHART_DAYS - 1) * DAY_MS, to: now }
  const [periods, daily, products, vouchers, payments, unpaid] = await Promise.all([
    readPeriods(db, now),
    readDaily(db, chart),
    readTopProducts(db, chart),
    readVouchers(db, chart),
    readPaymentMethods(db, chart),
    readUnpaid(db, chart),
  ])
  return {
    as_of: shopIsoString(at(now))!,
    periods,
    ...daily,
    top_by_units: [...products].sort((a, b) => b.units - a.units || b.revenue - a.revenue).slice(0, TOP),
    top_by_revenue: [...products].sort((a, b) => b.revenue - a.revenue || b.units - a.units).slice(0, TOP),
    vouchers,
    payment_methods: payments,
    unpaid,
  }
}

/** Today, 7 and 30 days, each against the stretch before: one scan of 60 days by paid_at. */
async function readPeriods(db: Db, now: number): Promise<SalesOverview['periods']> {
  const periods = (Object.keys(PERIOD_DAYS) as SalesPeriod[]).map((period) => ({
    period,
    ...periodWindows(PERIOD_DAYS[period], now),
  }))
  const columns = periods.flatMap(({ current, previous }, i) =>
    [current, previous].map(
      (window, j) =>
        sql`count(*) filter (where ${h.paidAt} >= ${at(window.from)} and ${h.paidAt} < ${at(window.to)})::int as ${sql.raw(`o${i}${j}`)},
          coalesce(sum(${h.totalBayar}) filter (where ${h.paidAt} >= ${at(window.from)} and ${h.paidAt} < ${at(window.to)}), 0)::bigint as ${sql.raw(`r${i}${j}`)}`,
    ),
  )
  const earliest = Math.min(...periods.map(({ previous }) => previous.from))
  const [row] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`select ${sql.join(columns, sql`, `)} from ${h}
      where ${h.paidAt} >= ${at(earliest)} and ${h.paidAt} < ${at(now)} and ${SOLD}`),
  )
  const value = (key: string) => Number(row?.[key] ?? 0)
  return periods.map(({ period, current }, i) => ({
    period,
    from: shopDateOf(current.from),
    to: shopDateOf(now),
    current: figures(value(`o${i}0`), value(`r${i}0`)),
    previous: figures(value(`o${i}1`), value(`r${i}1`)),
  }))
}

/**
 * Revenue and orders per shop day and brand, every day of the window present (0 when none); the
 * brand's name is the catalog's (`brandNameOf`), looked up in the same statement.
 */
async function readDaily(
  db: Db,
  window: Window,
): Promise<{ brands: z.infer<typeof SalesBrandSchema>[]; daily: SalesDay[] }> {
  const rows = rowsOf<{
    day: string
    id_brand: number | null
    name: string | null
    orders: number
    revenue: string | number
  }>(
    await db.execute(sql`select ${shopDay(sql`${h.paidAt}`)}::text as day, ${h.idBrand} as id_brand,
        ${brandNameOf(h.idBrand)} as name, count(*)::int as orders, sum(${h.totalBayar})::bigint as revenue
      from ${h}
      where ${h.paidAt} >= ${at(window.from)} and ${h.paidAt} < ${at(window.to)} and ${SOLD}
      group by 1, 2`),
  )
  const names = new Map(rows.map((row) => [row.id_brand, row.name]))
  // The chart's series: the brands that sold in the window, the best selling first.
  const totals = new Map<number | null, number>()
  for (const row of rows) totals.set(row.id_brand, (totals.get(row.id_brand) ?? 0) + Number(row.revenue))
  const brands = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] ?? 0) - (b[0] ?? 0))
    .map(([id]) => ({ id_brand: id, name: id === null ? '' : (names.get(id) ?? `#${id}`) }))
  const daily: SalesDay[] = []
  for (let time = window.from; time < window.to; time += DAY_MS) {
    const date = shopDateOf(time)
    const ofDay = rows.filter((row) => row.day === date)
    daily.push({
      date,
      orders: ofDay.reduce((sum, row) => sum + row.orders, 0),
      revenue: ofDay.reduce((sum, row) => sum + Number(row.revenue), 0),
      by_brand: brands.map(({ id_brand }) => {
        const row = ofDay.find((r) => r.id_brand === id_brand)
        return { id_brand, orders: row?.orders ?? 0, revenue: Number(row?.revenue ?? 0) }
      }),
    })
  }
  return { brands, daily }
}

/** Units and line revenue per product (a bundle is its own product) of the window's sales. */
async function readTopProducts(db: Db, window: Window): Promise<TopProduct[]> {
  const rows = rowsOf<{
    product_code: string
    product_name: string
    units: number
    revenue: string | number
  }>(
    await db.execute(sql`select ${l.productCode} as product_code, max(${l.productName}) as product_name,
        sum(${l.quantity})::int as units, sum(${l.quantity}::bigint * ${l.hargaJual})::bigint as revenue
      from ${h} join ${l} on ${l.idSalesHeader} = ${h.idSalesHeader}
      where ${h.paidAt} >= ${at(window.from)} and ${h.paidAt} < ${at(window.to)} and ${SOLD}
      group by ${l.productCode}`),
  )
  return rows.map((row) => ({ ...row, revenue: Number(row.revenue) }))
}

async function readVouchers(db: Db, window: Window): Promise<SalesOverview['vouchers']> {
  const rows = rowsOf<{ code: string; uses: number; discount: string | number }>(
    await db.execute(sql`select ${h.kodePromo} as code, count(*)::int as uses, sum(${h.promoValue})::bigint as discount
      from ${h}
      where ${h.paidAt} >= ${at(window.from)} and ${h.paidAt} < ${at(window.to)} and ${SOLD} and ${h.kodePromo} is not null
      group by ${h.kodePromo}`),
  )
  const codes = rows
    .map((row) => ({ code: row.code, uses: row.uses, discount: Number(row.discount) }))
    .sort((a, b) => b.uses - a.uses || b.discount - a.discount || a.code.localeCompare(b.code))
  return {
    uses: codes.reduce((sum, c) => sum + c.uses, 0),
    discount: codes.reduce((sum, c) => sum + c.discount, 0),
    codes: codes.slice(0, TOP),
  }
}

async function readPaymentMethods(db: Db, window: Window): Promise<SalesOverview['payment_methods']> {
  const rows = rowsOf<{
    payment_code: string
    payment_name: string
    orders: number
    revenue: string | number
  }>(
    await db.execute(sql`select ${h.paymentCode} as payment_code, max(${h.paymentName}) as payment_name,
        count(*)::int as orders, sum(${h.totalBayar})::bigint as revenue
      from ${h}
      where ${h.paidAt} >= ${at(window.from)} and ${h.paidAt} < ${at(window.to)} and ${SOLD}
      group by ${h.paymentCode}`),
  )
  const total = rows.reduce((sum, row) => sum + row.orders, 0)
  return rows
    .map((row) => ({
      ...row,
      revenue: Number(row.revenue),
      share: total === 0 ? 0 : Math.round((row.orders / total) * 1000) / 1000,
    }))
    .sort((a, b) => b.orders - a.orders || a.payment_code.localeCompare(b.payment_code))
}

/**
 * Orders placed in the window and how many expired unpaid: cancelled without payment at or after
 * their deadline (the expiry job's cancel; a buyer's or staff's cancel comes before it).
 */
async function readUnpaid(db: Db, window: Window): Promise<SalesOverview['unpaid']> {
  const [row] = rowsOf<{ placed: number; expired: number }>(
    await db.execute(sql`select count(*)::int as placed,
        count(*) filter (where ${h.status} = 'Cancel' and ${h.paidAt} is null and ${h.cancelledAt} >= ${h.expiredTime})::int as expired
      from ${h} where ${h.orderDate} >= ${at(window.from)} and ${h.orderDate} < ${at(window.to)}`),
  )
  return { placed: row?.placed ?? 0, expired: row?.expired ?? 0 }
}
