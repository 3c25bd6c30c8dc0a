import { describe, expect, it } from 'vitest'
import {
  birthDateLabel,
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

describe("the birth date, written the shop's way (issue 44)", () => {
  it("names the month in the page's language, with no zone moving the day", () => {
    expect(birthDateLabel('1995-04-17', 'en')).toBe('17 April 1995')
    expect(birthDateLabel('1995-04-17', 'id')).toBe('17 April 1995')
    expect(birthDateLabel('1995-08-01', 'en')).toBe('1 August 1995')
    expect(birthDateLabel('1995-08-01', 'id')).toBe('1 Agustus 1995')
    expect(birthDateLabel('2000-12-31T00:00:00.000Z', 'id')).toBe('31 Desember 2000')
  })

  it("writes '-' when there is none or it is not a date", () => {
    expect(birthDateLabel(null, 'en')).toBe('-')
    expect(birthDateLabel('', 'id')).toBe('-')
    expect(birthDateLabel('17/04/1995', 'en')).toBe('-')
  })
})
