import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'

/**
 * Staff of the back office (issue 10 made the first; the back office issue manages them): separate
 * from members, with a role (owner, merchandiser, warehouse, marketing, support) and a password
 * hashed like members' (scrypt).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    name: text('name').notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    /** Null while an invitation waits to be accepted (no password, so no sign-in). */
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The TOTP secret (base32): made by …/auth/totp/setup, in force once totp_enabled_at is set.
     * Stored as is: the shop has no encryption key configuration yet (decision 035).
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted, so a code is used once. */
    totpLastStep: integer('totp_last_step'),
    /**
     * Set for the first owner's one-time password printed in the log (issue 38): until a new
     * password is chosen, every staff call but me, sign-out and the password change answers 403 STF013.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
  },
  (t) => [
    check(
      'staff_accounts_role',
      sql`${t.role} in ('owner', 'merchandiser', 'warehouse', 'marketing', 'support')`,
    ),
  ],
)

/** A staff sign-in: a random token stored as its SHA-256, for `Authorization: Bearer`. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
)

/**
 * An owner's invitation: the SHA-256 of a one-time token that sets the invitee's password, valid
 * 72 hours. The invitee's account exists from the start, without a password.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_invites_staff_idx').on(t.staffId)],
)

/**
 * Who changed what and when (issue 14): one row per staff change, written in the change's own
 * transaction, so a change without its row (or a row without its change) cannot exist. `changes`
 * holds the fields that moved, never a secret.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 24 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    requestId: varchar('request_id', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('staff_audit_log_at_idx').on(t.at),
    index('staff_audit_log_staff_idx').on(t.staffId, t.at),
    index('staff_audit_log_action_idx').on(t.action, t.at),
  ],
)
