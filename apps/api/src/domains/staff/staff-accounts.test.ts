import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { TOTP } from 'otpauth'
import { staffAccounts, staffSessions } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { auditRows, cookieSession, staffCall } from './staff.test-utils.ts'
import { createStaff } from './staff.service.ts'
import { STAFF_COOKIE } from './staff-session.ts'

/**
 * Staff account leftovers of the back office (issue 14): sign-ins in the audit log, invitations
 * sent again, the owner's password reset link, the second factor turned off or cleared, and
 * signing out everywhere.
 */

let t: TestApp
const db = () => t.database.db
const call = staffCall(() => t)

const OWNER = { email: 'owner@accounts.test', password: 'owner-password-1' }
let owner: string
let ownerId: number

async function bearer(email: string, password: string, totp?: string) {
  const res = await call('POST', '/auth/login', { body: { email, password, ...(totp ? { totp } : {}) } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.token as string
}

/** A member of staff with a password, signed in. */
async function member(email: string, role: 'warehouse' | 'support' | 'owner' = 'warehouse') {
  const password = `${role}-password-1`
  const staff = await createStaff(db(), { email, password, role })
  return { id: staff.id, email, password, token: await bearer(email, password) }
}

/** Sets the second factor up and on for a member of staff; answers their authenticator. */
async function withTotp(token: string) {
  const setup = await call('POST', '/auth/totp/setup', { token })
  const app = new TOTP({ secret: setup.json().data.secret, digits: 6, period: 30 })
  const on = await call('POST', '/auth/totp/enable', { token, body: { code: app.generate() } })
  expect(on.statusCode, on.body).toBe(200)
  return app
}

const liveSessions = async (staffId: number) =>
  db()
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  ownerId = (await createStaff(db(), { ...OWNER, role: 'owner' })).id
  owner = await bearer(OWNER.email, OWNER.password)
})

afterAll(async () => {
  await t?.close()
})

describe('sign-ins in the audit log', () => {
  it('records a sign-in with its address, and a failed one without the password', async () => {
    const ok = await call('POST', '/auth/login', { body: OWNER, ip: '10.99.0.1' })
    expect(ok.statusCode).toBe(200)
    const [login] = await auditRows(t, 'staff.login')
    expect(login).toMatchObject({
      staffId: ownerId,
      targetId: String(ownerId),
      ip: '10.99.0.1',
      changes: { session: 'bearer' },
      requestId: expect.any(String),
    })

    const wrong = await call('POST', '/auth/login', {
      body: { email: OWNER.email, password: 'wrong-password-9' },
      ip: '10.99.0.2',
    })
    expect(wrong.json().code).toBe('STF001')
    const unknown = await call('POST', '/auth/login', {
      body: { email: 'nobody@accounts.test', password: 'wrong-password-9' },
      ip: '10.99.0.3',
    })
    expect(unknown.json().code).toBe('STF001')
    const [forUnknown, forOwner] = await auditRows(t, 'staff.login_failed')
    expect(forOwner).toMatchObject({
      staffId: null,
      targetId: String(ownerId),
      ip: '10.99.0.2',
      changes: { email: OWNER.email, reason: 'credentials' },
    })
    expect(forUnknown).toMatchObject({ targetId: 'nobody@accounts.test', ip: '10.99.0.3' })
    for (const row of [forOwner, forUnknown]) expect(JSON.stringify(row)).not.toContain('wrong-password-9')

    // Readable in the owner's audit log by its action.
    const listed = await call('GET', '/audit?action=staff.login_failed', { token: owner })
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json().data).toHaveLength(2)
  })

  it('records a wrong second-factor code as a failed sign-in, without the code', async () => {
    const who = await member('failcode@accounts.test')
    await withTotp(who.token)
    const res = await call('POST', '/auth/login', {
      body: { email: who.email, password: who.password, totp: '000000' },
    })
    expect(res.json().code).toBe('STF005')
    const [row] = await auditRows(t, 'staff.login_failed')
    expect(row).toMatchObject({ targetId: String(who.id), changes: { email: who.email, reason: 'totp' } })
    expect(JSON.stringify(row!.changes)).not.toContain('000000')
  })
})

describe('invitations and password resets', () => {
  it('sends an invitation again: a new token works, the old one is dead', async () => {
    const invited = await call('POST', '/staff', {
      token: owner,
      body: { email: 'late@accounts.test', name: 'Late', role: 'support' },
    })
    const id = invited.json().data.staff.id as number
    const oldToken = invited.json().data.invite_token as string
    const again = await call('POST', `/staff/${id}/resend-invite`, { token: owner })
    expect(again.statusCode, again.body).toBe(200)
    const newToken = again.json().data.invite_token as string
    expect(newToken).not.toBe(oldToken)
    expect(again.json().data.accept_path).toBe(`/admin/accept-invite#token=${newToken}`)

    const old = await call('POST', '/auth/accept-invite', {
      body: { token: oldToken, password: 'late-password-1' },
    })
    expect(old.statusCode).toBe(410)
    expect(old.json().code).toBe('STF010')
    const accepted = await call('POST', '/auth/accept-invite', {
      body: { token: newToken, password: 'late-password-1' },
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    await bearer('late@accounts.test', 'late-password-1')

    const done = await call('POST', `/staff/${id}/resend-invite`, { token: owner })
    expect(done.statusCode).toBe(409)
    expect(done.json().code).toBe('STF230')
    expect((await auditRows(t, 'staff.invite_resend'))[0]).toMatchObject({
      staffId: ownerId,
      targetId: String(id),
    })
  })

  it("resets another member's password: old password and sessions end, the link sets a new one", async () => {
    const who = await member('forgot@accounts.test', 'support')
    const res = await call('POST', `/staff/${who.id}/reset-password`, { token: owner })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.staff).toMatchObject({ id: who.id, invited: true })
    expect(await liveSessions(who.id)).toEqual([])
    expect((await call('GET', '/auth/me', { token: who.token })).json().code).toBe('STF002')
    const oldLogin = await call('POST', '/auth/login', { body: { email: who.email, password: who.password } })
    expect(oldLogin.json().code).toBe('STF001')

    const set = await call('POST', '/auth/accept-invite', {
      body: { token: res.json().data.invite_token, password: 'brand-new-password-2' },
    })
    expect(set.statusCode, set.body).toBe(200)
    await bearer(who.email, 'brand-new-password-2')
    expect((await auditRows(t, 'staff.password_reset'))[0]).toMatchObject({
      targetId: String(who.id),
      changes: { sessions_ended: 1 },
    })
  })

  it("is the owner's only, not for oneself (409 STF231), nor before an invitation is accepted (409 STF232)", async () => {
    const who = await member('notowner@accounts.test', 'support')
    const other = await member('target@accounts.test')
    for (const url of [
      `/staff/${other.id}/reset-password`,
      `/staff/${other.id}/resend-invite`,
      `/staff/${other.id}/totp/reset`,
    ]) {
      const res = await call('POST', url, { token: who.token })
      expect(res.statusCode, url).toBe(403)
      expect(res.json().code).toBe('STF003')
    }
    expect(await liveSessions(other.id)).toHaveLength(1)
    const self = await call('POST', `/staff/${ownerId}/reset-password`, { token: owner })
    expect(self.json().code).toBe('STF231')
    const invited = await call('POST', '/staff', {
      token: owner,
      body: { email: 'pending@accounts.test', name: 'Pending', role: 'support' },
    })
    const pending = await call('POST', `/staff/${invited.json().data.staff.id}/reset-password`, {
      token: owner,
    })
    expect(pending.json().code).toBe('STF232')
    expect((await call('POST', '/staff/99999/reset-password', { token: owner })).json().code).toBe('STF008')
    expect((await call('POST', '/staff/abc/reset-password', { token: owner })).statusCode).toBe(400)
  })
})

describe('the second factor off', () => {
  it("turns one's own off with a current code; sign-in then needs the password only", async () => {
    const who = await member('offcode@accounts.test')
    const app = await withTotp(who.token)
    const wrong = await call('POST', '/auth/totp/disable', { token: who.token, body: { code: '000000' } })
    expect(wrong.json().code).toBe('STF005')
    const res = await call('POST', '/auth/totp/disable', {
      token: who.token,
      body: { code: app.generate({ timestamp: Date.now() + 30_000 }) },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await call('GET', '/auth/me', { token: who.token })).json().data.totp_enabled).toBe(false)
    await bearer(who.email, who.password)
    const [row] = await db().select().from(staffAccounts).where(eq(staffAccounts.id, who.id))
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null })
    expect((await auditRows(t, 'staff.totp_disable'))[0]).toMatchObject({ changes: { proof: 'code' } })
    const again = await call('POST', '/auth/totp/disable', {
      token: who.token,
      body: { password: who.password },
    })
    expect(again.json().code).toBe('STF233')
  })

  it('turns it off with the password (wrong: 401 STF234); needs one proof (400)', async () => {
    const who = await member('offpassword@accounts.test')
    await withTotp(who.token)
    for (const body of [{}, { code: '123456', password: who.password }, { code: 'abc' }]) {
      expect((await call('POST', '/auth/totp/disable', { token: who.token, body })).statusCode).toBe(400)
    }
    const wrong = await call('POST', '/auth/totp/disable', {
      token: who.token,
      body: { password: 'not-it-at-all' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().code).toBe('STF234')
    expect((await call('GET', '/auth/me', { token: who.token })).json().data.totp_enabled).toBe(true)
    const ok = await call('POST', '/auth/totp/disable', {
      token: who.token,
      body: { password: who.password },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await call('GET', '/auth/me', { token: who.token })).json().data.totp_enabled).toBe(false)
  })

  it("lets the owner clear another member's second factor (a lost phone), audited", async () => {
    const who = await member('lostphone@accounts.test')
    await withTotp(who.token)
    const withoutCode = await call('POST', '/auth/login', {
      body: { email: who.email, password: who.password },
    })
    expect(withoutCode.json().code).toBe('STF004')
    const res = await call('POST', `/staff/${who.id}/totp/reset`, { token: owner })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ id: who.id, totp_enabled: false })
    await bearer(who.email, who.password)
    expect((await auditRows(t, 'staff.totp_reset'))[0]).toMatchObject({
      staffId: ownerId,
      targetId: String(who.id),
    })
    expect((await call('POST', `/staff/${who.id}/totp/reset`, { token: owner })).json().code).toBe('STF233')
    expect((await call('POST', `/staff/${ownerId}/totp/reset`, { token: owner })).json().code).toBe('STF231')
  })
})

describe('signing out everywhere', () => {
  it("ends every session of one's own (Bearer and cookie), no one else's, and clears the cookie", async () => {
    const who = await member('everywhere@accounts.test')
    const other = await member('bystander@accounts.test')
    const second = await bearer(who.email, who.password)
    const { cookie, csrf } = await cookieSession(t, who.email, who.password)
    const noCsrf = await call('POST', '/auth/logout-all', { cookie })
    expect(noCsrf.json().code).toBe('STF006')
    const res = await call('POST', '/auth/logout-all', { cookie, csrf })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ sessions_ended: 3 })
    expect(res.cookies.find((c) => c.name === STAFF_COOKIE)?.value).toBe('')
    for (const token of [who.token, second]) {
      expect((await call('GET', '/auth/me', { token })).json().code).toBe('STF002')
    }
    expect((await call('GET', '/auth/me', { cookie })).json().code).toBe('STF002')
    expect((await call('GET', '/auth/me', { token: other.token })).statusCode).toBe(200)
    expect((await auditRows(t, 'staff.logout_all'))[0]).toMatchObject({
      staffId: who.id,
      changes: { sessions_ended: 3 },
    })
  })
})
