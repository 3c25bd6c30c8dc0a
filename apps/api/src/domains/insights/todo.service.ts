import { sql } from 'drizzle-orm'
import {
  can,
  shopIsoString,
  shopMidnight,
  type DashboardTodo,
  type StaffRole,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { lowStockByWarehouse } from '../inventory/index.ts'
import { heldByOrders, reportHeadersView as h } from '../orders/index.ts'
import { readReturnsTodo } from '../returns/index.ts'
import { publishedReviewCount } from '../reviews/index.ts'
import { pendingInvitationCount } from '../staff/index.ts'
import { shopDateOf } from './shop-days.ts'

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows
const HOUR_MS = 60 * 60 * 1000

/**
 * What needs doing now (issue 30, decision 050): each count only for a role that may act on it, read
 * fresh on every call (each is one indexed count), so a shipped order leaves "to ship" at once.
 *
 * | item                | who acts (permission) | rule                                                         |
 * | ------------------- | --------------------- | ------------------------------------------------------------ |
 * | to_ship             | orders.fulfil         | status Paid (paid, not yet shipped); the oldest paid_at       |
 * | expiring            | orders.message        | status Open, now ≤ expired_time < now + 1 hour               |
 * | refunds_due         | orders.refund         | refund_state 'due' (a paid order cancelled, or paid after it) |
 * | low_stock           | stock.write           | available ≤ the warehouse's low_stock_at, per warehouse      |
 * | reviews_today       | reviews.read          | published since 00:00 WIB today                              |
 * | invitations_pending | staff.manage          | not accepted, not expired, the account not disabled          |
 * | returns_*           | returns.manage/refund | the returns module's readReturnsTodo (to review, arrived, to refund) |
 *
 * Each reads its table through the owner (issue 42): orders' `reportHeadersView` (folded into the
 * count, the same plan), reviews' `publishedReviewCount`, staff's `pendingInvitationCount`.
 */
export async function readTodo(db: Db, role: StaffRole, now = Date.now()): Promise<DashboardTodo> {
  const todo: DashboardTodo = { as_of: shopIsoString(new Date(now))! }
  const at = new Date(now)
  const tasks: Promise<void>[] = []

  if (can(role, 'orders.fulfil')) {
    tasks.push(
      db
        .execute(
          sql`select count(*)::int as count, min(${h.paidAt}) as oldest from ${h} where ${h.status} = 'Paid'`,
        )
        .then((result) => {
          const [row] = rowsOf<{ count: number; oldest: Date | string | null }>(result)
          todo.to_ship = { count: row?.count ?? 0, oldest_paid_at: shopIsoString(row?.oldest ?? null) }
        }),
    )
  }
  if (can(role, 'orders.message')) {
    tasks.push(
      db
        .execute(
          sql`select count(*)::int as count, min(${h.expiredTime}) as first from ${h}
            where ${h.status} = 'Open' and ${h.expiredTime} >= ${at} and ${h.expiredTime} < ${new Date(now + HOUR_MS)}`,
        )
        .then((result) => {
          const [row] = rowsOf<{ count: number; first: Date | string | null }>(result)
          todo.expiring = { count: row?.count ?? 0, first_expires_at: shopIsoString(row?.first ?? null) }
        }),
    )
  }
  if (can(role, 'orders.refund')) {
    tasks.push(
      db
        .execute(
          sql`select count(*)::int as count,
              coalesce(sum(coalesce(${h.refundAmount}, ${h.totalBayar})), 0)::bigint as amount
            from ${h} where ${h.refundState} = 'due'`,
        )
        .then((result) => {
          const [row] = rowsOf<{ count: number; amount: string | number }>(result)
          todo.refunds_due = { count: row?.count ?? 0, amount: Number(row?.amount ?? 0) }
        }),
    )
  }
  if (can(role, 'stock.write')) {
    tasks.push(
      lowStockByWarehouse(db, heldByOrders).then((warehouses) => {
        todo.low_stock = { count: warehouses.reduce((sum, w) => sum + w.count, 0), warehouses }
      }),
    )
  }
  if (can(role, 'reviews.read')) {
    const midnight = shopMidnight(now)
    tasks.push(
      publishedReviewCount(db, new Date(midnight), new Date(midnight + 24 * HOUR_MS)).then((count) => {
        todo.reviews_today = { count, date: shopDateOf(now) }
      }),
    )
  }
  if (can(role, 'staff.manage')) {
    tasks.push(
      pendingInvitationCount(db, at).then((count) => {
        todo.invitations_pending = { count }
      }),
    )
  }
  tasks.push(
    readReturnsTodo(db, role).then((returns) => {
      Object.assign(todo, returns)
    }),
  )
  await Promise.all(tasks)
  return todo
}
