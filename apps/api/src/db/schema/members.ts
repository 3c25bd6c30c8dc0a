import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'

/**
 * Customers are shared by every brand of the group (docs/product/account.md §1). A guest by phone is a
 * customer row too (`is_guest`), keyed by its phone, so guest orders can be tracked later.
 */
export const customers = pgTable(
  'customers',
  {
    /**
     * Not sequential: new ids are a keyed permutation of the column's sequence (migration 0009,
     * customer_id_from_sequence: a Feistel network keyed by a secret drawn at migration time), in
     * 2^30..2^31-1 so they never meet the sequential ids of rows created before it. Ids travel in
     * verify_otp and resend_otp, so they must not be guessable from one's own.
     */
    idPelanggan: integer('id_pelanggan')
      .primaryKey()
      .default(sql`customer_id_from_sequence(nextval('customers_id_pelanggan_seq'::regclass))`),
    nama: text('nama').notNull().default(''),
    /** Lowercased; null for a guest by phone. */
    email: varchar('email', { length: 254 }),
    /** Indonesian mobile number with a leading 0 (docs/product: sent with a leading 0). */
    hp: varchar('hp', { length: 20 }).notNull(),
    /** scrypt or argon2id hash with its salt and parameters; null for a guest by phone. */
    passwordHash: text('password_hash'),
    /**
     * A forgotten-password request's temporary password (HMAC, see apps/api/src/password.ts), valid
     * beside the password until temp_password_expires_at; signing in with it makes it the password.
     */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    tanggalLahir: date('tanggal_lahir'),
    /** 'MALE', 'FEMALE' or null. */
    gender: varchar('gender', { length: 8 }),
    /** 'KARYAWAN', 'PELAJAR', 'WIRAUSAHA' or null (the API speaks it as an array of one). */
    jenisPekerjaan: varchar('jenis_pekerjaan', { length: 16 }),
    instagram: varchar('instagram', { length: 64 }).notNull().default('-'),
    source: varchar('source', { length: 16 }).notNull().default('WEBSITE'),
    isVerified: boolean('is_verified').notNull().default(false),
    isGuest: boolean('is_guest').notNull().default(false),
    isCampaign: boolean('is_campaign').notNull().default(false),
    needEmail: boolean('need_email').notNull().default(false),
    /**
     * A pending registration (not verified, not a guest) ends here: its codes stop working and
     * housekeeping deletes it. Null for verified customers.
     */
    registrationExpiresAt: timestamp('registration_expires_at', { withTimezone: true }),
    /** Codes sent to a pending registration; bounded, so the guesses at it are bounded in total. */
    registrationCodesSent: integer('registration_codes_sent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set by staff (back office, support): no sign-in and no live session while set; disabling
     * revokes the sessions in the same transaction. Null: enabled.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Whether the shop may send messages she did not ask for by an order (issue 42: back-in-stock
     * and price-drop alerts); turned off in the account page.
     */
    marketingMessages: boolean('marketing_messages').notNull().default(true),
  },
  (t) => [
    // One verified account per e-mail. Pending registrations are independent rows, each owned by
    // whoever started it (its id is not guessable); registering the e-mail of an account creates
    // one like any other, refused only after the phone code (no enumeration; domains/members/README.md).
    uniqueIndex('customers_email_verified_uq')
      .on(t.email)
      .where(sql`${t.isVerified}`),
    index('customers_email_pending_idx')
      .on(t.email, t.createdAt)
      .where(sql`not ${t.isVerified}`),
    index('customers_registration_expiry_idx')
      .on(t.registrationExpiresAt)
      .where(sql`not ${t.isVerified}`),
    index('customers_hp_idx').on(t.hp),
    // One guest record per phone.
    uniqueIndex('customers_guest_phone_uq')
      .on(t.hp)
      .where(sql`${t.isGuest}`),
  ],
)
