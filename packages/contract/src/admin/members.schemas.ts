import { z } from 'zod'
import { say } from '../language.ts'
import { envelopeSchema } from '../envelope.schemas.ts'
import { OTP_CHANNELS } from '../members/members.rules.ts'
import { EmailSchema, PhoneSchema } from '../members/members.schemas.ts'

/**
 * The back office's member calls (issue 14; roles owner and support): look a member up by e-mail
 * or phone, see their orders and addresses, resend a code, disable or enable them. Phones are
 * normalised as the shop's own calls do (`8…`, `08…`, `628…`, `+628…` all mean `08…`).
 */

/** GET …/members?email= or ?phone= (one of them). */
export const AdminMemberLookupQuerySchema = z
  .object({ email: EmailSchema.optional(), phone: PhoneSchema.optional() })
  .refine((query) => (query.email === undefined) !== (query.phone === undefined), {
    message: 'give either email or phone',
    path: ['email'],
  })
export type AdminMemberLookupQuery = z.infer<typeof AdminMemberLookupQuerySchema>

export const AdminMemberParamsSchema = z.object({
  id_pelanggan: z.coerce
    .number()
    .int('must be a customer id')
    .min(1, 'must be a customer id')
    .max(2_147_483_647, 'must be a customer id'),
})

/** A member (or a guest by phone, or a pending registration) as support sees them. */
export const AdminMemberSchema = z.object({
  id_pelanggan: z.number().int(),
  nama: z.string(),
  email: z.string().nullable(),
  hp: z.string(),
  is_verified: z.boolean(),
  is_guest: z.boolean(),
  /** A registration still waiting for its code (not verified, not expired). */
  pending_registration: z.boolean(),
  /** Disabled by staff: no sign-in, no session (ISO instant, +07:00), or null. */
  disabled_at: z.string().nullable(),
  created_at: z.string(),
})
export type AdminMember = z.infer<typeof AdminMemberSchema>
export const AdminMembersResponseSchema = envelopeSchema(z.array(AdminMemberSchema))
export const AdminMemberResponseSchema = envelopeSchema(AdminMemberSchema)

/** A saved address of the member. */
export const AdminMemberAddressSchema = z.object({
  id_alamat: z.number().int(),
  nama_alamat: z.string(),
  penerima: z.string(),
  hp_penerima: z.string(),
  alamat_lengkap: z.string(),
  kode_pos: z.string(),
  priority: z.string(),
})
/** GET …/members/{id}: the member with their addresses. */
export const AdminMemberDetailResponseSchema = envelopeSchema(
  AdminMemberSchema.extend({ addresses: z.array(AdminMemberAddressSchema) }),
)

/** One order in a member's summary list, newest first. */
export const AdminMemberOrderSchema = z.object({
  sales_order_number: z.string(),
  order_date: z.string(),
  status: z.string(),
  total: z.number().int(),
  no_resi: z.string().nullable(),
})
export const AdminMemberOrdersResponseSchema = envelopeSchema(z.array(AdminMemberOrderSchema))

/** POST …/members/{id}/resend-code: the channel of the code (the member's own phone). */
export const AdminMemberResendBodySchema = z
  .object({ type: z.enum(OTP_CHANNELS, { message: "must be 'SMS' or 'WHATSAPP'" }) })
  .strict()
export type AdminMemberResendBody = z.infer<typeof AdminMemberResendBodySchema>
export const AdminMemberResendResponseSchema = envelopeSchema(
  z.object({
    /** REGISTER: the pending registration's code; GUEST_LOGIN: a sign-in code to the member's phone. */
    purpose: z.enum(['REGISTER', 'GUEST_LOGIN']),
    expires_in: z.number().int(),
  }),
)

/** PATCH …/members/{id}: disable (ends every session at once) or enable again. */
export const AdminMemberUpdateBodySchema = z.object({ disabled: z.boolean() }).strict()
export type AdminMemberUpdateBody = z.infer<typeof AdminMemberUpdateBodySchema>

/** The answers' messages of the member calls. */
export const ADMIN_MEMBER_MESSAGES = {
  disabled: say(
    'Member disabled: signed out everywhere',
    'Member dinonaktifkan: keluar dari semua perangkat',
  ),
  enabled: say('Member enabled', 'Member diaktifkan'),
  codeSent: say('Code sent', 'Kode terkirim'),
} as const
