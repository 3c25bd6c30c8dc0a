import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { otpCodes } from '../../db/schema/index.ts'
import type { MessagingProvider, PhoneMessage } from '../../providers/messaging/index.ts'
import { OTP_POLICY, pruneExpiredCodes, randomCode, sendCode, verifyCode } from './otp.service.ts'

let t: TestApp
const sent: PhoneMessage[] = []
const messaging: MessagingProvider = { name: 'memory', send: async (message) => void sent.push(message) }
const codeOf = (message: PhoneMessage | undefined) => /code is (\d+)/.exec(message?.body ?? '')?.[1] ?? ''

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t?.close()
})

const voice = { brand: 'Prepps', language: 'en' } as const

describe('one-time codes', () => {
  it('draws codes of the asked length with leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(randomCode(4)).toMatch(/^\d{4}$/)
    expect(randomCode(6)).toMatch(/^\d{6}$/)
  })

  it('guest codes: 6 digits, 5 minutes, stored hashed, single use', async () => {
    const phone = '081300000001'
    const { expiresInSeconds } = await sendCode(t.database.db, messaging, {
      purpose: 'GUEST_LOGIN',
      phone,
      channel: 'SMS',
      ip: '192.0.2.1',
      voice,
    })
    expect(expiresInSeconds).toBe(300)
    const code = codeOf(sent.at(-1))
    expect(code).toHaveLength(OTP_POLICY.digits.GUEST_LOGIN)
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone))
    expect(row?.codeHash).not.toContain(code)
    const lifetime = await t.database.db.execute(
      sql`select extract(epoch from (expires_at - created_at))::int as s from otp_codes where phone = ${phone}`,
    )
    expect((lifetime as unknown as { rows: Array<{ s: number }> }).rows[0]?.s).toBe(300)
    await expect(verifyCode(t.database.db, { purpose: 'GUEST_LOGIN', phone, code })).resolves.toEqual({
      phone,
    })
    await expect(verifyCode(t.database.db, { purpose: 'GUEST_LOGIN', phone, code })).rejects.toMatchObject({
      code: 'OTP001',
    })
  })

  it('a code for one purpose does not open another', async () => {
    const phone = '081300000002'
    await sendCode(t.database.db, messaging, {
      purpose: 'GUEST_LOGIN',
      phone,
      channel: 'WHATSAPP',
      ip: '192.0.2.1',
      voice,
    })
    await expect(
      verifyCode(t.database.db, {
        purpose: 'REGISTER',
        idPelanggan: 1,
        code: codeOf(sent.at(-1)),
        // Even with an owner taken as pending, a guest sign-in code is no registration code.
        registrationPending: () => sql`true`,
      }),
    ).rejects.toMatchObject({ code: 'OTP001' })
  })

  it('prunes codes expired more than a day ago', async () => {
    const phone = '081300000003'
    await sendCode(t.database.db, messaging, {
      purpose: 'GUEST_LOGIN',
      phone,
      channel: 'SMS',
      ip: '192.0.2.1',
      voice,
    })
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '2 days'` })
      .where(eq(otpCodes.phone, phone))
    expect(await pruneExpiredCodes(t.database.db)).toBeGreaterThanOrEqual(1)
    expect(await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone))).toHaveLength(0)
  })
})

describe("the shop's hourly budget of codes", () => {
  it('refuses sends past OTP_HOURLY_BUDGET with 429 OTP004, whatever the phone', async () => {
    const small = await buildTestApp({ seed: false, env: { OTP_HOURLY_BUDGET: '2' } })
    try {
      const send = (phone: string, n: number) =>
        small.app.inject({
          method: 'POST',
          url: '/api/v1/member/login_otp_send',
          headers: { 'x-brand-id': '9' },
          remoteAddress: `10.9.0.${n}`,
          payload: { type: 'SMS', phone },
        })
      expect((await send('081300000101', 1)).statusCode).toBe(200)
      expect((await send('081300000102', 2)).statusCode).toBe(200)
      const over = await send('081300000103', 3)
      expect(over.statusCode).toBe(429)
      expect(over.json()).toMatchObject({ code: 'OTP004' })
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    } finally {
      await small.close()
    }
  })

  it("speaks as the storefront's brand, in the shopper's language (issue 44)", async () => {
    await sendCode(t.database.db, messaging, {
      purpose: 'GUEST_LOGIN',
      phone: '081300000004',
      channel: 'SMS',
      ip: '192.0.2.1',
      voice: { brand: 'Kaina', language: 'id' },
    })
    expect(sent.at(-1)?.body).toMatch(
      /^Kaina: kode masuk Anda \d{6}\. Berlaku 5 menit\. Jangan berikan kode ini kepada siapa pun\.$/,
    )
    expect(sent.at(-1)?.body).not.toMatch(/Busana|your/)
    await sendCode(t.database.db, messaging, {
      purpose: 'REGISTER',
      phone: '081300000005',
      channel: 'WHATSAPP',
      idPelanggan: null,
      ip: '192.0.2.1',
      voice: { brand: 'Prepps', language: 'en' },
    })
    expect(sent.at(-1)?.body).toMatch(/^Prepps: your verification code is \d{4}\./)
  })
})
