import {
  boolean,
  index,
  integer,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
  pgTable,
} from 'drizzle-orm/pg-core'
import { customers } from './members.ts'

/** Opaque session tokens: only a SHA-256 hash is stored; revoked on logout. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    isGuest: boolean('is_guest').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_sessions_token_uq').on(t.tokenHash),
    index('member_sessions_customer_idx').on(t.idPelanggan),
  ],
)
