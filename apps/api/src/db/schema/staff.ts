import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
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
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
