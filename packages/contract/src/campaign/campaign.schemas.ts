import { z } from 'zod'
import { VOUCHER_TYPES } from '../checkout/checkout.rules.ts'
import { envelopeSchema } from '../envelope.schemas.ts'

/** GET /api/v1/member/campaign: the campaign popup's vouchers that checkout accepts now. */
export const CampaignVoucherSchema = z.object({
  kode_promo: z.string(),
  voucher_name: z.string(),
  type: z.enum(VOUCHER_TYPES),
  /** IDR off (FIXED, SHIPPING: the most off the delivery) or percent (PERCENTAGE). */
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_purchase: z.number().int(),
  /** The last moment the voucher is valid (ISO, +07:00). */
  valid_until: z.string().nullable(),
})
export type CampaignVoucher = z.infer<typeof CampaignVoucherSchema>
export const CampaignResponseSchema = envelopeSchema(z.array(CampaignVoucherSchema))
export type CampaignResponse = z.infer<typeof CampaignResponseSchema>
