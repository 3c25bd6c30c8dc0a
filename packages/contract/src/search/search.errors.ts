import type { ErrorEntry } from '../errors.ts'

/**
 * The search module's codes (apps/api/src/domains/search). Part of the catalogue, errors.ts.
 */
export const searchErrors = {
  // CAT: catalog search
  CAT003: { status: 404, meaning: 'The search found nothing', message: 'Nothing Found' },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const searchErrorsId: Record<keyof typeof searchErrors, string> = {
  CAT003: 'Tidak ada hasil',
}
