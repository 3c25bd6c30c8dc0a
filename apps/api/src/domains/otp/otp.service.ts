import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { AppError, type OtpChannel } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { otpCodes } from '../../db/schema/index.ts'
import { enforceLimits, takeBackoff } from '../../plugins/rate-limit.ts'
import type { MessagingProvider } from '../../providers/messaging/index.ts'

export type OtpPurpose = 'REGISTER' | 'GUEST_LOGIN'

const HOUR_MS = 3_600_000

/** Bounds of one-time codes (documented in domains/members/README.md). */
export const OTP_POLICY = {
  /** Wrong or right, at most this many guesses are evaluated per code. */
  maxAttempts: 5,
  /**
   * Codes to one phone from one address (or, counted apart, from its signed-in owner), whatever
   * the purpose or the channel: two at once, then waits of 30 s, 1, 2 and 4 minutes, never more
   * than 10, and at most 5 in any hour (issue 38: a stranger's sends use up only the stranger's
   * own count, so the owner asking from their own address still gets a code).
   */
  phoneAddressBackoff: { free: 2, baseMs: 30_000, capMs: 10 * 60_000, lookbackMs: HOUR_MS, max: 5 },
  /**
   * Anonymous codes to one phone from every address together, the bound on flooding it: six at
   * once, then waits of 1 minute doubling, at most 10 in any hour (decision 051 says what many
   * addresses together can still do).
   */
  phoneBackoff: { free: 6, baseMs: 60_000, capMs: 10 * 60_000, lookbackMs: HOUR_MS, max: 10 },
  /** Codes the whole shop sends per hour unless OTP_HOURLY_BUDGET says otherwise: bounds the SMS bill. */
  defaultHourlyBudget: 2000,
  ttlMs: { REGISTER: 5 * 60_000, GUEST_LOGIN: 5 * 60_000 } satisfies Record<OtpPurpose, number>,
  digits: { REGISTER: 4, GUEST_LOGIN: 6 } satisfies Record<OtpPurpose, number>,
} as const

/**
 * `salt:hmac-sha256(salt, code)`. A 4- or 6-digit code is cheap to brute-force offline whatever
 * the hash, so the real protections are expiry, single use and the attempt bound; the hash keeps
 * codes out of plain sight in dumps and backups.
 */
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHmac('sha256', salt).update(code).digest('hex')}`
}

function codeMatches(code: string, stored: string): boolean {
  const salt = stored.split(':')[0] ?? ''
  const expected = Buffer.from(stored)
  const actual = Buffer.from(hashCode(code, salt))
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** A uniformly random code of `digits` digits (leading zeros kept). */
export const randomCode = (digits: number) => String(randomInt(0, 10 ** digits)).padStart(digits, '0')

/**
 * Who a message to a shopper speaks as, and in which language (issue 44): the brand of the
 * storefront they used and the language of their page, as order messages do.
 */
export interface ShopperVoice {
  brand: string
  language: 'en' | 'id'
}

const messageText = (purpose: OtpPurpose, code: string, { brand, language }: ShopperVoice) =>
  language === 'id'
    ? purpose === 'REGISTER'
      ? `${brand}: kode verifikasi Anda ${code}. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.`
      : `${brand}: kode masuk Anda ${code}. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.`
    : purpose === 'REGISTER'
      ? `${brand}: your verification code is ${code}. It expires in 5 minutes. Never share it with anyone.`
      : `${brand}: your login code is ${code}. It expires in 5 minutes. Never share it with anyone.`

/**
 * Creates a code, replaces any earlier live code of the same purpose and owner, and sends it.
 * Sends to one phone slow down per asking address, then per phone (OTP003 with Retry-After, growing
 * waits and a cap an hour), and the shop's sends per hour are bounded (OTP004), across processes;
 * a provider failure is MSG001.
 */
export async function sendCode(
  db: Db,
  messaging: MessagingProvider,
  input: {
    purpose: OtpPurpose
    phone: string
    channel: OtpChannel
    idPelanggan?: number | null
    /** The address asking (the socket's peer, or what the trusted proxy saw). */
    ip: string
    /** The caller's own session holds this phone: counted apart, so strangers cannot slow the owner. */
    ownPhone?: boolean
    /** Codes the shop may send per hour (config OTP_HOURLY_BUDGET). */
    hourlyBudget?: number
    /** The brand and language the message speaks in. */
    voice: ShopperVoice
  },
): Promise<{ expiresInSeconds: number }> {
  if (input.ownPhone) {
    await takeBackoff(db, `otp-send:own:${input.phone}`, OTP_POLICY.phoneAddressBackoff, 'OTP003')
  } else {
    // The caller's own count first: a send it refuses never reaches the phone's shared bound.
    await takeBackoff(
      db,
      `otp-send:phone-ip:${input.phone}:${input.ip}`,
      OTP_POLICY.phoneAddressBackoff,
      'OTP003',
    )
    await takeBackoff(db, `otp-send:phone:${input.phone}`, OTP_POLICY.phoneBackoff, 'OTP003')
  }
  await enforceLimits(
    db,
    [
      {
        key: 'otp-send:shop',
        rule: { limit: input.hourlyBudget ?? OTP_POLICY.defaultHourlyBudget, windowMs: HOUR_MS },
      },
    ],
    'OTP004',
  )
  const code = randomCode(OTP_POLICY.digits[input.purpose])
  const ttlMs = OTP_POLICY.ttlMs[input.purpose]
  await db.transaction(async (tx) => {
    // Only the newest code is valid: a resend retires the earlier ones.
    await tx
      .update(otpCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(ownerOf(input.purpose, input.phone, input.idPelanggan), isNull(otpCodes.consumedAt)))
    await tx.insert(otpCodes).values({
      purpose: input.purpose,
      idPelanggan: input.idPelanggan ?? null,
      phone: input.phone,
      channel: input.channel,
      codeHash: hashCode(code),
      maxAttempts: OTP_POLICY.maxAttempts,
      expiresAt: sql`now() + ${`${ttlMs} milliseconds`}::interval`,
    })
  })
  try {
    await messaging.send({
      channel: input.channel,
      to: input.phone,
      body: messageText(input.purpose, code, input.voice),
    })
  } catch {
    throw new AppError('MSG001')
  }
  return { expiresInSeconds: Math.round(ttlMs / 1000) }
}

/** Registration codes belong to a customer; guest codes to a phone. */
function ownerOf(purpose: OtpPurpose, phone: string, idPelanggan?: number | null) {
  return purpose === 'REGISTER' && idPelanggan
    ? and(eq(otpCodes.purpose, purpose), eq(otpCodes.idPelanggan, idPelanggan))
    : and(eq(otpCodes.purpose, purpose), eq(otpCodes.phone, phone))
}

/** Compared against when there is no code to check, so a missing code costs what a wrong one does. */
const DUMMY_CODE_HASH = hashCode('0000')

/**
 * Checks a code and consumes it. The attempt is counted by ONE conditional UPDATE
 * (`attempts < max_attempts and consumed_at is null and expires_at > now()`), so parallel guesses
 * can never evaluate more than max_attempts; past the bound even the right code fails (OTP002).
 * Wrong, expired, used or missing codes answer OTP001. A registration code works only while its
 * registration is pending and unexpired, and an owner without a live code (an unknown customer id,
 * a verified or expired one) runs the same queries and hashing as a wrong code and answers alike.
 */
export async function verifyCode(
  db: Db,
  input:
    | {
        purpose: 'REGISTER'
        code: string
        idPelanggan: number
        /**
         * Whether the code's owner (`otp_codes.id_pelanggan`, given as a column) still has a pending,
         * unexpired registration: a condition on the members' table that members gives, as otp may
         * not read customers (issue 42).
         */
        registrationPending: (idPelanggan: AnyColumn) => SQL
      }
    | { purpose: 'GUEST_LOGIN'; code: string; phone: string },
): Promise<{ phone: string }> {
  const owner =
    input.purpose === 'REGISTER'
      ? and(
          eq(otpCodes.purpose, 'REGISTER'),
          eq(otpCodes.idPelanggan, input.idPelanggan),
          input.registrationPending(otpCodes.idPelanggan),
        )
      : and(eq(otpCodes.purpose, input.purpose), eq(otpCodes.phone, input.phone))
  const [latest] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(owner, isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, sql`now()`)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1)

  // Run even without a code (it then matches no row): the same work either way.
  const [counted] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, latest?.id ?? -1),
        sql`${otpCodes.attempts} < ${otpCodes.maxAttempts}`,
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ codeHash: otpCodes.codeHash, phone: otpCodes.phone })
  if (!latest) {
    codeMatches(input.code, DUMMY_CODE_HASH)
    throw new AppError('OTP001')
  }
  if (!counted) {
    // Not evaluated: say why (a parallel guess may have used the last attempt since the read).
    const [now] = await db
      .select({ attempts: otpCodes.attempts, maxAttempts: otpCodes.maxAttempts })
      .from(otpCodes)
      .where(eq(otpCodes.id, latest.id))
    throw new AppError(now && now.attempts >= now.maxAttempts ? 'OTP002' : 'OTP001')
  }
  if (!codeMatches(input.code, counted.codeHash)) throw new AppError('OTP001')

  // Single use: of two parallel right answers only one consumes the code.
  const [consumed] = await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id })
  if (!consumed) throw new AppError('OTP001')
  return { phone: counted.phone }
}

/**
 * Deletes codes that expired more than a day ago (idempotent; safe on several instances at once),
 * for the jobs scheduler. The day of grace keeps recent rows for support questions.
 */
export async function pruneExpiredCodes(db: Db): Promise<number> {
  const deleted = await db
    .delete(otpCodes)
    .where(lt(otpCodes.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: otpCodes.id })
  return deleted.length
}
