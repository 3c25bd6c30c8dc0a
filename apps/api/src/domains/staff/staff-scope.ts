import type { FastifyInstance, FastifyRequest } from 'fastify'
import cookie from '@fastify/cookie'
import { rolesFor, type StaffAction } from '@busana/contract/schemas'
import { privateAnswers } from '../../plugins/http-cache.ts'
import type { AuditActor } from './audit.ts'
import { CSRF_HEADER, staffGuard, type StaffCall } from './staff-session.ts'

/**
 * What every plugin of staff calls needs (decisions 035, 039): the staff cookie read in its own
 * scope (Fastify scopes do not reach sibling plugins, and the shop itself reads no cookies), the
 * `request.staff` decoration, private answers, the guard and the audit actor of a request.
 */
export async function staffScope(app: FastifyInstance) {
  privateAnswers(app)
  app.decorateRequest('staff', null)
  await app.register(cookie)
  const staffOnly = staffGuard(app.database.db)
  const auditActorOf = (request: FastifyRequest): AuditActor => ({
    staffId: request.staff?.id ?? null,
    requestId: request.id,
    ip: request.ip,
  })
  const signedIn = (request: FastifyRequest): StaffCall => request.staff!
  return { staffOnly, auditActorOf, signedIn }
}

/** The OpenAPI note of every staff call: how it signs in and what a missing session answers. */
export const staffSignInNote =
  'Staff call: `Authorization: Bearer <token>` from POST /api/admin/v1/auth/login, or the back office ' +
  `session cookie with \`${CSRF_HEADER}\` on calls that change something (401 STF002 without a session, ` +
  '403 STF006 without a valid CSRF token).'

/** The OpenAPI note of a staff call: how it signs in, and the roles allowed. */
export const staffCallNote = (action: StaffAction) =>
  `${staffSignInNote} Roles: ${rolesFor(action).join(', ')} (403 STF003 for the others).`
