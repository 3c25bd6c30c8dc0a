import { randomBytes } from 'node:crypto'
import { and, asc, eq, gt, isNotNull, isNull, ne, not, sql, type SQL } from 'drizzle-orm'
import {
  AppError,
  shopIsoString,
  type StaffAcceptInviteBody,
  type StaffChangePasswordBody,
  type StaffInviteBody,
  type StaffListItem,
  type StaffListQuery,
  type StaffMember,
  type StaffRole,
  type StaffState,
  type StaffUpdateBody,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { staffAccounts, staffInvites, staffSessions } from '../../db/schema/index.ts'
import { hashToken } from '../../plugins/auth.ts'
import { enforceLimits, type LimitRule } from '../../plugins/rate-limit.ts'
import { hashPassword, verifyPassword } from '../../password.ts'
import { recordAudit, type AuditActor } from './audit.ts'
import type { SecretBox } from '../../secret-box.ts'
import { newTotpSecret, takeTotpCode } from './totp.ts'
import { revokeAllStaffSessions } from './staff.service.ts'

/** An invitation sets a password within 72 hours, then the owner invites again. */
export const STAFF_INVITE_TTL_MS = 72 * 60 * 60 * 1000

/** Bounds of the calls that take a code or a token: enabling the second factor, accepting an invitation. */
export const STAFF_CODE_LIMITS = {
  totpPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  acceptPerAddress: { limit: 30, windowMs: 15 * 60_000 },
  passwordPerAccount: { limit: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>

type Account = typeof staffAccounts.$inferSelect

const memberOf = (row: Account): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
  disabled: row.disabled,
  totp_enabled: !!row.totpEnabledAt,
  invited: !row.passwordHash,
  created_at: shopIsoString(row.createdAt)!,
})

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505')

/**
 * Every member of staff, oldest first (the owner's list), each with their state; `state` keeps only
 * those in it (issue 30: the home's "invitations pending" links to state=invited, and counts by the
 * same rule: not accepted, not expired, the account not disabled).
 */
export async function listStaff(
  db: Db,
  query: StaffListQuery = {},
  now = new Date(),
): Promise<StaffListItem[]> {
  // Written out in full: in a select list drizzle leaves columns unqualified, and "id" would be the invite's.
  const liveInvite = sql<boolean>`exists (select 1 from staff_invites i where i.staff_id = staff_accounts.id and i.used_at is null and i.expires_at > ${now})`
  const enabled = eq(staffAccounts.disabled, false)
  const where = {
    active: and(enabled, isNotNull(staffAccounts.passwordHash)),
    invited: and(enabled, isNull(staffAccounts.passwordHash), liveInvite),
    expired: and(enabled, isNull(staffAccounts.passwordHash), not(liveInvite)),
    disabled: eq(staffAccounts.disabled, true),
  } satisfies Record<StaffState, SQL | undefined>
  const rows = await db
    .select({ account: staffAccounts, live: liveInvite })
    .from(staffAccounts)
    .where(query.state ? where[query.state] : undefined)
    .orderBy(asc(staffAccounts.id))
  return rows.map(({ account, live }) => ({
    ...memberOf(account),
    state: account.disabled ? 'disabled' : account.passwordHash ? 'active' : live ? 'invited' : 'expired',
  }))
}

/**
 * Invites a member of staff: the account exists at once without a password, and a one-time token
 * (answered once, stored as its SHA-256) sets it within 72 hours. An e-mail that already has an
 * account is 409 STF009.
 */
export async function inviteStaff(db: Db, body: StaffInviteBody, actor: AuditActor, now = Date.now()) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + STAFF_INVITE_TTL_MS)
  try {
    const account = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffAccounts)
        .values({ email: body.email, name: body.name, role: body.role, passwordHash: null })
        .returning()
      await tx
        .insert(staffInvites)
        .values({ tokenHash: hashToken(token), staffId: row!.id, invitedBy: actor.staffId, expiresAt })
      await recordAudit(tx, actor, {
        action: 'staff.invite',
        targetType: 'staff',
        targetId: row!.id,
        changes: { email: body.email, name: body.name, role: body.role },
      })
      return row!
    })
    return { staff: memberOf(account), token, expiresAt }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('STF009')
    throw error
  }
}

/**
 * Accepts an invitation: the token's account gets its password and the invitation is used up, in
 * one transaction (a token sent twice at once sets one password). Unknown, used or expired: 410
 * STF010. Limited per address (429 REQ006).
 */
export async function acceptInvite(db: Db, body: StaffAcceptInviteBody, actor: Omit<AuditActor, 'staffId'>) {
  await enforceLimits(db, [{ key: `staff-accept:ip:${actor.ip}`, rule: STAFF_CODE_LIMITS.acceptPerAddress }])
  const passwordHash = await hashPassword(body.password)
  await db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffInvites.tokenHash, hashToken(body.token)),
          isNull(staffInvites.usedAt),
          gt(staffInvites.expiresAt, new Date()),
        ),
      )
      .returning({ staffId: staffInvites.staffId })
    if (!invite) throw new AppError('STF010')
    const [account] = await tx
      .update(staffAccounts)
      .set({ passwordHash, mustChangePassword: false })
      .where(and(eq(staffAccounts.id, invite.staffId), isNull(staffAccounts.passwordHash)))
      .returning({ id: staffAccounts.id })
    if (!account) throw new AppError('STF010')
    await recordAudit(
      tx,
      { ...actor, staffId: account.id },
      {
        action: 'staff.accept_invite',
        targetType: 'staff',
        targetId: account.id,
      },
    )
  })
}

/** Locks the active owners (with a password) in the caller's transaction and answers their ids. */
async function lockActiveOwners(tx: Transaction): Promise<number[]> {
  const rows = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.role, 'owner'),
        eq(staffAccounts.disabled, false),
        isNotNull(staffAccounts.passwordHash),
      ),
    )
    .for('update')
  return rows.map((row) => row.id)
}

/**
 * The owner changes a member of staff's role or disables (or enables) them. Disabling ends their
 * sessions in the same transaction. A change that would leave no active owner is 409 STF007 (the
 * active owners are locked first, so two owners demoting each other at once cannot both pass).
 * Unknown id: 404 STF008. An unchanged value is no change (no audit row).
 */
export async function updateStaff(
  db: Db,
  id: number,
  body: StaffUpdateBody,
  actor: AuditActor,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx)
    const [current] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update')
    if (!current) throw new AppError('STF008')
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    if (body.role !== undefined && body.role !== current.role)
      changes.role = { from: current.role, to: body.role }
    if (body.disabled !== undefined && body.disabled !== current.disabled)
      changes.disabled = { from: current.disabled, to: body.disabled }
    if (Object.keys(changes).length === 0) return memberOf(current)
    const staysOwner = (body.role ?? current.role) === 'owner' && !(body.disabled ?? current.disabled)
    if (owners.includes(id) && !staysOwner && owners.length <= 1) throw new AppError('STF007')
    const [updated] = await tx
      .update(staffAccounts)
      .set({ role: body.role ?? current.role, disabled: body.disabled ?? current.disabled })
      .where(eq(staffAccounts.id, id))
      .returning()
    if (changes.disabled?.to === true) {
      await tx
        .update(staffSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)))
    }
    await recordAudit(tx, actor, { action: 'staff.update', targetType: 'staff', targetId: id, changes })
    return memberOf(updated!)
  })
}

/**
 * Starts the second factor of the signed-in member of staff: a new secret, kept until enabled
 * (setting up again replaces it). Already on: 409 STF011. Audited (`staff.totp_setup`, never the
 * secret) in the same transaction.
 */
export async function setupTotp(
  db: Db,
  staffId: number,
  actor: AuditActor,
  secrets: SecretBox,
): Promise<{ uri: string; secret: string }> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId))
    if (!account) throw new AppError('STF002')
    if (account.totpEnabledAt) throw new AppError('STF011')
    const made = newTotpSecret(account.email)
    const set = await tx
      .update(staffAccounts)
      .set({ totpSecret: secrets.seal(made.secret), totpLastStep: null })
      .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.totpEnabledAt)))
      .returning({ id: staffAccounts.id })
    if (set.length === 0) throw new AppError('STF011')
    await recordAudit(tx, actor, { action: 'staff.totp_setup', targetType: 'staff', targetId: staffId })
    return made
  })
}

/**
 * Turns the second factor on with a current code of the app (401 STF005 wrong; 10 tries per 15
 * minutes, 429 REQ006); from then on sign-in needs a code. Without setup: 409 STF012. Every other
 * session of the account ends in the same transaction (issue 26 item 9): a session opened with the
 * password alone, perhaps by whoever made the owner turn the factor on, does not outlive it; the
 * session that turned it on stays.
 */
export async function enableTotp(
  db: Db,
  session: { staffId: number; sessionId: number },
  code: string,
  actor: AuditActor,
  secrets: SecretBox,
  now = Date.now(),
) {
  const { staffId } = session
  await enforceLimits(db, [{ key: `staff-totp:account:${staffId}`, rule: STAFF_CODE_LIMITS.totpPerAccount }])
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for('update')
    if (!account) throw new AppError('STF002')
    if (account.totpEnabledAt) throw new AppError('STF011')
    if (!account.totpSecret) throw new AppError('STF012')
    await takeTotpCode(tx, account, code, secrets, now)
    await tx
      .update(staffAccounts)
      .set({ totpEnabledAt: new Date(now) })
      .where(and(eq(staffAccounts.id, staffId), ne(staffAccounts.disabled, true)))
    const sessionsEnded = await revokeAllStaffSessions(tx, staffId, { except: session.sessionId })
    await recordAudit(tx, actor, {
      action: 'staff.totp_enable',
      targetType: 'staff',
      targetId: staffId,
      changes: { sessions_ended: sessionsEnded },
    })
  })
}

/**
 * A new one-time token for an account: every earlier unused token of it is used up first, so only
 * the newest link works. In the caller's transaction.
 */
async function newAccountToken(tx: Transaction, staffId: number, invitedBy: number | null, now: number) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + STAFF_INVITE_TTL_MS)
  await tx
    .update(staffInvites)
    .set({ usedAt: new Date(now) })
    .where(and(eq(staffInvites.staffId, staffId), isNull(staffInvites.usedAt)))
  await tx.insert(staffInvites).values({ tokenHash: hashToken(token), staffId, invitedBy, expiresAt })
  return { token, expiresAt }
}

/**
 * The owner invites again (an invitation expired or was lost): a new token, and the old ones stop
 * working. Already accepted: 409 STF230 (reset the password instead). Unknown id: 404 STF008.
 */
export async function resendInvite(db: Db, id: number, actor: AuditActor, now = Date.now()) {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update')
    if (!account) throw new AppError('STF008')
    if (account.passwordHash) throw new AppError('STF230')
    const made = await newAccountToken(tx, id, actor.staffId, now)
    await recordAudit(tx, actor, { action: 'staff.invite_resend', targetType: 'staff', targetId: id })
    return { staff: memberOf(account), ...made }
  })
}

/**
 * The owner resets another member of staff's password (a forgotten or leaked one): the password
 * is removed and every session of theirs ends, in one transaction, and a one-time link (72 hours,
 * the invitation's) sets a new one at …/auth/accept-invite. Their second factor stays. One's own
 * account: 409 STF231; an invitation not accepted yet: 409 STF232 (resend it); the last other
 * active owner cannot be left without a way in while the caller keeps theirs, so this never leaves
 * no owner (409 STF007, checked with the owners locked).
 */
export async function resetStaffPassword(db: Db, id: number, actor: AuditActor, now = Date.now()) {
  if (id === actor.staffId) throw new AppError('STF231')
  return db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx)
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update')
    if (!account) throw new AppError('STF008')
    if (!account.passwordHash) throw new AppError('STF232')
    if (owners.includes(id) && owners.length <= 1) throw new AppError('STF007')
    const [updated] = await tx
      .update(staffAccounts)
      .set({ passwordHash: null })
      .where(eq(staffAccounts.id, id))
      .returning()
    const sessionsEnded = await revokeAllStaffSessions(tx, id)
    const made = await newAccountToken(tx, id, actor.staffId, now)
    await recordAudit(tx, actor, {
      action: 'staff.password_reset',
      targetType: 'staff',
      targetId: id,
      changes: { sessions_ended: sessionsEnded },
    })
    return { staff: memberOf(updated!), ...made }
  })
}

/**
 * Turns one's own second factor off, proven by a current code of the app (401 STF005) or the
 * password (401 STF234); 10 tries in 15 minutes (429 REQ006). Not on: 409 STF233.
 */
export async function disableOwnTotp(
  db: Db,
  staffId: number,
  proof: { code?: string; password?: string },
  actor: AuditActor,
  secrets: SecretBox,
  now = Date.now(),
) {
  await enforceLimits(db, [{ key: `staff-totp:account:${staffId}`, rule: STAFF_CODE_LIMITS.totpPerAccount }])
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for('update')
    if (!account) throw new AppError('STF002')
    if (!account.totpEnabledAt) throw new AppError('STF233')
    if (proof.code !== undefined) await takeTotpCode(tx, account, proof.code, secrets, now)
    else if (!account.passwordHash || !(await verifyPassword(proof.password ?? '', account.passwordHash)))
      throw new AppError('STF234')
    await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(staffAccounts.id, staffId))
    await recordAudit(tx, actor, {
      action: 'staff.totp_disable',
      targetType: 'staff',
      targetId: staffId,
      changes: { proof: proof.code !== undefined ? 'code' : 'password' },
    })
  })
}

/**
 * The owner clears another member of staff's second factor (a lost phone): they sign in with
 * their password alone until they set it up again. One's own: 409 STF231; not on: 409 STF233.
 */
export async function resetStaffTotp(db: Db, id: number, actor: AuditActor): Promise<StaffMember> {
  if (id === actor.staffId) throw new AppError('STF231')
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update')
    if (!account) throw new AppError('STF008')
    if (!account.totpEnabledAt) throw new AppError('STF233')
    const [updated] = await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(staffAccounts.id, id))
      .returning()
    await recordAudit(tx, actor, { action: 'staff.totp_reset', targetType: 'staff', targetId: id })
    return memberOf(updated!)
  })
}

/** Ends every session of the signed-in member of staff, this one included ("sign out everywhere"). */
export async function logoutEverywhere(db: Db, staffId: number, actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await revokeAllStaffSessions(tx, staffId)
    await recordAudit(tx, actor, {
      action: 'staff.logout_all',
      targetType: 'staff',
      targetId: staffId,
      changes: { sessions_ended: ended },
    })
    return ended
  })
}

/**
 * One's own new password (POST …/auth/password), proven with the current one (401 STF234 when
 * wrong; 10 tries per account in 15 minutes, 429 REQ006, counted before the scrypt check). Clears
 * `must_change_password` (the first start's one-time password, issue 38) and ends the account's
 * other sessions (a changed password ends every other device, as for members); this one stays.
 * Audited (`staff.password_change`, with `sessions_ended`), never the passwords.
 */
export async function changeOwnPassword(
  db: Db,
  session: { staffId: number; sessionId: number },
  body: StaffChangePasswordBody,
  actor: AuditActor,
): Promise<void> {
  const { staffId } = session
  await enforceLimits(db, [
    { key: `staff-password:account:${staffId}`, rule: STAFF_CODE_LIMITS.passwordPerAccount },
  ])
  const passwordHash = await hashPassword(body.new_password)
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for('update')
    if (!account || !account.passwordHash) throw new AppError('STF002')
    if (!(await verifyPassword(body.current_password, account.passwordHash))) throw new AppError('STF234')
    await tx
      .update(staffAccounts)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(staffAccounts.id, staffId))
    const sessionsEnded = await revokeAllStaffSessions(tx, staffId, { except: session.sessionId })
    await recordAudit(tx, actor, {
      action: 'staff.password_change',
      targetType: 'staff',
      targetId: staffId,
      changes: { sessions_ended: sessionsEnded },
    })
  })
}
