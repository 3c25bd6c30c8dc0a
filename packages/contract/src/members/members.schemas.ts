import { z } from 'zod'
import { personName } from '../text.ts'
import { envelopeSchema } from '../envelope.schemas.ts'
import { withinDates } from '../dates.schemas.ts'
import {
  GUEST_OTP_DIGITS,
  isIsoDate,
  NO_OCCUPATION,
  OCCUPATIONS,
  OTP_CHANNELS,
  PASSWORD_MIN_LENGTH,
  REGISTER_OTP_DIGITS,
} from './members.rules.ts'
import { normalisePhone, PHONE_PATTERN } from '../phone.ts'

/**
 * Schemas of every members call (docs/product/account.md §7). Field names are the product's. The API
 * validates with them (a malformed field answers 400 REQ001 naming it) and the storefront types its calls.
 */

/** Lowercased, trimmed e-mail (docs/product/account.md §5: 'Use correct email format'). */
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Use correct email format'))

/**
 * An Indonesian mobile number, accepted as `8…`, `08…`, `628…` or `+628…` and passed on in one form,
 * `08…` (docs/product/account.md §5: sent with a leading 0; the address form strips it).
 */
export const PhoneSchema = z
  .string()
  .max(32, 'must be an Indonesian mobile number (e.g. 081234567890)')
  .overwrite(normalisePhone)
  .regex(PHONE_PATTERN, 'must be an Indonesian mobile number: 08 then 8 to 11 digits (e.g. 081234567890)')

/** A password following docs/product/account.md §5. */
export const PasswordSchema = z
  .string()
  .max(128, 'must be at most 128 characters')
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .regex(/\d/, 'must contain a number')
  .regex(/[A-Z]/, 'must contain an uppercase letter')
  .regex(/[a-z]/, 'must contain a lowercase letter')

/**
 * A birth date: a real calendar date written YYYY-MM-DD, in the past and from 1900 on (its own range
 * through the shop's one date bound, dates.schemas.ts).
 */
export const BirthDateSchema = withinDates(
  z.string().trim().refine(isIsoDate, 'must be a real date written YYYY-MM-DD'),
  {
    min: '1900-01-01',
    // Before today (UTC), as before.
    max: () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    message: 'must be a date in the past',
  },
)

export const OtpChannelSchema = z.enum(OTP_CHANNELS)
export const CustomerIdSchema = z.coerce.number().int().positive().max(2_147_483_647)
/** A code of `digits` digits; a client sending it as a JSON number gets its leading zeros back. */
const otpOf = (digits: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0
        ? String(value).padStart(digits, '0')
        : value,
    z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${digits}}$`), `must be ${digits} digits`),
  )

/** Member calls carry the token as the query parameter `token` (or `Authorization: Bearer`). */
export const MemberTokenQuerySchema = z.object({
  token: z.string().max(512).optional().describe('Member token (or Authorization: Bearer)'),
})

// --- Registration and its code (POST /api/v2/member/register, verify_otp, resend_otp) ---

export const RegisterBodySchema = z
  .object({
    nama_pelanggan: personName(),
    password: PasswordSchema,
    confirm_password: z.string().max(128),
    email: EmailSchema,
    hp: PhoneSchema,
    tanggal_lahir: BirthDateSchema,
    source: z.literal('WEBSITE').default('WEBSITE'),
  })
  .refine((body) => body.password === body.confirm_password, {
    path: ['confirm_password'],
    message: 'Password must be the same',
  })
export type RegisterBody = z.infer<typeof RegisterBodySchema>

/** The customer id the client keeps for the code step (answer of register, and of login with VER001). */
export const CustomerRefSchema = z.object({ id_pelanggan: z.number().int() })
export const RegisterResponseSchema = envelopeSchema(CustomerRefSchema)

export const ResendOtpBodySchema = z.object({ type: OtpChannelSchema, id_pelanggan: CustomerIdSchema })
export type ResendOtpBody = z.infer<typeof ResendOtpBodySchema>

export const VerifyOtpBodySchema = z.object({
  id_pelanggan: CustomerIdSchema,
  otp: otpOf(REGISTER_OTP_DIGITS),
})
export type VerifyOtpBody = z.infer<typeof VerifyOtpBodySchema>

/** A message-only answer (resend, forget, change_password, is_campaign, logout). */
export const MessageResponseSchema = envelopeSchema(z.null())

// --- Sign-in ---

/** The signed-in user (docs/product/account.md §3): what the storefront stores under auth-storage. */
export const SessionUserSchema = z.object({
  token: z.string(),
  id_pelanggan: z.number().int(),
  is_campaign: z.boolean(),
  need_email: z.boolean(),
  /** True for a guest signed in by a phone code. */
  is_guest: z.boolean(),
})
export type SessionUser = z.infer<typeof SessionUserSchema>
export const SessionResponseSchema = envelopeSchema(SessionUserSchema)

/** The HTTP Basic credentials of POST /api/v1/member/login (username is the e-mail). */
export const LoginCredentialsSchema = z.object({
  username: EmailSchema,
  password: z.string().min(1, 'Password required').max(128),
})
export type LoginCredentials = z.infer<typeof LoginCredentialsSchema>

export const LoginOtpSendBodySchema = z.object({ type: OtpChannelSchema, phone: PhoneSchema })
export type LoginOtpSendBody = z.infer<typeof LoginOtpSendBodySchema>
export const LoginOtpBodySchema = z.object({ phone: PhoneSchema, otp: otpOf(GUEST_OTP_DIGITS) })
export type LoginOtpBody = z.infer<typeof LoginOtpBodySchema>
/** Answer of login_otp_send: when the code expires, for the storefront's countdown. */
export const LoginOtpSendResponseSchema = envelopeSchema(z.object({ expires_in: z.number().int() }))

// --- Passwords ---

export const ForgetBodySchema = z.object({ email: EmailSchema })
export type ForgetBody = z.infer<typeof ForgetBodySchema>

export const ChangePasswordBodySchema = z
  .object({
    old_password: z.string().min(1, 'is required').max(128),
    new_password: PasswordSchema,
    confirm_new_password: z.string().max(128),
  })
  .refine((body) => body.new_password !== body.old_password, {
    path: ['new_password'],
    message: 'Cannot be a previously used password',
  })
  .refine((body) => body.new_password === body.confirm_new_password, {
    path: ['confirm_new_password'],
    message: 'Password must be the same',
  })
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>

// --- Profile ---

export const GenderSchema = z.enum(['MALE', 'FEMALE'])
export const OccupationSchema = z.enum(OCCUPATIONS)
/**
 * jenis_pekerjaan as it travels: an array of one (docs/product/account.md §5), an occupation or '-' for
 * none (NO_OCCUPATION: the form's '-' choice; stored as no occupation and answered as ['-']).
 */
export const OccupationListSchema = z
  .array(OccupationSchema.or(z.literal(NO_OCCUPATION)))
  .max(1, 'must hold one occupation')

/** The profile (docs/product/account.md §3); jenis_pekerjaan is an array of one whose first item is used. */
export const ProfileSchema = z.object({
  id_pelanggan: z.number().int(),
  token: z.string(),
  nama: z.string(),
  email: z.string().nullable(),
  hp: z.string(),
  /** YYYY-MM-DD or null. */
  tanggal_lahir: z.string().nullable(),
  gender: GenderSchema.nullable(),
  /** ['-'] when the member has none. */
  jenis_pekerjaan: OccupationListSchema,
  /** '-' when empty. */
  instagram: z.string(),
  is_campaign: z.boolean(),
  need_email: z.boolean(),
  is_guest: z.boolean(),
  /** Messages she did not ask for by an order: back-in-stock and price-drop alerts (issue 42). */
  marketing_messages: z.boolean(),
})
export type Profile = z.infer<typeof ProfileSchema>
export const ProfileResponseSchema = envelopeSchema(ProfileSchema)

/** PATCH profile: email and phone are not editable (docs/product/account.md §2, Account info). */
export const ProfilePatchBodySchema = z.object({
  nama: personName(),
  tanggal_lahir: BirthDateSchema.nullable().optional(),
  gender: GenderSchema.nullable().optional(),
  /** ['-'] (or []) clears it. */
  jenis_pekerjaan: OccupationListSchema.optional(),
  /** Empty is stored and answered as '-'. */
  instagram: z
    .string()
    .trim()
    .max(64)
    .regex(/^(-|@?[A-Za-z0-9._]*)$/, 'must be an Instagram handle')
    .optional(),
  /** Turns alerts' messages on or off (issue 42). */
  marketing_messages: z.boolean().optional(),
})
export type ProfilePatchBody = z.infer<typeof ProfilePatchBodySchema>

// --- Campaign ---

export const IsCampaignBodySchema = z.object({ is_campaign: z.boolean() })
export const IsCampaignQuerySchema = MemberTokenQuerySchema.extend({
  id_pelanggan: CustomerIdSchema.optional(),
})
