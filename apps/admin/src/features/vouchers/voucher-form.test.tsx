import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AdminVoucher } from '@busana/contract/schemas'
import { fakeStaffApi, refusal, renderScreen } from '../../test/render.tsx'
import { VoucherForm } from './voucher-form.tsx'

const voucher: AdminVoucher = {
  id: 7,
  code: 'HEMAT20',
  name: 'Hemat 20K',
  type: 'PERCENTAGE',
  value: 10,
  max_discount: 50000,
  min_purchase: 100000,
  starts_at: '2026-12-01T13:00:00.000Z',
  ends_at: null,
  usage_limit: 10,
  used_count: 0,
  paused: false,
  state: 'running',
  created_at: '2026-11-01T00:00:00.000Z',
  per_customer_limit: 1,
  brands: [],
  categories: [],
  products: [],
  first_order_only: false,
}
const sent = (calls: ReturnType<typeof fakeStaffApi>) => calls.filter((call) => call.method !== 'GET')
/** The group's brands as GET /brands answers them. */
const BRANDS = [
  { id: 9, name: "Prepp's" },
  { id: 5, name: 'Busana Man' },
]
/** The staff API: GET /brands the brands, anything else `answer`. */
const withBrands = (answer: () => unknown) => (call: { method: string; url: string }) =>
  call.method === 'GET' && call.url === '/brands' ? BRANDS : answer()

describe('VoucherForm', () => {
  it("refuses a short code with the contract's message next to it and sends nothing", async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi()
    renderScreen(<VoucherForm onSaved={() => {}} />)
    await user.type(screen.getByLabelText('Code'), 'ab')
    await user.click(screen.getByRole('button', { name: 'Create the voucher' }))
    expect(await screen.findByText('must be 3 to 32 letters, digits, - or _')).toBeTruthy()
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true')
    expect(sent(calls)).toEqual([])
  })

  it('creates a voucher: rupiah as numbers, the WIB wall clock as an instant at +07:00', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(withBrands(() => ({ ...voucher, id: 8 })))
    const onSaved = vi.fn()
    renderScreen(<VoucherForm onSaved={onSaved} />)
    await user.type(screen.getByLabelText('Code'), 'hemat20')
    await user.type(screen.getByLabelText('Name'), 'Hemat 20K')
    await user.type(screen.getByLabelText('Amount off (Rp)'), '20000')
    fireEvent.input(screen.getByLabelText('Starts at (WIB, UTC+7)'), {
      target: { value: '2026-12-01T20:00' },
    })
    await user.click(screen.getByRole('button', { name: 'Create the voucher' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 8 })))
    expect(sent(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/vouchers',
        body: {
          code: 'HEMAT20',
          name: 'Hemat 20K',
          type: 'FIXED',
          value: 20000,
          max_discount: null,
          min_purchase: 0,
          starts_at: '2026-12-01T20:00:00+07:00',
          ends_at: null,
          usage_limit: null,
          paused: false,
          per_customer_limit: 1,
          brands: [],
          categories: [],
          products: [],
          first_order_only: false,
        },
      }),
    ])
  })

  it('edits the terms only (never the code), showing the window on the WIB clock', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(withBrands(() => voucher))
    renderScreen(<VoucherForm voucher={voucher} onSaved={() => {}} />)
    expect(screen.queryByLabelText('Code')).toBeNull()
    expect((screen.getByLabelText('Starts at (WIB, UTC+7)') as HTMLInputElement).value).toBe(
      '2026-12-01T20:00',
    )
    await user.clear(screen.getByLabelText('Uses allowed in all'))
    await user.type(screen.getByLabelText('Uses allowed in all'), '25')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent(calls)).toHaveLength(1))
    expect(sent(calls)[0]).toMatchObject({
      method: 'PATCH',
      url: '/vouchers/7',
      body: {
        name: 'Hemat 20K',
        type: 'PERCENTAGE',
        value: 10,
        max_discount: 50000,
        min_purchase: 100000,
        starts_at: '2026-12-01T20:00:00+07:00',
        ends_at: null,
        usage_limit: 25,
      },
    })
  })

  it("puts the server's refused fields (REQ001) next to them", async () => {
    const user = userEvent.setup()
    fakeStaffApi(
      withBrands(() =>
        refusal(400, 'REQ001', 'Invalid request', [
          { field: 'body.min_purchase', message: 'must be at most 1000000000' },
        ]),
      ),
    )
    renderScreen(<VoucherForm voucher={voucher} onSaved={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('must be at most 1000000000')).toBeTruthy()
    expect(screen.getByLabelText('Minimum purchase').getAttribute('aria-invalid')).toBe('true')
  })

  it('sends the rules: brands ticked by name, category ids and product codes, per-shopper limit, first order', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(withBrands(() => ({ ...voucher, id: 9 })))
    const onSaved = vi.fn()
    renderScreen(<VoucherForm onSaved={onSaved} />)
    await user.type(screen.getByLabelText('Code'), 'man10')
    await user.type(screen.getByLabelText('Name'), 'Man 10K')
    await user.type(screen.getByLabelText('Amount off (Rp)'), '10000')
    await user.click(await screen.findByLabelText('Busana Man'))
    await user.type(screen.getByLabelText('Category ids'), '12, 15,')
    await user.type(screen.getByLabelText('Product codes'), ' BSN-001 , BSN-002')
    await user.clear(screen.getByLabelText('Uses per shopper'))
    await user.type(screen.getByLabelText('Uses per shopper'), '3')
    await user.click(screen.getByLabelText(/First order only/))
    await user.clear(screen.getByLabelText('Minimum purchase'))
    await user.type(screen.getByLabelText('Minimum purchase'), '150000')
    await user.click(screen.getByRole('button', { name: 'Create the voucher' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(sent(calls)[0]!.body).toMatchObject({
      code: 'MAN10',
      min_purchase: 150000,
      per_customer_limit: 3,
      brands: [5],
      categories: [12, 15],
      products: ['BSN-001', 'BSN-002'],
      first_order_only: true,
    })
  })

  it('shows the stored rules and refuses a category that is not an id, sending nothing', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(withBrands(() => voucher))
    const ruled = { ...voucher, brands: [9], categories: [4], products: ['BSN-7'], per_customer_limit: 2 }
    renderScreen(<VoucherForm voucher={ruled} onSaved={() => {}} />)
    expect(((await screen.findByLabelText("Prepp's")) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Busana Man') as HTMLInputElement).checked).toBe(false)
    expect((screen.getByLabelText('Category ids') as HTMLInputElement).value).toBe('4')
    expect((screen.getByLabelText('Product codes') as HTMLInputElement).value).toBe('BSN-7')
    expect((screen.getByLabelText('Uses per shopper') as HTMLInputElement).value).toBe('2')
    await user.type(screen.getByLabelText('Category ids'), ', tops')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('must be category ids')).toBeTruthy()
    expect(screen.getByLabelText('Category ids').getAttribute('aria-invalid')).toBe('true')
    expect(sent(calls)).toEqual([])
  })

  it("puts the server's unknown catalog entries (STF162) on their field", async () => {
    const user = userEvent.setup()
    fakeStaffApi(
      withBrands(() =>
        refusal(422, 'STF162', 'No such product BSN-404', [
          { field: 'products', message: 'no such product BSN-404' },
        ]),
      ),
    )
    renderScreen(<VoucherForm voucher={voucher} onSaved={() => {}} />)
    await user.type(screen.getByLabelText('Product codes'), 'BSN-404')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Product codes').getAttribute('aria-invalid')).toBe('true'),
    )
  })
})
