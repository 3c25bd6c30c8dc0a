import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import { AppError, type Staff, type StaffLoginBody, type StaffRole } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { staffAccounts, staffSessions } from '../../db/schema/index.ts'
import { hashToken } from '../../plugins/auth.ts'
import { clearLimit, enforceLimits } from '../../plugins/rate-limit.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../password.ts'
import { recordAudit } from './audit.ts'
import type { SecretBox } from '../../secret-box.ts'
import { takeTotpCode } from './totp.ts'

/** Staff sessions last 12 hours: a working day, then sign in again. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000

/** Guessing bounds of the staff login: per account and per address, in 15 minutes. */
export const STAFF_LOGIN_LIMITS = {
  account: { limit: 10, windowMs: 15 * 60_000 },
  address: { limit: 30, windowMs: 15 * 60_000 },
}

/** The e-mail of the owner made at first start when ADMIN_EMAIL is unset. */
export const DEFAULT_ADMIN_EMAIL = 'admin@busana.local'

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }

const staffOf = (row: typeof staffAccounts.$inferSelect): Staff => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
})

/**
 * The first staff account, at start. ADMIN_EMAIL and ADMIN_PASSWORD set: that owner exists with
 * that password (created, or its password and role brought back to the configured ones, so a lost
 * password is recovered by restarting with a new one). Unset and no staff at all: an owner
 * admin@busana.local with a random password, printed once in the log (the only time it exists in
 * clear). Safe on several processes at once (insert … on conflict).
 */
export async function ensureFirstStaff(
  db: Db,
  config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
  log: Log,
): Promise<void> {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const [current] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, config.ADMIN_EMAIL))
    const same =
      !!current?.passwordHash && (await verifyPassword(config.ADMIN_PASSWORD, current.passwordHash))
    if (current && same && !current.disabled) {
      if (current.role !== 'owner')
        await db.update(staffAccounts).set({ role: 'owner' }).where(eq(staffAccounts.id, current.id))
      return
    }
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD)
    await db
      .insert(staffAccounts)
      .values({ email: config.ADMIN_EMAIL, name: 'Owner', role: 'owner', passwordHash })
      .onConflictDoUpdate({
        target: staffAccounts.email,
        set: { passwordHash, role: 'owner', disabled: false },
      })
    log.info({ email: config.ADMIN_EMAIL }, 'staff: the owner account of ADMIN_EMAIL is ready')
    return
  }
  const [any] = await db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1)
  if (any) return
  const password = randomBytes(12).toString('base64url')
  const created = await db
    .insert(staffAccounts)
    .values({
      email: DEFAULT_ADMIN_EMAIL,
      name: 'Owner',
      role: 'owner',
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
    .returning({ id: staffAccounts.id })
  if (created.length === 0) return
  // Printed once, on purpose: without ADMIN_EMAIL/ADMIN_PASSWORD this is the only way in.
  log.warn(
    { email: DEFAULT_ADMIN_EMAIL, password },
    'staff: no ADMIN_EMAIL/ADMIN_PASSWORD and no staff yet, so an owner was created with this one-time password; sign in and change it',
  )
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

/**
 * Staff sign-in (POST /api/admin/v1/auth/login): rate-limited per account (tries since the last
 * right one) and per address (every try) (429 REQ006); an unknown e-mail, a wrong password, a disabled account and an invitation not yet
 * accepted cost one scrypt check each and answer alike (401 STF001). An account with the second
 * factor on then needs its code (401 STF004 without, STF005 wrong), under the same limits. Answers
 * a random token, stored as its SHA-256. Every sign-in is in the audit log with its address:
 * `staff.login` in the session's own transaction, `staff.login_failed` for a wrong password or code
 * (the e-mail tried and why; never the password or the code).
 */
export async function staffLogin(
  db: Db,
  body: StaffLoginBody,
  origin: { ip: string; requestId?: string; secrets: SecretBox },
  now = Date.now(),
) {
  const { ip } = origin
  const accountKey = `staff-login:account:${body.email}`
  await enforceLimits(db, [
    { key: accountKey, rule: STAFF_LOGIN_LIMITS.account },
    { key: `staff-login:ip:${ip}`, rule: STAFF_LOGIN_LIMITS.address },
  ])
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, body.email)).limit(1)
  const matches = await verifyPassword(body.password, row?.passwordHash ?? (await dummyPasswordHash()))
  const actor = { staffId: null, requestId: origin.requestId ?? '', ip }
  const failed = (reason: 'credentials' | 'totp') =>
    recordAudit(db, actor, {
      action: 'staff.login_failed',
      targetType: 'staff',
      targetId: row?.id ?? body.email,
      changes: { email: body.email, reason },
    })
  if (!row || !row.passwordHash || !matches || row.disabled) {
    await failed('credentials')
    throw new AppError('STF001')
  }
  if (row.totpEnabledAt) {
    if (!body.totp) throw new AppError('STF004')
    try {
      await takeTotpCode(db, row, body.totp, origin.secrets, now)
    } catch (error) {
      if (error instanceof AppError) await failed('totp')
      throw error
    }
  }
  // The right password (and code) ends the count of tries on the account, as for members: only
  // guesses are limited, and someone signing in on a few devices is never shut out by it.
  await clearLimit(db, accountKey)
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

/** A signed-in staff member: who, their session and whether the second factor is on. */
export type SignedInStaff = Staff & { sessionId: number; totpEnabled: boolean }

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
    ? { ...staffOf(row.account), sessionId: row.sessionId, totpEnabled: !!row.account.totpEnabledAt }
    : null
}

/** Ends one staff session (logout); its token answers 401 STF002 from now on. */
export async function revokeStaffSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
}

/** Ends every live session of a member of staff ("sign out everywhere"); answers how many. */
export async function revokeAllStaffSessions(db: Db | Transaction, staffId: number): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, new Date()),
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
