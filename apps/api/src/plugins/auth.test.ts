import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { customers, memberSessions } from '../db/schema/index.ts'
import { findMember, hashToken, issueSession, pruneSessions, revokeSession } from './auth.ts'

let t: TestApp
let customerId = 0
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  const [row] = await t.database.db
    .insert(customers)
    .values({ nama: 'Tes', email: 'auth@example.com', hp: '081200000009', isVerified: true })
    .returning()
  customerId = row!.idPelanggan
})
afterAll(async () => {
  await t?.close()
})

describe('sessions', () => {
  it('issues 256-bit tokens stored only as their hash', async () => {
    const token = await issueSession(t.database.db, customerId, false)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const rows = await t.database.db
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.idPelanggan, customerId))
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true)
    expect(rows.some((r) => r.tokenHash === token)).toBe(false)
  })

  it('accepts the token as query parameter or Bearer; revoked and expired tokens are unknown', async () => {
    const token = await issueSession(t.database.db, customerId, false)
    const member = await findMember(t.database.db, token)
    expect(member).toMatchObject({ idPelanggan: customerId, isGuest: false })
    for (const request of [
      { url: `/api/v1/member/profile?token=${token}`, headers: {} },
      { url: '/api/v1/member/profile', headers: { authorization: `Bearer ${token}` } },
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: request.url,
        headers: { 'x-brand-id': '9', ...request.headers },
      })
      expect(res.statusCode).toBe(200)
    }
    await revokeSession(t.database.db, member!.sessionId)
    expect(await findMember(t.database.db, token)).toBeNull()

    const old = await issueSession(t.database.db, customerId, false)
    await t.database.db
      .update(memberSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberSessions.tokenHash, hashToken(old)))
    expect(await findMember(t.database.db, old)).toBeNull()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/member/profile?token=${old}`,
      headers: { 'x-brand-id': '9' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'CLE001' })
  })

  it('prunes sessions that ended more than a day ago and keeps live ones', async () => {
    const live = await issueSession(t.database.db, customerId, false)
    const old = await issueSession(t.database.db, customerId, false)
    await t.database.db
      .update(memberSessions)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(memberSessions.tokenHash, hashToken(old)))
    expect(await pruneSessions(t.database.db)).toBeGreaterThanOrEqual(1)
    expect(await findMember(t.database.db, live)).not.toBeNull()
  })
})
