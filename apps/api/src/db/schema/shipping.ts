import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core'

/**
 * The offline shipping rate table (decision 017), read by the `table` shipping provider
 * (providers/shipping/table.ts). Parcels leave warehouse 1 (its city: config WAREHOUSE_CITY_ID).
 * A destination district falls in a zone through its city or, failing that, its province
 * (`shipping_zone_areas`, the most specific area wins); a destination in the warehouse's own city
 * is in the zone 'LOCAL'. A fare is the zone × service's price per started kilogram; a service
 * without a rate for the zone does not serve it.
 */

/** A courier service (jenis_paket): JNE REG, J&T EZ, SiCepat BEST, … */
export const courierServices = pgTable(
  'courier_services',
  {
    /** The id the checkout sends back as id_delivery_method. */
    id: integer('id').primaryKey(),
    /** Stable code for aggregator adapters, e.g. 'jne:reg'. */
    code: varchar('code', { length: 32 }).notNull().unique(),
    /** The service's name as couriers print it: REG, YES, EZ, BEST. */
    name: text('name').notNull(),
    /** The courier: JNE, J&T, SiCepat, AnterAja. */
    provider: text('provider').notNull(),
    /** Rupiah added per parcel for packing by this service. */
    packingFee: integer('packing_fee').notNull().default(0),
    /** Delivery estimate in days, from and to. */
    etdMin: integer('etd_min').notNull(),
    etdMax: integer('etd_max').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('courier_services_etd', sql`${t.etdMin} >= 0 and ${t.etdMax} >= ${t.etdMin}`),
    check('courier_services_packing_fee', sql`${t.packingFee} >= 0`),
  ],
)

/** A destination zone of the rate table: LOCAL, JABODETABEK, JAWA, SUMATERA, … */
export const shippingZones = pgTable('shipping_zones', {
  id: varchar('id', { length: 24 }).primaryKey(),
  name: text('name').notNull(),
  /** Extra days on every service's estimate for this zone (remote islands). */
  extraDays: integer('extra_days').notNull().default(0),
})

/**
 * Which zone a region is in: area_id is a province id ('51') or a city id ('32.01'); a city's row
 * wins over its province's. No FK to the regions tables: they are loaded apart from the seed.
 */
export const shippingZoneAreas = pgTable(
  'shipping_zone_areas',
  {
    areaId: varchar('area_id', { length: 5 }).primaryKey(),
    zoneId: varchar('zone_id', { length: 24 })
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
  },
  (t) => [index('shipping_zone_areas_zone_idx').on(t.zoneId)],
)

/** The fare of a service to a zone, in rupiah per started kilogram. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    zoneId: varchar('zone_id', { length: 24 })
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => courierServices.id, { onDelete: 'cascade' }),
    pricePerKg: integer('price_per_kg').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.serviceId] }),
    check('shipping_rates_price_positive', sql`${t.pricePerKg} > 0`),
  ],
)
