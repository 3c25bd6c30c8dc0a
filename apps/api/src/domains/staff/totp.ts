import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { AppError } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { secretBox, type SecretBox } from '../../secret-box.ts'
import { staffAccounts } from '../../db/schema/index.ts'

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30
const ISSUER = 'Busana'

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret })

/** A new random secret (160 bits, base32) and its otpauth:// URI for the app's QR code. */
export function newTotpSecret(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, uri: totpOf(secret, label).toString() }
}

/**
 * The 30-second step of a code that matches the secret now (one step of clock drift either way),
 * or null.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret, 'check').validate({ token: code, timestamp: now, window: 1 })
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta
}

/**
 * Takes a code of the account once: it must match and be of a later step than the last one taken,
 * recorded by a conditional update, so the same code sent twice (even at once) passes once. 401
 * STF005 otherwise.
 */
export async function takeTotpCode(
  tx: Db | Transaction,
  account: { id: number; totpSecret: string | null },
  code: string,
  secrets: SecretBox,
  now = Date.now(),
): Promise<number> {
  const step = account.totpSecret ? totpStep(secrets.open(account.totpSecret), code, now) : null
  if (step === null) throw new AppError('STF005')
  const taken = await tx
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, account.id),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id })
  if (taken.length === 0) throw new AppError('STF005')
  return step
}

/** How staff TOTP secrets are sealed in staff_accounts.totp_secret (DATA_ENCRYPTION_KEY). */
export const totpSecrets = (key: Buffer | undefined) => secretBox(key, 'staff-totp')
