import {
  and,
  desc,
  eq,
  getTableName,
  gt,
  lt,
  notExists,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  AppError,
  NO_OCCUPATION,
  OCCUPATIONS,
  type Occupation,
  type ChangePasswordBody,
  type LoginCredentials,
  type LoginOtpBody,
  type LoginOtpSendBody,
  type Profile,
  type ProfilePatchBody,
  type RegisterBody,
  type ResendOtpBody,
  type SessionUser,
  type VerifyOtpBody,
} from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { customers } from '../../db/schema/index.ts'
import { issueSession, revokeMemberSessions, revokeSession, type Member } from '../../plugins/auth.ts'
import {
  clearBackoff,
  countPasswordFailure,
  enforceLimits,
  PASSWORD_TRIES_BACKOFF,
  takeBackoff,
  type BackoffRule,
  type LimitRule,
} from '../../plugins/rate-limit.ts'
import type { MailProvider } from '../../providers/mail/index.ts'
import type { MessagingProvider } from '../../providers/messaging/index.ts'
import { sendCode, verifyCode, type ShopperVoice } from '../otp/index.ts'
import {
  dummyPasswordHash,
  hashPassword,
  hashTemporaryPassword,
  temporaryPassword,
  verifyPassword,
  verifyTemporaryPassword,
} from '../../password.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Rate limits of the members calls (documented in README.md beside this file). */
export const MEMBER_LIMITS = {
  // Temporary passwords per e-mail and address, then per e-mail from every address together (a
  // bound on mail to one inbox, counted only for sends the caller's own count allowed), so one
  // stranger's requests leave the owner's own address its own (issue 38, decision 051). Password
  // tries are slowed, not locked: MEMBER_BACKOFFS.
  forgetPerEmailAndIp: { limit: 3, windowMs: HOUR },
  forgetPerEmail: { limit: 10, windowMs: HOUR },
  // Per address: generous, because Indonesian mobile carriers put many shoppers behind one
  // address (carrier-grade NAT); they stop sprays across many accounts, phones or ids.
  loginPerIp: { limit: 100, windowMs: 15 * MINUTE },
  forgetPerIp: { limit: 50, windowMs: HOUR },
  registerPerIp: { limit: 100, windowMs: HOUR },
  codeSendPerIp: { limit: 50, windowMs: HOUR },
  passwordChangePerIp: { limit: 50, windowMs: 15 * MINUTE },
  codeCheckPerIp: { limit: 300, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>

/**
 * Password tries, slowed instead of locked (issues 11 and 38): login per account *and* address,
 * change_password per signed-in member; five at once, then waits of 2 s doubling up to 3 minutes,
 * counted over a day, and a right password ends the streak. A stranger's wrong passwords slow only
 * the stranger's address; past PASSWORD_SPRAY_LIMIT wrong ones on an account from every address,
 * each failing address waits the longest wait at once (decision 051). Shared with the staff
 * sign-in (PASSWORD_TRIES_BACKOFF).
 */
export const MEMBER_BACKOFFS = {
  passwordTries: PASSWORD_TRIES_BACKOFF,
} as const satisfies Record<string, BackoffRule>

type Customer = typeof customers.$inferSelect

const sessionUser = (customer: Customer, token: string, isGuest: boolean): SessionUser => ({
  token,
  id_pelanggan: customer.idPelanggan,
  is_campaign: customer.isCampaign,
  need_email: customer.needEmail,
  is_guest: isGuest,
})

async function customerById(db: Db, idPelanggan: number): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.idPelanggan, idPelanggan)).limit(1)
  return row
}

/** How long a pending registration and its codes live; housekeeping then deletes it. */
export const REGISTRATION_TTL_HOURS = 24
/**
 * Codes one pending registration may be sent. With OTP_POLICY.maxAttempts per code, the guesses at
 * one registration are bounded in total (5 × 5 = 25 of 10,000); past it the shopper registers again.
 */
export const REGISTRATION_MAX_CODES = 5

/** A registration still waiting for its code: not verified, not a guest, not expired. */
const livePending = () =>
  and(
    eq(customers.isVerified, false),
    eq(customers.isGuest, false),
    gt(customers.registrationExpiresAt, sql`now()`),
  )

/**
 * Registers a customer, unverified until the code step (POST /api/v2/member/register). Nothing is
 * sent yet: the shopper then chooses SMS or WhatsApp and resend_otp sends the first code there
 * (docs/product/account.md: choose the method, then enter the code). Every call creates its own pending
 * registration, owned by whoever holds its (non-sequential) id; another register for the same
 * e-mail, from any phone, starts another one and touches none. The answer and the work are the same
 * whether or not the e-mail already has an account: a taken e-mail is refused only at verify_otp,
 * after the code (no enumeration; see README.md). It expires after REGISTRATION_TTL_HOURS.
 */
export async function register(db: Db, body: RegisterBody, ip: string): Promise<{ idPelanggan: number }> {
  await enforceLimits(db, [{ key: `register:ip:${ip}`, rule: MEMBER_LIMITS.registerPerIp }])
  const [pending] = await db
    .insert(customers)
    .values({
      nama: body.nama_pelanggan,
      hp: body.hp,
      passwordHash: await hashPassword(body.password),
      tanggalLahir: body.tanggal_lahir,
      source: body.source,
      email: body.email,
      isVerified: false,
      isGuest: false,
      registrationExpiresAt: sql`now() + ${`${REGISTRATION_TTL_HOURS} hours`}::interval`,
    })
    .returning({ idPelanggan: customers.idPelanggan })
  if (!pending) throw new AppError('SRV001')
  return { idPelanggan: pending.idPelanggan }
}

/**
 * Sends a registration code by the chosen channel (POST /api/v2/member/resend_otp): the first one
 * after the shopper picks SMS or WhatsApp, and any later one; each retires the earlier codes. The
 * send is counted on the pending registration by one conditional UPDATE, so at most
 * REGISTRATION_MAX_CODES are ever sent to it, even in parallel. Unknown, verified, expired and
 * used-up ids all answer MEM003 alike.
 */
export async function resendRegistrationCode(
  db: Db,
  messaging: MessagingProvider,
  body: ResendOtpBody,
  ip: string,
  voice: ShopperVoice,
  hourlyBudget?: number,
): Promise<void> {
  await enforceLimits(db, [{ key: `code-send:ip:${ip}`, rule: MEMBER_LIMITS.codeSendPerIp }])
  const [pending] = await db
    .update(customers)
    .set({ registrationCodesSent: sql`${customers.registrationCodesSent} + 1` })
    .where(
      and(
        eq(customers.idPelanggan, body.id_pelanggan),
        livePending(),
        lt(customers.registrationCodesSent, REGISTRATION_MAX_CODES),
      ),
    )
    .returning({ idPelanggan: customers.idPelanggan, hp: customers.hp })
  if (!pending) throw new AppError('MEM003')
  try {
    await sendCode(db, messaging, {
      purpose: 'REGISTER',
      phone: pending.hp,
      channel: body.type,
      idPelanggan: pending.idPelanggan,
      ip,
      hourlyBudget,
      voice,
    })
  } catch (error) {
    // The phone's wait or the shop's budget refused before any code was made: that send does not count.
    if (error instanceof AppError && (error.code === 'OTP003' || error.code === 'OTP004')) {
      await db
        .update(customers)
        .set({ registrationCodesSent: sql`${customers.registrationCodesSent} - 1` })
        .where(eq(customers.idPelanggan, pending.idPelanggan))
    }
    throw error
  }
}

/** Another customer row: the verified account an e-mail may already have. */
const account = alias(customers, 'account')

/** Whether a database error is the unique index of verified e-mails (two registrations raced). */
function isVerifiedEmailTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
  const code = e?.code ?? e?.cause?.code
  const constraint = e?.constraint ?? e?.cause?.constraint
  return code === '23505' && (constraint === undefined || constraint === 'customers_email_verified_uq')
}

/**
 * The condition verifyCode puts on a registration code's owner (otp may not read customers, issue
 * 42): a customer, not a guest, not yet verified, whose registration has not expired. The owner's
 * column is named with its table: drizzle leaves a one-table select's columns bare, which inside the
 * subquery would be the customers' own.
 */
function registrationPending(idPelanggan: AnyColumn): SQL {
  const owner = sql`${sql.identifier(getTableName(idPelanggan.table))}.${sql.identifier(idPelanggan.name)}`
  return sql`exists (select 1 from ${customers} c where c.id_pelanggan = ${owner} and not c.is_verified and not c.is_guest and c.registration_expires_at > now())`
}

/**
 * Checks the registration code, marks the customer verified and signs them in
 * (POST /api/v2/member/verify_otp; docs/product/account.md §4: Register Success, logged in automatically).
 * An unknown, verified, guest or expired id answers exactly as a wrong code does (OTP001, the same
 * queries and hashing: verifyCode). Only now, with the phone proven, is a taken e-mail refused
 * (MEM001): the pending registration is deleted and the existing account is left as it was. Of
 * several pending registrations of one e-mail the first verified wins; the others then get MEM001.
 */
export async function verifyRegistration(db: Db, body: VerifyOtpBody, ip: string): Promise<SessionUser> {
  await enforceLimits(db, [{ key: `code-check:ip:${ip}`, rule: MEMBER_LIMITS.codeCheckPerIp }])
  await verifyCode(db, {
    purpose: 'REGISTER',
    idPelanggan: body.id_pelanggan,
    code: body.otp,
    registrationPending,
  })
  let customer: Customer | undefined
  try {
    ;[customer] = await db
      .update(customers)
      .set({ isVerified: true, registrationExpiresAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(customers.idPelanggan, body.id_pelanggan),
          eq(customers.isVerified, false),
          notExists(
            db
              .select({ one: sql`1` })
              .from(account)
              .where(and(eq(account.email, customers.email), eq(account.isVerified, true))),
          ),
        ),
      )
      .returning()
  } catch (error) {
    // Another registration of the e-mail was verified at the same moment and won.
    if (!isVerifiedEmailTaken(error)) throw error
  }
  if (!customer) {
    // Still pending after the right code: the e-mail has an account. Otherwise it vanished.
    const [dropped] = await db
      .delete(customers)
      .where(and(eq(customers.idPelanggan, body.id_pelanggan), eq(customers.isVerified, false)))
      .returning({ idPelanggan: customers.idPelanggan })
    throw new AppError(dropped ? 'MEM001' : 'OTP001')
  }
  if (customer.disabledAt) throw new AppError('STF222')
  return sessionUser(customer, await issueSession(db, customer.idPelanggan, false), false)
}

/**
 * Deletes pending registrations past their expiry, with their codes (idempotent; safe on several
 * instances at once), for the jobs scheduler.
 */
export async function pruneExpiredRegistrations(db: Db): Promise<number> {
  const deleted = await db
    .delete(customers)
    .where(
      and(
        eq(customers.isVerified, false),
        eq(customers.isGuest, false),
        lt(customers.registrationExpiresAt, sql`now()`),
      ),
    )
    .returning({ idPelanggan: customers.idPelanggan })
  return deleted.length
}

export type LoginResult =
  { kind: 'signed-in'; user: SessionUser } | { kind: 'unverified'; idPelanggan: number }

/** How long a forgotten-password request's temporary password works. */
export const TEMPORARY_PASSWORD_TTL_HOURS = 24

/**
 * E-mail and password sign-in (POST /api/v1/member/login). The account's password or its unexpired
 * temporary one signs in; the first sign-in with the temporary one makes it the password (and ends
 * the other sessions, as a password change does). The password of the e-mail's newest live pending
 * registration answers VER001. Every attempt runs exactly two scrypt checks (the account's password and the
 * pending registration's, a dummy for each one missing) and one temporary-password check, so an unknown
 * e-mail, a wrong password and a pending registration cost the same and all answer CLE015.
 */
export async function login(db: Db, credentials: LoginCredentials, ip: string): Promise<LoginResult> {
  await enforceLimits(db, [{ key: `login:ip:${ip}`, rule: MEMBER_LIMITS.loginPerIp }])
  // Every try is taken before the scrypt checks (parallel guesses wait their turn); a right one
  // clears. Per account *and* address (issue 38): only the address that fails waits, so a stranger
  // can never keep the owner out; wrong ones are also counted on the account (decision 051).
  const keys = {
    accountKey: `login:account:${credentials.username}`,
    streakKey: `login:account-ip:${credentials.username}:${ip}`,
  }
  await takeBackoff(db, keys.streakKey, MEMBER_BACKOFFS.passwordTries)
  // The verified account, then the newest live pending registration of the e-mail (several may wait).
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.email, credentials.username),
        eq(customers.isGuest, false),
        or(eq(customers.isVerified, true), gt(customers.registrationExpiresAt, sql`now()`)),
      ),
    )
    .orderBy(desc(customers.isVerified), desc(customers.createdAt), desc(customers.idPelanggan))
    .limit(2)
  const verified = rows.find((row) => row.isVerified)
  const pending = rows.find((row) => !row.isVerified)
  const dummy = await dummyPasswordHash()
  const [byPassword, byPending] = await Promise.all([
    verifyPassword(credentials.password, verified?.passwordHash ?? dummy),
    verifyPassword(credentials.password, pending?.passwordHash ?? dummy),
  ])
  const byTemporary = verifyTemporaryPassword(credentials.password, verified?.tempPasswordHash)
  if (verified?.passwordHash && byPassword) {
    await clearBackoff(db, keys.streakKey)
    // Disabled by staff: said only after the right password, so it reveals nothing to a guesser.
    if (verified.disabledAt) throw new AppError('STF222')
    return signIn(db, verified)
  }
  const temporaryLive = !!verified?.tempPasswordExpiresAt && verified.tempPasswordExpiresAt > new Date()
  if (verified?.tempPasswordHash && byTemporary && temporaryLive) {
    if (verified.disabledAt) throw new AppError('STF222')
    const promoted = await promoteTemporaryPassword(db, verified, credentials.password)
    if (promoted) {
      await clearBackoff(db, keys.streakKey)
      return signIn(db, promoted)
    }
  }
  if (pending?.passwordHash && byPending) return { kind: 'unverified', idPelanggan: pending.idPelanggan }
  await countPasswordFailure(db, keys, MEMBER_BACKOFFS.passwordTries)
  throw new AppError('CLE015')
}

async function signIn(db: Db, customer: Customer): Promise<LoginResult> {
  return {
    kind: 'signed-in',
    user: sessionUser(customer, await issueSession(db, customer.idPelanggan, false), false),
  }
}

/**
 * Makes the temporary password the password and ends the member's sessions, unless a newer forget
 * replaced it or it expired meanwhile (one conditional UPDATE). The caller then opens a session.
 */
async function promoteTemporaryPassword(
  db: Db,
  verified: Customer,
  password: string,
): Promise<Customer | undefined> {
  const { idPelanggan, tempPasswordHash } = verified
  if (!tempPasswordHash) return undefined
  const [customer] = await db
    .update(customers)
    .set({
      passwordHash: await hashPassword(password),
      tempPasswordHash: null,
      tempPasswordExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(customers.idPelanggan, idPelanggan),
        eq(customers.tempPasswordHash, tempPasswordHash),
        gt(customers.tempPasswordExpiresAt, sql`now()`),
      ),
    )
    .returning()
  if (customer) await revokeAllSessions(db, idPelanggan)
  return customer
}

const revokeAllSessions = (db: Db, idPelanggan: number, except?: number) =>
  revokeMemberSessions(db, idPelanggan, { except })

/** Sends a 6-digit guest code valid 5 minutes (POST /api/v1/member/login_otp_send). */
export async function sendGuestCode(
  db: Db,
  messaging: MessagingProvider,
  body: LoginOtpSendBody,
  ip: string,
  options: { voice: ShopperVoice; hourlyBudget?: number; caller?: Member | null },
): Promise<{ expiresInSeconds: number }> {
  await enforceLimits(db, [{ key: `code-send:ip:${ip}`, rule: MEMBER_LIMITS.codeSendPerIp }])
  // A signed-in shopper asking a code for the phone of their own account is counted apart.
  const own = options.caller ? await customerById(db, options.caller.idPelanggan) : undefined
  return sendCode(db, messaging, {
    purpose: 'GUEST_LOGIN',
    phone: body.phone,
    channel: body.type,
    ip,
    ownPhone: !!own && own.hp === body.phone,
    hourlyBudget: options.hourlyBudget,
    voice: options.voice,
  })
}

/**
 * Signs in a guest by phone code (POST /api/v1/member/login_otp): one guest customer per phone,
 * created on first use; the session is flagged guest. Guests need an e-mail at checkout.
 */
export async function loginGuest(db: Db, body: LoginOtpBody, ip: string): Promise<SessionUser> {
  await enforceLimits(db, [{ key: `code-check:ip:${ip}`, rule: MEMBER_LIMITS.codeCheckPerIp }])
  await verifyCode(db, { purpose: 'GUEST_LOGIN', phone: body.phone, code: body.otp })
  const [guest] = await db
    .insert(customers)
    .values({ hp: body.phone, isGuest: true, isVerified: true, needEmail: true, source: 'WEBSITE' })
    .onConflictDoUpdate({
      target: customers.hp,
      targetWhere: eq(customers.isGuest, true),
      set: { updatedAt: new Date() },
    })
    .returning()
  if (!guest) throw new AppError('SRV001')
  if (guest.disabledAt) throw new AppError('STF222')
  return sessionUser(guest, await issueSession(db, guest.idPelanggan, true), true)
}

/**
 * Forgotten password (POST /api/v1/member/forget): a temporary password, valid 24 hours beside the
 * account's password, is e-mailed; the password keeps working, so nobody can lock an owner out by
 * knowing the e-mail. A newer request replaces the earlier temporary password. The answer is the
 * same whether or not the e-mail belongs to an account (a pending registration has none to reset:
 * registering again replaces it).
 */
export async function forgetPassword(
  db: Db,
  mail: MailProvider,
  email: string,
  ip: string,
  voice: ShopperVoice,
): Promise<void> {
  await enforceLimits(db, [
    { key: `forget:email-ip:${email}:${ip}`, rule: MEMBER_LIMITS.forgetPerEmailAndIp },
    { key: `forget:ip:${ip}`, rule: MEMBER_LIMITS.forgetPerIp },
  ])
  // Only then the inbox's own bound: a caller already refused above does not use it up.
  await enforceLimits(db, [{ key: `forget:email:${email}`, rule: MEMBER_LIMITS.forgetPerEmail }])
  const password = temporaryPassword()
  // Hashed before knowing whether the account exists: both answers cost the same.
  const tempPasswordHash = hashTemporaryPassword(password)
  const [customer] = await db
    .update(customers)
    .set({
      tempPasswordHash,
      tempPasswordExpiresAt: sql`now() + ${`${TEMPORARY_PASSWORD_TTL_HOURS} hours`}::interval`,
      updatedAt: new Date(),
    })
    .where(and(eq(customers.email, email), eq(customers.isVerified, true), eq(customers.isGuest, false)))
    .returning({ nama: customers.nama })
  if (!customer) return
  try {
    await mail.send({ to: email, ...temporaryPasswordMail(customer.nama, password, voice) })
  } catch {
    throw new AppError('MSG001')
  }
}

/** The temporary password's e-mail, under the storefront's brand and in the shopper's language (issue 44). */
export function temporaryPasswordMail(
  nama: string | null,
  password: string,
  { brand, language }: ShopperVoice,
): { subject: string; text: string } {
  const hours = TEMPORARY_PASSWORD_TTL_HOURS
  return language === 'id'
    ? {
        subject: `Kata sandi sementara ${brand} Anda`,
        text:
          `Halo ${nama || 'Kak'},\n\nKata sandi sementara Anda: ${password}\n\n` +
          `Berlaku ${hours} jam. Masuk dengan kata sandi ini, lalu ubah di Info Akun. Kata sandi ` +
          'Anda saat ini tetap berlaku sampai Anda masuk dengan yang ini.\n\n' +
          `Jika Anda tidak memintanya, abaikan e-mail ini: tidak ada yang berubah.\n\n${brand}`,
      }
    : {
        subject: `Your temporary ${brand} password`,
        text:
          `Hi ${nama || 'there'},\n\nYour temporary password is: ${password}\n\n` +
          `It works for ${hours} hours. Log in with it, then change it in Account ` +
          'Info. Your current password keeps working until you log in with this one.\n\n' +
          `If you did not ask for this, ignore this e-mail: nothing changes.\n\n${brand}`,
      }
}

/**
 * Changes the password of a signed-in member (POST /api/v1/member/change_password); any temporary
 * password ends, and the member's other sessions are revoked so a leaked password stops working
 * everywhere else.
 */
export async function changePassword(
  db: Db,
  member: Member,
  body: ChangePasswordBody,
  ip: string,
): Promise<void> {
  if (member.isGuest) throw new AppError('CLE016')
  const customer = await customerById(db, member.idPelanggan)
  if (!customer?.passwordHash) throw new AppError('CLE016')
  // Bounded like login, before any scrypt work: a stolen token must not guess the old password fast.
  await enforceLimits(db, [{ key: `password-change:ip:${ip}`, rule: MEMBER_LIMITS.passwordChangePerIp }])
  const tries = `password-change:member:${member.idPelanggan}`
  await takeBackoff(db, tries, MEMBER_BACKOFFS.passwordTries)
  // The current password, or an unexpired temporary one (a member still signed in who forgot it).
  const temporaryLive = !!customer.tempPasswordExpiresAt && customer.tempPasswordExpiresAt > new Date()
  const byTemporary = temporaryLive && verifyTemporaryPassword(body.old_password, customer.tempPasswordHash)
  if (!byTemporary && !(await verifyPassword(body.old_password, customer.passwordHash))) {
    throw new AppError('MEM002')
  }
  await clearBackoff(db, tries)
  await db
    .update(customers)
    .set({
      passwordHash: await hashPassword(body.new_password),
      tempPasswordHash: null,
      tempPasswordExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(eq(customers.idPelanggan, member.idPelanggan))
  await revokeAllSessions(db, member.idPelanggan, member.sessionId)
}

const asProfile = (customer: Customer, token: string, isGuest: boolean): Profile => ({
  id_pelanggan: customer.idPelanggan,
  token,
  nama: customer.nama,
  email: customer.email,
  hp: customer.hp,
  tanggal_lahir: customer.tanggalLahir,
  gender: customer.gender === 'MALE' || customer.gender === 'FEMALE' ? customer.gender : null,
  // Always an array of one (docs/product/account.md §5): the occupation, or '-' for none.
  jenis_pekerjaan: [
    (OCCUPATIONS as readonly string[]).includes(customer.jenisPekerjaan ?? '')
      ? (customer.jenisPekerjaan as Occupation)
      : NO_OCCUPATION,
  ],
  instagram: customer.instagram || '-',
  is_campaign: customer.isCampaign,
  need_email: customer.needEmail,
  is_guest: isGuest,
  marketing_messages: customer.marketingMessages,
})

/** The signed-in customer's profile (GET /api/v1/member/profile). */
export async function getProfile(db: Db, member: Member, token: string): Promise<Profile> {
  const customer = await customerById(db, member.idPelanggan)
  if (!customer) throw new AppError('CLE001')
  return asProfile(customer, token, member.isGuest)
}

/**
 * Edits the profile (PATCH /api/v1/member/profile): name, birth date, gender, occupation,
 * instagram and the marketing messages' switch; e-mail and phone are not editable. An empty instagram is stored as '-'; occupation
 * ['-'] (or []) stores none.
 */
export async function updateProfile(
  db: Db,
  member: Member,
  body: ProfilePatchBody,
  token: string,
): Promise<Profile> {
  const changes: Partial<typeof customers.$inferInsert> = { nama: body.nama, updatedAt: new Date() }
  if (body.tanggal_lahir !== undefined) changes.tanggalLahir = body.tanggal_lahir
  if (body.gender !== undefined) changes.gender = body.gender
  if (body.jenis_pekerjaan !== undefined) {
    // '-' (the form's "none") and an empty array both clear it: no occupation is stored as null.
    const first = body.jenis_pekerjaan[0]
    changes.jenisPekerjaan = first && first !== NO_OCCUPATION ? first : null
  }
  if (body.instagram !== undefined) changes.instagram = body.instagram.replace(/^@/, '') || '-'
  if (body.marketing_messages !== undefined) changes.marketingMessages = body.marketing_messages
  const [customer] = await db
    .update(customers)
    .set(changes)
    .where(eq(customers.idPelanggan, member.idPelanggan))
    .returning()
  if (!customer) throw new AppError('CLE001')
  return asProfile(customer, token, member.isGuest)
}

/** Records the campaign popup's answer (PUT /api/v1/member/is_campaign). */
export async function setCampaign(
  db: Db,
  member: Member,
  isCampaign: boolean,
  idPelanggan?: number,
): Promise<void> {
  // The query's id_pelanggan (docs/product) must be the token's own: nobody records it for someone else.
  if (idPelanggan !== undefined && idPelanggan !== member.idPelanggan) throw new AppError('CLE016')
  await db
    .update(customers)
    .set({ isCampaign, updatedAt: new Date() })
    .where(eq(customers.idPelanggan, member.idPelanggan))
}

/** Ends the session of the token (POST /api/v1/member/logout). */
export const logout = (db: Db, member: Member) => revokeSession(db, member.sessionId)
