import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '@busana/contract/schemas'
import type { Db, Transaction } from '../db/client.ts'
import { prepared } from '../db/prepared.ts'
import { customers, memberSessions } from '../db/schema/index.ts'

/** A signed-in shopper: a member, or a guest verified by a phone code. */
export interface Member {
  idPelanggan: number
  isGuest: boolean
  sessionId: number
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireCustomer` (or `app.optionalMember`) from the request's token. */
    member: Member | null
    /**
     * The signed-in customer (member or phone guest) of a route guarded by `requireCustomer`;
     * reading it where no session was found answers 401 CLE001.
     */
    readonly customer: Member
  }
  interface FastifyInstance {
    /**
     * The guard of every customer route, as its `preValidation` hook: a valid token is required,
     * otherwise 401 CLE001 (the client logs out), before the body is validated, so a bad body
     * without a session is a 401 in every domain.
     */
    requireCustomer: (request: FastifyRequest) => Promise<void>
    /** preHandler: reads a token when one is given (personalised public reads), never fails. */
    optionalMember: (request: FastifyRequest) => Promise<void>
  }
}

/** Sessions last 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

/** Tokens are stored as their SHA-256: a leaked table holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The request's token: the `token` query parameter (the product's contract) or `Authorization: Bearer`. */
export function tokenOf(request: FastifyRequest): string | null {
  const query = (request.query as Record<string, unknown> | undefined)?.token
  if (typeof query === 'string' && query.length > 0) return query
  const header = request.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null
  return null
}

/** Opens a session: a random 256-bit token, returned once and stored hashed. */
export async function issueSession(db: Db, idPelanggan: number, isGuest: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(memberSessions).values({
    tokenHash: hashToken(token),
    idPelanggan,
    isGuest,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  })
  return token
}

/** Revokes the session of a token (logout); unknown tokens are ignored. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(memberSessions).set({ revokedAt: new Date() }).where(eq(memberSessions.id, sessionId))
}

/**
 * Revokes every live session of a member inside `db` (a password change, a disable by staff), but
 * `except` (the session making the change). Answers how many it ended.
 */
export async function revokeMemberSessions(
  db: Db | Transaction,
  idPelanggan: number,
  options: { except?: number; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date()
  const ended = await db
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(memberSessions.idPelanggan, idPelanggan),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, now),
        options.except === undefined ? undefined : ne(memberSessions.id, options.except),
      ),
    )
    .returning({ id: memberSessions.id })
  return ended.length
}

/**
 * Deletes sessions that expired or were revoked more than a day ago (idempotent; safe on several
 * instances), for the jobs scheduler. Their tokens already answer 401 either way.
 */
export async function pruneSessions(db: Db): Promise<number> {
  const dayAgo = new Date(Date.now() - 86_400_000)
  const deleted = await db
    .delete(memberSessions)
    .where(or(lt(memberSessions.expiresAt, dayAgo), lt(memberSessions.revokedAt, dayAgo)))
    .returning({ id: memberSessions.id })
  return deleted.length
}

/**
 * The live session of a token, or null when unknown, revoked or expired, or when staff disabled the
 * member (their sessions are revoked then too; the join also closes a sign-in racing the disable).
 */
export async function findMember(db: Db, token: string): Promise<Member | null> {
  if (token.length > 512) return null
  const [row] = await liveSession(db).execute({
    tokenHash: hashToken(token),
    now: new Date().toISOString(),
  })
  return row ? { idPelanggan: row.idPelanggan, isGuest: row.isGuest, sessionId: row.id } : null
}

/** findMember's query, prepared: every signed-in request runs it (issue 41). */
const liveSession = prepared('find_member', (db) =>
  db
    .select({
      id: memberSessions.id,
      idPelanggan: memberSessions.idPelanggan,
      isGuest: memberSessions.isGuest,
    })
    .from(memberSessions)
    .innerJoin(customers, eq(customers.idPelanggan, memberSessions.idPelanggan))
    .where(
      and(
        eq(memberSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, sql.placeholder('now')),
        isNull(customers.disabledAt),
      ),
    )
    .limit(1),
)

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('member', null)
  app.decorateRequest('customer', {
    getter(this: FastifyRequest): Member {
      if (!this.member) throw new AppError('CLE001')
      return this.member
    },
  })
  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const token = tokenOf(request)
    const member = token ? await findMember(app.database.db, token) : null
    if (!member) throw new AppError('CLE001')
    request.member = member
  })
  app.decorate('optionalMember', async (request: FastifyRequest) => {
    const token = tokenOf(request)
    request.member = token ? await findMember(app.database.db, token) : null
  })
}

export default fp(authPlugin, { name: 'auth' })
