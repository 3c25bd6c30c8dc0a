import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { TOTP } from 'otpauth'
import { staffAccounts } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createStaff } from './staff.service.ts'

/** With DATA_ENCRYPTION_KEY the TOTP secret is stored sealed, and the second factor works as before. */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false, env: { DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') } })
})
afterAll(() => t.close())

const call = (url: string, token: string | null, body?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  })

it('keeps the secret sealed in the database; setup, enable and sign-in with a code work', async () => {
  const who = { email: 'sealed@busana.test', password: 'sealed-password-1' }
  const { id } = await createStaff(t.database.db, { ...who, role: 'warehouse' })
  const login = await call('/auth/login', null, who)
  expect(login.statusCode, login.body).toBe(200)
  const token = login.json().data.token as string

  const setup = await call('/auth/totp/setup', token)
  expect(setup.statusCode, setup.body).toBe(200)
  const { secret } = setup.json().data as { secret: string }
  const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, id))
  expect(row!.totpSecret).toMatch(/^v1:/)
  expect(row!.totpSecret).not.toContain(secret)

  const app = new TOTP({ issuer: 'Busana', label: who.email, secret })
  const enabled = await call('/auth/totp/enable', token, { code: app.generate() })
  expect(enabled.statusCode, enabled.body).toBe(200)
  const wrong = await call('/auth/login', null, { ...who, totp: '000000' })
  expect(wrong.json().code).toBe('STF005')
  const signedIn = await call('/auth/login', null, {
    ...who,
    totp: app.generate({ timestamp: Date.now() + 30_000 }),
  })
  expect(signedIn.statusCode, signedIn.body).toBe(200)
})
