import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { LabelField } from './address-form.tsx'
import { renderWithAddressesI18n } from '../addresses.test-utils.tsx'

function Harness() {
  const [value, setValue] = useState('Home')
  return (
    <div>
      <LabelField value={value} onChange={setValue} />
      <p data-testid="outside">outside</p>
    </div>
  )
}

describe('LabelField suggestions (docs/product/account.md §4 and 9)', () => {
  it('shows Home, Office, Apartment and Kost while focused and hides them on an outside click', () => {
    renderWithAddressesI18n(<Harness />)
    expect(screen.queryByRole('list', { name: 'Label suggestions' })).toBeNull()
    fireEvent.focusIn(screen.getByRole('textbox', { name: 'Address label' }))
    const list = screen.getByRole('list', { name: 'Label suggestions' })
    expect([...list.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Home',
      'Office',
      'Apartment',
      'Kost',
    ])
    // A click inside keeps it open; outside hides it.
    fireEvent.mouseDown(list)
    expect(screen.getByRole('list', { name: 'Label suggestions' })).toBeTruthy()
    fireEvent.mouseDown(screen.getByTestId('outside'))
    expect(screen.queryByRole('list', { name: 'Label suggestions' })).toBeNull()
  })

  it('picking a suggestion fills the label and closes the list', () => {
    renderWithAddressesI18n(<Harness />)
    const input = screen.getByRole('textbox', { name: 'Address label' }) as HTMLInputElement
    fireEvent.focusIn(input)
    fireEvent.click(screen.getByRole('button', { name: 'Kost' }))
    expect(input.value).toBe('Kost')
    expect(screen.queryByRole('list', { name: 'Label suggestions' })).toBeNull()
  })
})
