/** The guest form's region part: the same fields as the address feature's RegionValue. */
export interface GuestRegion {
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

export interface GuestShippingForm {
  region: GuestRegion
  penerima: string
  /** Digits after the fixed +62 label. */
  phone: string
  alamat_lengkap: string
}

export const emptyGuestShipping: GuestShippingForm = {
  region: {
    province_id: '',
    province: '',
    city_id: '',
    city: '',
    destination_code: '',
    district: '',
    id_address_village: '',
    village: '',
    kode_pos: '',
  },
  penerima: '',
  phone: '',
  alamat_lengkap: '',
}

/** The guest's contact block: name and e-mail (the phone is the verified one). */
export interface GuestContactForm {
  name: string
  email: string
}
