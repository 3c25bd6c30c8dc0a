import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'
import { ProductCodeSchema, SkuSchema } from '../cart/cart.schemas.ts'
import { say } from '../language.ts'

/**
 * A member's alerts (issue 42): "tell me when my size is back" on a sold-out size, and "tell me
 * when the price drops" on a kept product. Each is spent by the one message it causes.
 */

export const ALERT_KINDS = ['BACK_IN_STOCK', 'PRICE_DROP'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** At most this many alerts waiting per member (ALR003 beyond). */
export const MAX_ALERTS = 50

export const AlertCreateBodySchema = z
  .object({
    product_code: ProductCodeSchema,
    /** The size: required for BACK_IN_STOCK, not taken for PRICE_DROP. */
    sku_product: SkuSchema.optional(),
    kind: z.enum(ALERT_KINDS),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.kind === 'BACK_IN_STOCK' && !body.sku_product)
      ctx.addIssue({ code: 'custom', path: ['sku_product'], message: 'is required for BACK_IN_STOCK' })
    if (body.kind === 'PRICE_DROP' && body.sku_product)
      ctx.addIssue({ code: 'custom', path: ['sku_product'], message: 'is not taken for PRICE_DROP' })
  })
export type AlertCreateBody = z.infer<typeof AlertCreateBodySchema>

export const AlertParamsSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be an alert id'),
})

export const AlertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  product_code: z.string(),
  product_name: z.string(),
  /** The size's sku (BACK_IN_STOCK), else null. */
  sku_product: z.string().nullable(),
  /** The size's label (BACK_IN_STOCK), else null. */
  ukuran: z.string().nullable(),
  /** PRICE_DROP: the price when the alert was asked for; a message goes when the price falls below it. */
  price_then: z.number().int().nullable(),
  created_at: z.string(),
})
export type Alert = z.infer<typeof AlertSchema>

export const AlertListResponseSchema = envelopeSchema(z.array(AlertSchema))
export const AlertResponseSchema = envelopeSchema(AlertSchema)
export const AlertDeleteResponseSchema = envelopeSchema(z.object({ id: z.string() }))

/** The alert calls' answers. */
export const ALERT_MESSAGES = {
  backInStock: say("We'll tell you when it's back", 'Kami akan mengabari Anda saat tersedia kembali'),
  priceDrop: say("We'll tell you when the price drops", 'Kami akan mengabari Anda saat harga turun'),
  removed: say('Alert turned off', 'Pemberitahuan dimatikan'),
} as const
