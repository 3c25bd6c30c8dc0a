import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { addresses, cities, customers, districts, memberSessions, provinces } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createOrder } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { issueSession } from '../../plugins/auth.ts'
import { hashPassword } from '../../password.ts'
import { OTP_POLICY } from '../otp/index.ts'
import {
  auditRows,
  cookieSession,
  nextAddress,
  signInEveryRole,
  staffCall,
  type Tokens,
} from '../staff/staff.test-utils.ts'

/**
 * The back office's member calls (issue 14) through HTTP: look-up, orders and addresses, codes
 * sent through the shop's own limits, and disabling (sessions end, sign-in refused).
 */

let t: TestApp
let tokens: Tokens
const db = () => t.database.db
const call = staffCall(() => t)

/** A call of the shop itself (members API). */
const shop = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, body?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: nextAddress(),
    headers: { 'x-brand-id': '9', ...headers },
    ...(body ? { payload: body } : {}),
  })
const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
})

let phoneSequence = 0
/** A verified member with a password, signed in once. */
async function memberWithPassword(email: string, password = 'Member-password1') {
  const hp = `0812${String(7_000_000 + ++phoneSequence).padStart(8, '0')}`
  const [row] = await db()
    .insert(customers)
    .values({ nama: 'Siti', email, hp, passwordHash: await hashPassword(password), isVerified: true })
    .returning()
  const token = await issueSession(db(), row!.idPelanggan, false)
  return { id: row!.idPelanggan, hp, email, password, token }
}

const outboxTo = async (phone: string) =>
  (await t.app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${phone}` })).json().data as {
    body: string
    channel: string
  }[]

beforeAll(async () => {
  t = await buildTestApp()
  tokens = await signInEveryRole(t, 'members.test')
})

afterAll(async () => {
  await t?.close()
})

describe('who may call the member calls', () => {
  it('owner and support; marketing, warehouse and merchandiser get 403 STF003', async () => {
    const member = await memberWithPassword('roles@example.test')
    for (const role of ['owner', 'support'] as const) {
      const res = await call('GET', `/members?email=roles@example.test`, { token: tokens[role] })
      expect(res.statusCode, res.body).toBe(200)
    }
    for (const role of ['marketing', 'warehouse', 'merchandiser'] as const) {
      for (const [method, url, body] of [
        ['GET', '/members?email=roles@example.test', undefined],
        ['GET', `/members/${member.id}/orders`, undefined],
        ['PATCH', `/members/${member.id}`, { disabled: true }],
        ['POST', `/members/${member.id}/resend-code`, { type: 'SMS' }],
      ] as const) {
        const res = await call(method, url, { token: tokens[role], body })
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403)
        expect(res.json().code).toBe('STF003')
      }
    }
    const [row] = await db().select().from(customers).where(eq(customers.idPelanggan, member.id))
    expect(row!.disabledAt).toBeNull()
    expect(await outboxTo(member.hp)).toEqual([])
  })

  it('takes no member token (401 STF002); a staff token is no member session (401 CLE001)', async () => {
    const member = await memberWithPassword('tokens@example.test')
    const asMember = await call('GET', '/members?email=tokens@example.test', { token: member.token })
    expect(asMember.statusCode).toBe(401)
    expect(asMember.json().code).toBe('STF002')
    expect((await call('GET', '/members?email=tokens@example.test')).json().code).toBe('STF002')
    for (const token of [tokens.support, tokens.owner]) {
      const profile = await shop('GET', '/v1/member/profile', { authorization: `Bearer ${token}` })
      expect(profile.statusCode).toBe(401)
      expect(profile.json().code).toBe('CLE001')
      const viaQuery = await shop('GET', `/v1/member/profile?token=${token}`)
      expect(viaQuery.json().code).toBe('CLE001')
    }
  })

  it('works with the cookie session; a change needs its CSRF token (403 STF006)', async () => {
    const member = await memberWithPassword('cookie@example.test')
    const { cookie, csrf } = await cookieSession(t, 'support@members.test', 'support-password-1')
    expect((await call('GET', `/members/${member.id}`, { cookie })).statusCode).toBe(200)
    const refused = await call('PATCH', `/members/${member.id}`, { cookie, body: { disabled: true } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('STF006')
    expect(
      (await shop('GET', '/v1/member/profile', { authorization: `Bearer ${member.token}` })).statusCode,
    ).toBe(200)
    const done = await call('PATCH', `/members/${member.id}`, { cookie, csrf, body: { disabled: true } })
    expect(done.statusCode, done.body).toBe(200)
  })
})

describe('finding a member', () => {
  it('by e-mail (any case) or by phone in any of its forms', async () => {
    const member = await memberWithPassword('lookup@example.test')
    const byEmail = await call('GET', '/members?email=%20LookUp@Example.test', { token: tokens.support })
    expect(byEmail.json().data).toEqual([
      expect.objectContaining({
        id_pelanggan: member.id,
        email: 'lookup@example.test',
        hp: member.hp,
        is_verified: true,
        pending_registration: false,
        disabled_at: null,
      }),
    ])
    for (const phone of [
      member.hp,
      `+62${member.hp.slice(1)}`,
      `62${member.hp.slice(1)}`,
      member.hp.slice(1),
    ]) {
      const res = await call('GET', `/members?phone=${encodeURIComponent(phone)}`, { token: tokens.support })
      expect(res.statusCode, phone).toBe(200)
      expect(res.json().data.map((m: { id_pelanggan: number }) => m.id_pelanggan)).toEqual([member.id])
    }
    expect(
      (await call('GET', '/members?email=nobody@example.test', { token: tokens.support })).json().data,
    ).toEqual([])
  })

  it('refuses a look-up with neither or both, a bad phone, a bad e-mail or a bad id (400)', async () => {
    for (const query of ['', '?email=a@b.test&phone=081234567890', '?phone=12345', '?email=not-an-email']) {
      const res = await call('GET', `/members${query}`, { token: tokens.support })
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code).toBe('REQ001')
    }
    const badPhone = await call('GET', '/members?phone=12345', { token: tokens.support })
    expect(badPhone.body).toContain('phone')
    expect((await call('GET', '/members/abc', { token: tokens.support })).statusCode).toBe(400)
    const unknown = await call('GET', '/members/12345', { token: tokens.support })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('STF220')
  })

  it("shows a member's addresses and orders, newest first", async () => {
    const member = await memberWithPassword('orders@example.test')
    await db().insert(provinces).values({ id: '31', name: 'DKI Jakarta' }).onConflictDoNothing()
    await db()
      .insert(cities)
      .values({ id: '31.71', provinceId: '31', name: 'Jakarta Pusat' })
      .onConflictDoNothing()
    await db()
      .insert(districts)
      .values({ id: '31.71.01', cityId: '31.71', name: 'Gambir' })
      .onConflictDoNothing()
    await db().insert(addresses).values({
      idPelanggan: member.id,
      penerima: 'Siti',
      namaAlamat: 'Home',
      hpPenerima: member.hp,
      alamatLengkap: 'Jl. Merdeka 1',
      destinationCode: '31.71.01',
      kodePos: '10110',
      priority: 'primary',
    })
    const older = await createOrder(db(), {
      idPelanggan: member.id,
      status: 'Success',
      orderDate: new Date('2026-01-01T00:00:00Z'),
    })
    const newer = await createOrder(db(), {
      idPelanggan: member.id,
      orderDate: new Date('2026-02-01T00:00:00Z'),
    })
    const other = await createSignedInMember(db())
    await createOrder(db(), { idPelanggan: other.idPelanggan })

    const detail = await call('GET', `/members/${member.id}`, { token: tokens.support })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json().data.addresses).toEqual([
      expect.objectContaining({ nama_alamat: 'Home', alamat_lengkap: 'Jl. Merdeka 1', priority: 'primary' }),
    ])
    const orders = await call('GET', `/members/${member.id}/orders`, { token: tokens.support })
    expect(orders.statusCode, orders.body).toBe(200)
    expect(orders.json().data.map((o: { sales_order_number: string }) => o.sales_order_number)).toEqual([
      newer.salesOrderNumber,
      older.salesOrderNumber,
    ])
    expect(orders.json().data[0]).toMatchObject({ status: newer.status, total: newer.totalBayar })
  })
})

describe('disabling a member', () => {
  it('ends every session in the same change, refuses sign-in (403 STF222), and enabling lets them in again', async () => {
    const member = await memberWithPassword('disable@example.test')
    const second = await issueSession(db(), member.id, false)
    const res = await call('PATCH', `/members/${member.id}`, {
      token: tokens.support,
      body: { disabled: true },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.disabled_at).toEqual(expect.any(String))

    const live = await db()
      .select()
      .from(memberSessions)
      .where(and(eq(memberSessions.idPelanggan, member.id), isNull(memberSessions.revokedAt)))
    expect(live).toEqual([])
    for (const token of [member.token, second]) {
      const profile = await shop('GET', '/v1/member/profile', { authorization: `Bearer ${token}` })
      expect(profile.statusCode).toBe(401)
      expect(profile.json().code).toBe('CLE001')
    }
    const login = await shop('POST', '/v1/member/login', basic(member.email, member.password))
    expect(login.statusCode).toBe(403)
    expect(login.json().code).toBe('STF222')
    // A wrong password still answers as any wrong password: being disabled is told only to the owner.
    const wrong = await shop('POST', '/v1/member/login', basic(member.email, 'Wrong-password1'))
    expect(wrong.json().code).toBe('CLE015')
    // A session made behind the shop's back is refused too (the disabled flag is checked on every call).
    const sneaked = await issueSession(db(), member.id, false)
    expect(
      (await shop('GET', '/v1/member/profile', { authorization: `Bearer ${sneaked}` })).json().code,
    ).toBe('CLE001')

    const [audit] = await auditRows(t, 'member.disable')
    expect(audit).toMatchObject({ targetType: 'member', targetId: String(member.id) })
    expect(audit!.changes).toMatchObject({ disabled: { from: false, to: true } })

    const enabled = await call('PATCH', `/members/${member.id}`, {
      token: tokens.owner,
      body: { disabled: false },
    })
    expect(enabled.json().data.disabled_at).toBeNull()
    const back = await shop('POST', '/v1/member/login', basic(member.email, member.password))
    expect(back.statusCode, back.body).toBe(200)
    expect((await auditRows(t, 'member.enable'))[0]).toMatchObject({ targetId: String(member.id) })
  })

  it('refuses a guest by phone of a disabled guest row at login_otp (403 STF222)', async () => {
    const guest = await createSignedInMember(db(), { isGuest: true })
    const [row] = await db().select().from(customers).where(eq(customers.idPelanggan, guest.idPelanggan))
    await call('PATCH', `/members/${guest.idPelanggan}`, { token: tokens.support, body: { disabled: true } })
    const sent = await shop('POST', '/v1/member/login_otp_send', {}, { phone: row!.hp, type: 'SMS' })
    expect(sent.statusCode, sent.body).toBe(200)
    const code = /code is (\d+)/.exec((await outboxTo(row!.hp))[0]!.body)![1]!
    const login = await shop('POST', '/v1/member/login_otp', {}, { phone: row!.hp, otp: code })
    expect(login.statusCode).toBe(403)
    expect(login.json().code).toBe('STF222')
  })

  it('refuses a bad body (400) and changes nothing; unknown id 404 STF220', async () => {
    const member = await memberWithPassword('badbody@example.test')
    for (const body of [{}, { disabled: 'yes' }, { disabled: true, extra: 1 }]) {
      const res = await call('PATCH', `/members/${member.id}`, { token: tokens.support, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(
      (await shop('GET', '/v1/member/profile', { authorization: `Bearer ${member.token}` })).statusCode,
    ).toBe(200)
    const unknown = await call('PATCH', '/members/99999', { token: tokens.support, body: { disabled: true } })
    expect(unknown.json().code).toBe('STF220')
  })
})

describe('sending a member a code', () => {
  it('sends a pending registration its verification code, counted on the registration', async () => {
    const registered = await shop(
      'POST',
      '/v2/member/register',
      {},
      {
        nama_pelanggan: 'Budi',
        email: 'pending@example.test',
        hp: '081298765001',
        password: 'Budi-password1',
        confirm_password: 'Budi-password1',
        tanggal_lahir: '1990-01-01',
        source: 'WEBSITE',
      },
    )
    expect(registered.statusCode, registered.body).toBe(200)
    const id = registered.json().data.id_pelanggan as number
    const res = await call('POST', `/members/${id}/resend-code`, {
      token: tokens.support,
      body: { type: 'WHATSAPP' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ purpose: 'REGISTER', expires_in: 300 })
    const sent = await outboxTo('081298765001')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ channel: 'WHATSAPP' })
    expect(sent[0]!.body).toMatch(/verification code is \d{4}/)
    const [row] = await db().select().from(customers).where(eq(customers.idPelanggan, id))
    expect(row!.registrationCodesSent).toBe(1)
    expect((await auditRows(t, 'member.resend_code'))[0]).toMatchObject({
      targetId: String(id),
      changes: { purpose: 'REGISTER', channel: 'WHATSAPP' },
    })
  })

  it("sends a member a sign-in code, under the phone's limits (429 OTP003 with Retry-After), no bypass", async () => {
    const member = await memberWithPassword('code@example.test')
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/members/${member.id}/resend-code`, {
        token: tokens.support,
        body: { type: 'SMS' },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data).toEqual({ purpose: 'GUEST_LOGIN', expires_in: 300 })
    }
    const slowed = await call('POST', `/members/${member.id}/resend-code`, {
      token: tokens.owner,
      body: { type: 'SMS' },
    })
    expect(slowed.statusCode).toBe(429)
    expect(slowed.json().code).toBe('OTP003')
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0)
    expect(await outboxTo(member.hp)).toHaveLength(2)
    // Every member of staff together is one sender, and its sends count in the phone's own bound
    // (decision 051): with them, the phone takes its free sends from other addresses, then waits.
    for (let i = 2; i < OTP_POLICY.phoneBackoff.free; i++) {
      const res = await shop('POST', '/v1/member/login_otp_send', {}, { phone: member.hp, type: 'SMS' })
      expect(res.statusCode, res.body).toBe(200)
    }
    const fromShop = await shop('POST', '/v1/member/login_otp_send', {}, { phone: member.hp, type: 'SMS' })
    expect(fromShop.json().code).toBe('OTP003')
    expect(await auditRows(t, 'member.resend_code')).toHaveLength(3)
  })

  it('sends nothing to a disabled member (409 STF221) and refuses a bad channel (400)', async () => {
    const member = await memberWithPassword('nocode@example.test')
    const bad = await call('POST', `/members/${member.id}/resend-code`, {
      token: tokens.support,
      body: { type: 'EMAIL' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('type')
    await call('PATCH', `/members/${member.id}`, { token: tokens.support, body: { disabled: true } })
    const res = await call('POST', `/members/${member.id}/resend-code`, {
      token: tokens.support,
      body: { type: 'SMS' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('STF221')
    expect(await outboxTo(member.hp)).toEqual([])
  })
})
