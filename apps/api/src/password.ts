import { createHmac, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * scrypt (RFC 7914) with N=2^15, r=8, p=1: OWASP's recommended minimum, about 50-100 ms on a
 * server core, in Node's own crypto (no native add-on). Stored as `scrypt$N$r$p$salt$hash`, so the
 * cost can be raised later without invalidating older hashes.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 }
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, params: typeof PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** Hashes a password with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`
}

/** Checks a password against a stored hash in constant time; malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  if (![params.N, params.r, params.p].every(Number.isInteger)) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), params)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

let dummyHash: Promise<string> | null = null
/**
 * A hash to check when the account does not exist, so a wrong e-mail costs the same time as a
 * wrong password (no enumeration by timing).
 */
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(12).toString('hex')))

/**
 * A temporary password meeting the rules of docs/product/account.md §5: 12 characters of an unambiguous
 * 56-symbol alphabet, one of each class guaranteed (over 64 random bits).
 */
export function temporaryPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
  const lower = 'abcdefghijkmnpqrstuvwxyz'
  const digits = '23456789'
  const all = upper + lower + digits
  const chars = [pick(upper), pick(lower), pick(digits), ...Array.from({ length: 9 }, () => pick(all))]
  // Fisher-Yates so the guaranteed classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}

/**
 * Temporary passwords are drawn by the server (over 64 random bits, see temporaryPassword) and live
 * 24 hours, so, like session tokens, they need no slow hash: nobody brute-forces 2^64 HMACs. It
 * keeps every login at two scrypt runs (the account's password and a pending registration's).
 * Stored `hmac-sha256$salt$hash`.
 */
export function hashTemporaryPassword(password: string, salt = randomBytes(16).toString('base64')): string {
  const hash = createHmac('sha256', salt).update(password.normalize('NFKC')).digest('base64')
  return `hmac-sha256$${salt}$${hash}`
}

const DUMMY_TEMPORARY = hashTemporaryPassword(randomBytes(12).toString('hex'))

/**
 * Checks a temporary password in constant time. Without a stored one it still hashes once against
 * a dummy, so every login does the same work.
 */
export function verifyTemporaryPassword(password: string, stored: string | null | undefined): boolean {
  const [scheme, salt, hash] = (stored ?? DUMMY_TEMPORARY).split('$')
  if (scheme !== 'hmac-sha256' || salt === undefined || !hash) return false
  const expected = Buffer.from(`${scheme}$${salt}$${hash}`)
  const actual = Buffer.from(hashTemporaryPassword(password, salt))
  return !!stored && expected.length === actual.length && timingSafeEqual(expected, actual)
}
