import { describe, expect, it } from 'vitest'
import {
  formToPatch,
  genderLabel,
  instagramLabel,
  occupationLabel,
  profileToForm,
  type ProfileData,
} from './account.rules.ts'

const profile: ProfileData = {
  nama: 'Ayu',
  email: 'ayu@example.com',
  hp: '081234567890',
  tanggal_lahir: '1994-03-21',
  gender: 'FEMALE',
  jenis_pekerjaan: ['PELAJAR'],
  instagram: '-',
}

describe('account info display and payload (docs/product/account.md §2 and 5)', () => {
  it('maps gender, occupation, instagram and phone as docs/product shows them', () => {
    expect([genderLabel('MALE'), genderLabel('FEMALE'), genderLabel(null)]).toEqual(['Male', 'Female', '-'])
    expect(occupationLabel(['KARYAWAN'])).toBe('Karyawan')
    expect(occupationLabel(['PELAJAR'])).toBe('Pelajar / Mahasiswa')
    expect(occupationLabel(['WIRAUSAHA', 'KARYAWAN'])).toBe('Wiraswasta / Wirausaha')
    expect(occupationLabel([])).toBe('-')
    expect(occupationLabel(['PETANI'])).toBe('-')
    expect([instagramLabel(''), instagramLabel(null), instagramLabel('@ayu')]).toEqual(['-', '-', '@ayu'])
  })

  it('sends an empty instagram as "-", the date as YYYY-MM-DD and the occupation as an array of one', () => {
    const form = profileToForm(profile)
    expect(form).toEqual({
      nama: 'Ayu',
      gender: 'FEMALE',
      instagram: '',
      tanggal_lahir: '1994-03-21',
      jenis_pekerjaan: 'PELAJAR',
    })
    expect(formToPatch({ ...form, nama: '  Ayu L ' })).toEqual({
      nama: 'Ayu L',
      gender: 'FEMALE',
      instagram: '-',
      tanggal_lahir: '1994-03-21',
      jenis_pekerjaan: ['PELAJAR'],
    })
  })

  it("sends '-' as the product's array of one, and reads the API's ['-'] back as '-'", () => {
    const form = profileToForm({ ...profile, jenis_pekerjaan: ['-'] })
    expect(form.jenis_pekerjaan).toBe('')
    expect(occupationLabel(['-'])).toBe('-')
    expect(formToPatch(form).jenis_pekerjaan).toEqual(['-'])
    expect(profileToForm({ ...profile, jenis_pekerjaan: [] }).jenis_pekerjaan).toBe('')
  })
})
