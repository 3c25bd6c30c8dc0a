import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { chooseOption } from '~/test/events.ts'
import { AddressFormView } from './address-form.tsx'
import { emptyAddressForm, type AddressForm } from '../address-form.rules.ts'
import { fakeRegionSource, renderWithAddressesI18n } from '../addresses.test-utils.tsx'

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement
const postal = () => screen.getByRole('textbox', { name: 'Postal code' }) as HTMLInputElement
const save = () => screen.getByRole('button', { name: 'SAVE' }) as HTMLButtonElement

/** Picks an option once its list has loaded. */
async function choose(name: string, option: string) {
  await waitFor(() => expect(within(select(name)).getByRole('option', { name: option })).toBeTruthy())
  const el = select(name)
  const value = [...el.options].find((o) => o.text === option)!.value
  chooseOption(el, value)
}

function renderForm(initial: AddressForm = emptyAddressForm(), onSubmit = vi.fn()) {
  renderWithAddressesI18n(
    <AddressFormView
      initial={initial}
      source={fakeRegionSource()}
      onSubmit={onSubmit}
      onCancel={() => {}}
      onDelete={() => {}}
    />,
  )
  return { onSubmit }
}

async function fillWholeCascade() {
  await choose('Province', 'DKI JAKARTA')
  await choose('City', 'KOTA JAKARTA PUSAT')
  await choose('District', 'GAMBIR')
  await choose('Sub District', 'CIDENG')
}

describe('RegionCascade (docs/product/account.md §4 and 5)', () => {
  it('each level needs its parent: city, district and sub-district start disabled', () => {
    renderForm()
    expect(select('Province').disabled).toBe(false)
    expect(select('City').disabled).toBe(true)
    expect(select('District').disabled).toBe(true)
    expect(select('Sub District').disabled).toBe(true)
    expect(postal().readOnly).toBe(true)
    expect(postal().maxLength).toBe(5)
  })

  it('selecting a sub-district fills the postal code from its zip_code', async () => {
    renderForm()
    await fillWholeCascade()
    expect(postal().value).toBe('10150')
    await choose('Sub District', 'GAMBIR')
    expect(postal().value).toBe('10110')
  })

  it('a district change clears the sub-district and postal code', async () => {
    renderForm()
    await fillWholeCascade()
    await choose('District', 'SAWAH BESAR')
    expect(select('Sub District').value).toBe('')
    expect(postal().value).toBe('')
    expect(select('City').value).toBe('31.71')
  })

  it('a city change clears district, sub-district and postal code', async () => {
    renderForm()
    await fillWholeCascade()
    await choose('City', 'KOTA JAKARTA SELATAN')
    expect(select('District').value).toBe('')
    expect(select('Sub District').value).toBe('')
    expect(select('Sub District').disabled).toBe(true)
    expect(postal().value).toBe('')
    expect(select('Province').value).toBe('31')
  })

  it('a province change clears city, district, sub-district and postal code', async () => {
    renderForm()
    await fillWholeCascade()
    await choose('Province', 'JAWA BARAT')
    expect(select('City').value).toBe('')
    expect(select('District').value).toBe('')
    expect(select('District').disabled).toBe(true)
    expect(select('Sub District').value).toBe('')
    expect(postal().value).toBe('')
  })

  it('save stays disabled until every field is filled, then sends the product’s payload', async () => {
    const { onSubmit } = renderForm()
    expect(save().disabled).toBe(true)
    fireEvent.input(screen.getByRole('textbox', { name: 'Recipient name' }), { target: { value: 'Sari' } })
    fireEvent.input(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '00812-345678' } })
    fireEvent.input(screen.getByRole('textbox', { name: 'Full address' }), {
      target: { value: 'Jl. Merdeka 1' },
    })
    expect(save().disabled).toBe(true)
    await choose('Province', 'DKI JAKARTA')
    await choose('City', 'KOTA JAKARTA PUSAT')
    await choose('District', 'GAMBIR')
    expect(save().disabled).toBe(true)
    await choose('Sub District', 'GAMBIR')
    expect(save().disabled).toBe(false)
    // Below the API's bounds it stays disabled: a phone of 7 digits, an address under 10 characters.
    const phone = screen.getByRole('textbox', { name: 'Phone' })
    fireEvent.input(phone, { target: { value: '8123456' } })
    expect(save().disabled).toBe(true)
    fireEvent.input(phone, { target: { value: '812345678' } })
    const full = screen.getByRole('textbox', { name: 'Full address' })
    fireEvent.input(full, { target: { value: 'Jl. A 1' } })
    expect(save().disabled).toBe(true)
    fireEvent.input(full, { target: { value: 'Jl. Merdeka 1' } })
    expect(save().disabled).toBe(false)
    // Emptying any one field disables it again.
    fireEvent.input(screen.getByRole('textbox', { name: 'Address label' }), { target: { value: ' ' } })
    expect(save().disabled).toBe(true)
    fireEvent.input(screen.getByRole('textbox', { name: 'Address label' }), { target: { value: 'Office' } })
    fireEvent.click(save())
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    const form = onSubmit.mock.calls[0]![0] as AddressForm
    expect(form).toMatchObject({
      penerima: 'Sari',
      nama_alamat: 'Office',
      phone: '812345678',
      destination_code: '31.71.01',
      id_address_village: '31.71.01.1001',
      kode_pos: '10110',
    })
  })

  it('the phone input rejects e, E, +, - and "." and drops leading zeros', () => {
    renderForm()
    const phone = screen.getByRole('textbox', { name: 'Phone' })
    for (const key of ['e', 'E', '+', '-', '.']) {
      expect(fireEvent.keyDown(phone, { key })).toBe(false) // default prevented
    }
    expect(fireEvent.keyDown(phone, { key: '5' })).toBe(true)
    fireEvent.input(phone, { target: { value: '0812' } })
    expect((phone as HTMLInputElement).value).toBe('812')
    // A pasted number with its country code keeps only what follows +62.
    fireEvent.input(phone, { target: { value: '+62 812-3456-7890' } })
    expect((phone as HTMLInputElement).value).toBe('81234567890')
  })

  it('edit prefills from an address lacking a sub-district and flags it in red', async () => {
    renderForm({
      ...emptyAddressForm(),
      id_alamat: 7,
      penerima: 'Budi',
      phone: '81234',
      alamat_lengkap: 'Jl. Lama',
      province_id: '31',
      province: 'DKI JAKARTA',
      city_id: '31.71',
      city: 'KOTA JAKARTA PUSAT',
      destination_code: '31.71.01',
      district: 'GAMBIR',
    })
    await waitFor(() =>
      expect(within(select('Sub District')).getByRole('option', { name: 'CIDENG' })).toBeTruthy(),
    )
    expect(select('District').value).toBe('31.71.01')
    expect(select('Sub District').className).toContain('border-red-600')
    expect(save().disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Delete address' })).toBeTruthy()
  })
})
