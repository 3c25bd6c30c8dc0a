import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Warehouse } from '@busana/contract/schemas'
import { fakeStaffApi, refusal, renderScreen } from '../../test/render.tsx'
import { ThresholdsCard } from './thresholds-card.tsx'

const warehouses: Warehouse[] = [
  { id: 1, name: 'Gudang Jakarta', city: 'Jakarta Pusat', sellable: true, low_stock_at: 3 },
  { id: 2, name: 'Gudang Bandung', city: 'Bandung', sellable: false, low_stock_at: 5 },
]

describe('ThresholdsCard', () => {
  it("saves one warehouse's threshold as a number and says so", async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(() => ({ ...warehouses[1], low_stock_at: 8 }))
    renderScreen(<ThresholdsCard warehouses={warehouses} />)
    await user.click(screen.getByText('Low-stock thresholds'))
    const field = screen.getByLabelText('Low at or under, in Gudang Bandung')
    await user.clear(field)
    await user.type(field, '8')
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1]!)
    expect(await screen.findByText('Gudang Bandung: low at or under 8 from now on.')).toBeTruthy()
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/warehouses/2/low-stock',
      body: { low_stock_at: 8 },
    })
  })

  it('shows the field the server refused beside it', async () => {
    const user = userEvent.setup()
    fakeStaffApi(() =>
      refusal(400, 'REQ001', 'Check the fields', [{ field: 'low_stock_at', message: 'must be 0 or more' }]),
    )
    renderScreen(<ThresholdsCard warehouses={warehouses} />)
    await user.click(screen.getByText('Low-stock thresholds'))
    const field = screen.getByLabelText('Low at or under, in Gudang Jakarta')
    await user.clear(field)
    await user.type(field, '-1')
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!)
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('must be 0 or more')).toBeTruthy()
  })
})
