import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminOrderListItem, StaffMe } from '@busana/contract/schemas'
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

/** The list answers `rows` as one page; the export a small CSV. */
function open(path: string, rows: AdminOrderListItem[] = []) {
  const calls = fakeStaffApi((call: StaffCall) =>
    call.url.startsWith('/orders/export.csv')
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

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
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
    const url = new URL(calls[0]!.url, 'http://x')
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
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('expiring')).toBe('hour')
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
