import {
  ADDRESS_MIN_LENGTH,
  isPhoneAfterPrefix,
  phoneAfterPrefix,
  phoneForApi,
  POSTAL_CODE_LENGTH,
} from '@busana/contract'
import type { Address, AddressPayload } from './addresses.api.ts'

/** Label suggestions shown while the label field is focused (docs/product/account.md §9). */
export const LABEL_SUGGESTIONS = ['Home', 'Office', 'Apartment', 'Kost'] as const

/** Keys number-like inputs reject (docs/product/account.md §5). */
export const BLOCKED_NUMBER_KEYS = new Set(['e', 'E', '+', '-', '.'])

/** The region part of the form: ids drive the cascade, names are for display. */
export interface RegionValue {
  province_id: string
  province: string
  city_id: string
  city: string
  destination_code: string
  district: string
  id_address_village: string
  village: string
  kode_pos: string
}

/** The address form's state; `id_alamat` set means edit mode (docs/product/account.md §4). */
export interface AddressForm extends RegionValue {
  id_alamat?: number | string
  penerima: string
  nama_alamat: string
  /** Digits after the fixed +62 label, without a country code or leading zeros (phoneAfterPrefix). */
  phone: string
  alamat_lengkap: string
  primary: boolean
}

export const emptyRegion: RegionValue = {
  province_id: '',
  province: '',
  city_id: '',
  city: '',
  destination_code: '',
  district: '',
  id_address_village: '',
  village: '',
  kode_pos: '',
}

/** Add opens an empty form with the label Home (docs/product/account.md §4). */
export function emptyAddressForm(): AddressForm {
  return { ...emptyRegion, penerima: '', nama_alamat: 'Home', phone: '', alamat_lengkap: '', primary: false }
}

/**
 * Edit prefills from the saved address; priority true when 'primary'. Region ids are Kemendagri codes,
 * so the district code '31.71.01' names its city '31.71' and province '31'.
 */
export function addressToForm(address: Address): AddressForm {
  const code = String(address.destination_code ?? '')
  const parts = code.split('.')
  const hasVillage = Boolean(address.id_address_village)
  return {
    id_alamat: address.id_alamat,
    penerima: address.penerima ?? '',
    nama_alamat: address.nama_alamat ?? '',
    phone: phoneAfterPrefix(address.hp_penerima),
    alamat_lengkap: address.alamat_lengkap ?? '',
    primary: address.priority === 'primary',
    // The list carries province_id and city_id; older answers only the district code.
    province_id: String(address.province_id ?? '') || (parts[0] ?? ''),
    province: address.province ?? '',
    city_id: String(address.city_id ?? '') || (parts.length >= 2 ? parts.slice(0, 2).join('.') : ''),
    city: address.city ?? '',
    destination_code: code,
    district: address.district ?? '',
    // An address without a sub-district keeps its district but must pick one before saving.
    id_address_village: hasVillage ? String(address.id_address_village) : '',
    village: hasVillage ? String(address.village ?? '') : '',
    kode_pos: hasVillage ? String(address.kode_pos ?? '') : '',
  }
}

/**
 * Save stays disabled until every field is filled and within the contract's bounds (docs/product/account.md
 * section 5): the form shows no messages beyond disabling, so it must not send what the API refuses.
 */
export function isAddressComplete(form: AddressForm): boolean {
  return [
    form.penerima.trim(),
    form.nama_alamat.trim(),
    // The contract's phone rule, so Save opens for every number the API accepts (issue 25).
    isPhoneAfterPrefix(form.phone),
    form.alamat_lengkap.trim().length >= ADDRESS_MIN_LENGTH,
    form.destination_code,
    form.kode_pos,
    form.province_id,
    form.city_id,
    form.id_address_village,
  ].every(Boolean)
}

/** The call's body (docs/product/account.md §7). */
export function formToPayload(form: AddressForm): AddressPayload {
  return {
    penerima: form.penerima.trim(),
    nama_alamat: form.nama_alamat.trim(),
    hp_penerima: phoneForApi(form.phone),
    alamat_lengkap: form.alamat_lengkap.trim(),
    destination_code: form.destination_code,
    kode_pos: form.kode_pos,
    priority: form.primary ? 'primary' : 'second',
    id_address_village: form.id_address_village,
  }
}

/** Region fields cleared by a change at each level (docs/product/account.md §4). */
export function changeProvince(value: RegionValue, province_id: string, province: string): RegionValue {
  return { ...emptyRegion, province_id, province }
}
export function changeCity(value: RegionValue, city_id: string, city: string): RegionValue {
  return {
    ...emptyRegion,
    province_id: value.province_id,
    province: value.province,
    city_id,
    city,
  }
}
export function changeDistrict(value: RegionValue, destination_code: string, district: string): RegionValue {
  return { ...value, destination_code, district, id_address_village: '', village: '', kode_pos: '' }
}
/** Selecting a sub-district fills the postal code from its zip_code (digits, at most 5). */
export function changeVillage(
  value: RegionValue,
  village: { id: string; name: string; zip_code: string } | null,
): RegionValue {
  return {
    ...value,
    id_address_village: village?.id ?? '',
    village: village?.name ?? '',
    kode_pos: (village?.zip_code ?? '').replace(/\D/g, '').slice(0, POSTAL_CODE_LENGTH),
  }
}
