import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeStaffApi, renderScreen } from '../../test/render.tsx'
import { MembersPage } from './members-page.tsx'

describe('MembersPage', () => {
  it('looks a member up by e-mail, the search kept in the address', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(() => [])
    renderScreen(<MembersPage />, { path: '/members' })
    await user.type(screen.getByRole('searchbox', { name: 'E-mail or phone' }), ' sari@example.com ')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/members?email=sari%40example.com' })
  })

  it('refuses what is neither an e-mail nor a phone, and asks the server nothing', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi(() => [])
    renderScreen(<MembersPage />, { path: '/members' })
    await user.type(screen.getByRole('searchbox', { name: 'E-mail or phone' }), 'sari')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    expect(await screen.findByText('Enter a whole e-mail address or a mobile number')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('shows the refusal of a look-up opened from the address', async () => {
    fakeStaffApi(() => [])
    renderScreen(<MembersPage />, { path: '/members?q=sari' })
    expect((screen.getByRole('searchbox', { name: 'E-mail or phone' }) as HTMLInputElement).value).toBe(
      'sari',
    )
    expect(screen.getByText('Enter a whole e-mail address or a mobile number')).toBeTruthy()
  })
})
