import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffMe } from '@busana/contract/schemas'
import { ME_KEY } from '../../lib/session.ts'
import { fakeStaffApi, refusal, renderScreen, testQueryClient } from '../../test/render.tsx'
import { AccountPage } from './account-page.tsx'

const me = {
  id: 2,
  email: 'merch@busana.test',
  name: 'Merch',
  role: 'merchandiser',
  totp_enabled: true,
  csrf_token: 'c',
}

function openWithSecondFactor(answer: Parameters<typeof fakeStaffApi>[0]) {
  const calls = fakeStaffApi(answer)
  const queryClient = testQueryClient()
  queryClient.setQueryData(ME_KEY, me as unknown as StaffMe)
  renderScreen(<AccountPage />, { queryClient })
  return { calls, off: screen.getByRole('form', { name: 'Turn the second factor off' }) }
}

describe('Turning the second factor off', () => {
  it('sends the password as typed when it is the proof', async () => {
    const user = userEvent.setup()
    const { calls, off } = openWithSecondFactor(() => null)
    await user.click(within(off).getByRole('radio', { name: 'My password' }))
    await user.type(within(off).getByLabelText('Password', { exact: true }), ' my secret ')
    await user.click(within(off).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/auth/totp/disable',
      body: { password: ' my secret ' },
    })
  })

  it('sends a code trimmed, and refuses one the contract refuses, under the field', async () => {
    const user = userEvent.setup()
    const { calls, off } = openWithSecondFactor(() => null)
    const code = within(off).getByRole('textbox')
    await user.type(code, '12')
    await user.click(within(off).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'))
    expect(calls).toEqual([])
    await user.clear(code)
    await user.type(code, ' 123456 ')
    await user.click(within(off).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expect(calls[0]).toBeDefined())
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/auth/totp/disable', body: { code: '123456' } })
  })

  it("shows the server's refusal of a wrong password", async () => {
    const user = userEvent.setup()
    const { off } = openWithSecondFactor(() => refusal(401, 'STF001', 'Wrong password'))
    await user.click(within(off).getByRole('radio', { name: 'My password' }))
    await user.type(within(off).getByLabelText('Password', { exact: true }), 'not-mine')
    await user.click(within(off).getByRole('button', { name: 'Turn off' }))
    expect((await within(off).findByRole('alert')).textContent).toBe('Wrong password')
  })
})
