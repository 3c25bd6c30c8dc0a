import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useSessionStore } from '~/lib/session-store.ts'
import { renderOrdersApp } from './render-orders.test-utils.tsx'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'
import { TrackingPage } from './tracking-page.tsx'
import TrackingRoute from '~/routes/tracking.tsx'

const order = {
  order_date: '2026-11-23T10:00:00+07:00',
  status: 'Delivery' as const,
  status_message: 'On its way',
  sales_order_number: 'BSN-261123-AAAA1111',
  total: 176000,
  no_resi: 'JNE123456789',
  paket: 'JNE REG',
}
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  useSessionStore.setState({ user: null })
  fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://x')
    if (url.pathname === '/api/v1/member/order_guest_list') {
      if (url.searchParams.get('order_id')?.includes('SLOW'))
        // The API's rate limit answers REQ006 (there is no RTL001 in the catalogue).
        return apiError(429, 'REQ006', 'Too many lookups, wait a minute')
      return apiAnswer('GET /api/v1/member/order_guest_list', [order], 'ok')
    }
    if (url.pathname === `/api/v1/member/tracking/${order.no_resi}`) return apiError(503, 'TRK001', 'down')
    return apiError(404, 'REQ003', 'Route not found')
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('TrackingPage (docs/product/account.md §2 and 5)', () => {
  it('keeps submit disabled while the only entry is empty; entries are added and removed', () => {
    renderOrdersApp(<TrackingPage />, '/tracking')
    const submit = screen.getByRole('button', { name: 'Track' })
    expect((submit as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: /Remove order number/ })).toBe(null)
    fireEvent.click(screen.getByRole('button', { name: '+ Add order number' }))
    expect(screen.getAllByRole('textbox')).toHaveLength(2)
    expect((submit as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Remove order number 1' }))
    expect(screen.getAllByRole('textbox')).toHaveLength(1)
    fireEvent.input(screen.getByRole('textbox'), { target: { value: ' bsn-1 ' } })
    expect((submit as HTMLButtonElement).disabled).toBe(false)
  })

  it('lists the orders found, names the numbers not found, and tracks by waybill', async () => {
    renderOrdersApp(<TrackingPage />, '/tracking')
    fireEvent.input(screen.getByRole('textbox'), {
      target: { value: order.sales_order_number.toLowerCase() },
    })
    fireEvent.click(screen.getByRole('button', { name: '+ Add order number' }))
    fireEvent.input(screen.getAllByRole('textbox')[1]!, { target: { value: 'BSN-NOPE' } })
    fireEvent.click(screen.getByRole('button', { name: 'Track' }))
    const row = await screen.findByTestId('order-row')
    const asked = new URL(fetchMock.mock.calls[0]![0] as string, 'http://x')
    expect(asked.searchParams.get('order_id')).toBe(`${order.sales_order_number},BSN-NOPE`)
    expect(within(row).getByTestId('order-status').textContent).toContain('Delivery')
    expect(row.textContent).toContain('23 Nov 2026')
    expect(row.textContent).toContain('Rp 176.000')
    expect(screen.getByTestId('lookup-missing').textContent).toContain('No order found for BSN-NOPE.')

    fireEvent.click(within(row).getByRole('button', { name: 'Track Order' }))
    const dialog = screen.getByRole('dialog', { name: 'Track Order' })
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('Tracking is not available right now.'),
    )
    expect(within(dialog).getByTestId('track-waybill').textContent).toContain(order.no_resi)
  })

  it("shows a 429's message in place", async () => {
    renderOrdersApp(<TrackingPage />, '/tracking')
    fireEvent.input(screen.getByRole('textbox'), { target: { value: 'SLOW' } })
    fireEvent.click(screen.getByRole('button', { name: 'Track' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Too many lookups, wait a minute')
  })

  it('issue 28: /tracking?order= fills the entries and looks them up at once, as if typed and pressed', async () => {
    renderOrdersApp(
      <TrackingRoute />,
      `/tracking?order=${order.sales_order_number.toLowerCase()},%20BSN-NOPE%20`,
    )
    const inputs = screen.getAllByRole('textbox') as HTMLInputElement[]
    expect(inputs.map((input) => input.value)).toEqual([order.sales_order_number, 'BSN-NOPE'])
    const row = await screen.findByTestId('order-row')
    expect(row.textContent).toContain(order.sales_order_number)
    expect(screen.getByTestId('lookup-missing').textContent).toContain('No order found for BSN-NOPE.')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const asked = new URL(fetchMock.mock.calls[0]![0] as string, 'http://x')
    expect(asked.searchParams.get('order_id')).toBe(`${order.sales_order_number},BSN-NOPE`)
    // The entries stay the shopper's: another lookup goes as typed.
    fireEvent.input(inputs[1]!, { target: { value: 'BSN-OTHER' } })
    fireEvent.click(screen.getByRole('button', { name: 'Track' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    const again = new URL(fetchMock.mock.calls[1]![0] as string, 'http://x')
    expect(again.searchParams.get('order_id')).toBe(`${order.sales_order_number},BSN-OTHER`)
  })

  it('issue 28: a link keeps at most 10 numbers and drops what is not one; without one nothing is asked', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `BSN-${i}`).join(',')
    renderOrdersApp(<TrackingRoute />, `/tracking?order=${encodeURIComponent(`<b>x</b>,${twelve}`)}`)
    const inputs = screen.getAllByRole('textbox') as HTMLInputElement[]
    expect(inputs).toHaveLength(10)
    expect(inputs[0]!.value).toBe('BSN-0')
    expect(screen.getByText('You can look up 10 order numbers at once.')).toBeTruthy()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    cleanup()
    fetchMock.mockClear()

    renderOrdersApp(<TrackingRoute />, '/tracking?order=%3Cscript%3E')
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('')
    expect((screen.getByRole('button', { name: 'Track' }) as HTMLButtonElement).disabled).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
