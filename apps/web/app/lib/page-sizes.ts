/**
 * The spec's page sizes for browser code. The contract exports the same numbers from its schema
 * module, whose zod schemas would come along into the bundle; page-sizes.test.ts keeps them equal.
 */
/** Listing page size and offset step (spec 000 section 9). */
export const LISTING_PAGE_SIZE = 10
/** Search results page (spec 001 section 9). */
export const SEARCH_PAGE_SIZE = 10
/** Search popup results (spec 001 section 9). */
export const SEARCH_POPUP_SIZE = 5
/** The popup asks from this many characters on (spec 001 section 4). */
export const SEARCH_MIN_CHARS = 3
