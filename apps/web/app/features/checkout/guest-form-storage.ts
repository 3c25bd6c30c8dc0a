import {
  emptyGuestShipping,
  type GuestContactForm,
  type GuestRegion,
  type GuestShippingForm,
} from './guest-shipping-form.ts'

/**
 * What a phone guest typed on /checkout-as-guest, kept for the browser tab's session so a reload
 * does not empty the form (issue 26 item 13): the contact and the shipping form, under the verified
 * phone they belong to. Nothing else goes there: no code, no token, no voucher.
 */
export const GUEST_FORM_STORAGE_KEY = 'checkout-guest-form'

export interface StoredGuestForm {
  contact: GuestContactForm
  shipping: GuestShippingForm
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The tab's sessionStorage, or null where there is none (the server, a browser that refuses it). */
export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')

/**
 * The form stored for `phone`, or null (none, another guest's, or not this shape): every field is
 * read as a bounded string, so a hand-edited entry can only fill the form with text.
 */
export function readGuestForm(storage: Storage | null, phone: string): StoredGuestForm | null {
  let stored: unknown
  try {
    stored = JSON.parse(storage?.getItem(GUEST_FORM_STORAGE_KEY) ?? 'null')
  } catch {
    return null
  }
  if (!stored || typeof stored !== 'object') return null
  const value = stored as {
    phone?: unknown
    contact?: Record<string, unknown>
    shipping?: Record<string, unknown>
  }
  if (value.phone !== phone) return null
  const contact = value.contact ?? {}
  const shipping = value.shipping ?? {}
  const region = (shipping.region ?? {}) as Record<string, unknown>
  const regionKeys = Object.keys(emptyGuestShipping.region) as (keyof GuestRegion)[]
  return {
    contact: { name: text(contact.name, 100), email: text(contact.email, 254) },
    shipping: {
      region: Object.fromEntries(
        regionKeys.map((key) => [key, text(region[key], 200)]),
      ) as unknown as GuestRegion,
      penerima: text(shipping.penerima, 100),
      phone: text(shipping.phone, 20),
      alamat_lengkap: text(shipping.alamat_lengkap, 500),
    },
  }
}

/** Keeps the form for `phone` (a full storage or a refusing browser keeps nothing, quietly). */
export function writeGuestForm(storage: Storage | null, phone: string, form: StoredGuestForm): void {
  try {
    storage?.setItem(
      GUEST_FORM_STORAGE_KEY,
      JSON.stringify({ phone, contact: form.contact, shipping: form.shipping }),
    )
  } catch {
    // Nothing to do: the form still works, it is only not kept.
  }
}

/** Forgets the stored form (logout). */
export function clearGuestForm(storage: Storage | null): void {
  try {
    storage?.removeItem(GUEST_FORM_STORAGE_KEY)
  } catch {
    // As above.
  }
}
