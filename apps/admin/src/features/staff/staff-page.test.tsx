import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffListItem, StaffMe } from '@busana/contract/schemas'
import { ME_KEY } from '../../lib/session.ts'
import { fakeStaffApi, renderScreen, testQueryClient } from '../../test/render.tsx'
import { StaffPage } from './staff-page.tsx'

const member = (values: Partial<StaffListItem>): StaffListItem => ({
  id: 2,
  email: 'rina@busana.test',
  name: 'Rina',
  role: 'support',
  disabled: false,
  totp_enabled: false,
  invited: true,
  created_at: '2026-11-26T09:00:00+07:00',
  state: 'invited',
  ...values,
})

function open(path: string, rows: StaffListItem[]) {
  const calls = fakeStaffApi(() => rows)
  const queryClient = testQueryClient()
  queryClient.setQueryData(ME_KEY, { id: 1, email: 'owner@busana.test', role: 'owner' } as StaffMe)
  renderScreen(<StaffPage />, { path, queryClient })
  return calls
}

describe('StaffPage’s state filter (issue 30)', () => {
  it('reads the home’s link /staff?state=invited into the control and the call', async () => {
    const calls = open('/staff?state=invited', [member({})])
    const row = (await screen.findByText('Rina')).closest('tr')!
    expect(within(row).getByText('Invited')).toBeTruthy()
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/staff?state=invited' })
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('invited')
  })

  it('changes the state from the control, and shows everyone without one', async () => {
    const user = userEvent.setup()
    const calls = open('/staff', [
      member({ id: 3, name: 'Lapsed', email: 'lapsed@busana.test', state: 'expired' }),
    ])
    const row = (await screen.findByText('Lapsed')).closest('tr')!
    expect(within(row).getByText('Invitation expired')).toBeTruthy()
    expect(calls[0]!.url).toBe('/staff')
    await user.selectOptions(screen.getByLabelText('Show'), 'disabled')
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/staff?state=disabled'))
    await user.selectOptions(screen.getByLabelText('Show'), '')
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/staff'))
  })

  it('ignores a state it does not know', async () => {
    const calls = open('/staff?state=pending', [])
    await waitFor(() => expect(calls[0]?.url).toBe('/staff'))
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('')
  })
})
