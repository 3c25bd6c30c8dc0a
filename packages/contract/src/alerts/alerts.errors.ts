import type { ErrorEntry } from '../errors.ts'

/**
 * The alerts module's codes (apps/api/src/domains/alerts). Part of the catalogue, errors.ts.
 */
export const alertErrors = {
  // ALR: a member's alerts, back in stock and price drop (issue 42)
  ALR001: {
    status: 404,
    meaning: "The caller has no alert with this id (another member's is not found either)",
    message: 'Alert not found',
  },
  ALR002: {
    status: 422,
    meaning: 'BACK_IN_STOCK for a size that can be bought now',
    message: 'This size is in stock: you can buy it now',
  },
  ALR003: {
    status: 422,
    meaning: 'The member already has MAX_ALERTS alerts waiting',
    message: 'You have too many alerts on. Turn some off in your wishlist first.',
  },
  ALR004: {
    status: 404,
    meaning: "sku_product is not one of the product's sizes",
    message: 'This size was not found',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const alertErrorsId: Record<keyof typeof alertErrors, string> = {
  ALR001: 'Pemberitahuan tidak ditemukan',
  ALR002: 'Ukuran ini tersedia: Anda bisa membelinya sekarang',
  ALR003: 'Pemberitahuan Anda terlalu banyak. Matikan beberapa di wishlist terlebih dahulu.',
  ALR004: 'Ukuran ini tidak ditemukan',
}
