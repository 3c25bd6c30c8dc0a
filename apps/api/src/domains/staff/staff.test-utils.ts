import { expect } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { STAFF_ROLES, type StaffRole } from '@busana/contract/schemas'
import type { TestApp } from '../../test/build-test-app.ts'
import { staffAuditLog } from '../../db/schema/index.ts'
import { createStaff } from './staff.service.ts'
import { STAFF_COOKIE } from './staff-session.ts'

/** Staff calls of the back office tests: one signed-in member of staff per role, Bearer or cookie. */

let addresses = 0
/** Each call from its own address, so a per-address limit never decides a test by accident. */
export const nextAddress = () => `10.214.${Math.floor(++addresses / 250)}.${addresses % 250}`

export interface CallOptions {
  token?: string
  cookie?: string
  csrf?: string
  body?: object
  ip?: string
  headers?: Record<string, string>
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export const staffCall =
  (t: () => TestApp) =>
  (method: Method, url: string, o: CallOptions = {}) =>
    t().app.inject({
      method,
      url: `/api/admin/v1${url}`,
      remoteAddress: o.ip ?? nextAddress(),
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.cookie ? { cookie: `${STAFF_COOKIE}=${o.cookie}` } : {}),
        ...(o.csrf ? { 'x-csrf-token': o.csrf } : {}),
        ...o.headers,
      },
      ...(o.body ? { payload: o.body } : {}),
    })

export type Tokens = Record<StaffRole, string>

/** Creates one member of staff per role (e-mail `<role>@<domain>`) and signs each in with a Bearer token. */
export async function signInEveryRole(t: TestApp, domain: string): Promise<Tokens> {
  const call = staffCall(() => t)
  const tokens = {} as Tokens
  for (const role of STAFF_ROLES) {
    const email = `${role}@${domain}`
    const password = `${role}-password-1`
    await createStaff(t.database.db, { email, password, role })
    const res = await call('POST', '/auth/login', { body: { email, password } })
    expect(res.statusCode, res.body).toBe(200)
    tokens[role] = res.json().data.token
  }
  return tokens
}

/** A cookie session of a member of staff: the cookie's value and the CSRF token. */
export async function cookieSession(t: TestApp, email: string, password: string) {
  const res = await staffCall(() => t)('POST', '/auth/login', {
    body: { email, password, session: 'cookie' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE)!
  return { cookie: cookie.value, csrf: res.json().data.csrf_token as string }
}

/** The newest audit rows of an action, newest first. */
export const auditRows = (t: TestApp, action: string) =>
  t.database.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.action, action))
    .orderBy(desc(staffAuditLog.id))
