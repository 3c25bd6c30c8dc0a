import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminBrand, AdminOrderListItem, StaffMe } from '@busana/contract/schemas'
import i18n from '../../lib/i18n.ts'
import { ME_KEY } from '../../lib/session.ts'
import { fakeStaffApi, renderScreen, testQueryClient, type StaffCall } from '../../test/render.tsx'
import { exportBlocker, OrdersPage } from './orders-page.tsx'
import { spanOf } from './order-waiting.ts'

const HOUR = 3_600_000
const row = (values: Partial<AdminOrderListItem>): AdminOrderListItem => ({
  id_sales_header: 'h',
  sales_order_number: 'BSN-1',
  order_date: '2026-03-01T10:00:00+07:00',
  status: 'Paid',
  id_brand: 9,
  id_warehouse: 1,
  buyer_name: 'Sari',
  buyer_email: null,
  buyer_phone: '0812',
  total_bayar: 100_000,
  payment_code: 'bca_va',
  payment_name: 'BCA Virtual Account',
  paket: 'JNE REG',
  no_resi: null,
  units: 1,
  paid_at: null,
  expired_time: '2026-03-02T10:00:00+07:00',
  refund_state: null,
  ...values,
})

const brands: AdminBrand[] = [
  { id: 9, name: "Prepp's", slug: 'prepps', tagline: '', products: 12 },
  { id: 5, name: 'Sekar Ayu', slug: 'sekar-ayu', tagline: '', products: 4 },
]

/** The list answers `rows` as one page; the export a small CSV; /brands the group's names. */
function open(path: string, rows: AdminOrderListItem[] = []) {
  const calls = fakeStaffApi((call: StaffCall) =>
    call.url === '/brands'
      ? brands
      : call.url.startsWith('/orders/export.csv')
        ? new Response('\uFEFForder_number\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
        : new Response(JSON.stringify({ status: true, message: 'ok', data: rows, total_pages: 1 }), {
            headers: { 'content-type': 'application/json' },
          }),
  )
  const queryClient = testQueryClient()
  queryClient.setQueryData(ME_KEY, { id: 1, email: 'gudang@busana.test', role: 'warehouse' } as StaffMe)
  renderScreen(<OrdersPage />, { path, queryClient })
  return calls
}

/** The list's calls (the brands' names are fetched beside them, once). */
const listCalls = (calls: StaffCall[]) => calls.filter((call) => call.url.startsWith('/orders'))

/** A browser `width` px wide: matchMedia answers the min-width queries. */
function atWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0) <= width,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

afterEach(async () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await i18n.changeLanguage('en')
})

describe('the orders list’s to-do filters (issue 30)', () => {
  it('reads the home’s link: Paid, oldest payment first, in the controls and the call', async () => {
    const now = Date.now()
    const calls = open('/orders?status=Paid&sort=oldest', [
      row({ sales_order_number: 'BSN-OLD', paid_at: new Date(now - 2 * HOUR - 60_000).toISOString() }),
    ])
    expect(await screen.findByText('waiting 2 h')).toBeTruthy()
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('oldest')
    expect(screen.getByRole('option', { name: 'Longest since payment first' })).toBeTruthy()
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Paid')
    const url = new URL(listCalls(calls)[0]!.url, 'http://x')
    expect(url.pathname).toBe('/orders')
    expect(url.searchParams.get('status')).toBe('Paid')
    expect(url.searchParams.get('sort')).toBe('oldest')
  })

  it('sends refund and expiring, and shows how soon an Open order runs out', async () => {
    const user = userEvent.setup()
    const calls = open('/orders?status=Open&expiring=hour', [
      row({ status: 'Open', expired_time: new Date(Date.now() + 35 * 60_000 + 5_000).toISOString() }),
    ])
    expect(await screen.findByText('runs out in 35 min')).toBeTruthy()
    expect(
      (screen.getByRole('checkbox', { name: 'Payment runs out within the hour' }) as HTMLInputElement)
        .checked,
    ).toBe(true)
    expect(new URL(listCalls(calls)[0]!.url, 'http://x').searchParams.get('expiring')).toBe('hour')
    await user.selectOptions(screen.getByLabelText('Refund'), 'due')
    await waitFor(() => expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('refund')).toBe('due'))
    await user.click(screen.getByRole('checkbox', { name: 'Payment runs out within the hour' }))
    await waitFor(() =>
      expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.has('expiring')).toBe(false),
    )
  })

  it('exports the chosen period with the filters as a file; without a period the button waits', async () => {
    const user = userEvent.setup()
    // jsdom has no object URLs and does not navigate: the link's click is watched, not followed.
    const made = vi.fn(() => 'blob:orders')
    Object.assign(URL, { createObjectURL: made, revokeObjectURL: vi.fn() })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    open('/orders?status=Paid')
    expect((await screen.findByRole('button', { name: 'Export CSV' })).hasAttribute('disabled')).toBe(true)
    expect(screen.getByText(/choose the From and Until dates/)).toBeTruthy()
    // The pickers offer only the API's range (issue 38: a year-1 date was a 500).
    for (const name of ['From', 'Until']) {
      const picker = screen.getByLabelText(name)
      expect([picker.getAttribute('min'), picker.getAttribute('max')], name).toEqual([
        '2000-01-01',
        '2100-12-31',
      ])
    }
    const calls = open('/orders?from=2026-03-01&to=2026-03-31&refund=due')
    const buttons = await screen.findAllByRole('button', { name: 'Export CSV' })
    await user.click(buttons.at(-1)!)
    await waitFor(() => expect(made).toHaveBeenCalled())
    expect(clicked).toHaveBeenCalledTimes(1)
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('orders-2026-03-01-2026-03-31.csv')
    const exported = new URL(calls.find((call) => call.url.startsWith('/orders/export.csv'))!.url, 'http://x')
    expect(Object.fromEntries(exported.searchParams)).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
      refund: 'due',
    })
  })
})

describe('the orders list on a phone (issue 43)', () => {
  it('folds the filters behind a button that counts the set ones; the first order comes first', async () => {
    atWidth(390)
    const user = userEvent.setup()
    const calls = open('/orders?status=Paid&sort=oldest&id_brand=9&q=0812', [
      row({ sales_order_number: 'BSN-1' }),
    ])
    const toggle = await screen.findByRole('button', { name: 'Filters (3)' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(panel.hidden).toBe(true)
    // Folded: no field of the panel is in the way; the search and the first order are.
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull()
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'BSN-1' })).toBeTruthy()
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(panel.hidden).toBe(false)
    // The address still holds the filters: the opened fields show them.
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('Paid')
    expect((screen.getByRole('combobox', { name: 'Brand' }) as HTMLSelectElement).value).toBe('9')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Refund' }), 'due')
    expect(await screen.findByRole('button', { name: 'Filters (4)' })).toBe(toggle)
    await waitFor(() =>
      expect(Object.fromEntries(new URL(calls.at(-1)!.url, 'http://x').searchParams)).toMatchObject({
        status: 'Paid',
        sort: 'oldest',
        id_brand: '9',
        refund: 'due',
        q: '0812',
      }),
    )
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('combobox', { name: 'Refund' })).toBeNull()
  })

  it('says it in Indonesian, without a count when nothing is set', async () => {
    atWidth(390)
    await i18n.changeLanguage('id')
    open('/orders', [row({})])
    const toggle = await screen.findByRole('button', { name: 'Filter' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await userEvent.setup().click(toggle)
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Merek' }), '5')
    expect(await screen.findByRole('button', { name: 'Filter (1)' })).toBeTruthy()
  })

  it('starts open at a desk’s width, where the button folds them on demand', async () => {
    atWidth(1280)
    open('/orders?expiring=hour', [row({})])
    const toggle = await screen.findByRole('button', { name: 'Filters (1)' })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('checkbox', { name: 'Payment runs out within the hour' })).toBeTruthy()
  })
})

describe('the brand filter (issue 43)', () => {
  it('names each brand with its id, fetched once, and sends the id', async () => {
    const user = userEvent.setup()
    const calls = open('/orders', [row({})])
    const brand = screen.getByRole('combobox', { name: 'Brand' })
    expect(await within(brand).findByRole('option', { name: "Prepp's (9)" })).toBeTruthy()
    expect(within(brand).getByRole('option', { name: 'Sekar Ayu (5)' })).toBeTruthy()
    // An id of the group without a row yet keeps a plain label.
    expect(within(brand).getByRole('option', { name: 'Brand 14' })).toBeTruthy()
    await user.selectOptions(brand, "Prepp's (9)")
    await waitFor(() => expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('id_brand')).toBe('9'))
    expect(calls.filter((call) => call.url === '/brands')).toHaveLength(1)
  })
})

describe('exportBlocker and spanOf', () => {
  it('asks for a period of at most 366 days', () => {
    expect(exportBlocker('', '2026-03-01')).toBe('choosePeriod')
    expect(exportBlocker('2028-01-01', '2028-12-31')).toBeNull()
    expect(exportBlocker('2025-01-01', '2026-01-02')).toBe('periodTooLong')
  })

  it('rounds down to minutes, hours under two days, then days', () => {
    expect(spanOf(10_000)).toEqual({ unit: 'minutes', count: 1 })
    expect(spanOf(59 * 60_000)).toEqual({ unit: 'minutes', count: 59 })
    expect(spanOf(47 * HOUR + 59 * 60_000)).toEqual({ unit: 'hours', count: 47 })
    expect(spanOf(49 * HOUR)).toEqual({ unit: 'days', count: 2 })
  })
})
