import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, like, sql } from 'drizzle-orm'
import { SessionResponseSchema } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand } from '../../test/factories.ts'
import { customers, otpCodes, rateLimitWindows } from '../../db/schema/index.ts'
import { OTP_POLICY } from '../otp/otp.service.ts'
import { MEMBER_BACKOFFS, MEMBER_LIMITS, REGISTRATION_MAX_CODES } from './members.service.ts'

/** Counts the password checks (constant work on login); the real functions still run. */
const checks = vi.hoisted(() => ({ scrypt: 0, temporary: 0 }))
vi.mock('../../password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../password.ts')>()
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      checks.scrypt++
      return original.verifyPassword(...args)
    },
    verifyTemporaryPassword: (...args: Parameters<typeof original.verifyTemporaryPassword>) => {
      checks.temporary++
      return original.verifyTemporaryPassword(...args)
    },
  }
})

let t: TestApp
const brand = { 'x-brand-id': '9' }
/** Each test uses its own address so per-IP limits of one test never spill into another. */
let ipCounter = 1
const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the contract schemas check shapes
type Json = Record<string, any>
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; ip?: string } = {},
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...brand, ...options.headers },
    remoteAddress: options.ip ?? '127.0.0.9',
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  })
  return { status: response.statusCode, body: response.json() as Json, headers: response.headers }
}

const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
})
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The newest code sent to a phone, read from the developer outbox like the e2e journeys do. */
async function lastCode(phone: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${phone}&limit=1` })
  const body = (response.json() as Json).data[0]?.body as string
  return /code is (\d+)/.exec(body)?.[1] ?? ''
}

/** Moves a backoff key's events `ms` into the past, as if that much time had gone by. */
async function ageBackoff(key: string, ms: number) {
  await t.database.db
    .update(rateLimitWindows)
    .set({ windowStart: sql`${rateLimitWindows.windowStart} - ${`${ms} milliseconds`}::interval` })
    .where(eq(rateLimitWindows.key, `backoff:${key}`))
}

/** The temporary password of the newest forget e-mail to `email`, from the developer outbox. */
async function temporaryPasswordOf(email: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${email}&limit=1` })
  const body = (response.json() as Json).data[0]?.body as string
  return /temporary password is: (\S+)/.exec(body)?.[1] ?? ''
}

let phoneCounter = 100
const newPhone = () => `0812000${String(phoneCounter++).padStart(5, '0')}`
const PASSWORD = 'Rahasia123'

const registration = (email: string, hp: string, overrides: Json = {}) => ({
  nama_pelanggan: 'Sari Wulandari',
  password: PASSWORD,
  confirm_password: PASSWORD,
  email,
  hp,
  tanggal_lahir: '1995-08-17',
  source: 'WEBSITE',
  ...overrides,
})

/** Sends the registration code by `type` (the shopper's method choice); answers the code. */
async function sendRegistrationCode(id: number, hp: string, ip: string, type = 'SMS') {
  const sent = await call('POST', '/api/v2/member/resend_otp', { body: { type, id_pelanggan: id }, ip })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  return lastCode(hp)
}

/** Registers (register, then the method choice sends the code); answers the id and the code. */
async function registered(email: string, hp = newPhone(), ip = nextIp(), overrides: Json = {}) {
  const res = await call('POST', '/api/v2/member/register', { body: registration(email, hp, overrides), ip })
  expect(res.status).toBe(200)
  const id = res.body.data.id_pelanggan as number
  return { id, hp, ip, code: await sendRegistrationCode(id, hp, ip) }
}

/** Registers and verifies an account; returns its token and id. */
async function member(email: string) {
  const hp = newPhone()
  const ip = nextIp()
  const registered = await call('POST', '/api/v2/member/register', { body: registration(email, hp), ip })
  expect(registered.status).toBe(200)
  await sendRegistrationCode(registered.body.data.id_pelanggan, hp, ip)
  const verified = await call('POST', '/api/v2/member/verify_otp', {
    body: { id_pelanggan: registered.body.data.id_pelanggan, otp: await lastCode(hp) },
    ip,
  })
  expect(verified.status).toBe(200)
  return { token: verified.body.data.token as string, id: verified.body.data.id_pelanggan as number, hp }
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t?.close()
})

describe('registration and its code', () => {
  it('registers unverified, answers VER001 with id_pelanggan, sends nothing until the method is chosen, then one code there', async () => {
    const hp = newPhone()
    const ip = nextIp()
    const res = await call('POST', '/api/v2/member/register', {
      body: registration('Sari@Example.com', hp),
      ip,
    })
    expect(res.status).toBe(200)
    expect(res.body.code).toBe('VER001')
    expect(res.body.data.id_pelanggan).toEqual(expect.any(Number))
    // Nothing went out yet: the shopper chooses SMS or WhatsApp first (docs/product/account.md).
    expect(await lastCode(hp)).toBe('')
    const code = await sendRegistrationCode(res.body.data.id_pelanggan, hp, ip, 'WHATSAPP')
    expect(code).toMatch(/^\d{4}$/)
    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${hp}` })
    expect((outbox.json() as Json).data.map((m: Json) => m.channel)).toEqual(['WHATSAPP'])
    const [row] = await t.database.db.select().from(customers).where(eq(customers.email, 'sari@example.com'))
    expect(row?.isVerified).toBe(false)
    expect(row?.passwordHash).toMatch(/^scrypt\$/)
    expect(row?.passwordHash).not.toContain(PASSWORD)
    // Codes are stored hashed.
    const codes = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, hp))
    expect(codes).toHaveLength(1)
    expect(codes[0]?.codeHash).not.toContain(code)
    // The one code sent is the one that works.
    const ok = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: res.body.data.id_pelanggan, otp: code },
      ip,
    })
    expect(ok.status).toBe(200)
  })

  it('validates every field and names it (400 REQ001), creating nothing', async () => {
    const hp = newPhone()
    const cases: Array<[Json, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ hp: '+6281234567' }, 'hp'],
      [{ hp: '0000081234567' }, 'hp'],
      [{ tanggal_lahir: '1995-02-30' }, 'tanggal_lahir'],
      [{ tanggal_lahir: '17-08-1995' }, 'tanggal_lahir'],
      [{ tanggal_lahir: '2999-01-01' }, 'tanggal_lahir'],
      [{ password: 'short1A', confirm_password: 'short1A' }, 'password'],
      [{ password: 'alllowercase1', confirm_password: 'alllowercase1' }, 'password'],
      [{ confirm_password: 'Different123' }, 'confirm_password'],
      [{ source: 'APP' }, 'source'],
      [{ nama_pelanggan: '' }, 'nama_pelanggan'],
    ]
    for (const [override, field] of cases) {
      const res = await call('POST', '/api/v2/member/register', {
        body: registration('invalid@example.com', hp, override),
        ip: nextIp(),
      })
      expect(res.status, JSON.stringify(override)).toBe(400)
      expect(res.body.code).toBe('REQ001')
      expect(res.body.message).toContain(`'${field}'`)
    }
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'invalid@example.com'))
    expect(rows).toHaveLength(0)
    const mismatch = await call('POST', '/api/v2/member/register', {
      body: registration('invalid@example.com', hp, { confirm_password: 'Different123' }),
    })
    expect(mismatch.body.message).toContain('Password must be the same')
  })

  it('verifies with the right code, signs in, and the code cannot be reused', async () => {
    const hp = newPhone()
    const ip = nextIp()
    const reg = await call('POST', '/api/v2/member/register', {
      body: registration('budi@example.com', hp),
      ip,
    })
    const id = reg.body.data.id_pelanggan
    const code = await sendRegistrationCode(reg.body.data.id_pelanggan, hp, ip)
    const wrong = code === '0000' ? '0001' : '0000'
    const bad = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: id, otp: wrong },
      ip,
    })
    expect(bad.status).toBe(422)
    expect(bad.body.code).toBe('OTP001')

    const ok = await call('POST', '/api/v2/member/verify_otp', { body: { id_pelanggan: id, otp: code }, ip })
    expect(ok.status).toBe(200)
    expect(SessionResponseSchema.parse(ok.body).data).toMatchObject({ id_pelanggan: id, is_guest: false })
    expect(ok.body.data.token.length).toBeGreaterThanOrEqual(22)

    const profile = await call('GET', `/api/v1/member/profile?token=${ok.body.data.token}`)
    expect(profile.status).toBe(200)

    // Reuse: the account is verified now, and the code is consumed: a wrong code, as for anyone.
    const again = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: id, otp: code },
      ip,
    })
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('OTP001')
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.idPelanggan, id))
    expect(row?.consumedAt).not.toBeNull()
  })

  it('rejects malformed codes and ids with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ id_pelanggan: 1, otp: '12a4' }, 'otp'],
      [{ id_pelanggan: 1, otp: '12345' }, 'otp'],
      [{ id_pelanggan: 'x', otp: '1234' }, 'id_pelanggan'],
    ] as const) {
      const res = await call('POST', '/api/v2/member/verify_otp', { body })
      expect(res.status).toBe(400)
      expect(res.body.message).toContain(`'${field}'`)
    }
    const res = await call('POST', '/api/v2/member/resend_otp', { body: { type: 'EMAIL', id_pelanggan: 1 } })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain("'type'")
  })

  it('an expired code fails, and a resend by WHATSAPP retires the earlier code', async () => {
    const hp = newPhone()
    const ip = nextIp()
    const reg = await call('POST', '/api/v2/member/register', {
      body: registration('exp@example.com', hp),
      ip,
    })
    const id = reg.body.data.id_pelanggan
    const first = await sendRegistrationCode(reg.body.data.id_pelanggan, hp, ip)
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.idPelanggan, id))
    const expired = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: id, otp: first },
      ip,
    })
    expect(expired.status).toBe(422)
    expect(expired.body.code).toBe('OTP001')

    const resent = await call('POST', '/api/v2/member/resend_otp', {
      body: { type: 'WHATSAPP', id_pelanggan: id },
      ip,
    })
    expect(resent.status).toBe(200)
    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${hp}&limit=1` })
    expect((outbox.json() as Json).data[0].channel).toBe('WHATSAPP')
    const second = await lastCode(hp)
    const ok = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: id, otp: second },
      ip,
    })
    expect(ok.status).toBe(200)
  })

  it('bounds attempts per code: after the bound even the right code fails', async () => {
    const hp = newPhone()
    const ip = nextIp()
    const reg = await call('POST', '/api/v2/member/register', {
      body: registration('bound@example.com', hp),
      ip,
    })
    const id = reg.body.data.id_pelanggan
    const code = await sendRegistrationCode(reg.body.data.id_pelanggan, hp, ip)
    const wrong = code === '1111' ? '2222' : '1111'
    for (let i = 0; i < OTP_POLICY.maxAttempts; i++) {
      const res = await call('POST', '/api/v2/member/verify_otp', {
        body: { id_pelanggan: id, otp: wrong },
        ip,
      })
      expect(res.body.code).toBe('OTP001')
    }
    const right = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: id, otp: code },
      ip,
    })
    expect(right.status).toBe(429)
    expect(right.body.code).toBe('OTP002')
  })

  it('parallel guessing: 50 wrong guesses at once evaluate at most max_attempts, then the right code fails', async () => {
    const hp = newPhone()
    const ip = nextIp()
    const reg = await call('POST', '/api/v2/member/register', {
      body: registration('attack@example.com', hp),
      ip,
    })
    const id = reg.body.data.id_pelanggan
    const code = await sendRegistrationCode(reg.body.data.id_pelanggan, hp, ip)
    const guesses = Array.from({ length: 50 }, (_, i) => String(i).padStart(4, '0')).filter((g) => g !== code)
    const answers = await Promise.all(
      guesses.map((otp, i) =>
        call('POST', '/api/v2/member/verify_otp', { body: { id_pelanggan: id, otp }, ip: `10.9.${i}.1` }),
      ),
    )
    // Every guess fails; the attempt counter never passes the bound.
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true)
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.idPelanggan, id))
    expect(row?.attempts).toBe(OTP_POLICY.maxAttempts)
    const evaluated = answers.filter((a) => a.body.code === 'OTP001').length
    expect(evaluated).toBeLessThanOrEqual(OTP_POLICY.maxAttempts)
    const right = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: id, otp: code },
      ip,
    })
    expect(right.body.code).toBe('OTP002')
  })

  it('a right code sent five times at once signs in once', async () => {
    const hp = newPhone()
    const ip = nextIp()
    const reg = await call('POST', '/api/v2/member/register', {
      body: registration('twice@example.com', hp),
      ip,
    })
    const id = reg.body.data.id_pelanggan
    const code = await sendRegistrationCode(reg.body.data.id_pelanggan, hp, ip)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/v2/member/verify_otp', { body: { id_pelanggan: id, otp: code }, ip }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
  })

  it('limits sends per phone (OTP003); a refused send does not count against the registration', async () => {
    const hp = newPhone()
    const ip = nextIp()
    // Two registrations of the same phone share its send limit.
    const ids: number[] = []
    for (const email of ['spam1@example.com', 'spam2@example.com']) {
      const reg = await call('POST', '/api/v2/member/register', { body: registration(email, hp), ip })
      ids.push(reg.body.data.id_pelanggan)
    }
    let over: Awaited<ReturnType<typeof call>> | undefined
    let sends = 0
    for (let i = 0; i < 2 * REGISTRATION_MAX_CODES && !over; i++) {
      const res = await call('POST', '/api/v2/member/resend_otp', {
        body: { type: 'SMS', id_pelanggan: ids[i % 2] },
        ip,
      })
      if (res.status === 200) sends++
      else over = res
    }
    expect(sends).toBeGreaterThan(0)
    expect(over?.status).toBe(429)
    expect(over?.body.code).toBe('OTP003')
    expect(Number(over?.headers['retry-after'])).toBeGreaterThan(0)
    const rows = await t.database.db
      .select({ sent: customers.registrationCodesSent })
      .from(customers)
      .where(eq(customers.hp, hp))
    expect(rows.reduce((sum, row) => sum + row.sent, 0)).toBe(sends)
  })

  it('resend_otp for an unknown, verified, expired or used-up registration answers MEM003 alike', async () => {
    const verified = await member('resend-verified@example.com')
    const expired = await registered('resend-expired@example.com')
    await t.database.db
      .update(customers)
      .set({ registrationExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(customers.idPelanggan, expired.id))
    const usedUp = await registered('resend-used@example.com')
    await t.database.db
      .update(customers)
      .set({ registrationCodesSent: REGISTRATION_MAX_CODES })
      .where(eq(customers.idPelanggan, usedUp.id))
    const answers = []
    for (const id of [999999, verified.id, expired.id, usedUp.id]) {
      const res = await call('POST', '/api/v2/member/resend_otp', { body: { type: 'SMS', id_pelanggan: id } })
      answers.push({ status: res.status, body: res.body })
    }
    expect(answers[0]).toEqual({
      status: 404,
      body: {
        status: 404,
        code: 'MEM003',
        message: 'This registration has expired or is already verified. Please register again or log in.',
        data: null,
      },
    })
    for (const answer of answers) expect(answer).toEqual(answers[0])
  })
})

describe('registration belongs to whoever started it', () => {
  it('customer ids are not sequential: nobody learns the next id from their own', async () => {
    const ids: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await call('POST', '/api/v2/member/register', {
        body: registration(`seq-${i}@example.com`, newPhone()),
        ip: nextIp(),
      })
      ids.push(res.body.data.id_pelanggan)
    }
    // Above every sequential id a table had before (they stop at 2^30), within int4, and apart.
    for (const id of ids) {
      expect(id).toBeGreaterThanOrEqual(2 ** 30)
      expect(id).toBeLessThan(2 ** 31)
    }
    const steps = ids.slice(1).map((id, i) => Math.abs(id - ids[i]!))
    expect(steps.every((step) => step > 1000)).toBe(true)
    // A guest created by phone code gets one the same way.
    const phone = newPhone()
    await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip: nextIp() })
    const guest = await call('POST', '/api/v1/member/login_otp', {
      body: { phone, otp: await lastCode(phone) },
      ip: nextIp(),
    })
    expect(guest.body.data.id_pelanggan).toBeGreaterThanOrEqual(2 ** 30)
  })

  it('another register for a pending e-mail starts its own: the owner keeps their code and the account', async () => {
    const owner = await registered('takeover@example.com')
    // Someone else registers the same e-mail with their phone and a password of theirs.
    const other = await registered('TakeOver@example.com', newPhone(), nextIp(), {
      password: 'Intruder123',
      confirm_password: 'Intruder123',
    })
    expect(other.id).not.toBe(owner.id)
    // The other phone's code does not open the owner's registration.
    const crossed = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: owner.id, otp: other.code === owner.code ? '0000' : other.code },
      ip: other.ip,
    })
    expect(crossed.body.code).toBe('OTP001')
    // The owner's code, sent before the other register, still works, for the owner's own details.
    const ok = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: owner.id, otp: owner.code },
      ip: owner.ip,
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data.id_pelanggan).toBe(owner.id)
    const [account] = await t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.email, 'takeover@example.com'), eq(customers.isVerified, true)))
    expect(account).toMatchObject({ idPelanggan: owner.id, hp: owner.hp })
    // The first verified won: the other registration now gets MEM001 and is dropped.
    const lost = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: other.id, otp: other.code },
      ip: other.ip,
    })
    expect(lost.status).toBe(409)
    expect(lost.body.code).toBe('MEM001')
    const intruder = await call('POST', '/api/v1/member/login', {
      headers: basic('takeover@example.com', 'Intruder123'),
      ip: nextIp(),
    })
    expect(intruder.status).toBe(401)
    const login = await call('POST', '/api/v1/member/login', {
      headers: basic('takeover@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(login.body.data.id_pelanggan).toBe(owner.id)
  })

  it('verify_otp answers an unknown, verified, guest or expired id exactly as a wrong code', async () => {
    const live = await registered('alike-live@example.com')
    const verified = await member('alike-verified@example.com')
    const expired = await registered('alike-expired@example.com')
    await t.database.db
      .update(customers)
      .set({ registrationExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(customers.idPelanggan, expired.id))
    const phone = newPhone()
    await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip: nextIp() })
    const guest = await call('POST', '/api/v1/member/login_otp', {
      body: { phone, otp: await lastCode(phone) },
      ip: nextIp(),
    })
    const wrongFor = (code: string) => (code === '0000' ? '0001' : '0000')
    const answers = []
    for (const [id, otp] of [
      [live.id, wrongFor(live.code)],
      [2_000_000_001, '1234'],
      [verified.id, '1234'],
      [guest.body.data.id_pelanggan, '1234'],
      // The right code of a registration past its day fails like any other.
      [expired.id, expired.code],
    ] as const) {
      const res = await call('POST', '/api/v2/member/verify_otp', { body: { id_pelanggan: id, otp } })
      answers.push({ status: res.status, body: res.body, cache: res.headers['cache-control'] })
    }
    expect(answers[0]).toMatchObject({ status: 422, body: { code: 'OTP001' } })
    for (const answer of answers) expect(answer).toEqual(answers[0])
    // The expired registration cannot sign in either: its password is no longer a pending one.
    const login = await call('POST', '/api/v1/member/login', {
      headers: basic('alike-expired@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(login.body.code).toBe('CLE015')
  })

  it('bounds the guesses at one registration in total: codes x attempts, then it is dead', async () => {
    const reg = await registered('dead@example.com')
    // Every wrong guess of every code it can be sent: the bound, whatever the hour.
    let evaluated = 0
    let code = reg.code
    for (let sent = 1; ; sent++) {
      const wrong = code === '1111' ? '2222' : '1111'
      for (let i = 0; i < OTP_POLICY.maxAttempts + 1; i++) {
        const res = await call('POST', '/api/v2/member/verify_otp', {
          body: { id_pelanggan: reg.id, otp: wrong },
          ip: reg.ip,
        })
        if (res.body.code === 'OTP001') evaluated++
      }
      if (sent === REGISTRATION_MAX_CODES) break
      // Past the phone's own send limit: as if the hour had passed (this bound holds whatever the time).
      await t.database.db.delete(rateLimitWindows).where(like(rateLimitWindows.key, `%${reg.hp}%`))
      code = await sendRegistrationCode(reg.id, reg.hp, reg.ip)
    }
    expect(evaluated).toBe(REGISTRATION_MAX_CODES * OTP_POLICY.maxAttempts)
    await t.database.db.delete(rateLimitWindows).where(like(rateLimitWindows.key, `%${reg.hp}%`))
    const more = await call('POST', '/api/v2/member/resend_otp', {
      body: { type: 'WHATSAPP', id_pelanggan: reg.id },
      ip: reg.ip,
    })
    expect(more.body.code).toBe('MEM003')
    const right = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: reg.id, otp: code },
      ip: reg.ip,
    })
    expect(right.body.code).toBe('OTP002')
    // Registering again starts a new registration with its own codes.
    const again = await registered('dead@example.com', reg.hp)
    const ok = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: again.id, otp: again.code },
      ip: again.ip,
    })
    expect(ok.status).toBe(200)
  })

  it('parallel resends never send a registration more than its codes', async () => {
    const reg = await call('POST', '/api/v2/member/register', {
      body: registration('parallel-send@example.com', newPhone()),
      ip: nextIp(),
    })
    const id = reg.body.data.id_pelanggan as number
    await t.database.db
      .update(customers)
      .set({ registrationCodesSent: REGISTRATION_MAX_CODES - 2 })
      .where(eq(customers.idPelanggan, id))
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/api/v2/member/resend_otp', {
          body: { type: 'SMS', id_pelanggan: id },
          ip: `10.8.${i}.1`,
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    const codes = await t.database.db.select().from(otpCodes).where(eq(otpCodes.idPelanggan, id))
    expect(codes).toHaveLength(2)
  })

  it('two registrations of one e-mail verified at once: the first wins, the other gets MEM001', async () => {
    const one = await registered('race@example.com')
    const two = await registered('race@example.com')
    const answers = await Promise.all(
      [one, two].map((reg) =>
        call('POST', '/api/v2/member/verify_otp', {
          body: { id_pelanggan: reg.id, otp: reg.code },
          ip: reg.ip,
        }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('MEM001')
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, 'race@example.com'))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.isVerified).toBe(true)
  })

  it('login with several pending registrations of an e-mail answers VER001 for the newest', async () => {
    const older = await registered('several@example.com', newPhone(), nextIp(), {
      password: 'Older1234',
      confirm_password: 'Older1234',
    })
    const newer = await registered('several@example.com')
    expect(newer.id).not.toBe(older.id)
    const login = await call('POST', '/api/v1/member/login', {
      headers: basic('several@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(login.status).toBe(403)
    expect(login.body).toMatchObject({ code: 'VER001', data: { id_pelanggan: newer.id } })
  })
})

describe('registration does not reveal accounts', () => {
  /** The answer with its customer id replaced, to compare two answers byte for byte. */
  const comparable = (answer: { status: number; body: Json; headers: Record<string, unknown> }) => ({
    status: answer.status,
    contentType: answer.headers['content-type'],
    cacheControl: answer.headers['cache-control'],
    body: JSON.stringify({ ...answer.body, data: { ...answer.body.data, id_pelanggan: 0 } }),
  })
  const rowsOf = (email: string) =>
    t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, email))
      .orderBy(customers.createdAt, customers.idPelanggan)

  it('registering the e-mail of an account answers exactly as a new e-mail does, code included', async () => {
    const owner = await member('owner@example.com')
    const freshPhone = newPhone()
    const takenPhone = newPhone()
    const fresh = await call('POST', '/api/v2/member/register', {
      body: registration('newcomer@example.com', freshPhone),
      ip: nextIp(),
    })
    const taken = await call('POST', '/api/v2/member/register', {
      body: registration('Owner@Example.com', takenPhone, {
        password: 'Other1234',
        confirm_password: 'Other1234',
      }),
      ip: nextIp(),
    })
    expect(fresh.status).toBe(200)
    expect(fresh.body.code).toBe('VER001')
    expect(comparable(taken)).toEqual(comparable(fresh))
    expect(taken.body.data.id_pelanggan).toEqual(expect.any(Number))
    expect(taken.body.data.id_pelanggan).not.toBe(owner.id)
    // Nothing was sent for either until the method is chosen; then a 4-digit code, as for anyone.
    expect(await lastCode(takenPhone)).toBe('')
    expect(await sendRegistrationCode(taken.body.data.id_pelanggan, takenPhone, nextIp())).toMatch(/^\d{4}$/)
    expect(await sendRegistrationCode(fresh.body.data.id_pelanggan, freshPhone, nextIp())).toMatch(/^\d{4}$/)
  })

  it('verify_otp then refuses with 409 MEM001: no second account, the account untouched, the owner signs in', async () => {
    const owner = await member('holder@example.com')
    const [before] = await rowsOf('holder@example.com')
    const hp = newPhone()
    const ip = nextIp()
    const squatter = registration('holder@example.com', hp, { nama_pelanggan: 'Someone Else' })
    const reg = await call('POST', '/api/v2/member/register', { body: squatter, ip })
    const pendingId = reg.body.data.id_pelanggan as number
    expect(await rowsOf('holder@example.com')).toHaveLength(2)

    // A wrong code is still just a wrong code: nothing is said about the e-mail before the phone is proven.
    const code = await sendRegistrationCode(reg.body.data.id_pelanggan, hp, ip)
    const wrong = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: pendingId, otp: code === '0000' ? '0001' : '0000' },
      ip,
    })
    expect(wrong.body.code).toBe('OTP001')

    const refused = await call('POST', '/api/v2/member/verify_otp', {
      body: { id_pelanggan: pendingId, otp: code },
      ip,
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      status: 409,
      code: 'MEM001',
      message: 'This e-mail already has an account. Sign in or reset your password.',
      data: null,
    })
    // The pending registration is gone; the account is exactly as it was.
    const after = await rowsOf('holder@example.com')
    expect(after).toEqual([before])
    const again = await call('POST', '/api/v2/member/resend_otp', {
      body: { type: 'SMS', id_pelanggan: pendingId },
      ip,
    })
    expect(again.body.code).toBe('MEM003')
    // The owner's session and password still work.
    expect((await call('GET', `/api/v1/member/profile?token=${owner.token}`)).status).toBe(200)
    const login = await call('POST', '/api/v1/member/login', {
      headers: basic('holder@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(login.status).toBe(200)
    expect(login.body.data.id_pelanggan).toBe(owner.id)
  })

  it('while such a registration waits, login answers for it as for any pending one, and the owner signs in', async () => {
    const owner = await member('waiting@example.com')
    const reg = await call('POST', '/api/v2/member/register', {
      body: registration('waiting@example.com', newPhone(), {
        password: 'Squat1234',
        confirm_password: 'Squat1234',
      }),
      ip: nextIp(),
    })
    const pendingLogin = await call('POST', '/api/v1/member/login', {
      headers: basic('waiting@example.com', 'Squat1234'),
      ip: nextIp(),
    })
    expect(pendingLogin.status).toBe(403)
    expect(pendingLogin.body).toMatchObject({
      code: 'VER001',
      data: { id_pelanggan: reg.body.data.id_pelanggan },
    })
    const ownerLogin = await call('POST', '/api/v1/member/login', {
      headers: basic('waiting@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(ownerLogin.status).toBe(200)
    expect(ownerLogin.body.data.id_pelanggan).toBe(owner.id)
    // A forget for the e-mail concerns the account only.
    await call('POST', '/api/v1/member/forget', { body: { email: 'waiting@example.com' }, ip: nextIp() })
    const rows = await rowsOf('waiting@example.com')
    expect(rows.map((row) => [row.isVerified, row.tempPasswordHash !== null])).toEqual([
      [true, true],
      [false, false],
    ])
  })
})

describe('login', () => {
  it('signs in with Basic credentials and answers token and id_pelanggan', async () => {
    const m = await member('login@example.com')
    const res = await call('POST', '/api/v1/member/login', {
      headers: basic('Login@Example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id_pelanggan: m.id,
      is_guest: false,
      is_campaign: false,
      need_email: false,
    })
    expect(res.body.data.token).not.toBe(m.token)
  })

  it('answers the same 401 CLE015 for an unknown e-mail and a wrong password (no enumeration)', async () => {
    await member('enum@example.com')
    const wrong = await call('POST', '/api/v1/member/login', {
      headers: basic('enum@example.com', 'Wrong12345'),
      ip: nextIp(),
    })
    const unknown = await call('POST', '/api/v1/member/login', {
      headers: basic('nobody@example.com', 'Wrong12345'),
      ip: nextIp(),
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.code).toBe('CLE015')
  })

  it('spends comparable time on an unknown e-mail and a wrong password (a dummy hash is checked)', async () => {
    await member('timing@example.com')
    const timed = async (username: string) => {
      const start = performance.now()
      await call('POST', '/api/v1/member/login', { headers: basic(username, 'Wrong12345'), ip: nextIp() })
      return performance.now() - start
    }
    await timed('warmup@example.com')
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 3; i++) {
      known.push(await timed('timing@example.com'))
      unknown.push(await timed(`ghost${i}@example.com`))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!
    // Loose bounds: scrypt dominates both; without the dummy hash the unknown case would be ~100x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4)
  })

  it('does the same hashing work whatever the e-mail holds (two scrypt runs, one temporary check)', async () => {
    await member('work@example.com')
    await call('POST', '/api/v1/member/forget', { body: { email: 'work@example.com' }, ip: nextIp() })
    await call('POST', '/api/v2/member/register', {
      body: registration('work@example.com', newPhone()),
      ip: nextIp(),
    })
    await call('POST', '/api/v2/member/register', {
      body: registration('work-pending@example.com', newPhone()),
      ip: nextIp(),
    })
    const work = async (username: string) => {
      checks.scrypt = 0
      checks.temporary = 0
      const res = await call('POST', '/api/v1/member/login', {
        headers: basic(username, 'Wrong12345'),
        ip: nextIp(),
      })
      expect(res.body.code).toBe('CLE015')
      return { ...checks }
    }
    // An account with a temporary password and a pending registration beside it; a pending
    // registration alone; nothing at all.
    const counts = [
      await work('work@example.com'),
      await work('work-pending@example.com'),
      await work('nobody-at-all@example.com'),
    ]
    expect(counts).toEqual(Array(3).fill({ scrypt: 2, temporary: 1 }))
  })

  it('answers 403 VER001 with id_pelanggan for an unverified account (right password only)', async () => {
    const reg = await call('POST', '/api/v2/member/register', {
      body: registration('pending@example.com', newPhone()),
      ip: nextIp(),
    })
    const res = await call('POST', '/api/v1/member/login', {
      headers: basic('pending@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'VER001', data: { id_pelanggan: reg.body.data.id_pelanggan } })
    const wrong = await call('POST', '/api/v1/member/login', {
      headers: basic('pending@example.com', 'Nope12345'),
      ip: nextIp(),
    })
    expect(wrong.body.code).toBe('CLE015')
  })

  it('rejects missing or malformed credentials with 400 naming them', async () => {
    const none = await call('POST', '/api/v1/member/login')
    expect(none.status).toBe(400)
    expect(none.body.message).toContain("'authorization'")
    const bad = await call('POST', '/api/v1/member/login', { headers: basic('not-an-email', 'x') })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain("'username'")
    const empty = await call('POST', '/api/v1/member/login', { headers: basic('a@example.com', '') })
    expect(empty.body.message).toContain("'password'")
  })

  it('slows password tries per account and address instead of locking (429 REQ006, growing Retry-After)', async () => {
    await member('brute@example.com')
    const ip = nextIp()
    const login = (password: string) =>
      call('POST', '/api/v1/member/login', { headers: basic('brute@example.com', password), ip })
    for (let i = 0; i < MEMBER_BACKOFFS.passwordTries.free; i++)
      expect((await login(`Guess${i}xx1`)).status).toBe(401)
    const first = await login('Guess5xx1')
    expect(first.status).toBe(429)
    expect(first.body.code).toBe('REQ006')
    const firstWait = Number(first.headers['retry-after'])
    expect(firstWait).toBeGreaterThan(0)
    // Even the right password from this address waits its turn: the check comes before any scrypt work.
    const scryptBefore = checks.scrypt
    expect((await login(PASSWORD)).status).toBe(429)
    expect(checks.scrypt).toBe(scryptBefore)
    // Once the wait is over one more try is evaluated, and the next wait is longer.
    await ageBackoff(`login:account-ip:brute@example.com:${ip}`, firstWait * 1000)
    expect((await login('Guess6xx1')).status).toBe(401)
    const second = await login('Guess7xx1')
    expect(second.status).toBe(429)
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(firstWait)
  })

  it('issue 38 item 2: the member signs in from their own address after 40 wrong tries from 20 others', async () => {
    await member('target38@example.com')
    const strangers = Array.from({ length: 20 }, () => nextIp())
    const answers: number[] = []
    for (const ip of strangers)
      for (let i = 0; i < 2; i++) {
        const res = await call('POST', '/api/v1/member/login', {
          headers: basic('target38@example.com', `Wrong${i}guess9`),
          ip,
        })
        answers.push(res.status)
      }
    expect(answers.every((status) => status === 401 || status === 429)).toBe(true)
    // Past the account's spray count, each failing address waits the longest wait at once.
    expect(answers.slice(-2)).toEqual([401, 429])
    const mine = await call('POST', '/api/v1/member/login', {
      headers: basic('target38@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.data.token).toEqual(expect.any(String))
  }, 120_000) // 80 scrypt checks

  it("never shuts the owner out: a stranger's long streak slows only the stranger's address, for the cap at most", async () => {
    await member('owner-under-attack@example.com')
    const strangerIp = nextIp()
    const key = `login:account-ip:owner-under-attack@example.com:${strangerIp}`
    // A stranger's long streak of wrong tries: the wait is capped, never a lock.
    await t.database.db
      .insert(rateLimitWindows)
      .values({ key: `backoff:${key}`, windowStart: new Date(Date.now() - 1000), hits: 40 })
    const login = (password: string, ip: string) =>
      call('POST', '/api/v1/member/login', {
        headers: basic('owner-under-attack@example.com', password),
        ip,
      })
    const waiting = await login(PASSWORD, strangerIp)
    expect(waiting.status).toBe(429)
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(
      MEMBER_BACKOFFS.passwordTries.capMs / 1000,
    )
    // The owner's own address is not slowed at all.
    expect((await login(PASSWORD, nextIp())).status).toBe(200)
    await ageBackoff(key, MEMBER_BACKOFFS.passwordTries.capMs)
    expect((await login(PASSWORD, strangerIp)).status).toBe(200)
    // The streak is over: the next wrong try is evaluated at once.
    expect((await login('Wrong123x', strangerIp)).status).toBe(401)
  })

  it('limits attempts per address across accounts', async () => {
    const ip = nextIp()
    // In parallel: the hashing runs on the thread pool, and the count must hold under load too.
    const answers = await Promise.all(
      Array.from({ length: MEMBER_LIMITS.loginPerIp.limit + 1 }, (_, i) =>
        call('POST', '/api/v1/member/login', { headers: basic(`who${i}@example.com`, 'Guess123x'), ip }),
      ),
    )
    expect(answers.filter((a) => a.status === 401)).toHaveLength(MEMBER_LIMITS.loginPerIp.limit)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1)
  }, 90_000) // 200 scrypt runs (two per login): about 15 s on a busy two-core machine
})

describe('guest by phone', () => {
  it('sends a 6-digit code and signs in a guest session', async () => {
    const phone = newPhone()
    const ip = nextIp()
    const sent = await call('POST', '/api/v1/member/login_otp_send', {
      body: { type: 'WHATSAPP', phone },
      ip,
    })
    expect(sent.status).toBe(200)
    expect(sent.body.data.expires_in).toBe(300)
    const code = await lastCode(phone)
    expect(code).toMatch(/^\d{6}$/)
    const res = await call('POST', '/api/v1/member/login_otp', { body: { phone, otp: code }, ip })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Phone number has been successfully validated, Happy Shopping!!')
    expect(res.body.data).toMatchObject({ is_guest: true, need_email: true })
    const profile = await call('GET', '/api/v1/member/profile', { headers: bearer(res.body.data.token) })
    expect(profile.body.data).toMatchObject({ hp: phone, is_guest: true, email: null })

    // The same phone later: the same guest customer.
    await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip })
    const again = await call('POST', '/api/v1/member/login_otp', {
      body: { phone, otp: await lastCode(phone) },
      ip,
    })
    expect(again.body.data.id_pelanggan).toBe(res.body.data.id_pelanggan)
    // The used code is spent.
    const reuse = await call('POST', '/api/v1/member/login_otp', { body: { phone, otp: code }, ip })
    expect(reuse.body.code).toBe('OTP001')
  })

  it('rejects an expired guest code and malformed phones', async () => {
    const phone = newPhone()
    await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip: nextIp() })
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.phone, phone))
    const expired = await call('POST', '/api/v1/member/login_otp', {
      body: { phone, otp: await lastCode(phone) },
    })
    expect(expired.body.code).toBe('OTP001')
    for (const bad of ['0000081234567', '8123', '0211234567', '08123456789012345']) {
      const res = await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone: bad } })
      expect(res.status).toBe(400)
      expect(res.body.message).toContain("'phone'")
    }
    const noType = await call('POST', '/api/v1/member/login_otp_send', { body: { phone } })
    expect(noType.body.message).toContain("'type'")
  })
})

describe('guest codes: bounds and requests', () => {
  it('bounds attempts per guest code: after the bound even the right code fails (OTP002)', async () => {
    const phone = newPhone()
    const ip = nextIp()
    await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip })
    const code = await lastCode(phone)
    const wrong = code === '111111' ? '222222' : '111111'
    for (let i = 0; i < OTP_POLICY.maxAttempts; i++) {
      const res = await call('POST', '/api/v1/member/login_otp', { body: { phone, otp: wrong }, ip })
      expect(res.status).toBe(422)
      expect(res.body.code).toBe('OTP001')
    }
    const right = await call('POST', '/api/v1/member/login_otp', { body: { phone, otp: code }, ip })
    expect(right.status).toBe(429)
    expect(right.body.code).toBe('OTP002')
    // No guest was created; a fresh code works again.
    const guests = await t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.hp, phone), eq(customers.isGuest, true)))
    expect(guests).toHaveLength(0)
    await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip })
    const fresh = await call('POST', '/api/v1/member/login_otp', {
      body: { phone, otp: await lastCode(phone) },
      ip,
    })
    expect(fresh.status).toBe(200)
  })

  it('slows guest code sends per phone and address with growing waits (429 OTP003), never a lock', async () => {
    const phone = newPhone()
    const ip = nextIp()
    const send = (type = 'SMS') =>
      call('POST', '/api/v1/member/login_otp_send', { body: { type, phone }, ip })
    const rule = OTP_POLICY.phoneAddressBackoff
    for (let i = 0; i < rule.free; i++) expect((await send(i % 2 ? 'WHATSAPP' : 'SMS')).status).toBe(200)
    const over = await send()
    expect(over.status).toBe(429)
    expect(over.body.code).toBe('OTP003')
    const firstWait = Number(over.headers['retry-after'])
    expect(firstWait).toBeGreaterThan(0)
    expect(firstWait).toBeLessThanOrEqual(rule.baseMs / 1000)
    // The code sent last is still the live one: the refused send retired nothing.
    const res = await call('POST', '/api/v1/member/login_otp', {
      body: { phone, otp: await lastCode(phone) },
      ip: nextIp(),
    })
    expect(res.status).toBe(200)
    // After the wait a code goes out again; the next wait is longer, and never past the cap.
    await ageBackoff(`otp-send:phone-ip:${phone}:${ip}`, firstWait * 1000)
    expect((await send()).status).toBe(200)
    const slower = await send()
    expect(slower.status).toBe(429)
    expect(Number(slower.headers['retry-after'])).toBeGreaterThan(firstWait)
    expect(Number(slower.headers['retry-after'])).toBeLessThanOrEqual(rule.capMs / 1000)
    // Another phone is not affected.
    const other = await call('POST', '/api/v1/member/login_otp_send', {
      body: { type: 'SMS', phone: newPhone() },
      ip,
    })
    expect(other.status).toBe(200)
  })

  it('issue 38 item 3: after one stranger address asks 8 codes for a phone, its owner asking from their own address gets one; at most 6 messages reach the phone', async () => {
    const phone = newPhone()
    const stranger = nextIp()
    const send = (ip: string) =>
      call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip })
    const answers: number[] = []
    for (let i = 0; i < 8; i++) {
      const res = await send(stranger)
      answers.push(res.status)
      // The stranger waits out each growing wait (time moves on for every count of the phone).
      const wait = Number(res.headers['retry-after'] ?? 0)
      if (res.status === 429 && wait <= OTP_POLICY.phoneAddressBackoff.capMs / 1000) {
        await ageBackoff(`otp-send:phone-ip:${phone}:${stranger}`, wait * 1000)
        await ageBackoff(`otp-send:phone:${phone}`, wait * 1000)
      }
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(OTP_POLICY.phoneAddressBackoff.max)
    const mine = await send(nextIp())
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${phone}&limit=50` })
    expect((outbox.json() as Json).data).toHaveLength(6)
  })

  it("many addresses together stop at the phone's own bound (at most 10 codes an hour)", async () => {
    const phone = newPhone()
    const answers: number[] = []
    for (let i = 0; i < OTP_POLICY.phoneBackoff.max * 2; i++) {
      const res = await call('POST', '/api/v1/member/login_otp_send', {
        body: { type: 'SMS', phone },
        ip: nextIp(),
      })
      answers.push(res.status)
      const wait = Number(res.headers['retry-after'] ?? 0)
      if (res.status === 429 && wait <= OTP_POLICY.phoneBackoff.capMs / 1000)
        await ageBackoff(`otp-send:phone:${phone}`, wait * 1000)
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(OTP_POLICY.phoneBackoff.max)
    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${phone}&limit=50` })
    expect((outbox.json() as Json).data).toHaveLength(OTP_POLICY.phoneBackoff.max)
  })

  it("a stranger's sends do not slow the signed-in owner of the phone", async () => {
    const phone = newPhone()
    await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip: nextIp() })
    const guest = await call('POST', '/api/v1/member/login_otp', {
      body: { phone, otp: await lastCode(phone) },
      ip: nextIp(),
    })
    expect(guest.status).toBe(200)
    // A stranger keeps the phone's sends slowed from their address...
    const strangerIp = nextIp()
    for (let i = 0; i < OTP_POLICY.phoneAddressBackoff.free; i++) {
      await call('POST', '/api/v1/member/login_otp_send', { body: { type: 'SMS', phone }, ip: strangerIp })
    }
    const stranger = await call('POST', '/api/v1/member/login_otp_send', {
      body: { type: 'SMS', phone },
      ip: strangerIp,
    })
    expect(stranger.status).toBe(429)
    // ...while the owner, signed in with that phone, still gets a code, from the same address too.
    const owner = await call('POST', '/api/v1/member/login_otp_send', {
      body: { type: 'SMS', phone },
      headers: bearer(guest.body.data.token),
      ip: strangerIp,
    })
    expect(owner.status).toBe(200)
    // A signed-in shopper asking for someone else's phone counts as a stranger.
    const other = await call('POST', '/api/v1/member/login_otp_send', {
      body: { type: 'SMS', phone: newPhone() },
      headers: bearer(guest.body.data.token),
      ip: nextIp(),
    })
    expect(other.status).toBe(200)
    const otherRows = await t.database.db
      .select({ key: rateLimitWindows.key })
      .from(rateLimitWindows)
      .where(like(rateLimitWindows.key, 'backoff:otp-send:own:%'))
    expect(otherRows.map((row) => row.key)).toEqual([`backoff:otp-send:own:${phone}`])
  })

  it('a call without a body names the missing fields', async () => {
    const none = await call('POST', '/api/v1/member/login_otp_send')
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/member/login_otp_send',
      headers: { ...brand, 'content-type': 'application/json' },
      payload: '',
      remoteAddress: nextIp(),
    })
    for (const res of [none, { status: emptyJson.statusCode, body: emptyJson.json() as Json }]) {
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('REQ001')
      expect(res.body.message).toMatch(/^Invalid body field '(type|phone)'/)
      expect(res.body.errors.map((e: Json) => e.field)).toEqual(['type', 'phone'])
    }
    const verify = await call('POST', '/api/v2/member/verify_otp')
    expect(verify.body.errors.map((e: Json) => e.field)).toEqual(['id_pelanggan', 'otp'])
  })
})

describe('passwords', () => {
  it('forget e-mails a temporary password that signs in; the answer is the same for unknown e-mails', async () => {
    await member('forgot@example.com')
    const known = await call('POST', '/api/v1/member/forget', {
      body: { email: 'forgot@example.com' },
      ip: nextIp(),
    })
    const unknown = await call('POST', '/api/v1/member/forget', {
      body: { email: 'ghost@example.com' },
      ip: nextIp(),
    })
    expect(known.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    const temporary = await temporaryPasswordOf('forgot@example.com')
    expect(temporary).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/)
    const ghost = await t.app.inject({ method: 'GET', url: '/dev/outbox.json?recipient=ghost@example.com' })
    expect((ghost.json() as Json).data).toHaveLength(0)
    const login = await call('POST', '/api/v1/member/login', {
      headers: basic('forgot@example.com', temporary),
      ip: nextIp(),
    })
    expect(login.status).toBe(200)
  })

  it("speaks as the storefront's brand and in the shopper's language: the temporary password and the guest code (issue 44)", async () => {
    await createBrand(t.database.db, { id: 14, name: 'Kaina', slug: 'kaina' })
    await member('kaina@example.com')
    const asked = await call('POST', '/api/v1/member/forget', {
      body: { email: 'kaina@example.com' },
      headers: { 'x-brand-id': '14', 'accept-language': 'id' },
      ip: nextIp(),
    })
    expect(asked.status).toBe(200)
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox.json?recipient=kaina@example.com&limit=1',
    })
    const [mail] = (outbox.json() as Json).data as { subject: string; body: string }[]
    expect(mail!.subject).toBe('Kata sandi sementara Kaina Anda')
    expect(mail!.body).toMatch(/^Halo .+,\n\nKata sandi sementara Anda: \S+\n/)
    expect(mail!.body.trimEnd().endsWith('Kaina')).toBe(true)
    expect(mail!.body).not.toMatch(/Busana|temporary/)

    const phone = newPhone()
    const code = await call('POST', '/api/v1/member/login_otp_send', {
      body: { phone, type: 'SMS' },
      headers: { 'x-brand-id': '14', 'accept-language': 'id' },
      ip: nextIp(),
    })
    expect(code.status).toBe(200)
    const texts = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${phone}&limit=1` })
    expect(((texts.json() as Json).data[0] as { body: string }).body).toMatch(
      /^Kaina: kode masuk Anda \d{6}\./,
    )
  })

  it('forget does not lock the owner out: the password keeps working beside the temporary one', async () => {
    const m = await member('keep@example.com')
    await call('POST', '/api/v1/member/forget', { body: { email: 'keep@example.com' }, ip: nextIp() })
    const temporary = await temporaryPasswordOf('keep@example.com')
    // The old password signs in and changes nothing: the session lives, the temporary one stays valid.
    const old = await call('POST', '/api/v1/member/login', {
      headers: basic('keep@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(old.status).toBe(200)
    expect((await call('GET', `/api/v1/member/profile?token=${m.token}`)).status).toBe(200)
    const [row] = await t.database.db.select().from(customers).where(eq(customers.idPelanggan, m.id))
    expect(row?.tempPasswordHash).toMatch(/^hmac-sha256\$/)
    expect(row?.tempPasswordHash).not.toContain(temporary)
    expect(row!.tempPasswordExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000)

    // The first sign-in with the temporary password makes it the password and ends other sessions.
    const temp = await call('POST', '/api/v1/member/login', {
      headers: basic('keep@example.com', temporary),
      ip: nextIp(),
    })
    expect(temp.status).toBe(200)
    expect(temp.body.data.id_pelanggan).toBe(m.id)
    const [promoted] = await t.database.db.select().from(customers).where(eq(customers.idPelanggan, m.id))
    expect(promoted).toMatchObject({ tempPasswordHash: null, tempPasswordExpiresAt: null })
    expect((await call('GET', `/api/v1/member/profile?token=${m.token}`)).status).toBe(401)
    expect((await call('GET', `/api/v1/member/profile?token=${temp.body.data.token}`)).status).toBe(200)
    const oldAgain = await call('POST', '/api/v1/member/login', {
      headers: basic('keep@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(oldAgain.body.code).toBe('CLE015')
    const tempAgain = await call('POST', '/api/v1/member/login', {
      headers: basic('keep@example.com', temporary),
      ip: nextIp(),
    })
    expect(tempAgain.status).toBe(200)
  })

  it('an expired temporary password answers CLE015; the password still works', async () => {
    const m = await member('expired-temp@example.com')
    await call('POST', '/api/v1/member/forget', { body: { email: 'expired-temp@example.com' }, ip: nextIp() })
    const temporary = await temporaryPasswordOf('expired-temp@example.com')
    await t.database.db
      .update(customers)
      .set({ tempPasswordExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(customers.idPelanggan, m.id))
    const res = await call('POST', '/api/v1/member/login', {
      headers: basic('expired-temp@example.com', temporary),
      ip: nextIp(),
    })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('CLE015')
    const old = await call('POST', '/api/v1/member/login', {
      headers: basic('expired-temp@example.com', PASSWORD),
      ip: nextIp(),
    })
    expect(old.status).toBe(200)
  })

  it('a newer forget replaces the older temporary password', async () => {
    await member('twice-forgot@example.com')
    await call('POST', '/api/v1/member/forget', { body: { email: 'twice-forgot@example.com' }, ip: nextIp() })
    const first = await temporaryPasswordOf('twice-forgot@example.com')
    await call('POST', '/api/v1/member/forget', { body: { email: 'twice-forgot@example.com' }, ip: nextIp() })
    const second = await temporaryPasswordOf('twice-forgot@example.com')
    expect(second).not.toBe(first)
    const stale = await call('POST', '/api/v1/member/login', {
      headers: basic('twice-forgot@example.com', first),
      ip: nextIp(),
    })
    expect(stale.body.code).toBe('CLE015')
    const fresh = await call('POST', '/api/v1/member/login', {
      headers: basic('twice-forgot@example.com', second),
      ip: nextIp(),
    })
    expect(fresh.status).toBe(200)
  })

  it('change_password ends the temporary password; a signed-in member may give it as the current one', async () => {
    const m = await member('temp-change@example.com')
    await call('POST', '/api/v1/member/forget', { body: { email: 'temp-change@example.com' }, ip: nextIp() })
    const temporary = await temporaryPasswordOf('temp-change@example.com')
    const changed = await call('POST', `/api/v1/member/change_password?token=${m.token}`, {
      body: { old_password: PASSWORD, new_password: 'Baru12345', confirm_new_password: 'Baru12345' },
    })
    expect(changed.status).toBe(200)
    const temp = await call('POST', '/api/v1/member/login', {
      headers: basic('temp-change@example.com', temporary),
      ip: nextIp(),
    })
    expect(temp.status).toBe(401)
    expect(temp.body.code).toBe('CLE015')
    expect(
      (
        await call('POST', '/api/v1/member/login', {
          headers: basic('temp-change@example.com', 'Baru12345'),
          ip: nextIp(),
        })
      ).status,
    ).toBe(200)

    // Signed in but the password forgotten: the temporary password stands in for the current one.
    await call('POST', '/api/v1/member/forget', { body: { email: 'temp-change@example.com' }, ip: nextIp() })
    const another = await temporaryPasswordOf('temp-change@example.com')
    const byTemporary = await call('POST', `/api/v1/member/change_password?token=${m.token}`, {
      body: { old_password: another, new_password: 'Lagi12345', confirm_new_password: 'Lagi12345' },
    })
    expect(byTemporary.status).toBe(200)
    const [row] = await t.database.db.select().from(customers).where(eq(customers.idPelanggan, m.id))
    expect(row).toMatchObject({ tempPasswordHash: null, tempPasswordExpiresAt: null })
    const login = await call('POST', '/api/v1/member/login', {
      headers: basic('temp-change@example.com', 'Lagi12345'),
      ip: nextIp(),
    })
    expect(login.status).toBe(200)
  })

  it('change_password bounds guesses of the old password like login, before any scrypt work', async () => {
    const m = await member('change-guess@example.com')
    const url = `/api/v1/member/change_password?token=${m.token}`
    const change = (old: string) =>
      call('POST', url, {
        body: { old_password: old, new_password: 'Ganti12345', confirm_new_password: 'Ganti12345' },
        ip: nextIp(),
      })
    for (let i = 0; i < MEMBER_BACKOFFS.passwordTries.free; i++) {
      const wrong = await change(`Guess${i}xx1`)
      expect(wrong.status).toBe(422)
      expect(wrong.body.code).toBe('MEM002')
    }
    const scryptBefore = checks.scrypt
    const limited = await change('Guess9xx1')
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('REQ006')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(checks.scrypt).toBe(scryptBefore)
    // After the wait, the right one goes through and ends the streak.
    await ageBackoff(`password-change:member:${m.id}`, MEMBER_BACKOFFS.passwordTries.capMs)
    expect((await change(PASSWORD)).status).toBe(200)
    const rows = await t.database.db
      .select()
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.key, `backoff:password-change:member:${m.id}`))
    expect(rows).toEqual([])
  })

  it('forget is limited per e-mail and address, then per e-mail, and validates the e-mail', async () => {
    const ip = nextIp()
    for (let i = 0; i < MEMBER_LIMITS.forgetPerEmailAndIp.limit; i++)
      expect(
        (await call('POST', '/api/v1/member/forget', { body: { email: 'lim@example.com' }, ip })).status,
      ).toBe(200)
    const over = await call('POST', '/api/v1/member/forget', { body: { email: 'lim@example.com' }, ip })
    expect(over.status).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    // Many addresses together stop at the inbox's own bound.
    const answers: number[] = []
    for (let i = 0; i < MEMBER_LIMITS.forgetPerEmail.limit; i++)
      answers.push(
        (await call('POST', '/api/v1/member/forget', { body: { email: 'lim@example.com' }, ip: nextIp() }))
          .status,
      )
    const sent = MEMBER_LIMITS.forgetPerEmail.limit - MEMBER_LIMITS.forgetPerEmailAndIp.limit
    expect(answers.filter((status) => status === 200)).toHaveLength(sent)
    expect(answers.slice(sent).every((status) => status === 429)).toBe(true)
    const bad = await call('POST', '/api/v1/member/forget', { body: { email: 'nope' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain("'email'")
  })

  it("issue 38 item 4: a stranger's forget requests leave the owner one from their own address; the old password works until the temporary one is used", async () => {
    await member('forgot38@example.com')
    const stranger = nextIp()
    for (let i = 0; i < 5; i++)
      await call('POST', '/api/v1/member/forget', { body: { email: 'forgot38@example.com' }, ip: stranger })
    const strangersLast = await temporaryPasswordOf('forgot38@example.com')
    // The owner asks from their own address and gets a new temporary password at once.
    const mine = await call('POST', '/api/v1/member/forget', {
      body: { email: 'forgot38@example.com' },
      ip: nextIp(),
    })
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    const temporary = await temporaryPasswordOf('forgot38@example.com')
    expect(temporary).not.toBe('')
    expect(temporary).not.toBe(strangersLast)
    // Their password still works meanwhile, and keeps working after it.
    expect(
      (
        await call('POST', '/api/v1/member/login', {
          headers: basic('forgot38@example.com', PASSWORD),
          ip: nextIp(),
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('POST', '/api/v1/member/login', {
          headers: basic('forgot38@example.com', PASSWORD),
          ip: nextIp(),
        })
      ).status,
    ).toBe(200)
    // Until the temporary one is used: then it is the password.
    expect(
      (
        await call('POST', '/api/v1/member/login', {
          headers: basic('forgot38@example.com', temporary),
          ip: nextIp(),
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('POST', '/api/v1/member/login', {
          headers: basic('forgot38@example.com', PASSWORD),
          ip: nextIp(),
        })
      ).status,
    ).toBe(401)
  })

  it('change_password checks the old one, the rules, difference and confirmation; other sessions end', async () => {
    const m = await member('change@example.com')
    const other = await call('POST', '/api/v1/member/login', {
      headers: basic('change@example.com', PASSWORD),
      ip: nextIp(),
    })
    const url = `/api/v1/member/change_password?token=${m.token}`
    const wrongOld = await call('POST', url, {
      body: { old_password: 'Wrong1234', new_password: 'Baru12345', confirm_new_password: 'Baru12345' },
    })
    expect(wrongOld.status).toBe(422)
    expect(wrongOld.body.code).toBe('MEM002')
    const same = await call('POST', url, {
      body: { old_password: PASSWORD, new_password: PASSWORD, confirm_new_password: PASSWORD },
    })
    expect(same.status).toBe(400)
    expect(same.body.message).toContain('Cannot be a previously used password')
    const mismatch = await call('POST', url, {
      body: { old_password: PASSWORD, new_password: 'Baru12345', confirm_new_password: 'Baru12346' },
    })
    expect(mismatch.body.message).toContain('Password must be the same')
    const weak = await call('POST', url, {
      body: { old_password: PASSWORD, new_password: 'baru12345', confirm_new_password: 'baru12345' },
    })
    expect(weak.body.message).toContain("'new_password'")
    const ok = await call('POST', url, {
      body: { old_password: PASSWORD, new_password: 'Baru12345', confirm_new_password: 'Baru12345' },
    })
    expect(ok.status).toBe(200)
    expect((await call('GET', `/api/v1/member/profile?token=${m.token}`)).status).toBe(200)
    expect((await call('GET', `/api/v1/member/profile?token=${other.body.data.token}`)).status).toBe(401)
    const login = await call('POST', '/api/v1/member/login', {
      headers: basic('change@example.com', 'Baru12345'),
      ip: nextIp(),
    })
    expect(login.status).toBe(200)
  })
})

describe('profile, campaign and logout', () => {
  it('reads and edits the profile; e-mail and phone stay; instagram is "-" when empty', async () => {
    const m = await member('profile@example.com')
    const read = await call('GET', '/api/v1/member/profile', { headers: bearer(m.token) })
    expect(read.body.data).toMatchObject({
      id_pelanggan: m.id,
      token: m.token,
      nama: 'Sari Wulandari',
      email: 'profile@example.com',
      hp: m.hp,
      tanggal_lahir: '1995-08-17',
      gender: null,
      jenis_pekerjaan: ['-'],
      instagram: '-',
    })
    const patched = await call('PATCH', `/api/v1/member/profile?token=${m.token}`, {
      body: {
        nama: 'Sari W.',
        tanggal_lahir: '1994-01-02',
        gender: 'FEMALE',
        jenis_pekerjaan: ['WIRAUSAHA'],
        instagram: '',
        email: 'hijack@example.com',
        hp: '0899999999',
      },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({
      nama: 'Sari W.',
      tanggal_lahir: '1994-01-02',
      gender: 'FEMALE',
      jenis_pekerjaan: ['WIRAUSAHA'],
      instagram: '-',
      email: 'profile@example.com',
      hp: m.hp,
    })
    for (const [body, field] of [
      [{ nama: '' }, 'nama'],
      [{ nama: 'A', gender: 'OTHER' }, 'gender'],
      [{ nama: 'A', jenis_pekerjaan: ['KARYAWAN', 'PELAJAR'] }, 'jenis_pekerjaan'],
      [{ nama: 'A', tanggal_lahir: '1994-13-01' }, 'tanggal_lahir'],
    ] as const) {
      const res = await call('PATCH', `/api/v1/member/profile?token=${m.token}`, { body })
      expect(res.status).toBe(400)
      expect(res.body.message).toContain(`'${field}'`)
    }
  })

  it("occupation '-' is the product’s array of one: stored as none and answered as ['-'] again", async () => {
    const m = await member('occupation@example.com')
    const patch = (jenis_pekerjaan: unknown) =>
      call('PATCH', `/api/v1/member/profile?token=${m.token}`, { body: { nama: 'Sari', jenis_pekerjaan } })
    expect((await patch(['KARYAWAN'])).body.data.jenis_pekerjaan).toEqual(['KARYAWAN'])
    const none = await patch(['-'])
    expect(none.status, JSON.stringify(none.body)).toBe(200)
    expect(none.body.data.jenis_pekerjaan).toEqual(['-'])
    const [row] = await t.database.db
      .select({ jenis: customers.jenisPekerjaan })
      .from(customers)
      .where(eq(customers.idPelanggan, m.id))
    expect(row!.jenis).toBeNull()
    const read = await call('GET', '/api/v1/member/profile', { headers: bearer(m.token) })
    expect(read.body.data.jenis_pekerjaan).toEqual(['-'])
    expect((await patch(['PELAJAR'])).body.data.jenis_pekerjaan).toEqual(['PELAJAR'])
    expect((await patch([])).body.data.jenis_pekerjaan).toEqual(['-'])
    for (const wrong of [['-', 'KARYAWAN'], ['PETANI'], '-']) {
      const res = await patch(wrong)
      expect(res.status, JSON.stringify(wrong)).toBe(400)
      expect(res.body.message).toContain("'jenis_pekerjaan")
    }
    expect(
      (await call('GET', '/api/v1/member/profile', { headers: bearer(m.token) })).body.data.jenis_pekerjaan,
    ).toEqual(['-'])
  })

  it('member calls without a valid token answer 401 CLE001', async () => {
    expect((await call('GET', '/api/v1/member/profile')).body.code).toBe('CLE001')
    expect((await call('GET', '/api/v1/member/profile?token=forged')).status).toBe(401)
    expect((await call('GET', '/api/v1/member/profile', { headers: bearer('x'.repeat(43)) })).status).toBe(
      401,
    )
  })

  it('records is_campaign for the token’s own customer only', async () => {
    const m = await member('campaign@example.com')
    const ok = await call('PUT', `/api/v1/member/is_campaign?token=${m.token}&id_pelanggan=${m.id}`, {
      body: { is_campaign: true },
    })
    expect(ok.status).toBe(200)
    const profile = await call('GET', `/api/v1/member/profile?token=${m.token}`)
    expect(profile.body.data.is_campaign).toBe(true)
    const other = await call(
      'PUT',
      `/api/v1/member/is_campaign?token=${m.token}&id_pelanggan=${m.id + 1000}`,
      {
        body: { is_campaign: true },
      },
    )
    expect(other.status).toBe(403)
  })

  it('logout revokes the token: it then gets 401', async () => {
    const m = await member('logout@example.com')
    const out = await call('POST', `/api/v1/member/logout?token=${m.token}`)
    expect(out.status).toBe(200)
    // Clients often send body-less calls as JSON with nothing after the header.
    const other = await member('logout-json@example.com')
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/member/logout?token=${other.token}`,
      headers: { ...brand, 'content-type': 'application/json' },
      payload: '',
    })
    expect(json.statusCode).toBe(200)
    expect((await call('GET', `/api/v1/member/profile?token=${other.token}`)).status).toBe(401)
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/member/logout?token=${m.token}`,
      headers: { ...brand, 'content-type': 'application/json' },
      payload: '{"oops"',
    })
    expect(broken.statusCode).toBe(400)
    const after = await call('GET', `/api/v1/member/profile?token=${m.token}`)
    expect(after.status).toBe(401)
    expect(after.body.code).toBe('CLE001')
  })
})
