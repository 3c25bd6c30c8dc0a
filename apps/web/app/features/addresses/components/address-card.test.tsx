import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { AddressCard } from './address-card.tsx'
import { renderWithAddressesI18n } from '../addresses.test-utils.tsx'
import type { Address } from '../addresses.api.ts'

const base: Address = {
  id_alamat: 1,
  penerima: 'Sari',
  nama_alamat: 'Home',
  hp_penerima: '08123456',
  alamat_lengkap: 'Jl. Merdeka 1',
  destination_code: '31.71.01',
  kode_pos: '10110',
  priority: 'primary',
  province_id: '31',
  province: 'DKI JAKARTA',
  city_id: '31.71',
  city: 'KOTA JAKARTA PUSAT',
  district: 'GAMBIR',
  id_address_village: '31.71.01.1001',
  village: 'GAMBIR',
}

describe('AddressCard (docs/product/account.md §2)', () => {
  it('shows recipient, label, phone, full address, region with postal code and the primary badge', () => {
    renderWithAddressesI18n(
      <ul>
        <AddressCard address={base} onEdit={() => {}} onMakePrimary={() => {}} />
      </ul>,
    )
    const card = screen.getByTestId('address-card')
    expect(card.textContent).toContain('Sari')
    expect(card.textContent).toContain('(Home)')
    expect(card.textContent).toContain('08123456')
    expect(card.textContent).toContain('GAMBIR, GAMBIR, KOTA JAKARTA PUSAT, DKI JAKARTA, 10110')
    expect(screen.getByText('Primary')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Set as primary' })).toBeNull()
    expect(card.className).not.toContain('border-red-600')
  })

  it('an address without a sub-district is outlined in red with a red Sub District label', () => {
    const onMakePrimary = vi.fn()
    const onEdit = vi.fn()
    renderWithAddressesI18n(
      <ul>
        <AddressCard
          address={{ ...base, priority: 'second', id_address_village: null, village: null }}
          onEdit={onEdit}
          onMakePrimary={onMakePrimary}
        />
      </ul>,
    )
    const card = screen.getByTestId('address-card')
    expect(card.className).toContain('border-red-600')
    expect(screen.getByText('Sub District').className).toContain('text-red-600')
    fireEvent.click(screen.getByRole('button', { name: 'Set as primary' }))
    expect(onMakePrimary).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Edit address Home' }))
    expect(onEdit).toHaveBeenCalledTimes(1)
  })
})
