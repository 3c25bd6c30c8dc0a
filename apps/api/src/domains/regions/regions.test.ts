import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { buildRegionRows, loadRegions, areRegionsEmpty } from '../../db/regions.ts'
import { PUBLIC_CACHE_CONTROL } from '../../plugins/http-cache.ts'

let t: TestApp
const brand9 = { 'x-brand-id': '9' }
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...brand9, ...headers } })

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  expect(await areRegionsEmpty(t.database.db)).toBe(true)
  // Two provinces, not the whole country: DKI Jakarta (31) and Bali (51).
  const counts = await loadRegions(t.database.db, { provinces: ['31', '51'] })
  expect(counts.provinces).toBe(2)
})

afterAll(async () => {
  await t?.close()
})

describe('loader', () => {
  it('loads the chosen provinces with every city, district and village, and is idempotent', async () => {
    const before = await t.database.db.execute(
      sql`select (select count(*) from provinces)::int as p, (select count(*) from cities)::int as c,
                 (select count(*) from districts)::int as d, (select count(*) from villages)::int as v`,
    )
    const again = await loadRegions(t.database.db, { provinces: ['31', '51'] })
    const after = await t.database.db.execute(
      sql`select (select count(*) from provinces)::int as p, (select count(*) from cities)::int as c,
                 (select count(*) from districts)::int as d, (select count(*) from villages)::int as v`,
    )
    const rowsOf = (result: unknown) =>
      ((result as { rows?: unknown[] }).rows ?? result) as Record<string, number>[]
    expect(rowsOf(after)[0]).toEqual(rowsOf(before)[0])
    expect(rowsOf(after)[0]).toEqual({ p: 2, c: again.cities, d: again.districts, v: again.villages })
    expect(again.villages).toBe(267 + 716)
    expect(await areRegionsEmpty(t.database.db)).toBe(false)
  })

  it('gives a village without a postal code in the source its district’s most common one', () => {
    // Barusjahe (12.06.03): 15 villages have postal 0 in geografis 1.3.2, the others 22172.
    const source = [
      { code: '12.06.03.2001', postal: 0, province: 'P', city: 'C', district: 'D', village: 'A' },
      { code: '12.06.03.2016', postal: 22172, province: 'P', city: 'C', district: 'D', village: 'B' },
      { code: '12.06.03.2017', postal: 22172, province: 'P', city: 'C', district: 'D', village: 'C' },
      { code: '12.06.03.2018', postal: 22171, province: 'P', city: 'C', district: 'D', village: 'E' },
      { code: 'bad', postal: 22171, province: 'P', city: 'C', district: 'D', village: 'F' },
    ]
    const rows = buildRegionRows(source)
    expect(rows.villages.find((v) => v.id === '12.06.03.2001')?.zipCode).toBe('22172')
    expect(rows.villages).toHaveLength(4)
    expect(rows.districts).toEqual([{ id: '12.06.03', cityId: '12.06', name: 'D' }])
    expect(buildRegionRows(source, { provinces: ['31'] }).villages).toHaveLength(0)
  })
})

describe('GET /api/v1/master/province', () => {
  it('lists provinces by name with their ids, publicly cacheable', async () => {
    const res = await get('/api/v1/master/province')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 200,
      message: 'Success',
      data: [
        { province_id: '51', province: 'Bali' },
        { province_id: '31', province: 'DKI Jakarta' },
      ],
    })
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    const etag = String(res.headers.etag)
    expect(etag).toMatch(/^"/)
    const again = await get('/api/v1/master/province', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
  })
})

describe('GET /api/v1/master/city', () => {
  it('lists the cities of a province', async () => {
    const res = await get('/api/v1/master/city?province=31')
    expect(res.statusCode).toBe(200)
    const data = res.json().data as { city_id: string; city: string }[]
    expect(data).toHaveLength(6)
    expect(data).toContainEqual({ city_id: '31.71', city: 'Kota Administrasi Jakarta Pusat' })
    expect(data.every((c) => c.city_id.startsWith('31.'))).toBe(true)
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
  })

  it('answers an empty list for an unknown province', async () => {
    const res = await get('/api/v1/master/city?province=99')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([])
  })

  it.each(['/api/v1/master/city', '/api/v1/master/city?province=abc', '/api/v1/master/city?province=31.71'])(
    '400 naming the parameter for %s',
    async (url) => {
      const res = await get(url)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'REQ001', data: null })
      expect(res.json().message).toContain("'province'")
    },
  )
})

describe('GET /api/v1/master/subdistrict', () => {
  it('lists the districts of a city with their destination_code', async () => {
    const res = await get('/api/v1/master/subdistrict?city=31.71')
    expect(res.statusCode).toBe(200)
    const data = res.json().data as { subdistrict: string; destination_code: string }[]
    expect(data).toContainEqual({ subdistrict: 'Gambir', destination_code: '31.71.01' })
    expect(data.map((d) => d.subdistrict)).toEqual([...data.map((d) => d.subdistrict)].sort())
  })

  it('400 naming city when malformed; [] when unknown', async () => {
    const bad = await get('/api/v1/master/subdistrict?city=31')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain("'city'")
    const unknown = await get('/api/v1/master/subdistrict?city=99.99')
    expect(unknown.json().data).toEqual([])
  })
})

describe('GET /api/v1/pages/village', () => {
  it('lists the villages of a district with id, name and zip_code', async () => {
    const res = await get('/api/v1/pages/village?destination_code=31.71.01')
    expect(res.statusCode).toBe(200)
    const data = res.json().data as { id: string; name: string; zip_code: string }[]
    expect(data).toHaveLength(6)
    expect(data).toContainEqual({ id: '31.71.01.1001', name: 'Gambir', zip_code: '10110' })
    expect(data.every((v) => /^\d{5}$/.test(v.zip_code))).toBe(true)
    expect(res.headers.etag).toBeDefined()
  })

  it('400 naming destination_code when missing or malformed; [] when unknown', async () => {
    for (const url of ['/api/v1/pages/village', "/api/v1/pages/village?destination_code=31.71.01'--"]) {
      const res = await get(url)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain("'destination_code'")
    }
    const unknown = await get('/api/v1/pages/village?destination_code=31.71.99')
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json().data).toEqual([])
  })

  it('needs the brand header like every /api call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/pages/village?destination_code=31.71.01' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('REQ002')
  })
})
