import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core'

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
