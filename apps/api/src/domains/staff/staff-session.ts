import { createHmac } from 'node:crypto'
import Tokens from '@fastify/csrf'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError, can, type StaffAction } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { findStaff, STAFF_SESSION_TTL_MS, type SignedInStaff } from './staff.service.ts'

/**
 * How a staff call proves who makes it (decision 035): `Authorization: Bearer` (scripts, issue 10)
 * or the back office's httpOnly, SameSite=Strict session cookie. A cookie is sent by the browser on
 * its own, so a cookie call that changes something also needs the CSRF token in `x-csrf-token`:
 * made and checked by @fastify/csrf from a secret derived from the session token (HMAC), so it is
 * bound to that session and needs no storage.
 */

/** The session cookie, sent only to the staff API. */
export const STAFF_COOKIE = 'busana_staff'
export const STAFF_COOKIE_PATH = '/api/admin'
export const CSRF_HEADER = 'x-csrf-token'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const tokens = new Tokens({ userInfo: false })

/** The CSRF secret of a session: an HMAC of its token, so a leaked table of token hashes gives none. */
const csrfSecret = (sessionToken: string) =>
  createHmac('sha256', sessionToken).update('busana staff csrf').digest('base64url')

/** A fresh CSRF token of a cookie session (a new salt each time; every one stays valid with the session). */
export const csrfTokenOf = (sessionToken: string) => tokens.create(csrfSecret(sessionToken))

const csrfMatches = (sessionToken: string, token: string | undefined) =>
  typeof token === 'string' && token.length <= 200 && tokens.verify(csrfSecret(sessionToken), token)

/** Cookie options: Secure unless the shop's public address is this machine (plain http there). */
export const staffCookieOptions = (secure: boolean) => ({
  path: STAFF_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  maxAge: STAFF_SESSION_TTL_MS / 1000,
})

export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(STAFF_COOKIE, token, staffCookieOptions(secure))
}

export function clearStaffCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(STAFF_COOKIE, { ...staffCookieOptions(secure), maxAge: undefined })
}

/** The credential of a staff call: the Bearer token first (scripts), else the session cookie. */
function credentialOf(request: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim()
    return token ? { token, viaCookie: false } : null
  }
  const cookie = request.cookies?.[STAFF_COOKIE]
  return cookie ? { token: cookie, viaCookie: true } : null
}

/** The signed-in staff member of a call, with how they signed in. */
export type StaffCall = SignedInStaff & { viaCookie: boolean; csrfToken: string | null }

/**
 * The guard of every staff call, as its `preValidation` hook: a live session (401 STF002), then for
 * a cookie session a valid CSRF token on every call that changes something (403 STF006), then, for
 * an account that must choose a new password (the first start's one-time password, issue 38),
 * 403 STF013 unless the call is one of the few marked `beforeNewPassword` (me, sign-out, the
 * password change), then the permission of the action (the contract's staff/permissions.ts table;
 * 403 STF003). Runs before the body is validated, so an outsider learns nothing from a 400.
 */
export const staffGuard =
  (db: Db) =>
  (action: StaffAction, options: { beforeNewPassword?: boolean } = {}) =>
  async (request: FastifyRequest): Promise<void> => {
    const credential = credentialOf(request)
    const staff = credential ? await findStaff(db, credential.token) : null
    if (!credential || !staff) throw new AppError('STF002')
    if (credential.viaCookie && UNSAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER]
      if (!csrfMatches(credential.token, Array.isArray(sent) ? sent[0] : sent)) throw new AppError('STF006')
    }
    if (staff.mustChangePassword && !options.beforeNewPassword) throw new AppError('STF013')
    if (!can(staff.role, action)) throw new AppError('STF003')
    request.staff = {
      ...staff,
      viaCookie: credential.viaCookie,
      csrfToken: credential.viaCookie ? csrfTokenOf(credential.token) : null,
    }
  }
