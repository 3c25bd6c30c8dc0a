/**
 * Address rules shared by the API and the storefront (docs/product/account.md §4, 5 and 9). The API
 * refuses what breaks them (400 REQ001); the address form keeps Save disabled until they hold.
 */

/** A member may keep at most this many saved addresses. */
export const MAX_ADDRESSES = 20
/** The full street address needs at least this many characters (street and number). */
export const ADDRESS_MIN_LENGTH = 10
/** The address label (nama_alamat: Home, Office, Kost…) is at most this long. */
export const ADDRESS_LABEL_MAX_LENGTH = 40
/** Postal codes are five digits (docs/product/account.md §9: at most 5). */
export const POSTAL_CODE_LENGTH = 5
export const POSTAL_CODE_PATTERN = new RegExp(`^\\d{${POSTAL_CODE_LENGTH}}$`)
