import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AdminOrderDetail, AdminOrderMessage, StaffMe } from '@busana/contract/schemas'
import { ME_KEY } from '../../lib/session.ts'
import { fakeStaffApi, refusal, renderScreen, stubModalDialog, testQueryClient } from '../../test/render.tsx'
import { messagesOnTheirWay, OrderMessages } from './order-messages.tsx'

const base: AdminOrderMessage = {
  id: 1,
  moment: 'placed',
  channel: 'WHATSAPP',
  recipient: '081234567890',
  language: 'id',
  state: 'sent',
  attempts: 1,
  next_attempt_at: '2026-03-01T10:00:00+07:00',
  subject: 'Pesanan BSN-1 diterima',
  body: 'Halo Sari, pesanan BSN-1 sudah kami terima.',
  last_error: null,
  requested_by: 'system',
  resend_of: null,
  created_at: '2026-03-01T10:00:00+07:00',
  sent_at: '2026-03-01T10:00:05+07:00',
}

const order = (messages: AdminOrderMessage[]) =>
  ({ sales_order_number: 'BSN-260301-AB12CD', messages }) as unknown as AdminOrderDetail

function open(messages: AdminOrderMessage[], answer: Parameters<typeof fakeStaffApi>[0] = () => null) {
  const calls = fakeStaffApi(answer)
  const queryClient = testQueryClient()
  queryClient.setQueryData(ME_KEY, { id: 3, email: 'cs@busana.test', role: 'support' } as StaffMe)
  renderScreen(<OrderMessages order={order(messages)} />, { queryClient })
  return { calls, queryClient }
}

const rows = () => screen.getAllByTestId('order-message')

beforeEach(stubModalDialog)

describe('OrderMessages', () => {
  it('shows each message with its channel, recipient, state and the text sent', () => {
    open([
      base,
      {
        ...base,
        id: 2,
        channel: 'EMAIL',
        recipient: 'sari@example.test',
        state: 'failed',
        attempts: 10,
        sent_at: null,
        last_error: 'mail server answered 554',
      },
      {
        ...base,
        id: 3,
        moment: 'paid',
        state: 'pending',
        attempts: 3,
        last_error: 'HTTP 503',
        sent_at: null,
      },
      { ...base, id: 4, moment: 'shipped', state: 'pending', attempts: 0, body: null, sent_at: null },
    ])
    const [sent, failed, retrying, waiting] = rows()
    expect(sent!.textContent).toContain('Order placed')
    expect(sent!.textContent).toContain('WhatsApp')
    expect(sent!.textContent).toContain('081234567890')
    expect(sent!.textContent).toContain('Sent')
    expect(sent!.textContent).toContain('Sent by the shop when the order moved')
    expect(within(sent!).getByText('Text sent')).toBeTruthy()
    expect(sent!.textContent).toContain('Halo Sari, pesanan BSN-1 sudah kami terima.')
    expect(failed!.textContent).toContain('Failed')
    expect(failed!.textContent).toContain('10 attempts')
    expect(failed!.textContent).toContain('mail server answered 554')
    expect(retrying!.textContent).toContain('Retrying')
    expect(retrying!.textContent).toContain('3 attempts')
    expect(retrying!.textContent).toContain('HTTP 503')
    expect(waiting!.textContent).toContain('Waiting to be sent')
    expect(within(waiting!).queryByText('Text sent')).toBeNull()
    // Only what has finished may go again.
    expect(
      within(sent!).getByRole('button', { name: 'Re-send “Order placed” by WhatsApp to 081234567890' }),
    ).toBeTruthy()
    expect(within(failed!).getByRole('button', { name: /^Re-send/ })).toBeTruthy()
    expect(within(retrying!).queryByRole('button')).toBeNull()
    expect(within(waiting!).queryByRole('button')).toBeNull()
  })

  it('re-sends after confirming, then refreshes the order', async () => {
    const user = userEvent.setup()
    const { calls, queryClient } = open([base], () => ({ ...base, id: 9, state: 'pending', resend_of: 1 }))
    queryClient.setQueryData(['order', 'BSN-260301-AB12CD'], order([base]))
    await user.click(screen.getByRole('button', { name: /^Re-send/ }))
    const dialog = screen.getByRole('dialog', { name: 'Re-send this message?' })
    expect(dialog.textContent).toContain('by WhatsApp at 081234567890')
    expect(calls).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Re-send' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', url: '/orders/BSN-260301-AB12CD/messages/1/resend' }),
    ])
    expect(queryClient.getQueryState(['order', 'BSN-260301-AB12CD'])!.isInvalidated).toBe(true)
  })

  it('keeps the dialog open with the refusal, and offers no second re-send while one is on its way', async () => {
    const user = userEvent.setup()
    open([base], () => refusal(409, 'STF159', 'This message is already being sent again'))
    await user.click(screen.getByRole('button', { name: /^Re-send/ }))
    const dialog = screen.getByRole('dialog', { name: 'Re-send this message?' })
    await user.click(within(dialog).getByRole('button', { name: 'Re-send' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This message is already being sent again',
    )
  })

  it('shows the limit’s refusal (429 STF160, issue 38) in the dialog, in the server’s words', async () => {
    const user = userEvent.setup()
    open([base], () =>
      refusal(429, 'STF160', 'Pesan ini sudah dikirim ulang 3 kali dalam jam ini; coba lagi nanti'),
    )
    await user.click(screen.getByRole('button', { name: /^Re-send/ }))
    const dialog = screen.getByRole('dialog', { name: 'Re-send this message?' })
    await user.click(within(dialog).getByRole('button', { name: 'Re-send' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Pesan ini sudah dikirim ulang 3 kali dalam jam ini; coba lagi nanti',
    )
  })

  it('names the staff member behind a re-send, and says one is on its way', () => {
    open([
      base,
      {
        ...base,
        id: 5,
        state: 'pending',
        attempts: 0,
        body: null,
        sent_at: null,
        requested_by: 'staff:cs@busana.test',
        resend_of: 1,
      },
    ])
    const [original, copy] = rows()
    expect(within(original!).queryByRole('button')).toBeNull()
    expect(original!.textContent).toContain('A re-send is on its way.')
    expect(copy!.textContent).toContain('Re-sent by cs@busana.test')
    expect(copy!.textContent).toContain('repeats #1')
    expect(messagesOnTheirWay(order([base]))).toBe(false)
    expect(messagesOnTheirWay(order([base, { ...base, id: 5, state: 'pending', attempts: 0 }]))).toBe(true)
  })

  it('says when there is nothing yet', () => {
    open([])
    expect(screen.getByText('No message has been queued for this order.')).toBeTruthy()
  })
})
