import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import type { StaffMe, StaffReturn, StaffRole } from '@busana/contract/schemas'
import { ME_KEY } from '../../lib/session.ts'
import { fakeStaffApi, renderScreen, stubModalDialog, testQueryClient } from '../../test/render.tsx'
import { ReturnPage } from './return-page.tsx'

const NUMBER = 'RTN-261128-ABCDEFGH'

const base = {
  return_number: NUMBER,
  id_sales_header: 'b1d3c0de-0000-4000-8000-000000000001',
  sales_order_number: 'BSN-261120-ZX81QW2E',
  status: 'RECEIVED',
  status_message: 'Received by the shop',
  resolution: 'REFUND',
  lines: [
    {
      sku_product: 'KML-01-M',
      product_code: 'KML-01',
      product_master_name: 'Kemeja Linen',
      ukuran: 'M',
      url_image: '',
      qty: 2,
      reason: 'TOO_SMALL',
      exchange_sku: null,
      exchange_ukuran: null,
      accepted_qty: 2,
      not_accepted_reason: null,
      refund_amount: 298_000,
      id_warehouse: 1,
      held_qty: 0,
    },
  ],
  photos: [],
  note: null,
  reject_reason: null,
  refund: {
    method: 'BANK_TRANSFER',
    payment_name: 'BCA Virtual Account',
    amount: 298_000,
    delivery_fee: 0,
    state: 'pending',
    reference: null,
    refunded_at: null,
    account: { bank: 'BCA', number: '******7890', holder: 'Sari Retur' },
  },
  ship_to: null,
  buyer_parcel: { courier: 'jne', no_resi: 'JNE000111222', at: '2026-11-26T10:00:00+07:00' },
  exchange_parcel: null,
  created_at: '2026-11-25T10:00:00+07:00',
  events: [
    { at: '2026-11-25T10:00:00+07:00', from: null, to: 'REQUESTED', actor: 'customer', note: null },
    {
      at: '2026-11-25T11:00:00+07:00',
      from: 'REQUESTED',
      to: 'APPROVED',
      actor: 'staff:cs@busana.test',
      note: null,
    },
  ],
  can_cancel: false,
  can_send_waybill: false,
  buyer: { name: 'Sari', phone: '081234567890', email: null, is_guest: false },
  order: {
    status: 'Success',
    order_date: '2026-11-20T10:00:00+07:00',
    delivered_at: '2026-11-23T10:00:00+07:00',
    total_bayar: 321_000,
    biaya_kirim: 23_000,
    promo_value: 0,
    kode_promo: null,
    payment_name: 'BCA Virtual Account',
    payment_category: 'VIRTUAL ACCOUNT',
  },
  refund_account: null,
} as unknown as StaffReturn

function open(role: StaffRole, ret: StaffReturn, after?: StaffReturn) {
  // The server's return: a move answers (and from then on reads as) `after`.
  let now = ret
  const calls = fakeStaffApi((call) => {
    if (call.method === 'POST') now = after ?? now
    if (call.url.startsWith('/orders/')) return { sales_order_number: ret.sales_order_number, messages: [] }
    return now
  })
  const queryClient = testQueryClient()
  queryClient.setQueryData(ME_KEY, { id: 1, name: 'Staff', email: `${role}@busana.test`, role } as StaffMe)
  renderScreen(
    <Routes>
      <Route path="/returns/:number" element={<ReturnPage />} />
    </Routes>,
    { path: `/returns/${NUMBER}`, queryClient },
  )
  return calls
}

const posts = (calls: ReturnType<typeof fakeStaffApi>) => calls.filter((call) => call.method === 'POST')

beforeEach(stubModalDialog)

describe('ReturnPage', () => {
  it('lets the owner record a bank transfer only with its reference, once confirmed', async () => {
    const user = userEvent.setup()
    const owner = { ...base, refund_account: { bank: 'BCA', number: '1234567890', holder: 'Sari Retur' } }
    const paid = {
      ...owner,
      status: 'REFUNDED',
      refund: {
        ...base.refund!,
        state: 'done',
        reference: 'TRF-0001',
        refunded_at: '2026-11-27T09:00:00+07:00',
      },
    } as StaffReturn
    const calls = open('owner', owner as StaffReturn, paid)
    // The owner sees the whole account number to transfer to.
    expect((await screen.findByTestId('refund-account-number')).textContent).toBe('1234567890')
    const record = screen.getByRole('button', { name: 'Record the bank transfer' })
    expect(record).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Transfer reference'), 'TR')
    expect(record).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Transfer reference'), 'F-0001')
    await user.click(record)
    const dialog = screen.getByRole('dialog', { name: 'Record Rp 298.000 as paid back?' })
    expect(posts(calls)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Record the refund' }))
    await waitFor(() => expect(screen.getByTestId('refund-state').textContent).toBe('Paid back'))
    expect(posts(calls)).toEqual([
      expect.objectContaining({ url: `/returns/${NUMBER}/refund`, body: { reference: 'TRF-0001' } }),
    ])
  })

  it('shows support the masked account and that only the owner pays back, with no way to record it', async () => {
    open('support', base)
    expect((await screen.findByTestId('refund-account-number')).textContent).toBe('******7890')
    expect(screen.getByText('The owner sees the full account number.')).toBeTruthy()
    expect(screen.getByText('Only the owner pays money back.')).toBeTruthy()
    expect(screen.queryByLabelText('Transfer reference')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Record the bank transfer' })).toBeNull()
  })

  it('offers the owner a retry of a refused provider refund, sent with no reference', async () => {
    const user = userEvent.setup()
    const failed = {
      ...base,
      refund: { ...base.refund!, method: 'PROVIDER', payment_name: 'GoPay', state: 'failed', account: null },
    } as StaffReturn
    const calls = open('owner', failed)
    await user.click(await screen.findByRole('button', { name: 'Retry the provider refund' }))
    const dialog = screen.getByRole('dialog', { name: 'Ask GoPay to refund Rp 298.000 again?' })
    await user.click(within(dialog).getByRole('button', { name: 'Retry the provider refund' }))
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)[0]).toMatchObject({ url: `/returns/${NUMBER}/refund`, body: {} })
  })

  it('approves with the note given, and rejects only with a reason', async () => {
    const user = userEvent.setup()
    const requested = {
      ...base,
      status: 'REQUESTED',
      refund: { ...base.refund!, state: 'estimate' },
    } as StaffReturn
    const calls = open('warehouse', requested)
    await user.type(await screen.findByLabelText('Note to the buyer (optional)'), 'Kirim lewat JNE ya')
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)[0]).toMatchObject({
      url: `/returns/${NUMBER}/approve`,
      body: { note: 'Kirim lewat JNE ya' },
    })

    await user.click(screen.getByRole('button', { name: 'Reject…' }))
    await user.type(screen.getByLabelText('Why (the buyer is told)'), 'no')
    await user.click(screen.getByRole('button', { name: 'Reject the return' }))
    expect(await screen.findByText('must be 3 to 300 characters')).toBeTruthy()
    expect(posts(calls)).toHaveLength(1)
    await user.type(screen.getByLabelText('Why (the buyer is told)'), 't worn as the photos show')
    await user.click(screen.getByRole('button', { name: 'Reject the return' }))
    await waitFor(() => expect(posts(calls)).toHaveLength(2))
    expect(posts(calls)[1]).toMatchObject({
      url: `/returns/${NUMBER}/reject`,
      body: { reason: 'not worn as the photos show' },
    })
  })

  it('ships an exchange only with a waybill of the right shape', async () => {
    const user = userEvent.setup()
    const exchange = {
      ...base,
      resolution: 'EXCHANGE',
      refund: null,
      lines: [
        { ...base.lines[0]!, exchange_sku: 'KML-01-L', exchange_ukuran: 'L', refund_amount: 0, held_qty: 2 },
      ],
    } as StaffReturn
    const calls = open('warehouse', exchange)
    expect((await screen.findByTestId('return-lines')).textContent).toContain('For size L')
    const ship = screen.getByRole('button', { name: 'Ship the new size' })
    await user.type(screen.getByLabelText('Waybill number'), 'JN#1')
    expect(ship).toHaveProperty('disabled', true)
    expect(screen.getByText('6 to 40 letters, digits or dashes')).toBeTruthy()
    await user.clear(screen.getByLabelText('Waybill number'))
    await user.type(screen.getByLabelText('Waybill number'), 'SCP0012345678')
    await user.type(screen.getByLabelText('Courier'), 'SiCepat')
    await user.click(ship)
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ship it' }))
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)[0]).toMatchObject({
      url: `/returns/${NUMBER}/ship`,
      body: { no_resi: 'SCP0012345678', courier: 'sicepat' },
    })
  })
})
