import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOTP } from 'otpauth'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { staffAuditLog } from '../../db/schema/index.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { auditRows, nextAddress, staffCall } from './staff.test-utils.ts'
import { hitLimit, PASSWORD_SPRAY_LIMIT, PASSWORD_TRIES_BACKOFF } from '../../plugins/rate-limit.ts'
import { createStaff } from './staff.service.ts'

/**
 * Issue 26, items 3 and 9: a stranger's wrong passwords do not keep the owner out, and the second
 * factor, sign-outs, exports, member look-ups and refused sign-ins leave their trace in the audit
 * log (never a password or a token).
 */

let t: TestApp
const call = staffCall(() => t)

async function signIn(email: string, password: string, ip = nextAddress(), totp?: string) {
  const res = await call('POST', '/auth/login', { ip, body: { email, password, ...(totp ? { totp } : {}) } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.token as string
}

/** Every audit row's text, to look for what must never be there. */
async function auditDump() {
  const rows = await t.database.db.select().from(staffAuditLog)
  return JSON.stringify(rows)
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})

afterAll(async () => {
  await t?.close()
})

describe('issue 26 item 3: staff sign-in slows guesses per account and address', () => {
  it('issue 26 item 3: 30 wrong passwords from address A do not stop the owner signing in from address B; A gets 429 with Retry-After', async () => {
    const owner = { email: 'owner3@busana.test', password: 'owner-password-3' }
    await createStaff(t.database.db, { ...owner, role: 'owner' })
    const strangerAddress = '203.0.113.7'
    const answers: number[] = []
    for (let i = 0; i < 30; i++) {
      const res = await call('POST', '/auth/login', {
        ip: strangerAddress,
        body: { email: owner.email, password: `guess-number-${i}` },
      })
      answers.push(res.statusCode)
    }
    // The first tries are checked (401), then the address waits (429), as members' sign-in does.
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(
      answers.slice(5).every((status) => status === 429),
      String(answers),
    ).toBe(true)

    // The owner, from their own address, signs in at once with the right password.
    const ownersAddress = '198.51.100.20'
    const mine = await call('POST', '/auth/login', { ip: ownersAddress, body: owner })
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().data.token).toEqual(expect.any(String))

    // The stranger's address still waits, even with the right password, and is told how long.
    const slowed = await call('POST', '/auth/login', { ip: strangerAddress, body: owner })
    expect(slowed.statusCode).toBe(429)
    expect(slowed.json().code).toBe('REQ006')
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('issue 38 item 1: the owner signs in with the right password and second factor after 150 wrong ones from 30 other addresses', async () => {
    const owner = { email: 'owner38@busana.test', password: 'owner-password-38' }
    await createStaff(t.database.db, { ...owner, role: 'owner' })
    // The second factor on, as an owner should have it.
    const first = await signIn(owner.email, owner.password)
    const { secret } = (await call('POST', '/auth/totp/setup', { token: first })).json().data
    const app = new TOTP({ issuer: 'Busana', label: owner.email, secret })
    expect(
      (await call('POST', '/auth/totp/enable', { token: first, body: { code: app.generate() } })).statusCode,
    ).toBe(200)

    // 30 addresses, five wrong passwords each (their free tries), all at once.
    const strangers = Array.from({ length: 30 }, (_, i) => `203.0.113.${100 + i}`)
    const answers = (
      await Promise.all(
        strangers.map(async (ip, i) => {
          const mine: number[] = []
          for (let j = 0; j < 5; j++) {
            const wrong = { email: owner.email, password: `spray-${i}-${j}` }
            mine.push((await call('POST', '/auth/login', { ip, body: wrong })).statusCode)
          }
          return mine
        }),
      )
    ).flat()
    expect(answers).toHaveLength(150)
    expect(answers.every((status) => status === 401 || status === 429)).toBe(true)
    expect(answers.filter((status) => status === 401).length).toBeGreaterThanOrEqual(
      PASSWORD_SPRAY_LIMIT.limit,
    )

    // The owner, from their own address, with the right password and code: signed in.
    const mine = await call('POST', '/auth/login', {
      ip: '198.51.100.38',
      // The next step's code: the one that turned the factor on may not be used twice.
      body: { ...owner, totp: app.generate({ timestamp: Date.now() + 30_000 }) },
    })
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().data.token).toEqual(expect.any(String))
  }, 120_000) // 150 scrypt checks

  it('issue 38 item 1: past the spray count each failing address waits the longest wait at once; a right password from an address that has not failed is never refused', async () => {
    const account = { email: 'spray38@busana.test', password: 'spray-password-38' }
    await createStaff(t.database.db, { ...account, role: 'support' })
    // The spray so far: the account's whole count of wrong passwords in this window (counted as
    // each of them would be, without 30 scrypt checks in the test).
    for (let i = 0; i < PASSWORD_SPRAY_LIMIT.limit; i++) {
      await hitLimit(t.database.db, `staff-login:account:${account.email}`, PASSWORD_SPRAY_LIMIT)
    }
    // A new address's first wrong password is checked (401); its next try, even right, waits.
    const ip = nextAddress()
    const wrong = await call('POST', '/auth/login', {
      ip,
      body: { email: account.email, password: 'nope-nope' },
    })
    expect(wrong.statusCode).toBe(401)
    const slowed = await call('POST', '/auth/login', { ip, body: account })
    expect(slowed.statusCode).toBe(429)
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(PASSWORD_TRIES_BACKOFF.capMs / 1000 - 5)
    // Any address that has not failed signs in with the right password, as many as there are.
    for (let i = 0; i < 3; i++) {
      const right = await call('POST', '/auth/login', { ip: nextAddress(), body: account })
      expect(right.statusCode, right.body).toBe(200)
    }
  })
})

describe('issue 26 item 9: the second factor ends the other sessions; the audit log misses nothing', () => {
  it('issue 26 item 9: turning the second factor on ends the other sessions and keeps this one; setup is audited', async () => {
    const who = { email: 'totp9@busana.test', password: 'totp-password-9' }
    await createStaff(t.database.db, { ...who, role: 'merchandiser' })
    const laptop = await signIn(who.email, who.password)
    const phone = await signIn(who.email, who.password)
    const setup = await call('POST', '/auth/totp/setup', { token: laptop })
    expect(setup.statusCode, setup.body).toBe(200)
    const { secret } = setup.json().data
    const app = new TOTP({ issuer: 'Busana', label: who.email, secret })
    const on = await call('POST', '/auth/totp/enable', { token: laptop, body: { code: app.generate() } })
    expect(on.statusCode, on.body).toBe(200)

    expect((await call('GET', '/auth/me', { token: laptop })).statusCode).toBe(200)
    const old = await call('GET', '/auth/me', { token: phone })
    expect(old.statusCode).toBe(401)
    expect(old.json().code).toBe('STF002')

    const [setupRow] = await auditRows(t, 'staff.totp_setup')
    expect(setupRow).toMatchObject({ targetType: 'staff', targetId: String(setupRow!.staffId) })
    const [enableRow] = await auditRows(t, 'staff.totp_enable')
    expect(enableRow!.changes).toEqual({ sessions_ended: 1 })
    expect(await auditDump()).not.toContain(secret)
  })

  it('issue 26 item 9: a single logout is audited, without the token', async () => {
    const who = { email: 'logout9@busana.test', password: 'logout-password-9' }
    const staff = await createStaff(t.database.db, { ...who, role: 'support' })
    const token = await signIn(who.email, who.password)
    const out = await call('POST', '/auth/logout', { token })
    expect(out.statusCode, out.body).toBe(200)
    const [row] = await auditRows(t, 'staff.logout')
    expect(row).toMatchObject({ staffId: staff.id, targetType: 'staff', targetId: String(staff.id) })
    expect(await auditDump()).not.toContain(token)
  })

  it('issue 26 item 9: refused sign-ins are audited (wrong password, missing code, slowed), never with the password', async () => {
    const who = { email: 'refused9@busana.test', password: 'refused-password-9' }
    const staff = await createStaff(t.database.db, { ...who, role: 'warehouse' })
    const ip = '192.0.2.99'
    for (let i = 0; i < 6; i++) {
      await call('POST', '/auth/login', { ip, body: { email: who.email, password: `wrong-secret-${i}` } })
    }
    const rows = (await auditRows(t, 'staff.login_failed')).filter((row) => row.targetId === String(staff.id))
    const reasons = rows.map((row) => (row.changes as { reason: string }).reason)
    expect(reasons.filter((reason) => reason === 'credentials')).toHaveLength(5)
    expect(reasons).toContain('rate_limited')
    expect(rows.every((row) => row.ip === ip && row.staffId === null)).toBe(true)

    // An account with the second factor, signed in without its code.
    const token = await signIn(who.email, who.password)
    const { secret } = (await call('POST', '/auth/totp/setup', { token })).json().data
    const app = new TOTP({ issuer: 'Busana', label: who.email, secret })
    expect(
      (await call('POST', '/auth/totp/enable', { token, body: { code: app.generate() } })).statusCode,
    ).toBe(200)
    const noCode = await call('POST', '/auth/login', { body: who })
    expect(noCode.json().code).toBe('STF004')
    const [missing] = await auditRows(t, 'staff.login_failed')
    expect(missing!.changes).toEqual({ email: who.email, reason: 'totp_missing' })

    const dump = await auditDump()
    expect(dump).not.toContain('wrong-secret')
    expect(dump).not.toContain(who.password)
  })

  it('issue 26 item 9: a CSV export and a member look-up are audited with who asked', async () => {
    const boss = { email: 'boss9@busana.test', password: 'boss-password-9' }
    const staff = await createStaff(t.database.db, { ...boss, role: 'owner' })
    const token = await signIn(boss.email, boss.password)

    const csv = await call('GET', '/stock/export.csv?q=KAOS', { token })
    expect(csv.statusCode, csv.body).toBe(200)
    const [exported] = await auditRows(t, 'stock.export')
    expect(exported).toMatchObject({ staffId: staff.id, targetType: 'stock' })
    expect(exported!.changes).toMatchObject({ q: 'KAOS' })

    const member = await createSignedInMember(t.database.db)
    const detail = await call('GET', `/members/${member.idPelanggan}`, { token })
    expect(detail.statusCode, detail.body).toBe(200)
    const orders = await call('GET', `/members/${member.idPelanggan}/orders`, { token })
    expect(orders.statusCode, orders.body).toBe(200)
    const looks = await auditRows(t, 'member.view')
    expect(looks.map((row) => [row.targetId, (row.changes as { part: string }).part])).toEqual([
      [String(member.idPelanggan), 'orders'],
      [String(member.idPelanggan), 'detail'],
    ])
    expect(looks[0]).toMatchObject({ staffId: staff.id, targetType: 'member' })
    // The owner finds them in the log by action.
    const listed = await call('GET', '/audit?action=member.view', { token })
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json().data).toHaveLength(2)

    const found = await call('GET', `/members?email=${encodeURIComponent('nobody@example.test')}`, { token })
    expect(found.statusCode, found.body).toBe(200)
    const [search] = await auditRows(t, 'member.lookup')
    expect(search).toMatchObject({ staffId: staff.id, targetType: 'member' })
    expect(search!.changes).toEqual({ email: 'nobody@example.test', found: 0 })
    expect(await auditDump()).not.toContain(token)
  })
})
