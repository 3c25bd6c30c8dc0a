import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { StaffListItem } from '@busana/contract/schemas'
import { staffInvites } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { signInEveryRole, staffCall, type Tokens } from './staff.test-utils.ts'

/**
 * The owner's staff list by state (issue 30): the home's "invitations pending" links to
 * state=invited, so invited means an invitation neither accepted nor expired, the account not
 * disabled; every member is in exactly one state.
 */

let t: TestApp
let tokens: Tokens
const call = staffCall(() => t)
const emails: Record<string, string> = {}

const list = async (query = '') => {
  const res = await call('GET', `/staff${query}`, { token: tokens.owner })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as StaffListItem[]
}
const emailsOf = (rows: StaffListItem[]) => rows.map((row) => row.email).sort()

async function invite(key: string) {
  const email = `${key}@list.test`
  const res = await call('POST', '/staff', {
    token: tokens.owner,
    body: { email, name: `Invited ${key}`, role: 'support' },
  })
  expect(res.statusCode, res.body).toBe(200)
  emails[key] = email
  return res.json().data as { staff: { id: number }; invite_token: string }
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  tokens = await signInEveryRole(t, 'list.test')
  await invite('pending')
  // Its only invitation lapsed.
  const lapsed = await invite('lapsed')
  await t.database.db
    .update(staffInvites)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(staffInvites.staffId, lapsed.staff.id))
  // Invited, then disabled before accepting.
  const stopped = await invite('stopped')
  const off = await call('PATCH', `/staff/${stopped.staff.id}`, {
    token: tokens.owner,
    body: { disabled: true },
  })
  expect(off.statusCode, off.body).toBe(200)
  // Invited and accepted.
  const joined = await invite('joined')
  const accepted = await call('POST', '/auth/accept-invite', {
    body: { token: joined.invite_token, password: 'joined-password-1' },
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
})

afterAll(async () => {
  await t?.close()
})

describe('the staff list by state', () => {
  it('answers everyone with a state, each in exactly one', async () => {
    const everyone = await list()
    const stateOf = Object.fromEntries(everyone.map((row) => [row.email, row.state]))
    expect(stateOf).toMatchObject({
      [emails.pending!]: 'invited',
      [emails.lapsed!]: 'expired',
      [emails.stopped!]: 'disabled',
      [emails.joined!]: 'active',
      'owner@list.test': 'active',
    })
    const byState = await Promise.all(
      ['active', 'invited', 'expired', 'disabled'].map((state) => list(`?state=${state}`)),
    )
    expect(
      byState
        .flat()
        .map((row) => row.email)
        .sort(),
    ).toEqual(emailsOf(everyone))
  })

  it('state=invited lists the invitations pending only', async () => {
    const invited = await list('?state=invited')
    expect(emailsOf(invited)).toEqual([emails.pending])
    expect(invited[0]).toMatchObject({ invited: true, disabled: false, state: 'invited' })
    expect(emailsOf(await list('?state=expired'))).toEqual([emails.lapsed])
    expect(emailsOf(await list('?state=disabled'))).toEqual([emails.stopped])
    expect(await list('?state=active')).toHaveLength(6)
  })

  it('refuses an unknown state with 400 naming the states, and other roles with 403', async () => {
    const res = await call('GET', '/staff?state=pending', { token: tokens.owner })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'REQ001',
      errors: [{ field: 'state', message: 'must be one of active, invited, expired, disabled' }],
    })
    const support = await call('GET', '/staff?state=invited', { token: tokens.support })
    expect(support.json()).toMatchObject({ status: 403, code: 'STF003' })
  })
})
