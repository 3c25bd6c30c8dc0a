import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { customers } from './members.ts'

/**
 * Indonesian regions, loaded from the geografis data package (Permendagri 72/2019 and
 * 146.1-4717/2020 codes): province → city → district (kecamatan; its code is the shipping
 * `destination_code`) → village (kelurahan/desa, with its postal code).
 */
export const provinces = pgTable('provinces', {
  /** Two-digit region code, e.g. '31'. */
  id: varchar('id', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
})

export const cities = pgTable(
  'cities',
  {
    /** e.g. '31.71'. */
    id: varchar('id', { length: 5 }).primaryKey(),
    provinceId: varchar('province_id', { length: 2 })
      .notNull()
      .references(() => provinces.id),
    name: text('name').notNull(),
  },
  (t) => [index('cities_province_idx').on(t.provinceId)],
)

export const districts = pgTable(
  'districts',
  {
    /** e.g. '31.71.01': the destination_code of the API. */
    id: varchar('id', { length: 8 }).primaryKey(),
    cityId: varchar('city_id', { length: 5 })
      .notNull()
      .references(() => cities.id),
    name: text('name').notNull(),
  },
  (t) => [index('districts_city_idx').on(t.cityId)],
)

export const villages = pgTable(
  'villages',
  {
    /** e.g. '31.71.01.1001'. */
    id: varchar('id', { length: 13 }).primaryKey(),
    districtId: varchar('district_id', { length: 8 })
      .notNull()
      .references(() => districts.id),
    name: text('name').notNull(),
    zipCode: varchar('zip_code', { length: 5 }).notNull(),
  },
  (t) => [index('villages_district_idx').on(t.districtId)],
)

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
