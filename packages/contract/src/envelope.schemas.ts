import { z } from 'zod'

/** The envelope's schemas; its plain types (Envelope, PagedEnvelope) live in envelope.ts. */
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
