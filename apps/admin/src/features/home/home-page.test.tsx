import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { DashboardTodo, ReturnRates, SalesOverview, StaffMe, StaffRole } from '@busana/contract/schemas'
import { fakeStaffApi, renderScreen, testQueryClient } from '../../test/render.tsx'
import { ME_KEY } from '../../lib/session.ts'
import { changeOf, shortIdr, waitedSince } from './home.api.ts'
import { HomePage } from './home-page.tsx'

const todo: DashboardTodo = {
  as_of: '2026-03-10T14:18:00+07:00',
  to_ship: { count: 3, oldest_paid_at: '2026-03-10T09:03:00+07:00' },
  expiring: { count: 1, first_expires_at: '2026-03-10T14:40:00+07:00' },
  refunds_due: { count: 2, amount: 402_000 },
  low_stock: {
    count: 4,
    warehouses: [
      { id_warehouse: 1, name: 'Gudang Jakarta', low_stock_at: 3, count: 4 },
      { id_warehouse: 2, name: 'Gudang Bandung', low_stock_at: 5, count: 0 },
    ],
  },
  reviews_today: { count: 0, date: '2026-03-10' },
  invitations_pending: { count: 1 },
  returns_to_review: { count: 2, oldest_at: '2026-03-08T14:18:00+07:00' },
  returns_arrived: { count: 1 },
  returns_to_refund: { count: 1, amount: 289_000 },
}

const rates: ReturnRates = {
  days: 90,
  products: [
    {
      product_code: 'KML-01',
      product_name: 'Kemeja Linen',
      ukuran: null,
      sold: 50,
      returned: 9,
      rate: 0.18,
      reasons: [
        { reason: 'TOO_SMALL', units: 6 },
        { reason: 'DEFECT', units: 3 },
      ],
    },
  ],
  sizes: [
    {
      product_code: 'KML-01',
      product_name: 'Kemeja Linen',
      ukuran: 'S',
      sold: 10,
      returned: 5,
      rate: 0.5,
      reasons: [{ reason: 'TOO_SMALL', units: 5 }],
    },
  ],
}

const figures = (revenue: number, orders: number) => ({
  revenue,
  orders,
  average_order_value: orders ? Math.round(revenue / orders) : 0,
})
const sales: SalesOverview = {
  as_of: '2026-03-10T14:18:00+07:00',
  periods: [
    {
      period: 'today',
      from: '2026-03-10',
      to: '2026-03-10',
      current: figures(402_000, 2),
      previous: figures(0, 0),
    },
    {
      period: '7d',
      from: '2026-03-04',
      to: '2026-03-10',
      current: figures(1_100_000, 5),
      previous: figures(1_000_000, 5),
    },
    {
      period: '30d',
      from: '2026-02-09',
      to: '2026-03-10',
      current: figures(900_000, 4),
      previous: figures(1_000_000, 4),
    },
  ],
  brands: [
    { id_brand: 9, name: 'Busana Woman' },
    { id_brand: null, name: '' },
  ],
  daily: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-0${i < 20 ? '2' : '3'}-${String(i < 20 ? 9 + i : i - 19).padStart(2, '0')}`,
    revenue: i === 29 ? 402_000 : 0,
    orders: i === 29 ? 2 : 0,
    by_brand: [
      { id_brand: 9, revenue: i === 29 ? 402_000 : 0, orders: i === 29 ? 2 : 0 },
      { id_brand: null, revenue: 0, orders: 0 },
    ],
  })),
  top_by_units: [{ product_code: 'KBY-01', product_name: 'Kebaya Kartini', units: 6, revenue: 600_000 }],
  top_by_revenue: [{ product_code: 'KBY-01', product_name: 'Kebaya Kartini', units: 6, revenue: 600_000 }],
  vouchers: { uses: 1, discount: 20_000, codes: [{ code: 'HEMAT20', uses: 1, discount: 20_000 }] },
  payment_methods: [
    { payment_code: 'bca_va', payment_name: 'BCA Virtual Account', orders: 3, revenue: 580_000, share: 0.75 },
    { payment_code: 'gopay', payment_name: 'GoPay', orders: 1, revenue: 50_000, share: 0.25 },
  ],
  unpaid: { placed: 9, expired: 1 },
}

function renderHome(
  role: StaffRole,
  answers: { todo: Partial<DashboardTodo>; sales?: SalesOverview; rates?: ReturnRates },
) {
  const calls = fakeStaffApi((call) =>
    call.url === '/insights/todo'
      ? answers.todo
      : call.url.startsWith('/insights/returns')
        ? (answers.rates ?? rates)
        : answers.sales,
  )
  const queryClient = testQueryClient()
  queryClient.setQueryData(ME_KEY, { id: 1, name: 'Sari', email: 'sari@busana.test', role } as StaffMe)
  renderScreen(<HomePage />, { queryClient })
  return calls
}

describe('HomePage', () => {
  it('shows the owner every count, each a link to its filtered list', async () => {
    renderHome('owner', { todo, sales })
    const toShip = await screen.findByTestId('todo-to-ship')
    expect(within(toShip).getByRole('link', { name: '3 Paid orders to ship' }).getAttribute('href')).toBe(
      '/orders?status=Paid&sort=oldest',
    )
    expect(toShip.textContent).toContain('Oldest paid 5 hours ago')
    const expiring = screen.getByTestId('todo-expiring')
    expect(within(expiring).getByRole('link').getAttribute('href')).toBe('/orders?status=Open&expiring=hour')
    expect(expiring.textContent).toContain('First due at 14:40')
    expect(screen.getByTestId('todo-refunds').textContent).toContain('Rp 402.000 to pay back')
    expect(within(screen.getByTestId('todo-refunds')).getByRole('link').getAttribute('href')).toBe(
      '/orders?refund=due',
    )
    const low = screen.getByTestId('todo-low-stock')
    expect(
      within(low).getByRole('link', { name: 'Gudang Bandung: 0 at or under 5' }).getAttribute('href'),
    ).toBe('/stock?low_stock=true&id_warehouse=2')
    expect(within(screen.getByTestId('todo-reviews')).getByRole('link').getAttribute('href')).toBe(
      '/reviews?from=2026-03-10&to=2026-03-10',
    )
    expect(within(screen.getByTestId('todo-invitations')).getByRole('link').getAttribute('href')).toBe(
      '/staff?state=invited',
    )
  })

  it('shows the returns to review, arriving and to refund, each a link to the Returns screen filtered', async () => {
    renderHome('owner', { todo, sales })
    const review = await screen.findByTestId('todo-returns-review')
    expect(within(review).getByRole('link', { name: '2 Returns to review' }).getAttribute('href')).toBe(
      '/returns?status=REQUESTED',
    )
    expect(review.textContent).toContain('Oldest asked 2 days ago')
    expect(within(screen.getByTestId('todo-returns-arrived')).getByRole('link').getAttribute('href')).toBe(
      '/returns?status=APPROVED',
    )
    const refund = screen.getByTestId('todo-returns-refund')
    expect(within(refund).getByRole('link').getAttribute('href')).toBe(
      '/returns?status=RECEIVED&resolution=REFUND',
    )
    expect(refund.textContent).toContain('Rp 289.000 to pay back')
  })

  it('says what comes back by product and by size, with the main reason', async () => {
    const calls = renderHome('merchandiser', { todo: { as_of: todo.as_of }, sales })
    const products = await screen.findByTestId('return-rates-products')
    expect(products.textContent).toContain('Kemeja Linen: 18% returned, mostly Too small')
    expect(products.textContent).toContain('9 of 50 units')
    expect(screen.getByTestId('return-rates-sizes').textContent).toContain(
      'Kemeja Linen, size S: 50% returned, mostly Too small',
    )
    expect(screen.getByTestId('return-rates').textContent).toContain('at least 5 units delivered')
    expect(calls.map((call) => call.url)).toContain('/insights/returns?days=90&limit=5')
  })

  it('says when no size has enough units delivered on its own', async () => {
    renderHome('owner', { todo, sales, rates: { ...rates, sizes: [] } })
    expect((await screen.findByTestId('return-rates')).textContent).toContain(
      'None has enough units delivered on its own.',
    )
  })

  it('says so when nothing came back', async () => {
    renderHome('owner', { todo, sales, rates: { days: 90, products: [], sizes: [] } })
    expect((await screen.findByTestId('return-rates')).textContent).toContain(
      'Nothing delivered in the period has been asked back.',
    )
  })

  it('shows the sales with their change in words, the table and the breakdowns', async () => {
    renderHome('owner', { todo, sales })
    const today = await screen.findByTestId('period-today')
    expect(today.textContent).toContain('Rp 402.000')
    expect(today.textContent).toContain('new against Rp 0 before')
    expect(screen.getByTestId('period-7d').textContent).toContain('up 10% against Rp 1.000.000 before')
    expect(screen.getByTestId('period-30d').textContent).toContain('down 10% against Rp 1.000.000 before')
    const table = within(screen.getByTestId('sales-table')).getByRole('table', {
      name: 'Revenue and orders per day, last 30 days',
    })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Busana Woman', 'No brand', 'Revenue', 'Orders'])
    expect(within(table).getByRole('rowheader', { name: '10 Mar' }).closest('tr')!.textContent).toContain(
      'Rp 402.000',
    )
    expect(screen.getByTestId('voucher-summary').textContent).toBe(
      '1 order used a voucher, Rp 20.000 off in all.',
    )
    expect(screen.getByTestId('unpaid').textContent).toContain(
      '1 of 9 orders placed in the last 30 days expired unpaid',
    )
  })

  it('asks the warehouse only for its counts, never for the sales', async () => {
    const calls = renderHome('warehouse', {
      todo: { as_of: todo.as_of, to_ship: todo.to_ship, expiring: todo.expiring, low_stock: todo.low_stock },
    })
    expect(await screen.findByTestId('todo-to-ship')).toBeTruthy()
    expect(screen.queryByTestId('todo-refunds')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'How we are selling' })).toBeNull()
    expect(calls.map((call) => call.url)).toEqual(['/insights/todo'])
  })
})

describe('the home’s little rules', () => {
  it('says how long the oldest has waited in the largest whole unit', () => {
    const now = Date.parse('2026-03-10T14:18:00+07:00')
    expect(waitedSince('2026-03-10T14:00:00+07:00', now)).toEqual(['minutes', 18])
    expect(waitedSince('2026-03-09T14:18:00+07:00', now)).toEqual(['hours', 24])
    expect(waitedSince('2026-03-07T14:18:00+07:00', now)).toEqual(['days', 3])
  })

  it('compares with the period before, and has no percentage from nothing', () => {
    expect(changeOf(110, 100)).toBe(10)
    expect(changeOf(0, 0)).toBe(0)
    expect(changeOf(5, 0)).toBeNull()
  })

  it('shortens amounts for the axis in each language', () => {
    expect(shortIdr(1_250_000, 'id')).toBe('Rp 1,3 jt')
    expect(shortIdr(1_250_000, 'en')).toBe('Rp 1.3M')
    expect(shortIdr(350_000, 'id')).toBe('Rp 350 rb')
  })
})
