import { asc, eq } from 'drizzle-orm'
import type { CityOption, DistrictOption, ProvinceOption, VillageOption } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { cities, districts, provinces, villages } from '../../db/schema/index.ts'

/**
 * The address cascade's option lists (docs/product/account.md §7). Each is one indexed lookup by parent id
 * (cities_province_idx, districts_city_idx, villages_district_idx), ordered by name. An unknown
 * parent gives an empty list, not an error: the ids are well formed (the route checks that) and
 * "no options" is what the cascade shows; it is also cacheable like any other answer.
 */

/** All provinces, by name. */
export function listProvinces(db: Db): Promise<ProvinceOption[]> {
  return db
    .select({ province_id: provinces.id, province: provinces.name })
    .from(provinces)
    .orderBy(asc(provinces.name))
}

/** The cities (kabupaten/kota) of a province, by name. */
export function listCities(db: Db, provinceId: string): Promise<CityOption[]> {
  return db
    .select({ city_id: cities.id, city: cities.name })
    .from(cities)
    .where(eq(cities.provinceId, provinceId))
    .orderBy(asc(cities.name))
}

/** The districts (kecamatan) of a city: subdistrict is the name, destination_code the id. */
export function listDistricts(db: Db, cityId: string): Promise<DistrictOption[]> {
  return db
    .select({ subdistrict: districts.name, destination_code: districts.id })
    .from(districts)
    .where(eq(districts.cityId, cityId))
    .orderBy(asc(districts.name))
}

/** The villages (kelurahan/desa) of a district, with their postal codes. */
export function listVillages(db: Db, destinationCode: string): Promise<VillageOption[]> {
  return db
    .select({ id: villages.id, name: villages.name, zip_code: villages.zipCode })
    .from(villages)
    .where(eq(villages.districtId, destinationCode))
    .orderBy(asc(villages.name))
}
