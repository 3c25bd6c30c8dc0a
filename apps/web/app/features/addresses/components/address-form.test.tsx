import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { AddressFormView } from './address-form.tsx'
import { emptyAddressForm, formToPayload, type AddressForm } from '../address-form.rules.ts'
import { fakeRegionSource, renderWithAddressesI18n } from '../addresses.test-utils.tsx'

/** Every field filled but the phone: the phone alone decides whether SAVE opens. */
const allButPhone: AddressForm = {
  ...emptyAddressForm(),
  penerima: 'Sari',
  nama_alamat: 'Home',
  alamat_lengkap: 'Jl. Merdeka Barat No. 12, RT 03 RW 05, Gambir',
  province_id: '31',
  province: 'DKI JAKARTA',
  city_id: '31.71',
  city: 'KOTA JAKARTA PUSAT',
  destination_code: '31.71.01',
  district: 'GAMBIR',
  id_address_village: '31.71.01.1001',
  village: 'GAMBIR',
  kode_pos: '10110',
}

function renderForm() {
  const onSubmit = vi.fn()
  renderWithAddressesI18n(
    <AddressFormView
      initial={allButPhone}
      source={fakeRegionSource()}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  )
  const phone = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement
  const save = () => screen.getByRole('button', { name: 'SAVE' }) as HTMLButtonElement
  return { onSubmit, phone, save }
}

describe('the address form phone (issue 25: the contract phone rule)', () => {
  it.each(['6281234567890', '+62 812-3456-7890', '081234567890', '81234567890'])(
    'opens SAVE for %s and sends 081234567890, as guest checkout and the API accept it',
    async (typed) => {
      const { onSubmit, phone, save } = renderForm()
      expect(save().disabled).toBe(true)
      fireEvent.change(phone, { target: { value: typed } })
      expect(phone.value).toBe('81234567890')
      expect(save().disabled).toBe(false)
      fireEvent.click(save())
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
      expect(formToPayload(onSubmit.mock.calls[0]![0] as AddressForm).hp_penerima).toBe('081234567890')
    },
  )

  it.each(['0211234567', '812345', '+1 415 555 0100'])('keeps SAVE disabled for %s', (typed) => {
    const { phone, save } = renderForm()
    fireEvent.change(phone, { target: { value: typed } })
    expect(save().disabled).toBe(true)
  })
})
