import type { ErrorEntry } from '../errors.ts'

/**
 * The addresses module's codes (apps/api/src/domains/addresses); orders and shipping check an
 * address's region with ADR002 too. Part of the catalogue, errors.ts.
 */
export const addressErrors = {
  // ADR: saved addresses and regions
  ADR001: {
    status: 404,
    meaning: "No address with this id belongs to the member (another member's id answers the same)",
    message: 'Address not found',
  },
  ADR002: {
    status: 422,
    meaning:
      'The region fields do not match: unknown district or sub-district, or kode_pos is not its zip_code',
    message: 'The address region does not match',
  },
  ADR003: {
    status: 403,
    meaning: 'A guest by phone has no saved addresses: the address is given at guest checkout',
    message: 'Saved addresses are available to registered members only',
  },
  ADR004: {
    status: 422,
    meaning: 'The member already keeps the most saved addresses allowed (MAX_ADDRESSES)',
    message: 'You have reached the maximum number of saved addresses',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const addressErrorsId: Record<keyof typeof addressErrors, string> = {
  ADR001: 'Alamat tidak ditemukan',
  ADR002: 'Wilayah alamat tidak sesuai',
  ADR003: 'Alamat tersimpan hanya tersedia untuk member terdaftar',
  ADR004: 'Anda telah mencapai batas jumlah alamat tersimpan',
}
