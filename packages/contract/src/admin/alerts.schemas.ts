import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'

/**
 * The back office's view of members' alerts (issue 42): per product, how many wait for each size
 * to come back and how many for its price to drop, so a merchandiser restocks what is asked for.
 * Browser-safe (zod only).
 */

const count = z.number().int().nonnegative()

export const AdminSizeWaitingSchema = z.object({
  sku_product: z.string(),
  ukuran: z.string(),
  /** Waiting BACK_IN_STOCK alerts of this size (0 when none). */
  waiting: count,
})
export type AdminSizeWaiting = z.infer<typeof AdminSizeWaitingSchema>

export const AdminProductAlertsSchema = z.object({
  product_code: z.string(),
  /** Every size of the product, in the product's size order. */
  sizes: z.array(AdminSizeWaitingSchema),
  /** Waiting PRICE_DROP alerts of the product. */
  price_drop_waiting: count,
})
export type AdminProductAlerts = z.infer<typeof AdminProductAlertsSchema>
export const AdminProductAlertsResponseSchema = envelopeSchema(AdminProductAlertsSchema)
