import { z } from 'zod'
import { envelopeSchema, pagedEnvelopeSchema } from '../envelope.schemas.ts'
import { withinDates } from '../dates.schemas.ts'
import { CATALOG_AUDIT_ACTIONS } from '../admin/catalog.schemas.ts'
import { StaffSchema, TotpCodeSchema } from '../orders/orders.schemas.ts'
import { STAFF_ROLES } from './permissions.ts'

/**
 * The back office's staff calls (issue 14, decision 035): the signed-in member of staff, the
 * owner's management of staff, the second factor and the audit log. Sign-in and the order calls
 * are in orders.schemas.ts (issue 10).
 */

/** A staff password: 10 to 200 characters (a passphrase is welcome; no composition rules). */
export const StaffPasswordSchema = z
  .string()
  .min(10, 'must be at least 10 characters')
  .max(200, 'must be at most 200 characters')

/** GET …/auth/me: the staff member, whether the second factor is on, and the CSRF token of a cookie session. */
export const StaffMeSchema = StaffSchema.extend({
  totp_enabled: z.boolean(),
  /**
   * Signed in with the first start's one-time password (issue 38): the back office asks for a new
   * one before anything else, and other staff calls answer 403 STF013 until then.
   */
  must_change_password: z.boolean(),
  /** Cookie sessions: the x-csrf-token for calls that change something; null for Bearer. */
  csrf_token: z.string().nullable(),
})
export type StaffMe = z.infer<typeof StaffMeSchema>
export const StaffMeResponseSchema = envelopeSchema(StaffMeSchema)

export const StaffEmptyResponseSchema = envelopeSchema(z.null())

/** A member of staff as the owner sees them. */
export const StaffMemberSchema = StaffSchema.extend({
  disabled: z.boolean(),
  totp_enabled: z.boolean(),
  /** Invited and not yet accepted: no password yet. */
  invited: z.boolean(),
  created_at: z.string(),
})
export type StaffMember = z.infer<typeof StaffMemberSchema>

/**
 * Where a member of staff stands (issue 30), each in exactly one: disabled; active (has a password);
 * invited (an invitation neither accepted nor expired: the home's "invitations pending"); expired
 * (invited, but every invitation lapsed: the owner sends a new one).
 */
export const STAFF_STATES = ['active', 'invited', 'expired', 'disabled'] as const
export type StaffState = (typeof STAFF_STATES)[number]
/** GET …/staff?state=: only the members in that state. */
export const StaffListQuerySchema = z.object({
  state: z.enum(STAFF_STATES, { error: `must be one of ${STAFF_STATES.join(', ')}` }).optional(),
})
export type StaffListQuery = z.infer<typeof StaffListQuerySchema>
/** A row of the owner's list: the member and their state. */
export const StaffListItemSchema = StaffMemberSchema.extend({ state: z.enum(STAFF_STATES) })
export type StaffListItem = z.infer<typeof StaffListItemSchema>
export const StaffListResponseSchema = envelopeSchema(z.array(StaffListItemSchema))
export const StaffMemberResponseSchema = envelopeSchema(StaffMemberSchema)

/** POST …/staff: invite by e-mail, with a name and a role. */
export const StaffInviteBodySchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  name: z.string().trim().min(1).max(120),
  role: z.enum(STAFF_ROLES),
})
export type StaffInviteBody = z.infer<typeof StaffInviteBodySchema>
export const StaffInviteResponseSchema = envelopeSchema(
  z.object({
    staff: StaffMemberSchema,
    /** Shown once: the owner hands it (or accept_path) to the invitee. Stored hashed. */
    invite_token: z.string(),
    /** The back office page that sets the password, with the token. */
    accept_path: z.string(),
    expires_at: z.string(),
  }),
)

/** POST …/auth/accept-invite: the invitation's token and the new password. */
export const StaffAcceptInviteBodySchema = z.object({
  token: z.string().trim().min(1).max(200),
  password: StaffPasswordSchema,
})
export type StaffAcceptInviteBody = z.infer<typeof StaffAcceptInviteBodySchema>

export const StaffIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/** PATCH …/staff/{id}: a new role, disabled on or off (at least one). */
export const StaffUpdateBodySchema = z
  .object({ role: z.enum(STAFF_ROLES).optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: 'give role or disabled',
    path: ['role'],
  })
export type StaffUpdateBody = z.infer<typeof StaffUpdateBodySchema>

/** POST …/auth/password: one's own new password, proven with the current one (which it must not repeat). */
export const StaffChangePasswordBodySchema = z
  .object({ current_password: z.string().min(1).max(200), new_password: StaffPasswordSchema })
  .refine((body) => body.new_password !== body.current_password, {
    message: 'must differ from current_password',
    path: ['new_password'],
  })
export type StaffChangePasswordBody = z.infer<typeof StaffChangePasswordBodySchema>

/** POST …/auth/totp/setup: the secret for the authenticator app, as an otpauth:// URI (for a QR code) and as text. */
export const StaffTotpSetupResponseSchema = envelopeSchema(z.object({ uri: z.string(), secret: z.string() }))

/** POST …/auth/totp/enable: a current code proves the app holds the secret. */
export const StaffTotpEnableBodySchema = z.object({ code: TotpCodeSchema })

/**
 * POST …/auth/totp/disable: turning one's own second factor off needs a current code of the app or
 * the account's password (one of them).
 */
export const StaffTotpDisableBodySchema = z
  .object({ code: TotpCodeSchema.optional(), password: z.string().min(1).max(200).optional() })
  .strict()
  .refine((body) => (body.code === undefined) !== (body.password === undefined), {
    message: 'give either code or password',
    path: ['code'],
  })
export type StaffTotpDisableBody = z.infer<typeof StaffTotpDisableBodySchema>

/**
 * POST …/staff/{id}/resend-invite and …/staff/{id}/reset-password: a new one-time token (72 hours)
 * that sets the password at …/auth/accept-invite; every earlier token of the account stops working.
 */
export const StaffTokenResponseSchema = envelopeSchema(
  z.object({
    staff: StaffMemberSchema,
    /** Shown once, stored hashed. */
    invite_token: z.string(),
    accept_path: z.string(),
    expires_at: z.string(),
  }),
)

/** POST …/auth/logout-all: how many sessions ended (this one included). */
export const StaffLogoutAllResponseSchema = envelopeSchema(z.object({ sessions_ended: z.number().int() }))

/** The audit log's actions (decision 035). */
export const STAFF_AUDIT_ACTIONS = [
  'staff.invite',
  'staff.accept_invite',
  'staff.update',
  'staff.totp_setup',
  'staff.totp_enable',
  'staff.totp_disable',
  'staff.totp_reset',
  'staff.invite_resend',
  'staff.password_reset',
  'staff.password_change',
  'staff.login',
  'staff.login_failed',
  'staff.logout',
  'staff.logout_all',
  'content.create',
  'content.update',
  'content.delete',
  'campaign.show_again',
  'shipping.rate_set',
  'shipping.rate_remove',
  'shipping.area_add',
  'shipping.area_remove',
  'member.disable',
  'member.enable',
  'member.resend_code',
  'member.lookup',
  'member.view',
  'order.ship',
  'order.deliver',
  'order.cancel',
  'order.resend_message',
  'order.export',
  'order.refund',
  ...CATALOG_AUDIT_ACTIONS,
  'stock.adjust',
  'stock.import',
  'stock.export',
  'warehouse.threshold',
  'voucher.create',
  'voucher.update',
  'voucher.pause',
  'voucher.resume',
  'return.approve',
  'return.reject',
  'return.receive',
  'return.refund',
  'return.ship',
  'return.settings',
] as const
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number]

/** An instant with its offset or a shop date, within the shop's range (dates.schemas.ts). */
const dateTimeQuery = withinDates(z.iso.datetime({ offset: true }).or(z.iso.date()))

/** GET …/audit: by staff member, action and time (from inclusive, to exclusive), newest first. */
export const StaffAuditQuerySchema = z.object({
  staff_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  action: z.enum(STAFF_AUDIT_ACTIONS).optional(),
  from: dateTimeQuery.optional(),
  to: dateTimeQuery.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
})
export type StaffAuditQuery = z.infer<typeof StaffAuditQuerySchema>

export const StaffAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  staff_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  changes: z.record(z.string(), z.unknown()),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
})
export type StaffAuditEntry = z.infer<typeof StaffAuditEntrySchema>
export const StaffAuditResponseSchema = pagedEnvelopeSchema(z.array(StaffAuditEntrySchema))
