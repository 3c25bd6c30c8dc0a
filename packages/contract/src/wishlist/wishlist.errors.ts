import type { ErrorEntry } from '../errors.ts'

/**
 * The wishlist module's codes (apps/api/src/domains/wishlist). Part of the catalogue, errors.ts.
 */
export const wishlistErrors = {
  // WSH: the wishlist
  WSH001: {
    status: 422,
    meaning: 'The wishlist already holds MAX_WISHLIST_ITEMS products',
    message: 'Your wishlist is full',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const wishlistErrorsId: Record<keyof typeof wishlistErrors, string> = {
  WSH001: 'Wishlist Anda sudah penuh',
}
