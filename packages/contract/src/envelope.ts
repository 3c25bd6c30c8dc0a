import { z } from 'zod'

/**
 * One envelope for every answer, success or error: `status` is the HTTP status, `message` a
 * human sentence, `code` a catalogue code on errors, `data` the payload. Paged answers add
 * `total_pages` beside `data` (spec 000 section 3, "data and total_pages").
 */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.number().int(),
    message: z.string(),
    code: z.string().optional(),
    data,
  })

export const pagedEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  envelopeSchema(data).extend({ total_pages: z.number().int().nonnegative() })

export const ErrorEnvelopeSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  code: z.string(),
  data: z.null(),
  /** Validation failures: the fields at fault, each with its message. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
})
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>

export type Envelope<T> = { status: number; message: string; code?: string; data: T }
export type PagedEnvelope<T> = Envelope<T> & { total_pages: number }
