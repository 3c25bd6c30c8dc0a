import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm'
import { AppError, type Staff, type StaffLoginBody, type StaffRole } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { staffAccounts, staffSessions } from '../../db/schema/index.ts'
import { hashToken } from '../../plugins/auth.ts'
import {
  clearBackoff,
  countPasswordFailure,
  enforceLimits,
  PASSWORD_TRIES_BACKOFF,
  takeBackoff,
  type BackoffRule,
} from '../../plugins/rate-limit.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../password.ts'
import { recordAudit, type AuditActor } from './audit.ts'
import type { SecretBox } from '../../secret-box.ts'
import { takeTotpCode } from './totp.ts'

/** Staff sessions last 12 hours: a working day, then sign in again. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000

/**
 * Guessing bounds of the staff sign-in (issue 26 item 3, issue 38 item 1), slowed rather than
 * locked so a stranger cannot keep anyone out (decision 051):
 * - every try per address: 30 in 15 minutes (a spray over many accounts from one address);
 * - per account *and* address: the members' growing waits (PASSWORD_TRIES_BACKOFF: five at once,
 *   then 2 s doubling up to 3 minutes), so a stranger's wrong passwords slow only their own
 *   address, and the owner signs in from theirs;
 * - per account alone: wrong passwords from every address together (PASSWORD_SPRAY_LIMIT); past
 *   it, each address that fails waits the longest wait at once. It refuses nobody by itself: the
 *   right password from an address that has not failed is always checked and accepted.
 * A right password (and code) ends the streak of its address.
 */
export const STAFF_LOGIN_LIMITS = {
  address: { limit: 30, windowMs: 15 * 60_000 },
}
export const STAFF_LOGIN_BACKOFF: BackoffRule = PASSWORD_TRIES_BACKOFF

/** The e-mail of the owner made at first start when ADMIN_EMAIL is unset. */
export const DEFAULT_ADMIN_EMAIL = 'admin@busana.local'

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }

const staffOf = (row: typeof staffAccounts.$inferSelect): Staff => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
})

/** Who the first owner is after a start (ensureFirstStaff), for the start's notice (start-notice.ts). */
export type FirstOwner =
  /** Made by this start: its one-time password, which exists in clear nowhere else. */
  | { state: 'created'; email: string; password: string }
  /** ADMIN_EMAIL / ADMIN_PASSWORD: the operator's own. */
  | { state: 'configured'; email: string }
  /** Staff existed already (the one-time password was shown at the first start). */
  | { state: 'existing' }

/**
 * The first staff account, at start. ADMIN_EMAIL and ADMIN_PASSWORD set: that owner exists with
 * that password (created, or its password and role brought back to the configured ones, so a lost
 * password is recovered by restarting with a new one). Unset and no staff at all: an owner
 * admin@busana.local with a random password, answered once (the only time it exists in clear) for
 * the start's plain notice on stdout, never the JSON log (issue 43: no secrets in logs); it must be
 * changed at the first sign-in (`must_change_password`, issue 38: a password shown at start is not
 * the owner's). Safe on several processes at once (insert … on conflict).
 */
export async function ensureFirstStaff(
  db: Db,
  config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
  log: Log,
): Promise<FirstOwner> {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const [current] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, config.ADMIN_EMAIL))
    const same =
      !!current?.passwordHash && (await verifyPassword(config.ADMIN_PASSWORD, current.passwordHash))
    if (current && same && !current.disabled) {
      if (current.role !== 'owner')
        await db.update(staffAccounts).set({ role: 'owner' }).where(eq(staffAccounts.id, current.id))
      return { state: 'configured', email: config.ADMIN_EMAIL }
    }
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD)
    await db
      .insert(staffAccounts)
      .values({ email: config.ADMIN_EMAIL, name: 'Owner', role: 'owner', passwordHash })
      .onConflictDoUpdate({
        target: staffAccounts.email,
        // The operator chose this password: nothing to change at sign-in.
        set: { passwordHash, role: 'owner', disabled: false, mustChangePassword: false },
      })
    log.info({ email: config.ADMIN_EMAIL }, 'staff: the owner account of ADMIN_EMAIL is ready')
    return { state: 'configured', email: config.ADMIN_EMAIL }
  }
  const [any] = await db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1)
  if (any) return { state: 'existing' }
  const password = randomBytes(12).toString('base64url')
  const created = await db
    .insert(staffAccounts)
    .values({
      email: DEFAULT_ADMIN_EMAIL,
      name: 'Owner',
      role: 'owner',
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
    })
    .onConflictDoNothing()
    .returning({ id: staffAccounts.id })
  if (created.length === 0) return { state: 'existing' }
  // The log says it happened, not the password: the process prints that once, on its own, after
  // it listens (start-notice.ts).
  log.warn(
    { email: DEFAULT_ADMIN_EMAIL },
    'staff: no ADMIN_EMAIL/ADMIN_PASSWORD and no staff yet, so an owner was created with a one-time password, printed below once the shop listens; sign in and change it',
  )
  return { state: 'created', email: DEFAULT_ADMIN_EMAIL, password }
}

/** Adds a staff account (tests and, later, the owner's invitations). */
export async function createStaff(
  db: Db,
  account: { email: string; password: string; name?: string; role: StaffRole },
): Promise<Staff> {
  const [row] = await db
    .insert(staffAccounts)
    .values({
      email: account.email.toLowerCase(),
      name: account.name ?? account.email,
      role: account.role,
      passwordHash: await hashPassword(account.password),
    })
    .returning()
  return staffOf(row!)
}

/** Why a sign-in was refused, as the audit log says it (never the password or the code). */
type RefusedSignIn = 'credentials' | 'totp' | 'totp_missing' | 'rate_limited'

/**
 * Staff sign-in (POST /api/admin/v1/auth/login), under STAFF_LOGIN_LIMITS (429 REQ006 with
 * Retry-After): every try per address, then the growing wait of this account from this address;
 * wrong passwords are counted on the account from every address (decision 051). An unknown e-mail, a wrong
 * password, a disabled account and an invitation not yet accepted cost one scrypt check each and
 * answer alike (401 STF001). An account with the second factor on then needs its code (401 STF004
 * without, STF005 wrong), under the same limits. Answers a random token, stored as its SHA-256.
 * Every sign-in is in the audit log with its address: `staff.login` in the session's own
 * transaction, `staff.login_failed` for every refusal after the per-address count (a wrong
 * password or code, a missing code, a wait not over), with the e-mail tried and why; never the
 * password or the code. Refusals of the per-address count itself are not written (30 rows per
 * address in 15 minutes at most, so junk tries cannot fill the log).
 */
export async function staffLogin(
  db: Db,
  body: StaffLoginBody,
  origin: { ip: string; requestId?: string; secrets: SecretBox },
  now = Date.now(),
) {
  const { ip } = origin
  await enforceLimits(db, [{ key: `staff-login:ip:${ip}`, rule: STAFF_LOGIN_LIMITS.address }])
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, body.email)).limit(1)
  const actor = { staffId: null, requestId: origin.requestId ?? '', ip }
  const failed = (reason: RefusedSignIn) =>
    recordAudit(db, actor, {
      action: 'staff.login_failed',
      targetType: 'staff',
      targetId: row?.id ?? body.email,
      changes: { email: body.email, reason },
    })
  const keys = {
    accountKey: `staff-login:account:${body.email}`,
    streakKey: `staff-login:account-ip:${body.email}:${ip}`,
  }
  try {
    // Parallel guesses from one address wait their turn (the backoff's advisory lock). Only this
    // address's own streak can refuse here: nothing from other addresses stops a right password.
    await takeBackoff(db, keys.streakKey, STAFF_LOGIN_BACKOFF)
  } catch (error) {
    if (error instanceof AppError) await failed('rate_limited')
    throw error
  }
  const matches = await verifyPassword(body.password, row?.passwordHash ?? (await dummyPasswordHash()))
  if (!row || !row.passwordHash || !matches || row.disabled) {
    await failed('credentials')
    await countPasswordFailure(db, keys, STAFF_LOGIN_BACKOFF)
    throw new AppError('STF001')
  }
  if (row.totpEnabledAt) {
    if (!body.totp) {
      await failed('totp_missing')
      throw new AppError('STF004')
    }
    try {
      await takeTotpCode(db, row, body.totp, origin.secrets, now)
    } catch (error) {
      if (error instanceof AppError) {
        await failed('totp')
        await countPasswordFailure(db, keys, STAFF_LOGIN_BACKOFF)
      }
      throw error
    }
  }
  // The right password (and code) ends the streak of this address, as for members: only guesses
  // are slowed. The account's count of wrong ones runs out with its window (a right password
  // elsewhere must not hand a spray its free tries back).
  await clearBackoff(db, keys.streakKey)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + STAFF_SESSION_TTL_MS)
  await db.transaction(async (tx) => {
    await tx.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: row.id, expiresAt })
    await recordAudit(
      tx,
      { ...actor, staffId: row.id },
      { action: 'staff.login', targetType: 'staff', targetId: row.id, changes: { session: body.session } },
    )
  })
  return { token, expiresAt, staff: staffOf(row) }
}

/**
 * A signed-in staff member: who, their session, whether the second factor is on and whether they
 * must choose a new password first.
 */
export type SignedInStaff = Staff & { sessionId: number; totpEnabled: boolean; mustChangePassword: boolean }

/** The live, enabled staff member of a token, or null. */
export async function findStaff(db: Db, token: string): Promise<SignedInStaff | null> {
  if (token.length > 512) return null
  const [row] = await db
    .select({ account: staffAccounts, sessionId: staffSessions.id })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, new Date()),
        eq(staffAccounts.disabled, false),
      ),
    )
    .limit(1)
  return row
    ? {
        ...staffOf(row.account),
        sessionId: row.sessionId,
        totpEnabled: !!row.account.totpEnabledAt,
        mustChangePassword: row.account.mustChangePassword,
      }
    : null
}

/**
 * Ends one staff session (logout), audited (`staff.logout`) in the same transaction; its token
 * answers 401 STF002 from now on.
 */
export async function revokeStaffSession(
  db: Db,
  session: { staffId: number; sessionId: number },
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.id, session.sessionId), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id })
    if (ended.length > 0)
      await recordAudit(tx, actor, { action: 'staff.logout', targetType: 'staff', targetId: session.staffId })
  })
}

/**
 * Ends every live session of a member of staff ("sign out everywhere"), or every one but
 * `except` (the second factor turned on); answers how many.
 */
export async function revokeAllStaffSessions(
  db: Db | Transaction,
  staffId: number,
  options: { except?: number } = {},
): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, new Date()),
        options.except === undefined ? undefined : ne(staffSessions.id, options.except),
      ),
    )
    .returning({ id: staffSessions.id })
  return ended.length
}

/** Deletes staff sessions that expired or were revoked more than a day ago (housekeeping). */
export async function pruneStaffSessions(db: Db): Promise<number> {
  const dayAgo = new Date(Date.now() - 86_400_000)
  const deleted = await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.expiresAt, dayAgo), lt(staffSessions.revokedAt, dayAgo)))
    .returning({ id: staffSessions.id })
  return deleted.length
}
