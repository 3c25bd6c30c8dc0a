import { and, eq, ne } from 'drizzle-orm'
import {
  AppError,
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
} from '@busana/contract'
import type { Db } from '../../db/client.ts'
import { customers, memberSessions } from '../../db/schema/index.ts'
import { issueSession, revokeSession, type Member } from '../../plugins/auth.ts'
import { enforceLimits, type LimitRule } from '../../plugins/rate-limit.ts'
import type { MailProvider } from '../../providers/mail/index.ts'
import type { MessagingProvider } from '../../providers/messaging/index.ts'
import { sendCode, verifyCode } from '../otp/otp.service.ts'
import { dummyPasswordHash, hashPassword, temporaryPassword, verifyPassword } from './password.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Rate limits of the members calls (documented in README.md beside this file). */
export const MEMBER_LIMITS = {
  // Per account / e-mail: the real protection against guessing.
  loginPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  forgetPerEmail: { limit: 3, windowMs: HOUR },
  // Per address: generous, because Indonesian mobile carriers put many shoppers behind one
  // address (carrier-grade NAT); they stop sprays across many accounts, phones or ids.
  loginPerIp: { limit: 100, windowMs: 15 * MINUTE },
  forgetPerIp: { limit: 50, windowMs: HOUR },
  registerPerIp: { limit: 100, windowMs: HOUR },
  codeSendPerIp: { limit: 100, windowMs: HOUR },
  codeCheckPerIp: { limit: 300, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>

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

/** A registered (not guest) customer not yet verified: the only kind the registration code serves. */
async function pendingCustomer(db: Db, idPelanggan: number): Promise<Customer> {
  const customer = await customerById(db, idPelanggan)
  if (!customer || customer.isGuest || customer.isVerified || !customer.email) throw new AppError('MEM003')
  return customer
}

/**
 * Registers a customer, unverified until the code step (POST /api/v2/member/register), and sends
 * the first 4-digit code by SMS. Re-registering an unverified e-mail replaces the pending details
 * (nobody proved ownership yet); a verified e-mail answers MEM001 (see README.md: enumeration).
 */
export async function register(
  db: Db,
  messaging: MessagingProvider,
  body: RegisterBody,
  ip: string,
): Promise<{ idPelanggan: number }> {
  await enforceLimits(db, [{ key: `register:ip:${ip}`, rule: MEMBER_LIMITS.registerPerIp }])
  const details = {
    nama: body.nama_pelanggan,
    hp: body.hp,
    passwordHash: await hashPassword(body.password),
    tanggalLahir: body.tanggal_lahir,
    source: body.source,
    updatedAt: new Date(),
  }
  const [created] = await db
    .insert(customers)
    .values({ ...details, email: body.email, isVerified: false, isGuest: false })
    .onConflictDoNothing({ target: customers.email })
    .returning({ idPelanggan: customers.idPelanggan })
  let idPelanggan = created?.idPelanggan
  if (!idPelanggan) {
    const [updated] = await db
      .update(customers)
      .set(details)
      .where(and(eq(customers.email, body.email), eq(customers.isVerified, false)))
      .returning({ idPelanggan: customers.idPelanggan })
    if (!updated) throw new AppError('MEM001')
    idPelanggan = updated.idPelanggan
  }
  await sendCode(db, messaging, { purpose: 'REGISTER', phone: body.hp, channel: 'SMS', idPelanggan })
  return { idPelanggan }
}

/** Sends a fresh registration code by the chosen channel (POST /api/v2/member/resend_otp). */
export async function resendRegistrationCode(
  db: Db,
  messaging: MessagingProvider,
  body: ResendOtpBody,
  ip: string,
): Promise<void> {
  await enforceLimits(db, [{ key: `code-send:ip:${ip}`, rule: MEMBER_LIMITS.codeSendPerIp }])
  const customer = await pendingCustomer(db, body.id_pelanggan)
  await sendCode(db, messaging, {
    purpose: 'REGISTER',
    phone: customer.hp,
    channel: body.type,
    idPelanggan: customer.idPelanggan,
  })
}

/**
 * Checks the registration code, marks the customer verified and signs them in
 * (POST /api/v2/member/verify_otp; spec 001 section 4: Register Success, logged in automatically).
 */
export async function verifyRegistration(db: Db, body: VerifyOtpBody, ip: string): Promise<SessionUser> {
  await enforceLimits(db, [{ key: `code-check:ip:${ip}`, rule: MEMBER_LIMITS.codeCheckPerIp }])
  await pendingCustomer(db, body.id_pelanggan)
  await verifyCode(db, { purpose: 'REGISTER', idPelanggan: body.id_pelanggan, code: body.otp })
  const [customer] = await db
    .update(customers)
    .set({ isVerified: true, updatedAt: new Date() })
    .where(eq(customers.idPelanggan, body.id_pelanggan))
    .returning()
  if (!customer) throw new AppError('MEM003')
  return sessionUser(customer, await issueSession(db, customer.idPelanggan, false), false)
}

export type LoginResult =
  { kind: 'signed-in'; user: SessionUser } | { kind: 'unverified'; idPelanggan: number }

/**
 * E-mail and password sign-in (POST /api/v1/member/login). Unknown e-mail and wrong password give
 * the same CLE015 after the same scrypt work; only the right password reveals an unverified account.
 */
export async function login(db: Db, credentials: LoginCredentials, ip: string): Promise<LoginResult> {
  await enforceLimits(db, [
    { key: `login:account:${credentials.username}`, rule: MEMBER_LIMITS.loginPerAccount },
    { key: `login:ip:${ip}`, rule: MEMBER_LIMITS.loginPerIp },
  ])
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.email, credentials.username), eq(customers.isGuest, false)))
    .limit(1)
  const matches = await verifyPassword(
    credentials.password,
    customer?.passwordHash ?? (await dummyPasswordHash()),
  )
  if (!customer || !customer.passwordHash || !matches) throw new AppError('CLE015')
  if (!customer.isVerified) return { kind: 'unverified', idPelanggan: customer.idPelanggan }
  return {
    kind: 'signed-in',
    user: sessionUser(customer, await issueSession(db, customer.idPelanggan, false), false),
  }
}

/** Sends a 6-digit guest code valid 5 minutes (POST /api/v1/member/login_otp_send). */
export async function sendGuestCode(
  db: Db,
  messaging: MessagingProvider,
  body: LoginOtpSendBody,
  ip: string,
): Promise<{ expiresInSeconds: number }> {
  await enforceLimits(db, [{ key: `code-send:ip:${ip}`, rule: MEMBER_LIMITS.codeSendPerIp }])
  return sendCode(db, messaging, { purpose: 'GUEST_LOGIN', phone: body.phone, channel: body.type })
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
  return sessionUser(guest, await issueSession(db, guest.idPelanggan, true), true)
}

/**
 * Forgotten password (POST /api/v1/member/forget): a temporary password is set and e-mailed. The
 * answer is the same whether or not the e-mail belongs to an account.
 */
export async function forgetPassword(db: Db, mail: MailProvider, email: string, ip: string): Promise<void> {
  await enforceLimits(db, [
    { key: `forget:email:${email}`, rule: MEMBER_LIMITS.forgetPerEmail },
    { key: `forget:ip:${ip}`, rule: MEMBER_LIMITS.forgetPerIp },
  ])
  const password = temporaryPassword()
  // Hash before knowing whether the account exists: both answers cost the same.
  const passwordHash = await hashPassword(password)
  const [customer] = await db
    .update(customers)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(customers.email, email), eq(customers.isGuest, false)))
    .returning({ nama: customers.nama })
  if (!customer) return
  try {
    await mail.send({
      to: email,
      subject: 'Your temporary Busana password',
      text:
        `Hi ${customer.nama || 'there'},\n\nYour temporary password is: ${password}\n\n` +
        'Log in with it, then change it in Account Info. If you did not ask for this, log in with it ' +
        'and change your password.\n\nBusana',
    })
  } catch {
    throw new AppError('MSG001')
  }
}

/**
 * Changes the password of a signed-in member (POST /api/v1/member/change_password); the member's
 * other sessions are revoked so a leaked password stops working everywhere else.
 */
export async function changePassword(db: Db, member: Member, body: ChangePasswordBody): Promise<void> {
  if (member.isGuest) throw new AppError('CLE016')
  const customer = await customerById(db, member.idPelanggan)
  if (!customer?.passwordHash) throw new AppError('CLE016')
  if (!(await verifyPassword(body.old_password, customer.passwordHash))) throw new AppError('MEM002')
  await db
    .update(customers)
    .set({ passwordHash: await hashPassword(body.new_password), updatedAt: new Date() })
    .where(eq(customers.idPelanggan, member.idPelanggan))
  await db
    .update(memberSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(memberSessions.idPelanggan, member.idPelanggan), ne(memberSessions.id, member.sessionId)))
}

const asProfile = (customer: Customer, token: string, isGuest: boolean): Profile => ({
  id_pelanggan: customer.idPelanggan,
  token,
  nama: customer.nama,
  email: customer.email,
  hp: customer.hp,
  tanggal_lahir: customer.tanggalLahir,
  gender: customer.gender === 'MALE' || customer.gender === 'FEMALE' ? customer.gender : null,
  jenis_pekerjaan:
    customer.jenisPekerjaan === 'KARYAWAN' ||
    customer.jenisPekerjaan === 'PELAJAR' ||
    customer.jenisPekerjaan === 'WIRAUSAHA'
      ? [customer.jenisPekerjaan]
      : [],
  instagram: customer.instagram || '-',
  is_campaign: customer.isCampaign,
  need_email: customer.needEmail,
  is_guest: isGuest,
})

/** The signed-in customer's profile (GET /api/v1/member/profile). */
export async function getProfile(db: Db, member: Member, token: string): Promise<Profile> {
  const customer = await customerById(db, member.idPelanggan)
  if (!customer) throw new AppError('CLE001')
  return asProfile(customer, token, member.isGuest)
}

/**
 * Edits the profile (PATCH /api/v1/member/profile): name, birth date, gender, occupation and
 * instagram; e-mail and phone are not editable. An empty instagram is stored as '-'.
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
  if (body.jenis_pekerjaan !== undefined) changes.jenisPekerjaan = body.jenis_pekerjaan[0] ?? null
  if (body.instagram !== undefined) changes.instagram = body.instagram.replace(/^@/, '') || '-'
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
  // The query's id_pelanggan (spec) must be the token's own: nobody records it for someone else.
  if (idPelanggan !== undefined && idPelanggan !== member.idPelanggan) throw new AppError('CLE016')
  await db
    .update(customers)
    .set({ isCampaign, updatedAt: new Date() })
    .where(eq(customers.idPelanggan, member.idPelanggan))
}

/** Ends the session of the token (POST /api/v1/member/logout). */
export const logout = (db: Db, member: Member) => revokeSession(db, member.sessionId)
