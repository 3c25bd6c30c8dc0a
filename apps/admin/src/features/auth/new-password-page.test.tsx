import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import type { StaffMe } from '@busana/contract/schemas'
import { fakeStaffApi, renderScreen } from '../../test/render.tsx'
import { SignedInLayout } from '../../components/layout.tsx'
import { NewPasswordPage } from './new-password-page.tsx'

/**
 * Issue 38 item 12: after signing in with the first start's one-time password, the back office
 * asks for a new one before anything else (no menu, no screen), then opens as usual.
 */

const me = (mustChange: boolean): StaffMe => ({
  id: 1,
  email: 'admin@busana.local',
  name: 'Owner',
  role: 'owner',
  totp_enabled: false,
  must_change_password: mustChange,
  csrf_token: 'c',
})

function open() {
  let changed = false
  const calls = fakeStaffApi((call) => {
    if (call.url === '/auth/me') return me(!changed)
    if (call.url === '/auth/password') {
      changed = true
      return null
    }
    return []
  })
  renderScreen(
    <Routes>
      <Route element={<SignedInLayout newPassword={<NewPasswordPage />} />}>
        <Route index element={<h1>Overview</h1>} />
      </Route>
    </Routes>,
  )
  return calls
}

describe('the first sign-in with the one-time password', () => {
  it('asks for a new password before the menu or any screen, then opens the back office', async () => {
    const calls = open()
    await screen.findByRole('heading', { name: 'Choose a new password' })
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Overview' })).toBeNull()

    const user = userEvent.setup()
    await user.type(screen.getByLabelText('One-time password'), 'one-time-password-1')
    await user.type(screen.getByLabelText('New password'), 'my own passphrase')
    await user.type(screen.getByLabelText('Repeat the new password'), 'my own passphrase!')
    await user.click(screen.getByRole('button', { name: 'Save the new password' }))
    expect(await screen.findByText('The two passwords differ')).toBeTruthy()
    expect(calls.some((call) => call.url === '/auth/password')).toBe(false)

    await user.clear(screen.getByLabelText('Repeat the new password'))
    await user.type(screen.getByLabelText('Repeat the new password'), 'my own passphrase')
    await user.click(screen.getByRole('button', { name: 'Save the new password' }))
    await screen.findByRole('heading', { name: 'Overview' })
    expect(calls.find((call) => call.url === '/auth/password')?.body).toEqual({
      current_password: 'one-time-password-1',
      new_password: 'my own passphrase',
    })
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Choose a new password' })).toBeNull())
  })
})
