/**
 * One envelope for every answer, success or error: `status` is the HTTP status, `message` a
 * human sentence, `code` a catalogue code on errors, `data` the payload. Paged answers add
 * `total_pages` beside `data` (docs/product/shopping.md §3, "data and total_pages"). Plain types: the
 * browser imports them from the zod-free core; the schemas in envelope.schemas.ts check them.
 */
export type Envelope<T> = { status: number; message: string; code?: string; data: T }
export type PagedEnvelope<T> = Envelope<T> & { total_pages: number }
