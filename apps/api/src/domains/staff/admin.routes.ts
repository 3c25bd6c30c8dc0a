import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import {
  STAFF_MESSAGES,
  StaffAcceptInviteBodySchema,
  StaffAuditQuerySchema,
  StaffAuditResponseSchema,
  StaffChangePasswordBodySchema,
  StaffEmptyResponseSchema,
  StaffIdParamsSchema,
  StaffInviteBodySchema,
  StaffInviteResponseSchema,
  StaffListQuerySchema,
  StaffListResponseSchema,
  StaffLoginBodySchema,
  StaffLoginResponseSchema,
  StaffMeResponseSchema,
  StaffMemberResponseSchema,
  StaffTotpDisableBodySchema,
  StaffTotpEnableBodySchema,
  StaffLogoutAllResponseSchema,
  StaffTokenResponseSchema,
  StaffTotpSetupResponseSchema,
  StaffUpdateBodySchema,
  shopIsoString,
  type StaffMember,
} from '@busana/contract/schemas'
import { publicUrlIsLoopback } from '../../config.ts'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { staffScope, staffSignInNote } from './staff-scope.ts'
import { totpSecrets } from './totp.ts'
import { listAudit } from './audit.ts'
import {
  acceptInvite,
  changeOwnPassword,
  disableOwnTotp,
  enableTotp,
  inviteStaff,
  listStaff,
  logoutEverywhere,
  resendInvite,
  resetStaffPassword,
  resetStaffTotp,
  setupTotp,
  updateStaff,
} from './staff-accounts.service.ts'
import { clearStaffCookie, csrfTokenOf, setStaffCookie, type StaffCall } from './staff-session.ts'
import { revokeStaffSession, staffLogin } from './staff.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of a route guarded by `staffOnly`. */
    staff: StaffCall | null
  }
}

const staffNote = staffSignInNote
const ownerNote = `${staffNote} Owner only (403 STF003).`

/**
 * The staff module's calls under /api/admin/v1: sign-in and sessions, second factor, staff accounts
 * and the audit log. Staff are not members: their own accounts, sessions (Bearer or cookie) and
 * roles, checked for every call of every module's admin routes (403 STF003).
 */
export default async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, signedIn, auditActorOf } = await staffScope(app)
  const secureCookie = !publicUrlIsLoopback(app.config)
  const secrets = totpSecrets(app.config.DATA_ENCRYPTION_KEY)

  app.post(
    '/v1/auth/login',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Staff sign-in: a Bearer token (scripts) or a session cookie with a CSRF token (back office), 12 hours',
        description:
          'Wrong e-mail, wrong password, a disabled account or an invitation not yet accepted: 401 STF001 alike. ' +
          'An account with the second factor on needs `totp` (401 STF004 without, STF005 wrong or used). 30 tries ' +
          'per address in 15 minutes; per account and address five at once, then growing waits (2 s doubling, at ' +
          'most 3 minutes); 100 password checks per account in 15 minutes from every address together (429 REQ006 ' +
          "with Retry-After). Refusals are audited (staff.login_failed). `session: 'cookie'` sets an httpOnly, " +
          'SameSite=Strict cookie (Secure outside localhost) and answers `csrf_token` instead of `token`.',
        body: StaffLoginBodySchema,
        response: { 200: StaffLoginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = await staffLogin(db, request.body, { ip: request.ip, requestId: request.id, secrets })
      const common = { expires_at: shopIsoString(session.expiresAt)!, staff: session.staff }
      if (request.body.session === 'bearer')
        return envelope({ token: session.token, ...common }, request.say(STAFF_MESSAGES.signedIn))
      setStaffCookie(reply, session.token, secureCookie)
      return envelope(
        { csrf_token: csrfTokenOf(session.token), ...common },
        request.say(STAFF_MESSAGES.signedIn),
      )
    },
  )

  app.post(
    '/v1/auth/logout',
    {
      preValidation: staffOnly('self', { beforeNewPassword: true }),
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-out: ends this session (Bearer or cookie) and clears the cookie',
        description: `${staffNote} Audited (staff.logout).`,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const staff = signedIn(request)
      await revokeStaffSession(db, { staffId: staff.id, sessionId: staff.sessionId }, auditActorOf(request))
      clearStaffCookie(reply, secureCookie)
      return envelope(null, request.say(STAFF_MESSAGES.signedOut))
    },
  )

  app.get(
    '/v1/auth/me',
    {
      preValidation: staffOnly('self', { beforeNewPassword: true }),
      schema: {
        tags: ['staff'],
        summary:
          'The signed-in staff member, whether the second factor is on, and the CSRF token of a cookie session',
        description:
          `${staffNote} Any role. csrf_token is null for a Bearer session. must_change_password: signed in ` +
          "with the first start's one-time password; every other staff call answers 403 STF013 until POST " +
          '…/auth/password.',
        response: { 200: StaffMeResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const staff = signedIn(request)
      return envelope({
        id: staff.id,
        email: staff.email,
        name: staff.name,
        role: staff.role,
        totp_enabled: staff.totpEnabled,
        must_change_password: staff.mustChangePassword,
        csrf_token: staff.csrfToken,
      })
    },
  )

  app.post(
    '/v1/auth/password',
    {
      preValidation: staffOnly('self', { beforeNewPassword: true }),
      schema: {
        tags: ['staff'],
        summary: "Change one's own password with the current one; ends the account's other sessions",
        description:
          `${staffNote} Any role. new_password 10 to 200 characters, not the current one (400 REQ001). Wrong ` +
          'current password: 401 STF234 (10 tries per account in 15 minutes, 429 REQ006). Clears ' +
          "must_change_password (the first start's one-time password). Audited (staff.password_change).",
        body: StaffChangePasswordBodySchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const staff = signedIn(request)
      await changeOwnPassword(
        db,
        { staffId: staff.id, sessionId: staff.sessionId },
        request.body,
        auditActorOf(request),
      )
      return envelope(null, request.say(STAFF_MESSAGES.passwordChanged))
    },
  )

  app.post(
    '/v1/auth/accept-invite',
    {
      schema: {
        tags: ['staff'],
        summary: "Accept an owner's invitation: set the password with its one-time token",
        description:
          'No session. The token of POST /api/admin/v1/staff, valid 72 hours and once (410 STF010 otherwise). ' +
          'Password 10 to 200 characters. 30 tries per address in 15 minutes (429 REQ006). Then sign in.',
        body: StaffAcceptInviteBodySchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 410, 429) },
      },
    },
    async (request) => {
      await acceptInvite(db, request.body, { requestId: request.id, ip: request.ip })
      return envelope(null, request.say(STAFF_MESSAGES.inviteAccepted))
    },
  )

  app.post(
    '/v1/auth/totp/setup',
    {
      preValidation: staffOnly('self'),
      schema: {
        tags: ['staff'],
        summary: 'Start the second factor: a new secret for an authenticator app (otpauth:// URI and base32)',
        description: `${staffNote} Any role, for their own account. Already on: 409 STF011. Nothing changes at sign-in until enabled. Audited (staff.totp_setup).`,
        response: { 200: StaffTotpSetupResponseSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) =>
      envelope(
        await setupTotp(db, signedIn(request).id, auditActorOf(request), secrets),
        request.say(STAFF_MESSAGES.totpSetup),
      ),
  )

  app.post(
    '/v1/auth/totp/enable',
    {
      preValidation: staffOnly('self'),
      schema: {
        tags: ['staff'],
        summary: 'Turn the second factor on with a current code; sign-in then needs a code',
        description:
          `${staffNote} Wrong code: 401 STF005 (10 tries in 15 minutes, 429 REQ006). Not set up: 409 STF012; ` +
          "already on: 409 STF011. The account's other sessions end; this one stays. Audited (staff.totp_enable).",
        body: StaffTotpEnableBodySchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const staff = signedIn(request)
      await enableTotp(
        db,
        { staffId: staff.id, sessionId: staff.sessionId },
        request.body.code,
        auditActorOf(request),
        secrets,
      )
      return envelope(null, request.say(STAFF_MESSAGES.totpEnabled))
    },
  )

  app.post(
    '/v1/auth/logout-all',
    {
      preValidation: staffOnly('self'),
      schema: {
        tags: ['staff'],
        summary:
          'Sign out everywhere: ends every session of the signed-in member of staff, this one included',
        description: `${staffNote} Any role, for their own sessions. Audited (staff.logout_all).`,
        response: { 200: StaffLogoutAllResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const ended = await logoutEverywhere(db, signedIn(request).id, auditActorOf(request))
      clearStaffCookie(reply, secureCookie)
      return envelope({ sessions_ended: ended }, request.say(STAFF_MESSAGES.signedOutEverywhere))
    },
  )

  app.post(
    '/v1/auth/totp/disable',
    {
      preValidation: staffOnly('self'),
      schema: {
        tags: ['staff'],
        summary: "Turn one's own second factor off, with a current code or the password",
        description:
          `${staffNote} Any role. Give code (wrong: 401 STF005) or password (wrong: 401 STF234); 10 tries in ` +
          '15 minutes (429 REQ006). Not on: 409 STF233.',
        body: StaffTotpDisableBodySchema,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      await disableOwnTotp(db, signedIn(request).id, request.body, auditActorOf(request), secrets)
      return envelope(null, request.say(STAFF_MESSAGES.totpDisabled))
    },
  )

  /** The answer of a call that hands out a one-time link setting a password. */
  const tokenAnswer = (made: { staff: StaffMember; token: string; expiresAt: Date }) => ({
    staff: made.staff,
    invite_token: made.token,
    accept_path: `/admin/accept-invite#token=${made.token}`,
    expires_at: shopIsoString(made.expiresAt)!,
  })

  app.post(
    '/v1/staff/:id/resend-invite',
    {
      preValidation: staffOnly('staff.manage'),
      schema: {
        tags: ['staff'],
        summary: 'Invite again: a new one-time token (72 hours); every earlier one stops working',
        description: `${ownerNote} Already accepted: 409 STF230. Unknown id: 404 STF008.`,
        params: StaffIdParamsSchema,
        response: { 200: StaffTokenResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        tokenAnswer(await resendInvite(db, request.params.id, auditActorOf(request))),
        request.say(STAFF_MESSAGES.inviteResent),
      ),
  )

  app.post(
    '/v1/staff/:id/reset-password',
    {
      preValidation: staffOnly('staff.manage'),
      schema: {
        tags: ['staff'],
        summary:
          "Reset another member of staff's password: it stops working, their sessions end, and a one-time link sets a new one",
        description:
          `${ownerNote} The link (72 hours) is accepted at POST …/auth/accept-invite; the second factor stays. ` +
          "One's own account: 409 STF231; invitation not accepted: 409 STF232; unknown id: 404 STF008.",
        params: StaffIdParamsSchema,
        response: { 200: StaffTokenResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        tokenAnswer(await resetStaffPassword(db, request.params.id, auditActorOf(request))),
        request.say(STAFF_MESSAGES.passwordReset),
      ),
  )

  app.post(
    '/v1/staff/:id/totp/reset',
    {
      preValidation: staffOnly('staff.manage'),
      schema: {
        tags: ['staff'],
        summary:
          "Clear another member of staff's second factor (a lost phone): password alone until set up again",
        description: `${ownerNote} Audited (staff.totp_reset). One's own: 409 STF231; not on: 409 STF233; unknown id: 404 STF008.`,
        params: StaffIdParamsSchema,
        response: { 200: StaffMemberResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await resetStaffTotp(db, request.params.id, auditActorOf(request)),
        request.say(STAFF_MESSAGES.totpReset),
      ),
  )

  app.get(
    '/v1/staff',
    {
      preValidation: staffOnly('staff.manage'),
      schema: {
        tags: ['staff'],
        summary: 'Every member of staff: role, state, second factor; state=invited for invitations pending',
        description:
          `${ownerNote} state (issue 30): active (has a password), invited (an invitation neither accepted nor ` +
          'expired), expired (invited, every invitation lapsed), disabled; each member is in exactly one.',
        querystring: StaffListQuerySchema,
        response: { 200: StaffListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => envelope(await listStaff(db, request.query)),
  )

  app.post(
    '/v1/staff',
    {
      preValidation: staffOnly('staff.manage'),
      schema: {
        tags: ['staff'],
        summary: 'Invite a member of staff: answers a one-time token (72 hours) that sets their password',
        description:
          `${ownerNote} The token is answered once and stored hashed; hand the invitee accept_path. An e-mail ` +
          'that already has an account: 409 STF009.',
        body: StaffInviteBodySchema,
        response: { 200: StaffInviteResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const invite = await inviteStaff(db, request.body, auditActorOf(request))
      return envelope(
        {
          staff: invite.staff,
          invite_token: invite.token,
          // A fragment never reaches a server's access log.
          accept_path: `/admin/accept-invite#token=${invite.token}`,
          expires_at: shopIsoString(invite.expiresAt)!,
        },
        request.say(STAFF_MESSAGES.invited),
      )
    },
  )

  app.patch(
    '/v1/staff/:id',
    {
      preValidation: staffOnly('staff.manage'),
      schema: {
        tags: ['staff'],
        summary: "Change a member of staff's role, or disable (or enable) them",
        description:
          `${ownerNote} Disabling ends their sessions at once. Leaving no active owner (the last owner ` +
          'disabling or demoting themself): 409 STF007. Unknown id: 404 STF008.',
        params: StaffIdParamsSchema,
        body: StaffUpdateBodySchema,
        response: { 200: StaffMemberResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await updateStaff(db, request.params.id, request.body, auditActorOf(request)),
        request.say(STAFF_MESSAGES.staffUpdated),
      ),
  )

  app.get(
    '/v1/audit',
    {
      preValidation: staffOnly('audit.read'),
      schema: {
        tags: ['staff'],
        summary: 'The audit log: who changed what and when, newest first, paged',
        description:
          `${ownerNote} Filters: staff_id, action, from (inclusive) and to (exclusive) as ISO instants or ` +
          'dates (a date is midnight in the shop, +07:00); page, per_page (50, at most 200).',
        querystring: StaffAuditQuerySchema,
        response: { 200: StaffAuditResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listAudit(db, request.query)
      return pagedEnvelope(page.entries, page.totalPages)
    },
  )
}
