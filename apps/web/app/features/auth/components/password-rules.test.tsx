import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { renderWithAuth } from '../test/render-auth.tsx'
import { Field } from '~/components/ui/field.tsx'
import { PasswordRules } from './fields.tsx'
import { changePasswordErrors } from './change-password-form.tsx'

function Harness() {
  const [password, setPassword] = useState('')
  return (
    <Field
      label="Password"
      type="password"
      value={password}
      onValue={setPassword}
      hint={<PasswordRules password={password} />}
    />
  )
}

const state = () =>
  Object.fromEntries(
    [...document.querySelectorAll('[data-rule]')].map((li) => [
      li.getAttribute('data-rule'),
      li.className.includes('green') ? 'green' : 'red',
    ]),
  )

describe('PasswordRules', () => {
  it('shows each rule of docs/product/account.md §5 red, then green as the shopper types', () => {
    renderWithAuth(<Harness />)
    expect(screen.getByText('At least 8 characters')).toBeTruthy()
    expect(state()).toEqual({ length: 'red', digit: 'red', uppercase: 'red', lowercase: 'red' })
    const input = screen.getByLabelText('Password')
    fireEvent.input(input, { target: { value: 'abc' } })
    expect(state()).toEqual({ length: 'red', digit: 'red', uppercase: 'red', lowercase: 'green' })
    fireEvent.input(input, { target: { value: 'abcD1' } })
    expect(state()).toEqual({ length: 'red', digit: 'green', uppercase: 'green', lowercase: 'green' })
    fireEvent.input(input, { target: { value: 'abcD1234' } })
    expect(state()).toEqual({ length: 'green', digit: 'green', uppercase: 'green', lowercase: 'green' })
  })

  it('change password: new must differ from the current and the confirmation must match', () => {
    expect(changePasswordErrors('Secret123', 'Secret123', 'Secret123').next).toBe('previouslyUsed')
    expect(changePasswordErrors('Secret123', 'Secret124', 'Secret125').confirm).toBe('mustMatch')
    expect(changePasswordErrors('Secret123', 'weak', 'weak').next).toBe('rules')
    expect(changePasswordErrors('Secret123', 'Secret124', 'Secret124')).toEqual({
      old: null,
      next: null,
      confirm: null,
    })
  })
})
