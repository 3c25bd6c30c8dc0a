import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { StockLevel } from '@busana/contract/schemas'
import { fakeStaffApi, refusal, renderScreen, stubModalDialog } from '../../test/render.tsx'
import { AdjustDialog } from './adjust-dialog.tsx'

const level = {
  sku_product: 'KBY-01-S',
  id_warehouse: 2,
  warehouse_name: 'Bandung',
  product_name: 'Kebaya Kartini',
  ukuran: 'S',
  on_hand: 5,
  held: 2,
  available: 3,
  not_for_sale: 1,
} as unknown as StockLevel

beforeEach(stubModalDialog)

describe('AdjustDialog', () => {
  it("sends a counted stock as `set`, with the row's sku and warehouse and no empty note", async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(() => ({ ...level, on_hand: 12 }))
    const onDone = vi.fn()
    renderScreen(<AdjustDialog level={level} onClose={() => {}} onDone={onDone} />)
    await user.click(screen.getByRole('radio', { name: 'Set the count on hand' }))
    await user.type(screen.getByLabelText('Units on hand after counting'), '12')
    await user.selectOptions(screen.getByLabelText('Reason'), 'stocktake')
    await user.click(screen.getByRole('button', { name: 'Save the adjustment' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ on_hand: 12 })))
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/stock/adjust',
        body: { sku_product: 'KBY-01-S', id_warehouse: 2, set: 12, reason: 'stocktake' },
      }),
    ])
  })

  it("tells the contract's reasons beside the amount and the reason, and sends nothing", async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi()
    renderScreen(<AdjustDialog level={level} onClose={() => {}} onDone={() => {}} />)
    await user.type(screen.getByLabelText('Units to add (negative to remove)'), '0')
    await user.click(screen.getByRole('button', { name: 'Save the adjustment' }))
    expect(await screen.findByText('must not be 0')).toBeTruthy()
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
  })

  it('explains a refusal below what open orders hold (409 STF152)', async () => {
    const user = userEvent.setup()
    fakeStaffApi(() => refusal(409, 'STF152', 'less stock than open orders hold'))
    renderScreen(<AdjustDialog level={level} onClose={() => {}} onDone={() => {}} />)
    await user.type(screen.getByLabelText('Units to add (negative to remove)'), '-4')
    await user.selectOptions(screen.getByLabelText('Reason'), 'stocktake')
    await user.click(screen.getByRole('button', { name: 'Save the adjustment' }))
    expect((await screen.findByRole('alert')).textContent).toBe('less stock than open orders hold')
    expect(screen.getByTestId('below-held')).toBeTruthy()
  })
})
