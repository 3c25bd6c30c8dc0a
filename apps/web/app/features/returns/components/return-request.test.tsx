import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReturnOptions } from '@busana/contract'
import { useSessionStore } from '~/lib/session-store.ts'
import { apiAnswer, apiError } from '~/test/contract-answer.ts'
import { renderReturnsApp } from './render-returns.test-utils.tsx'
import { ReturnRequest } from './return-request.tsx'

const ORDER = '0b7e4c1e-2f0a-4f5e-9a55-1f2d3c4b5a69'

const options = (overrides: Partial<ReturnOptions> = {}): ReturnOptions => ({
  id_sales_header: ORDER,
  sales_order_number: 'BSN-261120-ABCDEFGH',
  returnable: true,
  not_returnable_reason: null,
  returnable_until: '2026-12-01T10:00:00+07:00',
  window_days: 7,
  refund_method: 'BANK_TRANSFER',
  payment_name: 'BCA Virtual Account',
  lines: [
    {
      sku_product: 'PRP-1-S',
      product_code: 'PRP-1',
      product_master_name: 'Kemeja Linen',
      ukuran: 'S',
      url_image: '/media/p/1.webp',
      quantity: 2,
      harga_jual: 199_000,
      returnable_qty: 2,
      final_sale: false,
      is_bundling: false,
      exchange_sizes: [{ sku_product: 'PRP-1-M', ukuran: 'M' }],
    },
    {
      sku_product: 'PRP-2-ALL',
      product_code: 'PRP-2',
      product_master_name: 'Topi Sale',
      ukuran: 'ALL SIZE',
      url_image: '/media/p/2.webp',
      quantity: 1,
      harga_jual: 59_000,
      returnable_qty: 0,
      final_sale: true,
      is_bundling: false,
      exchange_sizes: [],
    },
  ],
  returns: [],
  ...overrides,
})

let answers: { options: ReturnOptions; create: () => Response }
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(async () => {
  localStorage.clear()
  await useSessionStore.persist.rehydrate()
  useSessionStore.setState({ user: { token: 'tok-1', id_pelanggan: 1 } })
  answers = {
    options: options(),
    create: () =>
      apiAnswer('POST /api/v1/member/returns', { return_number: 'RTN-261125-ABCDEFGH', status: 'REQUESTED' }),
  }
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x')
    if (url.pathname.startsWith('/api/v1/member/returns/options/'))
      return apiAnswer('GET /api/v1/member/returns/options/:id', answers.options)
    if (url.pathname === '/api/v1/member/returns' && init?.method === 'POST') return answers.create()
    throw new Error(`unexpected call ${input}`)
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  useSessionStore.setState({ user: null })
})

const sent = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')

describe('ReturnRequest (issue 40)', () => {
  it('lists final-sale lines apart, and refuses an empty draft without calling the API', async () => {
    renderReturnsApp(<ReturnRequest id={ORDER} />, `/member/order/${ORDER}/return`)
    await screen.findByRole('heading', { name: 'Return or exchange' })
    expect(screen.getByTestId('return-line-unavailable').textContent).toContain('Final sale: no returns')
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Choose at least one piece to send back.')).toBeTruthy()
    expect(screen.getByText('Enter the bank.')).toBeTruthy()
    expect(sent()).toHaveLength(0)
  })

  it('a DEFECT refund asks for a photo, then sends multipart with the account and lands on the return', async () => {
    renderReturnsApp(<ReturnRequest id={ORDER} />, `/member/order/${ORDER}/return`)
    fireEvent.click(await screen.findByRole('checkbox', { name: /Kemeja Linen/ }))
    const line = screen.getByTestId('return-line')
    fireEvent.change(within(line).getByLabelText('How many'), { target: { value: '2' } })
    fireEvent.change(within(line).getByLabelText('Reason'), { target: { value: 'DEFECT' } })
    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: 'BCA' } })
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '1234 5678 90' } })
    fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: 'Siti Aminah' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Add at least one photo that shows the problem.')).toBeTruthy()
    expect(sent()).toHaveLength(0)

    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'tear.png', { type: 'image/png' })
    fireEvent.change(screen.getByTestId('return-photo-input'), { target: { files: [photo] } })
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    await screen.findByTestId('landed')
    const [url, init] = sent()[0]! as [string, RequestInit]
    expect(new URL(url, 'http://x').searchParams.get('token')).toBe('tok-1')
    const form = init.body as FormData
    expect(form.get('resolution')).toBe('REFUND')
    expect(JSON.parse(form.get('lines') as string)).toEqual([
      { sku_product: 'PRP-1-S', qty: 2, reason: 'DEFECT' },
    ])
    expect(JSON.parse(form.get('refund_account') as string)).toEqual({
      bank: 'BCA',
      number: '1234567890',
      holder: 'Siti Aminah',
    })
    expect((form.get('img1') as File).name).toBe('tear.png')
  })

  it('an exchange chooses the new size, sends JSON without an account, and shows RET008 by the pieces', async () => {
    answers.create = () => apiError(409, 'RET008', 'That size is not available for an exchange')
    renderReturnsApp(<ReturnRequest id={ORDER} />, `/member/order/${ORDER}/return`)
    fireEvent.click(await screen.findByRole('radio', { name: /Exchange for another size/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /Kemeja Linen/ }))
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'TOO_SMALL' } })
    expect(screen.queryByLabelText('Bank')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Choose the size you want instead.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('New size'), { target: { value: 'PRP-1-M' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    await waitFor(() => expect(sent()).toHaveLength(1))
    const body = JSON.parse((sent()[0]![1] as RequestInit).body as string)
    expect(body).toEqual({
      id_sales_header: ORDER,
      resolution: 'EXCHANGE',
      lines: [{ sku_product: 'PRP-1-S', qty: 1, reason: 'TOO_SMALL', exchange_sku: 'PRP-1-M' }],
    })
    expect(await screen.findByText('That size is not available for an exchange')).toBeTruthy()
  })

  it('a bundle is offered for a refund, and an exchange lists it apart as refund only', async () => {
    const base = options()
    answers.options = options({
      lines: [
        base.lines[0]!,
        {
          ...base.lines[0]!,
          sku_product: 'PRP-B01-SET',
          product_code: 'PRP-B01',
          product_master_name: 'Paket Kemeja dan Topi',
          ukuran: 'SET',
          quantity: 1,
          returnable_qty: 1,
          is_bundling: true,
          exchange_sizes: [],
        },
      ],
    })
    renderReturnsApp(<ReturnRequest id={ORDER} />, `/member/order/${ORDER}/return`)
    expect(await screen.findByRole('checkbox', { name: /Paket Kemeja dan Topi/ })).toBeTruthy()
    expect(screen.queryByTestId('return-line-unavailable')).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: /Exchange for another size/ }))
    expect(screen.queryByRole('checkbox', { name: /Paket Kemeja dan Topi/ })).toBeNull()
    expect(screen.getByTestId('return-line-unavailable').textContent).toContain(
      'A set goes back whole, for a refund only',
    )
  })

  it('a closed window says so instead of the form', async () => {
    answers.options = options({
      returnable: false,
      returnable_until: '2020-01-05T10:00:00+07:00',
      not_returnable_reason: 'The time to return this order is over',
    })
    renderReturnsApp(<ReturnRequest id={ORDER} />, `/member/order/${ORDER}/return`)
    expect((await screen.findByTestId('return-closed')).textContent).toBe('Returns closed on 5 Jan 2020')
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull()
  })
})
