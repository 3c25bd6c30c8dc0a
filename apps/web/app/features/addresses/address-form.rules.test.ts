import { describe, expect, it } from 'vitest'
import { addressToForm, emptyAddressForm, formToPayload, isAddressComplete } from './address-form.rules.ts'

describe('address form rules', () => {
  it('phones: leading zeros stripped, one 0 added before sending (docs/product/account.md §5; the rule: contract phone.ts)', () => {
    const payload = (phone: string) => formToPayload({ ...emptyAddressForm(), phone }).hp_penerima
    expect(payload('812345')).toBe('0812345')
    expect(payload('00812345')).toBe('0812345')
    expect(payload('+62 812-345')).toBe('0812345')
  })

  it('phones: the four ways of writing one number all complete the form (issue 25)', () => {
    const filled = {
      ...emptyAddressForm(),
      penerima: 'Sari',
      alamat_lengkap: 'Jl. Merdeka Barat No. 12, RT 03 RW 05, Gambir',
      destination_code: '31.71.01',
      kode_pos: '10110',
      province_id: '31',
      city_id: '31.71',
      id_address_village: '31.71.01.1001',
    }
    for (const phone of ['6281234567890', '+62 812-3456-7890', '081234567890', '81234567890']) {
      expect(isAddressComplete({ ...filled, phone }), phone).toBe(true)
      expect(formToPayload({ ...filled, phone }).hp_penerima, phone).toBe('081234567890')
    }
    expect(isAddressComplete({ ...filled, phone: '0211234567' })).toBe(false)
  })

  it('edit prefills the region ids and priority true when primary', () => {
    const form = addressToForm({
      id_alamat: 3,
      penerima: 'Sari',
      nama_alamat: 'Home',
      hp_penerima: '08123',
      alamat_lengkap: 'Jl. A',
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
    })
    expect(form).toMatchObject({ province_id: '31', city_id: '31.71', phone: '8123', primary: true })
    expect(formToPayload(form)).toEqual({
      penerima: 'Sari',
      nama_alamat: 'Home',
      hp_penerima: '08123',
      alamat_lengkap: 'Jl. A',
      destination_code: '31.71.01',
      kode_pos: '10110',
      priority: 'primary',
      id_address_village: '31.71.01.1001',
    })
  })

  it('an older address without a village keeps its district but no postal code until one is chosen', () => {
    const form = addressToForm({
      id_alamat: 4,
      penerima: 'B',
      nama_alamat: 'Office',
      hp_penerima: '0812',
      alamat_lengkap: 'x',
      destination_code: '31.71.01',
      kode_pos: '10110',
      priority: 'second',
      // Without the list's ids, the Kemendagri district code names its city and province.
      province_id: '',
      province: 'DKI JAKARTA',
      city_id: '',
      city: 'KOTA JAKARTA PUSAT',
      district: 'GAMBIR',
      id_address_village: null,
      village: null,
    })
    expect(form).toMatchObject({
      destination_code: '31.71.01',
      id_address_village: '',
      kode_pos: '',
      primary: false,
    })
  })
})
