import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { cities, provinces, shippingRates, shippingZoneAreas } from '../../db/schema/index.ts'
import { tableShipping } from '../../providers/shipping/table.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import {
  auditRows,
  cookieSession,
  signInEveryRole,
  staffCall,
  type Tokens,
} from '../staff/staff.test-utils.ts'

/**
 * The back office's shipping rate table (decision 017) through HTTP: warehouse and owner edit it,
 * and the `table` provider checkout uses prices the next quote from it.
 */

let t: TestApp
let tokens: Tokens
const db = () => t.database.db
const call = staffCall(() => t)

/** What checkout's `table` provider offers for a 1.2 kg parcel to a city (warehouse 1 in Jakarta Pusat). */
const quote = (cityId: string) =>
  tableShipping(db()).quote(
    {
      origin: { warehouseId: 1, cityId: '31.71' },
      destination: { districtId: `${cityId}.01`, cityId, provinceId: cityId.slice(0, 2) },
      weightGrams: 1200,
    },
    AbortSignal.timeout(5000),
  )
const fareOf = async (cityId: string, serviceId: number) =>
  (await quote(cityId)).find((service) => service.id === serviceId)?.tarif

beforeAll(async () => {
  t = await buildTestApp()
  tokens = await signInEveryRole(t, 'shipping.test')
})

afterAll(async () => {
  await t?.close()
})

describe('who may see and edit the rate table', () => {
  it('owner and warehouse; merchandiser, marketing and support get 403 STF003; no staff session 401', async () => {
    for (const role of ['owner', 'warehouse'] as const) {
      const res = await call('GET', '/shipping/rates', { token: tokens[role] })
      expect(res.statusCode, res.body).toBe(200)
    }
    for (const role of ['merchandiser', 'marketing', 'support'] as const) {
      for (const [method, url, body] of [
        ['GET', '/shipping/rates', undefined],
        ['PUT', '/shipping/rates/JAWA_BARAT/1', { price_per_kg: 1 }],
        ['POST', '/shipping/zones/JAWA_BARAT/areas', { area_id: '11.01' }],
      ] as const) {
        const res = await call(method, url, { token: tokens[role], body })
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403)
        expect(res.json().code).toBe('STF003')
      }
    }
    const member = await createSignedInMember(db())
    expect((await call('GET', '/shipping/rates', { token: member.token })).json().code).toBe('STF002')
    expect((await call('GET', '/shipping/rates')).statusCode).toBe(401)
    const [rate] = await db()
      .select()
      .from(shippingRates)
      .where(and(eq(shippingRates.zoneId, 'JAWA_BARAT'), eq(shippingRates.serviceId, 1)))
    expect(rate!.pricePerKg).toBe(11000)
  })

  it('lists services and each zone with its areas and rates', async () => {
    const res = await call('GET', '/shipping/rates', { token: tokens.warehouse })
    const data = res.json().data
    expect(data.services).toHaveLength(6)
    const jabodetabek = data.zones.find((zone: { id: string }) => zone.id === 'JABODETABEK')
    expect(jabodetabek.areas).toContainEqual({ area_id: '32.01', name: null })
    expect(jabodetabek.rates).toContainEqual({ service_id: 1, price_per_kg: 10000 })
  })
})

describe('editing rates', () => {
  it('warehouse changes a fare; the next checkout quote uses it; audited', async () => {
    // Bandung (32.73) is West Java: 2 started kg at 11,000.
    expect(await fareOf('32.73', 1)).toBe(22000)
    const res = await call('PUT', '/shipping/rates/jawa_barat/1', {
      token: tokens.warehouse,
      body: { price_per_kg: 12500 },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.rates).toContainEqual({ service_id: 1, price_per_kg: 12500 })
    expect(await fareOf('32.73', 1)).toBe(25000)
    const [audit] = await auditRows(t, 'shipping.rate_set')
    expect(audit).toMatchObject({
      targetType: 'shipping_rate',
      targetId: 'JAWA_BARAT:1',
      changes: { price_per_kg: { from: 11000, to: 12500 } },
    })
  })

  it('adds a rate (the service now serves the zone) and removes it (it no longer does)', async () => {
    // SiCepat BEST (5) does not serve NTT (53).
    expect(await fareOf('53.71', 5)).toBeUndefined()
    const added = await call('PUT', '/shipping/rates/NTT/5', {
      token: tokens.owner,
      body: { price_per_kg: 60000 },
    })
    expect(added.statusCode, added.body).toBe(200)
    expect(await fareOf('53.71', 5)).toBe(120000)
    const removed = await call('DELETE', '/shipping/rates/NTT/5', { token: tokens.warehouse })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await fareOf('53.71', 5)).toBeUndefined()
    const again = await call('DELETE', '/shipping/rates/NTT/5', { token: tokens.warehouse })
    expect(again.statusCode).toBe(404)
    expect(again.json().code).toBe('STF212')
  })

  it('refuses bad fares (400), unknown zones (404 STF210) and services (404 STF211), changing nothing', async () => {
    for (const body of [
      { price_per_kg: 0 },
      { price_per_kg: 1.5 },
      { price_per_kg: 'cheap' },
      {},
      { price_per_kg: 100, x: 1 },
    ]) {
      const res = await call('PUT', '/shipping/rates/JAWA_BARAT/1', { token: tokens.owner, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    const zone = await call('PUT', '/shipping/rates/ATLANTIS/1', {
      token: tokens.owner,
      body: { price_per_kg: 100 },
    })
    expect(zone.statusCode).toBe(404)
    expect(zone.json().code).toBe('STF210')
    const service = await call('PUT', '/shipping/rates/JAWA_BARAT/99', {
      token: tokens.owner,
      body: { price_per_kg: 100 },
    })
    expect(service.statusCode).toBe(404)
    expect(service.json().code).toBe('STF211')
    expect(await fareOf('32.73', 1)).toBe(25000)
  })
})

describe('zone areas', () => {
  it('adds a city to a zone (it wins over its province), refuses it twice, and removes it', async () => {
    // Banda Aceh (11.71) is in Sumatra: JNE REG 25,000 a kg.
    expect(await fareOf('11.71', 1)).toBe(50000)
    const added = await call('POST', '/shipping/zones/JABODETABEK/areas', {
      token: tokens.warehouse,
      body: { area_id: '11.71' },
    })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().data.areas).toContainEqual({ area_id: '11.71', name: null })
    expect(await fareOf('11.71', 1)).toBe(20000)

    const twice = await call('POST', '/shipping/zones/JAWA_BARAT/areas', {
      token: tokens.warehouse,
      body: { area_id: '11.71' },
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'STF213' })
    const [row] = await db().select().from(shippingZoneAreas).where(eq(shippingZoneAreas.areaId, '11.71'))
    expect(row!.zoneId).toBe('JABODETABEK')

    const wrongZone = await call('DELETE', '/shipping/zones/JAWA_BARAT/areas/11.71', {
      token: tokens.warehouse,
    })
    expect(wrongZone.json().code).toBe('STF214')
    const removed = await call('DELETE', '/shipping/zones/JABODETABEK/areas/11.71', {
      token: tokens.warehouse,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await fareOf('11.71', 1)).toBe(50000)
    const [audit] = await auditRows(t, 'shipping.area_remove')
    expect(audit).toMatchObject({
      targetId: '11.71',
      changes: { zone_id: { from: 'JABODETABEK', to: null } },
    })
  })

  it('refuses an area id that is neither a province nor a city id (400)', async () => {
    for (const area_id of ['1', '11.7', '11.71.01', 'aceh', '']) {
      const res = await call('POST', '/shipping/zones/JABODETABEK/areas', {
        token: tokens.owner,
        body: { area_id },
      })
      expect(res.statusCode, area_id).toBe(400)
      expect(res.body).toContain('area_id')
    }
  })

  it('works with the cookie session and its CSRF token (403 STF006 without)', async () => {
    const { cookie, csrf } = await cookieSession(t, 'warehouse@shipping.test', 'warehouse-password-1')
    const body = { price_per_kg: 13000 }
    const refused = await call('PUT', '/shipping/rates/JAWA_BARAT/1', { cookie, body })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('STF006')
    expect(await fareOf('32.73', 1)).toBe(25000)
    const done = await call('PUT', '/shipping/rates/JAWA_BARAT/1', { cookie, csrf, body })
    expect(done.statusCode, done.body).toBe(200)
    expect(await fareOf('32.73', 1)).toBe(26000)
  })

  it('with the regions loaded, takes only their province and city ids (422 STF215) and names them', async () => {
    await db().insert(provinces).values({ id: '11', name: 'Aceh' })
    await db().insert(cities).values({ id: '11.71', provinceId: '11', name: 'Kota Banda Aceh' })
    const unknown = await call('POST', '/shipping/zones/SUMATERA/areas', {
      token: tokens.owner,
      body: { area_id: '11.99' },
    })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().code).toBe('STF215')
    const known = await call('POST', '/shipping/zones/JABODETABEK/areas', {
      token: tokens.owner,
      body: { area_id: '11.71' },
    })
    expect(known.statusCode, known.body).toBe(200)
    expect(known.json().data.areas).toContainEqual({ area_id: '11.71', name: 'Kota Banda Aceh' })
    const sumatera = (await call('GET', '/shipping/rates', { token: tokens.owner }))
      .json()
      .data.zones.find((zone: { id: string }) => zone.id === 'SUMATERA')
    expect(sumatera.areas).toContainEqual({ area_id: '11', name: 'Aceh' })
  })
})
