import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { StaffReturn, StaffReturnReceiveBody, Warehouse } from '@busana/contract/schemas'
import { ApiError } from '../../lib/api.ts'
import { renderScreen, stubModalDialog } from '../../test/render.tsx'
import { ReceiveForm, receiveBody } from './receive-form.tsx'

const line = {
  product_code: 'KML-01',
  url_image: '',
  exchange_sku: null,
  exchange_ukuran: null,
  accepted_qty: null,
  not_accepted_reason: null,
  refund_amount: 0,
  id_warehouse: null,
  held_qty: 0,
}

const ret = {
  return_number: 'RTN-261128-ABCDEFGH',
  resolution: 'REFUND',
  status: 'APPROVED',
  refund: { method: 'PROVIDER', payment_name: 'GoPay', amount: 300_000, state: 'estimate' },
  lines: [
    {
      ...line,
      sku_product: 'KML-01-M',
      product_master_name: 'Kemeja Linen',
      ukuran: 'M',
      qty: 2,
      reason: 'TOO_SMALL',
    },
    {
      ...line,
      sku_product: 'RK-02-S',
      product_master_name: 'Rok Plisket',
      ukuran: 'S',
      qty: 1,
      reason: 'DEFECT',
    },
  ],
} as unknown as StaffReturn

const warehouses: Warehouse[] = [
  { id: 3, name: 'Gudang Bandung', city: 'Bandung', sellable: false, low_stock_at: 3 },
  { id: 1, name: 'Gudang Jakarta', city: 'Jakarta', sellable: true, low_stock_at: 3 },
]

const lineGroup = (name: RegExp) => screen.getByRole('group', { name })

beforeEach(stubModalDialog)

describe('ReceiveForm', () => {
  it('sends every line, all units accepted into the selling warehouse, once confirmed', async () => {
    const user = userEvent.setup()
    const onReceive = vi.fn(async (_body: StaffReturnReceiveBody) => ({}))
    const onDone = vi.fn()
    renderScreen(<ReceiveForm ret={ret} warehouses={warehouses} onReceive={onReceive} onDone={onDone} />)
    const linen = lineGroup(/Kemeja Linen, size M/)
    expect((within(linen).getByLabelText('Accepted of 2') as HTMLInputElement).value).toBe('2')
    expect((within(linen).getByLabelText('Into warehouse') as HTMLSelectElement).value).toBe('1')
    // The defective skirt is said to go to the not-for-sale count; the linen is not.
    expect(within(lineGroup(/Rok Plisket, size S/)).getByTestId('defect-note')).toBeTruthy()
    expect(within(linen).queryByTestId('defect-note')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Count what arrived' }))
    const dialog = screen.getByRole('dialog', { name: 'Record what arrived for RTN-261128-ABCDEFGH?' })
    expect(dialog.textContent).toContain('3 of 3 units accepted back into stock.')
    expect(dialog.textContent).toContain('paid back through GoPay at once')
    expect(onReceive).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Record the receipt' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(onReceive).toHaveBeenCalledWith({
      lines: [
        { sku_product: 'KML-01-M', accepted_qty: 2, id_warehouse: 1 },
        { sku_product: 'RK-02-S', accepted_qty: 1, id_warehouse: 1 },
      ],
    })
  })

  it('asks why units are not accepted before it can be sent, and sends the reason and the warehouse chosen', async () => {
    const user = userEvent.setup()
    const onReceive = vi.fn(async (_body: StaffReturnReceiveBody) => ({}))
    renderScreen(<ReceiveForm ret={ret} warehouses={warehouses} onReceive={onReceive} />)
    const linen = lineGroup(/Kemeja Linen, size M/)
    const accepted = within(linen).getByLabelText('Accepted of 2')
    await user.clear(accepted)
    await user.type(accepted, '1')
    const why = within(linen).getByLabelText('Why 1 not accepted')
    expect(within(linen).getByText('say why the units not accepted go back to the buyer')).toBeTruthy()
    expect(why.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('button', { name: 'Count what arrived' })).toHaveProperty('disabled', true)

    await user.type(why, 'Worn, tag removed')
    await user.selectOptions(within(linen).getByLabelText('Into warehouse'), '3')
    const skirt = within(lineGroup(/Rok Plisket, size S/)).getByLabelText('Accepted of 1')
    await user.clear(skirt)
    await user.type(skirt, '0')
    await user.type(
      within(lineGroup(/Rok Plisket/)).getByLabelText('Why 1 not accepted'),
      'Not in the parcel',
    )
    await user.click(screen.getByRole('button', { name: 'Count what arrived' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog.textContent).toContain('1 of 3 units accepted back into stock.')
    await user.click(within(dialog).getByRole('button', { name: 'Record the receipt' }))
    await waitFor(() =>
      expect(onReceive).toHaveBeenCalledWith({
        lines: [
          {
            sku_product: 'KML-01-M',
            accepted_qty: 1,
            id_warehouse: 3,
            not_accepted_reason: 'Worn, tag removed',
          },
          // Nothing accepted: no warehouse to go into.
          { sku_product: 'RK-02-S', accepted_qty: 0, not_accepted_reason: 'Not in the parcel' },
        ],
      }),
    )
  })

  it('refuses more units than were asked back, or none typed, and sends nothing', async () => {
    const user = userEvent.setup()
    const onReceive = vi.fn(async () => ({}))
    renderScreen(<ReceiveForm ret={ret} warehouses={warehouses} onReceive={onReceive} />)
    const accepted = within(lineGroup(/Kemeja Linen/)).getByLabelText('Accepted of 2')
    await user.clear(accepted)
    await user.type(accepted, '3')
    expect(screen.getByText('must be at most 2')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Count what arrived' })).toHaveProperty('disabled', true)
    await user.clear(accepted)
    expect(screen.getByText('must be a whole number')).toBeTruthy()
    expect(onReceive).not.toHaveBeenCalled()
  })

  it('leaves the warehouse to the server when the role has no stock screen', async () => {
    const user = userEvent.setup()
    const onReceive = vi.fn(async (_body: StaffReturnReceiveBody) => ({}))
    renderScreen(<ReceiveForm ret={ret} warehouses={null} onReceive={onReceive} />)
    expect(screen.queryByLabelText('Into warehouse')).toBeNull()
    expect(screen.getByText('Accepted units go into the selling warehouse.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Count what arrived' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Record the receipt' }))
    await waitFor(() =>
      expect(onReceive).toHaveBeenCalledWith({
        lines: [
          { sku_product: 'KML-01-M', accepted_qty: 2 },
          { sku_product: 'RK-02-S', accepted_qty: 1 },
        ],
      }),
    )
  })

  it("keeps the dialog open with the server's message when the receipt is refused", async () => {
    const user = userEvent.setup()
    const onReceive = vi.fn(async () => {
      throw new ApiError(409, 'RET009', 'This return was already received.')
    })
    const onDone = vi.fn()
    renderScreen(<ReceiveForm ret={ret} warehouses={warehouses} onReceive={onReceive} onDone={onDone} />)
    await user.click(screen.getByRole('button', { name: 'Count what arrived' }))
    const dialog = screen.getByRole('dialog')
    const confirm = within(dialog).getByRole('button', { name: 'Record the receipt' })
    await user.click(confirm)
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This return was already received.')
    expect(onDone).not.toHaveBeenCalled()
  })
})

describe('receiveBody', () => {
  it('names the line at fault', () => {
    const counts = {
      'KML-01-M': { accepted: '1', warehouse: '1', reason: 'ok' },
      'RK-02-S': { accepted: '1', warehouse: '1', reason: '' },
    }
    expect(receiveBody(ret.lines, counts)).toEqual({
      body: null,
      problems: { 'KML-01-M': { reason: 'whyNotRequired' } },
    })
  })
})
