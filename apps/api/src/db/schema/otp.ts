import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'
import { customers } from './members.ts'

/**
 * One-time codes (registration: 4 digits; guest login: 6 digits, 5 minutes). Only a hash is kept;
 * a code is single use and has a bounded number of attempts, after which even the right code fails.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    /** 'REGISTER' or 'GUEST_LOGIN'. */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    idPelanggan: integer('id_pelanggan').references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** 'SMS' or 'WHATSAPP'. */
    channel: varchar('channel', { length: 10 }).notNull(),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_codes_phone_idx').on(t.purpose, t.phone, t.createdAt),
    index('otp_codes_customer_idx').on(t.idPelanggan, t.createdAt),
  ],
)
