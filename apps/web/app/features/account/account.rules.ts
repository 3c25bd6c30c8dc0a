import { NO_OCCUPATION, OCCUPATIONS, type Occupation } from '@busana/contract'

/**
 * How account info shows and sends the profile (docs/product/account.md §2 and 5).
 */

export type Gender = 'MALE' | 'FEMALE'
export { OCCUPATIONS, type Occupation }

/** Gender shown as Male, Female or '-'. */
export const genderLabel = (gender: string | null | undefined) =>
  gender === 'MALE' ? 'Male' : gender === 'FEMALE' ? 'Female' : '-'

/** The first occupation, shown as the product's words (Karyawan; Pelajar / Mahasiswa; Wiraswasta / Wirausaha; else '-'). */
export function occupationLabel(jenis: readonly string[] | string | null | undefined): string {
  const first = Array.isArray(jenis) ? jenis[0] : jenis
  if (first === 'KARYAWAN') return 'Karyawan'
  if (first === 'PELAJAR') return 'Pelajar / Mahasiswa'
  if (first === 'WIRAUSAHA') return 'Wiraswasta / Wirausaha'
  return '-'
}

/**
 * A birth date written the shop's way (issue 44): '17 April 1995' in English, '17 Agustus 1995'
 * with Indonesian month names; '-' when none. A calendar day, not an instant: read and written in
 * UTC so no zone moves it to the day before.
 */
export function birthDateLabel(value: string | null | undefined, language: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '')
  if (!day) return '-'
  const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
  if (Number.isNaN(date.getTime())) return '-'
  return new Intl.DateTimeFormat(language === 'id' ? 'id-ID' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date)
}

/** Instagram shows '-' when empty. */
export const instagramLabel = (instagram: string | null | undefined) => instagram?.trim() || '-'

/** The editable part of the profile as the form holds it. */
export interface ProfileForm {
  nama: string
  gender: Gender | ''
  instagram: string
  /** YYYY-MM-DD or '' */
  tanggal_lahir: string
  jenis_pekerjaan: Occupation | ''
}

export interface ProfileData {
  id_pelanggan?: number | string
  nama: string
  email: string | null
  hp: string
  tanggal_lahir: string | null
  gender: Gender | null
  /** An array of one: an occupation or '-' (none); older answers may send [] or a bare value. */
  jenis_pekerjaan: (Occupation | typeof NO_OCCUPATION)[] | Occupation | null
  instagram: string | null
  /** Messages about her alerts, back in stock and price drops (issue 42); older answers leave it out. */
  marketing_messages?: boolean
  [key: string]: unknown
}

/** The form from server data (used on edit and on reset). */
export function profileToForm(profile: ProfileData): ProfileForm {
  const jenis = Array.isArray(profile.jenis_pekerjaan) ? profile.jenis_pekerjaan[0] : profile.jenis_pekerjaan
  return {
    nama: profile.nama ?? '',
    gender: profile.gender ?? '',
    instagram: profile.instagram && profile.instagram !== '-' ? profile.instagram : '',
    tanggal_lahir: profile.tanggal_lahir?.slice(0, 10) ?? '',
    jenis_pekerjaan: jenis && jenis !== NO_OCCUPATION ? jenis : '',
  }
}

/**
 * PATCH body (docs/product/account.md §5): empty instagram sent as '-', birth date YYYY-MM-DD, occupation as
 * an array of one, '-' included (['-']: none).
 */
export function formToPatch(form: ProfileForm) {
  return {
    nama: form.nama.trim(),
    gender: form.gender || null,
    instagram: form.instagram.trim() || '-',
    tanggal_lahir: form.tanggal_lahir || null,
    jenis_pekerjaan: [form.jenis_pekerjaan || NO_OCCUPATION],
  }
}
