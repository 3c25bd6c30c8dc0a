import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { Return } from '@busana/contract'
import { useSessionStore } from '~/lib/session-store.ts'
import { apiAnswer } from '~/test/contract-answer.ts'
import { renderReturnsApp } from './render-returns.test-utils.tsx'
import { ReturnPage } from './return-page.tsx'

const tracked = vi.hoisted(() => ({ events: [] as unknown[], consent: true }))
vi.mock('~/lib/track-later.ts', () => ({
  consented: () => tracked.consent,
  trackLater: (event: unknown) => tracked.events.push(event),
}))

const NUMBER = 'RTN-261125-ABCDEFGH'

const ret = (overrides: Partial<Return> = {}): Return => ({
  return_number: NUMBER,
  id_sales_header: '0b7e4c1e-2f0a-4f5e-9a55-1f2d3c4b5a69',
  sales_order_number: 'BSN-261120-ABCDEFGH',
  status: 'REQUESTED',
  status_message: 'Requested',
  resolution: 'REFUND',
  lines: [
    {
      sku_product: 'PRP-1-S',
      product_code: 'PRP-1',
      product_master_name: 'Kemeja Linen',
      ukuran: 'S',
      url_image: '/media/p/1.webp',
      qty: 1,
      reason: 'TOO_SMALL',
      exchange_sku: null,
      exchange_ukuran: null,
      accepted_qty: null,
      not_accepted_reason: null,
      refund_amount: 189_000,
    },
  ],
  photos: [],
  note: null,
  reject_reason: null,
  refund: {
    method: 'PROVIDER',
    payment_name: 'GoPay',
    amount: 189_000,
    delivery_fee: 0,
    state: 'estimate',
    reference: null,
    refunded_at: null,
    account: null,
  },
  ship_to: null,
  buyer_parcel: null,
  exchange_parcel: null,
  created_at: '2026-11-25T10:00:00+07:00',
  events: [{ at: '2026-11-25T10:00:00+07:00', from: null, to: 'REQUESTED', actor: 'customer', note: null }],
  can_cancel: true,
  can_send_waybill: false,
  ...overrides,
})

let current: Return
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(async () => {
  localStorage.clear()
  tracked.events = []
  tracked.consent = true
  await useSessionStore.persist.rehydrate()
  useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 } })
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x')
    if (url.pathname.endsWith('/cancel')) {
      current = { ...current, status: 'CANCELLED', status_message: 'Cancelled', can_cancel: false }
      return apiAnswer('POST /api/v1/member/returns/:number/cancel', current)
    }
    if (url.pathname.endsWith('/waybill')) {
      const body = JSON.parse(init!.body as string) as { courier: string; no_resi: string }
      current = { ...current, buyer_parcel: { ...body, at: '2026-11-27T09:00:00+07:00' } }
      return apiAnswer('POST /api/v1/member/returns/:number/waybill', current)
    }
    return apiAnswer('GET /api/v1/member/returns/:number', current)
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null })
})

describe('ReturnPage (issue 40)', () => {
  it('a requested return is cancelled after a confirm', async () => {
    current = ret()
    renderReturnsApp(<ReturnPage returnNumber={NUMBER} />, '/return')
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel this request' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' })
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }))
    await waitFor(() => expect(screen.getByTestId('return-status').textContent).toBe('Cancelled'))
    expect(dialog.isConnected).toBe(false)
    expect(screen.queryByRole('button', { name: 'Cancel this request' })).toBeNull()
  })

  it('an approved return shows where to send it and takes the waybill', async () => {
    current = ret({
      status: 'APPROVED',
      status_message: 'Approved: send the parcel',
      can_cancel: false,
      can_send_waybill: true,
      ship_to: {
        name: 'Busana Returns',
        phone: '0215550100',
        address: 'Jl. Melati 1, Jakarta',
        instructions: '',
      },
    })
    renderReturnsApp(<ReturnPage returnNumber={NUMBER} />, '/return')
    expect((await screen.findByTestId('return-ship-to')).textContent).toContain('Jl. Melati 1, Jakarta')
    fireEvent.click(screen.getByRole('button', { name: 'Save waybill' }))
    expect(await screen.findByText('Enter the courier, such as jne, sicepat or jnt.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Courier'), { target: { value: 'JNE' } })
    fireEvent.change(screen.getByLabelText('Waybill number'), { target: { value: 'JNE000111222333' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save waybill' }))
    expect((await screen.findByTestId('return-buyer-parcel')).textContent).toContain('JNE JNE000111222333')
    const posted = fetchMock.mock.calls.find(([url]) => String(url).includes('/waybill'))!
    expect(JSON.parse((posted[1] as RequestInit).body as string)).toEqual({
      courier: 'jne',
      no_resi: 'JNE000111222333',
    })
  })

  it('a refunded return reports one refund per browser, and none without consent', async () => {
    current = ret({
      status: 'REFUNDED',
      status_message: 'Refunded',
      can_cancel: false,
      refund: {
        ...ret().refund!,
        state: 'done',
        refunded_at: '2026-11-28T10:00:00+07:00',
        reference: 'GP-1',
      },
    })
    renderReturnsApp(<ReturnPage returnNumber={NUMBER} />, '/return')
    expect((await screen.findByTestId('return-refund')).textContent).toContain('Paid back')
    // Reported from an effect after the page shows: waited for, not read in the same tick.
    await waitFor(() =>
      expect(tracked.events).toEqual([
        {
          name: 'refund',
          params: { currency: 'IDR', value: 189_000, transaction_id: 'BSN-261120-ABCDEFGH' },
        },
      ]),
    )
    cleanup()
    renderReturnsApp(<ReturnPage returnNumber={NUMBER} />, '/return')
    await screen.findByTestId('return-refund')
    expect(tracked.events).toHaveLength(1)
  })

  it('without consent nothing is reported or remembered', async () => {
    tracked.consent = false
    current = ret({
      return_number: 'RTN-261125-ABCDEFGJ',
      status: 'REFUNDED',
      status_message: 'Refunded',
      can_cancel: false,
      refund: { ...ret().refund!, state: 'done' },
    })
    renderReturnsApp(<ReturnPage returnNumber="RTN-261125-ABCDEFGJ" />, '/return')
    await screen.findByTestId('return-refund')
    expect(tracked.events).toEqual([])
    expect(localStorage.getItem('busana-refunds-reported')).toBeNull()
  })
})
