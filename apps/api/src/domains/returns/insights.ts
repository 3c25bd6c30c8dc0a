import { sql } from 'drizzle-orm'
import {
  RETURN_LIVE_STATUSES,
  RETURN_REASONS,
  can,
  shopIsoString,
  type DashboardTodo,
  type ReturnRateRow,
  type ReturnRates,
  type ReturnReason,
  type StaffRole,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { deliveredLinesBetween } from '../orders/index.ts'

/**
 * What the back office's home reads of returns (issue 40): the to-do counts and the return rates.
 * Reads only; the insights module serves them (GET /api/admin/v1/insights/todo and …/returns).
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows
const DAY_MS = 24 * 60 * 60 * 1000

type ReturnsTodo = Pick<DashboardTodo, 'returns_to_review' | 'returns_arrived' | 'returns_to_refund'>

/**
 * The returns' to-do counts, each only for a role that acts on it, read fresh (each one count through
 * returns_status_idx):
 *
 * | item              | who acts (permission) | rule                                                            |
 * | ----------------- | --------------------- | --------------------------------------------------------------- |
 * | returns_to_review | returns.manage        | REQUESTED; the oldest created_at                                |
 * | returns_arrived   | returns.manage        | APPROVED with the buyer's waybill entered (the parcel is coming) |
 * | returns_to_refund | returns.refund        | RECEIVED refunds whose money is pending or failed; their sum     |
 */
export async function readReturnsTodo(db: Db, role: StaffRole): Promise<ReturnsTodo> {
  const todo: ReturnsTodo = {}
  const tasks: Promise<void>[] = []
  if (can(role, 'returns.manage')) {
    tasks.push(
      db
        .execute(
          sql`select count(*) filter (where status = 'REQUESTED')::int as review,
              min(created_at) filter (where status = 'REQUESTED') as oldest,
              count(*) filter (where status = 'APPROVED' and buyer_no_resi is not null)::int as arrived
            from returns where status in ('REQUESTED', 'APPROVED')`,
        )
        .then((result) => {
          const [row] = rowsOf<{ review: number; oldest: Date | string | null; arrived: number }>(result)
          todo.returns_to_review = { count: row?.review ?? 0, oldest_at: shopIsoString(row?.oldest ?? null) }
          todo.returns_arrived = { count: row?.arrived ?? 0 }
        }),
    )
  }
  if (can(role, 'returns.refund')) {
    tasks.push(
      db
        .execute(
          sql`select count(*)::int as count, coalesce(sum(refund_amount), 0)::bigint as amount from returns
            where status = 'RECEIVED' and resolution = 'REFUND' and refund_state in ('pending', 'failed')`,
        )
        .then((result) => {
          const [row] = rowsOf<{ count: number; amount: string | number }>(result)
          todo.returns_to_refund = { count: row?.count ?? 0, amount: Number(row?.amount ?? 0) }
        }),
    )
  }
  await Promise.all(tasks)
  return todo
}

/**
 * A product (or size) is ranked once at least this many of its units were delivered in the period:
 * below it one return reads as 33% or 50% and says nothing about the fit.
 */
export const RETURN_RATE_MIN_SOLD = 5

interface RateRow {
  product_code: string
  product_name: string
  ukuran: string | null
  sold: number
  returned: number
  reasons: Partial<Record<ReturnReason, number>> | null
}

/**
 * The return rate by product and by size (GET /api/admin/v1/insights/returns), so a merchandiser
 * sees what runs small:
 *
 * - **sold**: units of the lines of orders delivered in the last `days` (delivered_at: the order
 *   reached Success), a bundle counted as its own product;
 * - **returned**: of those very lines, units asked back in live returns (RETURN_LIVE_STATUSES: a
 *   rejected or cancelled return does not count), with their reasons; so the rate never exceeds 1;
 * - only products and sizes with at least RETURN_RATE_MIN_SOLD units sold and one unit returned,
 *   highest rate first (then most returned, then the code), `limit` of each.
 */
export async function readReturnRates(
  db: Db,
  query: { days: number; limit: number },
  now = Date.now(),
): Promise<ReturnRates> {
  const since = new Date(now - query.days * DAY_MS)
  const live = sql.join(
    RETURN_LIVE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )
  const result = await db.execute(sql`
    with sold as (${deliveredLinesBetween(since, new Date(now))}),
    asked as (
      select rl.id_sales_line, rl.reason, sum(rl.qty)::int as units
      from return_lines rl
      join returns r on r.id = rl.id_return
      where r.status in (${live}) and rl.id_sales_line in (select id from sold)
      group by rl.id_sales_line, rl.reason
    ),
    per_line as (
      select s.product_code, s.product_master_name, s.ukuran, s.quantity,
        coalesce((select sum(a.units) from asked a where a.id_sales_line = s.id), 0)::int as returned
      from sold s
    ),
    reasons as (
      select s.product_code, s.ukuran, a.reason, sum(a.units)::int as units
      from asked a join sold s on s.id = a.id_sales_line
      group by grouping sets ((s.product_code, a.reason), (s.product_code, s.ukuran, a.reason))
    ),
    rates as (
      select product_code, ukuran, max(product_master_name) as product_name,
        sum(quantity)::int as sold, sum(returned)::int as returned
      from per_line
      group by grouping sets ((product_code), (product_code, ukuran))
    )
    select r.product_code, r.product_name, r.ukuran, r.sold, r.returned,
      (select jsonb_object_agg(x.reason, x.units) from reasons x
        where x.product_code = r.product_code and x.ukuran is not distinct from r.ukuran) as reasons
    from rates r
    where r.sold >= ${RETURN_RATE_MIN_SOLD} and r.returned > 0
  `)
  const rows = rowsOf<RateRow>(result).map(toRow)
  const ranked = rows.sort(
    (a, b) => b.rate - a.rate || b.returned - a.returned || a.product_code.localeCompare(b.product_code),
  )
  return {
    days: query.days,
    products: ranked.filter((row) => row.ukuran === null).slice(0, query.limit),
    sizes: ranked
      .filter((row) => row.ukuran !== null)
      .sort((a, b) => b.rate - a.rate || b.returned - a.returned || sizeKey(a).localeCompare(sizeKey(b)))
      .slice(0, query.limit),
  }
}

const sizeKey = (row: ReturnRateRow) => `${row.product_code}\u0000${row.ukuran ?? ''}`

function toRow(row: RateRow): ReturnRateRow {
  const sold = Number(row.sold)
  const returned = Number(row.returned)
  const reasons = RETURN_REASONS.flatMap((reason) => {
    const units = Number(row.reasons?.[reason] ?? 0)
    return units > 0 ? [{ reason, units }] : []
  }).sort((a, b) => b.units - a.units)
  return {
    product_code: row.product_code,
    product_name: row.product_name,
    ukuran: row.ukuran,
    sold,
    returned,
    rate: sold === 0 ? 0 : returned / sold,
    reasons,
  }
}
