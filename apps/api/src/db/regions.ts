/**
 * Indonesian regions (province → city → district → village) for the address cascade
 * (docs/product/account.md §3 and 7: /master/province, /master/city, /master/subdistrict, /pages/village).
 *
 * Source: the npm package `geografis` 1.3.2 (MIT, github.com/drizki/geografis, published
 * 2022-10), file `data/json/data.json`: 83,449 villages with their Kemendagri codes
 * ('31.71.01.1001'), names, district, city, province and postal code, following Permendagri
 * 72/2019 and 146.1-4717/2020. Only that JSON file is read (the package's main module also parses
 * a 34 MB nested copy and builds a search index we do not need). See
 * docs/decisions/008-regions-data.md for the choice and the data's date.
 *
 * 93 villages carry postal code 0 in the source; each of their districts has other villages with
 * a code, so such a village takes the most common postal code of its district (the address form
 * needs a postal code, docs/product/account.md §5).
 *
 * Loading is one transaction of multi-row upserts in batches of 20,000 rows (ids are stable Kemendagri codes,
 * so reloading a newer package updates names and postal codes without breaking saved addresses,
 * which refer to district and village ids).
 */
import { notifyChanged } from '../cache-invalidation.ts'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { cities, districts, provinces, villages } from './schema/index.ts'

/** One village entry of geografis' data.json (fields we use). */
interface GeografisVillage {
  code: string
  postal: number
  province: string
  city: string
  district: string
  village: string
}

export interface RegionRows {
  provinces: (typeof provinces.$inferInsert)[]
  cities: (typeof cities.$inferInsert)[]
  districts: (typeof districts.$inferInsert)[]
  villages: (typeof villages.$inferInsert)[]
}

export interface LoadRegionsOptions {
  /**
   * Only these province codes (e.g. ['31'] for DKI Jakarta): tests load one or two provinces
   * instead of all 83k villages. Absent: the whole country.
   */
  provinces?: readonly string[]
}

/** Data version recorded in the decision record; bump both when upgrading the package. */
export const REGIONS_SOURCE = 'geografis@1.3.2 (Permendagri 72/2019, 146.1-4717/2020)'

/** Rows per INSERT: one array parameter per column, so the batch only bounds a statement's size. */
const BATCH = 20000

const CODE = /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/

let parsed: GeografisVillage[] | undefined

/** The package's village list, parsed once per process (tests in one file share it). */
function readSource(): GeografisVillage[] {
  if (!parsed) {
    const require = createRequire(import.meta.url)
    const file = require.resolve('geografis/data/json/data.json')
    parsed = JSON.parse(readFileSync(file, 'utf8')) as GeografisVillage[]
  }
  return parsed
}

const validPostal = (postal: number) => Number.isInteger(postal) && postal >= 10000 && postal <= 99999

/**
 * Turns the flat village list into the four tables' rows (pure, exported for tests).
 * Entries with a malformed code are skipped; a missing postal code takes the district's most
 * common one.
 */
export function buildRegionRows(
  source: readonly GeografisVillage[],
  options: LoadRegionsOptions = {},
): RegionRows {
  const only = options.provinces ? new Set(options.provinces) : null
  const provinceMap = new Map<string, string>()
  const cityMap = new Map<string, { provinceId: string; name: string }>()
  const districtMap = new Map<string, { cityId: string; name: string }>()
  const postalCounts = new Map<string, Map<number, number>>()
  const entries: GeografisVillage[] = []
  for (const entry of source) {
    if (!CODE.test(entry.code)) continue
    const provinceId = entry.code.slice(0, 2)
    if (only && !only.has(provinceId)) continue
    const cityId = entry.code.slice(0, 5)
    const districtId = entry.code.slice(0, 8)
    provinceMap.set(provinceId, entry.province.trim())
    cityMap.set(cityId, { provinceId, name: entry.city.trim() })
    districtMap.set(districtId, { cityId, name: entry.district.trim() })
    if (validPostal(entry.postal)) {
      const counts = postalCounts.get(districtId) ?? new Map<number, number>()
      counts.set(entry.postal, (counts.get(entry.postal) ?? 0) + 1)
      postalCounts.set(districtId, counts)
    }
    entries.push(entry)
  }
  const districtPostal = (districtId: string): string | null => {
    const counts = postalCounts.get(districtId)
    if (!counts) return null
    let best = 0
    let bestCount = 0
    for (const [postal, count] of counts) {
      if (count > bestCount || (count === bestCount && postal < best)) {
        best = postal
        bestCount = count
      }
    }
    return String(best)
  }
  const villageRows: RegionRows['villages'] = []
  for (const entry of entries) {
    const districtId = entry.code.slice(0, 8)
    const zipCode = validPostal(entry.postal) ? String(entry.postal) : districtPostal(districtId)
    // A district with no postal code at all (none in 1.3.2): its villages cannot be shipped to.
    if (!zipCode) continue
    villageRows.push({ id: entry.code, districtId, name: entry.village.trim(), zipCode })
  }
  return {
    provinces: [...provinceMap].map(([id, name]) => ({ id, name })),
    cities: [...cityMap].map(([id, city]) => ({ id, provinceId: city.provinceId, name: city.name })),
    districts: [...districtMap].map(([id, district]) => ({
      id,
      cityId: district.cityId,
      name: district.name,
    })),
    villages: villageRows,
  }
}

/** Column arrays of rows: the shape `unnest` takes. */
const column = <T, K extends keyof T>(rows: readonly T[], key: K) => sql.param(rows.map((row) => row[key]))

/**
 * Loads (or refreshes) the regions from geografis into provinces, cities, districts and villages
 * in one transaction; returns the row counts. Existing rows with the same id are updated, none are
 * deleted (saved addresses refer to them).
 *
 * Each statement inserts up to BATCH rows from column arrays (`insert … select from unnest($1, $2,
 * …)`): four parameters per statement instead of four per row, which both drivers bind as arrays;
 * on file-backed PGlite this loads the country about a third faster than VALUES lists.
 */
export async function loadRegions(
  db: Db,
  options: LoadRegionsOptions = {},
): Promise<{ provinces: number; cities: number; districts: number; villages: number }> {
  const rows = buildRegionRows(readSource(), options)
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.provinces.length; i += BATCH) {
      const batch = rows.provinces.slice(i, i + BATCH)
      await tx.execute(sql`
        insert into ${provinces} (id, name)
        select * from unnest(${column(batch, 'id')}::varchar[], ${column(batch, 'name')}::text[])
        on conflict (id) do update set name = excluded.name`)
    }
    for (let i = 0; i < rows.cities.length; i += BATCH) {
      const batch = rows.cities.slice(i, i + BATCH)
      await tx.execute(sql`
        insert into ${cities} (id, province_id, name)
        select * from unnest(${column(batch, 'id')}::varchar[], ${column(batch, 'provinceId')}::varchar[],
                             ${column(batch, 'name')}::text[])
        on conflict (id) do update set province_id = excluded.province_id, name = excluded.name`)
    }
    for (let i = 0; i < rows.districts.length; i += BATCH) {
      const batch = rows.districts.slice(i, i + BATCH)
      await tx.execute(sql`
        insert into ${districts} (id, city_id, name)
        select * from unnest(${column(batch, 'id')}::varchar[], ${column(batch, 'cityId')}::varchar[],
                             ${column(batch, 'name')}::text[])
        on conflict (id) do update set city_id = excluded.city_id, name = excluded.name`)
    }
    for (let i = 0; i < rows.villages.length; i += BATCH) {
      const batch = rows.villages.slice(i, i + BATCH)
      await tx.execute(sql`
        insert into ${villages} (id, district_id, name, zip_code)
        select * from unnest(${column(batch, 'id')}::varchar[], ${column(batch, 'districtId')}::varchar[],
                             ${column(batch, 'name')}::text[], ${column(batch, 'zipCode')}::varchar[])
        on conflict (id) do update
          set district_id = excluded.district_id, name = excluded.name, zip_code = excluded.zip_code`)
    }
  })
  await notifyChanged(db, 'regions')
  return {
    provinces: rows.provinces.length,
    cities: rows.cities.length,
    districts: rows.districts.length,
    villages: rows.villages.length,
  }
}

/** True when no province is loaded yet (first start). */
export async function areRegionsEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: provinces.id }).from(provinces).limit(1)
  return rows.length === 0
}
