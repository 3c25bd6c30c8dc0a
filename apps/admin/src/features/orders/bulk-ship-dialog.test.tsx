import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminOrderListItem } from '@busana/contract/schemas'
import { fakeStaffApi, renderScreen, stubModalDialog } from '../../test/render.tsx'
import { BulkShipDialog } from './bulk-ship-dialog.tsx'

const orders = [
  { sales_order_number: 'SO-2611-0001' },
  { sales_order_number: 'SO-2611-0002' },
] as AdminOrderListItem[]

beforeEach(stubModalDialog)

describe('BulkShipDialog', () => {
  it('ships only the orders given a waybill, an empty courier left to the order', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(() => ({
      shipped: 1,
      failed: 0,
      results: [{ sales_order_number: 'SO-2611-0002', ok: true, message: null }],
    }))
    const onDone = vi.fn()
    renderScreen(<BulkShipDialog orders={orders} onClose={() => {}} onDone={onDone} />)
    await user.type(screen.getByLabelText('Waybill of SO-2611-0002'), 'JNE-123456')
    await user.click(screen.getByRole('button', { name: 'Ship' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/orders/bulk-ship',
        body: { orders: [{ sales_order_number: 'SO-2611-0002', no_resi: 'JNE-123456' }] },
      }),
    ])
  })

  it('tells the first refusal in one line with the row and field it is about', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi()
    renderScreen(<BulkShipDialog orders={orders} onClose={() => {}} onDone={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Ship' }))
    expect((await screen.findByRole('alert')).textContent).toBe('orders give at least one order')
    await user.type(screen.getByLabelText('Waybill of SO-2611-0001'), 'x1')
    await user.click(screen.getByRole('button', { name: 'Ship' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'orders.0.no_resi 6 to 40 letters, digits or dashes',
      ),
    )
    expect(calls).toEqual([])
  })
})
