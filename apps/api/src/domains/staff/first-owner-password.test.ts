import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { auditRows, cookieSession, staffCall } from './staff.test-utils.ts'
import { DEFAULT_ADMIN_EMAIL, ensureFirstStaff } from './staff.service.ts'

/**
 * Issue 38 item 12: the first owner's one-time password, shown once at start, must be changed at
 * the first sign-in with it. Until then the API answers only me, sign-out and the password change
 * (403 STF013 for everything else); an owner the operator configured (ADMIN_EMAIL/ADMIN_PASSWORD)
 * chose their password and is asked nothing.
 */

let t: TestApp
const call = staffCall(() => t)
let oneTime = ''

/** Runs ensureFirstStaff as a fresh start does and answers the one-time password it made ('' for none). */
async function firstStart(app: TestApp, config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string } = {}) {
  const logged: unknown[] = []
  const owner = await ensureFirstStaff(app.database.db, config, {
    info: (obj) => void logged.push(obj),
    warn: (obj) => void logged.push(obj),
  })
  const password = owner.state === 'created' ? owner.password : ''
  // The log says an owner was made, never its password (issue 43: the start's notice shows it).
  if (password) expect(JSON.stringify(logged)).not.toContain(password)
  return password
}

async function bearer(email: string, password: string) {
  const res = await call('POST', '/auth/login', { body: { email, password } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.token as string
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  oneTime = await firstStart(t)
})

afterAll(async () => {
  await t?.close()
})

describe("the first owner's one-time password", () => {
  it('signs in, but every staff call except me, sign-out and the password change answers 403 STF013', async () => {
    expect(oneTime.length).toBeGreaterThanOrEqual(16)
    const token = await bearer(DEFAULT_ADMIN_EMAIL, oneTime)
    const me = await call('GET', '/auth/me', { token })
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json().data).toMatchObject({ role: 'owner', must_change_password: true })
    for (const [method, url] of [
      ['GET', '/staff'],
      ['GET', '/audit'],
      ['GET', '/orders'],
      ['POST', '/auth/totp/setup'],
      ['POST', '/auth/logout-all'],
    ] as const) {
      const res = await call(method, url, { token })
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403)
      expect(res.json().code).toBe('STF013')
    }
    // The answer says so in the shopper's (here the staff member's) language, from the catalogue.
    const inIndonesian = await call('GET', '/staff', { token, headers: { 'accept-language': 'id' } })
    expect(inIndonesian.json().message).toBe('Pilih kata sandi baru sebelum melakukan hal lain')
    const out = await call('POST', '/auth/logout', { token })
    expect(out.statusCode, out.body).toBe(200)
  })

  it('takes a new password (not the same one, not without the current one), then everything answers', async () => {
    const session = await cookieSession(t, DEFAULT_ADMIN_EMAIL, oneTime)
    const other = await bearer(DEFAULT_ADMIN_EMAIL, oneTime)
    const cookie = { cookie: session.cookie, csrf: session.csrf }

    const same = await call('POST', '/auth/password', {
      ...cookie,
      body: { current_password: oneTime, new_password: oneTime },
    })
    expect(same.statusCode, same.body).toBe(400)
    expect(same.json().code).toBe('REQ001')
    expect(same.body).toContain('new_password')

    const wrong = await call('POST', '/auth/password', {
      ...cookie,
      body: { current_password: 'not-the-password', new_password: 'the owner chose this' },
    })
    expect(wrong.statusCode, wrong.body).toBe(401)
    expect(wrong.json().code).toBe('STF234')

    const changed = await call('POST', '/auth/password', {
      ...cookie,
      body: { current_password: oneTime, new_password: 'the owner chose this' },
    })
    expect(changed.statusCode, changed.body).toBe(200)

    const me = await call('GET', '/auth/me', cookie)
    expect(me.json().data.must_change_password).toBe(false)
    const staff = await call('GET', '/staff', cookie)
    expect(staff.statusCode, staff.body).toBe(200)
    // The other session ended with the change; the one-time password is gone.
    expect((await call('GET', '/auth/me', { token: other })).statusCode).toBe(401)
    const old = await call('POST', '/auth/login', { body: { email: DEFAULT_ADMIN_EMAIL, password: oneTime } })
    expect(old.json().code).toBe('STF001')
    await bearer(DEFAULT_ADMIN_EMAIL, 'the owner chose this')

    const [row] = await auditRows(t, 'staff.password_change')
    expect(row).toMatchObject({ changes: { sessions_ended: 1 } })
    expect(JSON.stringify(row)).not.toContain('the owner chose this')
  })

  it('asks nothing of an owner the operator configured (ADMIN_EMAIL / ADMIN_PASSWORD)', async () => {
    const config = { ADMIN_EMAIL: 'owner@configured.test', ADMIN_PASSWORD: 'configured-password-1' }
    expect(await firstStart(t, config)).toBe('')
    const token = await bearer(config.ADMIN_EMAIL, config.ADMIN_PASSWORD)
    expect((await call('GET', '/auth/me', { token })).json().data.must_change_password).toBe(false)
    const staff = await call('GET', '/staff', { token })
    expect(staff.statusCode, staff.body).toBe(200)
  })
})
