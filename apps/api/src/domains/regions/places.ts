import { eq, inArray, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Db, Transaction } from '../../db/client.ts'
import { cities, districts, provinces, villages } from '../../db/schema/index.ts'

/**
 * What other modules read of the regions (issue 42: the regions' tables are this module's): the
 * names of a saved address's places, a village's district and postal code, a zone's area names.
 */

const qb = new QueryBuilder()

/**
 * Every district with its city and province, ids and names: a subquery another module joins on a
 * district id (an address's destination_code), so the names come in that module's own statement.
 * PostgreSQL flattens it into the outer query's joins.
 */
export const districtPlaces = qb
  .select({
    districtId: sql<string>`${districts.id}`.as('place_district_id'),
    district: sql<string>`${districts.name}`.as('place_district'),
    cityId: sql<string>`${cities.id}`.as('place_city_id'),
    city: sql<string>`${cities.name}`.as('place_city'),
    provinceId: sql<string>`${provinces.id}`.as('place_province_id'),
    province: sql<string>`${provinces.name}`.as('place_province'),
  })
  .from(districts)
  .innerJoin(cities, eq(cities.id, districts.cityId))
  .innerJoin(provinces, eq(provinces.id, cities.provinceId))
  .as('district_places')

/** Every village's id and name: a subquery another module (left) joins on a village id. */
export const villageNames = qb
  .select({
    villageId: sql<string>`${villages.id}`.as('place_village_id'),
    village: sql<string>`${villages.name}`.as('place_village'),
  })
  .from(villages)
  .as('village_names')

/** A village's district and postal code; undefined when there is no such village. */
export async function findVillage(
  db: Db | Transaction,
  villageId: string,
): Promise<{ districtId: string; zipCode: string } | undefined> {
  const [village] = await db
    .select({ districtId: villages.districtId, zipCode: villages.zipCode })
    .from(villages)
    .where(eq(villages.id, villageId))
    .limit(1)
  return village
}

/** A district's city and province ids; undefined when there is no such district. */
export async function findDistrict(
  db: Db | Transaction,
  districtId: string,
): Promise<{ cityId: string; provinceId: string } | undefined> {
  const [district] = await db
    .select({ cityId: cities.id, provinceId: cities.provinceId })
    .from(districts)
    .innerJoin(cities, eq(cities.id, districts.cityId))
    .where(eq(districts.id, districtId))
    .limit(1)
  return district
}

/** Whether the regions are loaded at all (a database without them knows no place). */
export async function regionsLoaded(db: Db | Transaction): Promise<boolean> {
  return (await db.select({ id: provinces.id }).from(provinces).limit(1)).length > 0
}

/** Names of province ids (2 characters) and city ids (5) among `ids`; unknown ids are left out. */
export async function provinceAndCityNames(
  db: Db | Transaction,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  const provinceIds = ids.filter((id) => id.length === 2)
  const cityIds = ids.filter((id) => id.length === 5)
  if (provinceIds.length > 0) {
    const rows = await db
      .select({ id: provinces.id, name: provinces.name })
      .from(provinces)
      .where(inArray(provinces.id, provinceIds))
    for (const row of rows) names.set(row.id, row.name)
  }
  if (cityIds.length > 0) {
    const rows = await db
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(inArray(cities.id, cityIds))
    for (const row of rows) names.set(row.id, row.name)
  }
  return names
}
