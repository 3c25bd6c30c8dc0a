import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { customers } from './members.ts'
import { districts, villages } from './regions.ts'

/** A member's saved shipping address; exactly one per member is 'primary'. */
export const addresses = pgTable(
  'addresses',
  {
    idAlamat: serial('id_alamat').primaryKey(),
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    penerima: text('penerima').notNull(),
    /** The label: Home, Office, Apartment, Kost or the member's own. */
    namaAlamat: varchar('nama_alamat', { length: 40 }).notNull(),
    hpPenerima: varchar('hp_penerima', { length: 20 }).notNull(),
    alamatLengkap: text('alamat_lengkap').notNull(),
    destinationCode: varchar('destination_code', { length: 8 })
      .notNull()
      .references(() => districts.id),
    kodePos: varchar('kode_pos', { length: 5 }).notNull(),
    /** Absent on older addresses: they need updating (cek_alamat need_update). */
    idAddressVillage: varchar('id_address_village', { length: 13 }).references(() => villages.id),
    /** 'primary' or 'second'. */
    priority: varchar('priority', { length: 8 }).notNull().default('second'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.idPelanggan),
    // Exactly one primary address per member, enforced by the database itself.
    uniqueIndex('addresses_one_primary_uq')
      .on(t.idPelanggan)
      .where(sql`${t.priority} = 'primary'`),
  ],
)
