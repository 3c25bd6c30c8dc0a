import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { formatIdr, type DashboardTodo } from '@busana/contract/schemas'
import { formatShopTime } from '../../lib/shop-time.ts'
import { waitedSince } from './home.api.ts'

/**
 * "To do now" (issue 30): one tile per thing the signed-in role may act on, each a number that opens
 * its filtered list. A tile with work waiting is amber; an empty one stays quiet.
 */
export function TodoSection({ todo }: { todo: DashboardTodo }) {
  const { t, i18n } = useTranslation()
  const time = (at: string) => formatShopTime(at, i18n.language).split(', ')[1]!
  // How long the oldest has waited (to ship, returns to review), or the tile's word for none.
  const waited = (oldest: string | null, key: string, none: string) => {
    if (!oldest) return t(none)
    const [unit, amount] = waitedSince(oldest, Date.parse(todo.as_of))
    return t(key, { wait: t(`home.wait.${unit}`, { count: amount }) })
  }
  // The money to pay back (order refunds, return refunds), or the tile's word for none.
  const toPayBack = (count: number, amount: number, none: string) =>
    count > 0 ? t('home.todo.refundsAmount', { amount: formatIdr(amount) }) : t(none)
  const tiles: ReactNode[] = []
  if (todo.to_ship) {
    const { count, oldest_paid_at: oldest } = todo.to_ship
    tiles.push(
      <Tile
        key="to-ship"
        testId="todo-to-ship"
        to="/orders?status=Paid&sort=oldest"
        label={t('home.todo.toShip')}
        count={count}
        note={waited(oldest, 'home.todo.toShipOldest', 'home.todo.toShipNone')}
      />,
    )
  }
  if (todo.expiring) {
    const { count, first_expires_at: first } = todo.expiring
    tiles.push(
      <Tile
        key="expiring"
        testId="todo-expiring"
        to="/orders?status=Open&expiring=hour"
        label={t('home.todo.expiring')}
        count={count}
        note={first ? t('home.todo.expiringFirst', { time: time(first) }) : t('home.todo.expiringNone')}
      />,
    )
  }
  if (todo.refunds_due) {
    const { count, amount } = todo.refunds_due
    tiles.push(
      <Tile
        key="refunds"
        testId="todo-refunds"
        to="/orders?refund=due"
        label={t('home.todo.refunds')}
        count={count}
        note={toPayBack(count, amount, 'home.todo.refundsNone')}
      />,
    )
  }
  if (todo.low_stock) {
    tiles.push(
      <Tile
        key="low-stock"
        testId="todo-low-stock"
        to="/stock?low_stock=true"
        label={t('home.todo.lowStock')}
        count={todo.low_stock.count}
        note={
          <ul className="flex flex-col gap-0.5">
            {todo.low_stock.warehouses.map((w) => (
              <li key={w.id_warehouse}>
                <Link
                  to={`/stock?low_stock=true&id_warehouse=${w.id_warehouse}`}
                  className="underline decoration-slate-300 underline-offset-2 hover:decoration-slate-600"
                >
                  {t('home.todo.lowStockWarehouse', {
                    name: w.name,
                    count: w.count,
                    threshold: w.low_stock_at,
                  })}
                </Link>
              </li>
            ))}
          </ul>
        }
      />,
    )
  }
  if (todo.reviews_today) {
    const { count, date } = todo.reviews_today
    tiles.push(
      <Tile
        key="reviews"
        testId="todo-reviews"
        to={`/reviews?from=${date}&to=${date}`}
        label={t('home.todo.reviews')}
        count={count}
        urgent={false}
        note={count > 0 ? t('home.todo.reviewsSome') : t('home.todo.reviewsNone')}
      />,
    )
  }
  if (todo.invitations_pending) {
    const { count } = todo.invitations_pending
    tiles.push(
      <Tile
        key="invitations"
        testId="todo-invitations"
        to="/staff?state=invited"
        label={t('home.todo.invitations')}
        count={count}
        urgent={false}
        note={count > 0 ? t('home.todo.invitationsSome') : t('home.todo.invitationsNone')}
      />,
    )
  }
  if (todo.returns_to_review) {
    const { count, oldest_at: oldest } = todo.returns_to_review
    tiles.push(
      <Tile
        key="returns-review"
        testId="todo-returns-review"
        to="/returns?status=REQUESTED"
        label={t('home.todo.returnsToReview')}
        count={count}
        note={waited(oldest, 'home.todo.returnsOldest', 'home.todo.returnsToReviewNone')}
      />,
    )
  }
  if (todo.returns_arrived) {
    const { count } = todo.returns_arrived
    tiles.push(
      <Tile
        key="returns-arrived"
        testId="todo-returns-arrived"
        to="/returns?status=APPROVED"
        label={t('home.todo.returnsArrived')}
        count={count}
        note={count > 0 ? t('home.todo.returnsArrivedSome') : t('home.todo.returnsArrivedNone')}
      />,
    )
  }
  if (todo.returns_to_refund) {
    const { count, amount } = todo.returns_to_refund
    tiles.push(
      <Tile
        key="returns-refund"
        testId="todo-returns-refund"
        to="/returns?status=RECEIVED&resolution=REFUND"
        label={t('home.todo.returnsToRefund')}
        count={count}
        note={toPayBack(count, amount, 'home.todo.returnsToRefundNone')}
      />,
    )
  }
  return (
    <section aria-labelledby="todo-title" className="flex flex-col gap-3">
      <h2 id="todo-title" className="text-lg font-semibold">
        {t('home.todo.title')}
      </h2>
      {tiles.length === 0 ? (
        <p className="text-slate-600">{t('home.todo.none')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">{tiles}</ul>
      )}
    </section>
  )
}

function Tile({
  to,
  label,
  count,
  note,
  testId,
  urgent = true,
}: {
  to: string
  label: string
  count: number
  note: ReactNode
  testId: string
  /** Whether a count above 0 is work waiting (amber) or news (blue). */
  urgent?: boolean
}) {
  const tone =
    count === 0
      ? 'border-slate-200 bg-white'
      : urgent
        ? 'border-amber-300 bg-amber-50'
        : 'border-sky-200 bg-sky-50'
  return (
    <li data-testid={testId} className={`flex flex-col gap-1 rounded-lg border p-4 shadow-sm ${tone}`}>
      {/* The number and its name are one link: "3 Paid orders to ship". */}
      <Link to={to} className="group flex items-baseline gap-3 rounded outline-offset-4">
        <span data-testid={`${testId}-count`} className="text-3xl font-semibold tabular-nums">
          {count}
        </span>
        <span className="font-medium group-hover:underline">{label}</span>
      </Link>
      <div className="text-sm text-slate-600">{note}</div>
    </li>
  )
}
