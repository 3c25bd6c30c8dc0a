import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { CheckoutData } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addBundleOptions, createBrand, createProduct } from '../../test/factories.ts'
import { createSignedInMember, GAMBIR_ADDRESS } from '../../test/member-factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import { addresses, shippingZoneAreas, variants, villages } from '../../db/schema/index.ts'
import { tableShipping } from '../../providers/shipping/table.ts'
import type { ShippingProvider } from '../../providers/shipping/index.ts'

let t: TestApp
const db = () => t.database.db

/** The real table adapter, or a provider that fails or never answers. */
let mode: 'table' | 'fail' | 'hang' = 'table'
const switchable: ShippingProvider = {
  name: 'switchable',
  quote(request, signal) {
    if (mode === 'fail') return Promise.reject(new Error('rate service down'))
    if (mode === 'hang') return new Promise(() => {})
    return tableShipping(db()).quote(request, signal)
  },
}

function call(path: string, token: string | null, body: unknown) {
  const url = token ? `${path}?token=${token}` : path
  return t.app.inject({ method: 'POST', url, headers: { 'x-brand-id': '9' }, payload: body as object })
}
const cartNew = (token: string | null, body: unknown) => call('/api/v1/orders/cart_new', token, body)
const cartGuest = (token: string | null, body: unknown) => call('/api/v1/orders/cart_guest', token, body)

/** Gambir, Jakarta Pusat (31.71: the warehouse's city by default). */
const gambir = GAMBIR_ADDRESS

async function memberWithAddress(
  address: Partial<Omit<typeof gambir, 'idAddressVillage'>> & { idAddressVillage?: string | null } = {},
) {
  const m = await createSignedInMember(db())
  await db()
    .insert(addresses)
    .values({ ...gambir, ...address, idPelanggan: m.idPelanggan })
  return m
}

/** A product whose sizes weigh `grams` each. */
async function product(grams: number, stock = 10) {
  const row = await createProduct(db(), { idBrand: 9, sizes: [{ ukuran: 'M', stock }] })
  await db().update(variants).set({ weightGrams: grams }).where(eq(variants.productCode, row.productCode))
  return { code: row.productCode, sku: `${row.productCode}-M` }
}

let jeans: { code: string; sku: string }
let tee: { code: string; sku: string }

beforeAll(async () => {
  t = await buildTestApp({
    seed: false,
    providers: { shipping: switchable },
    env: { SHIPPING_TIMEOUT_MS: '200' },
  })
  await loadRegions(db(), { provinces: ['31', '51'] })
  await seedShippingRates(db())
  await createBrand(db(), { id: 9 })
  jeans = await product(700)
  tee = await product(250)
})

afterAll(async () => {
  await t?.close()
})

/** 700 g + 2 × 250 g = 1200 g: two started kilograms. */
const twoKg = () => ({
  products: [
    { product_code: jeans.code, sku_product: jeans.sku, qty: 1 },
    { product_code: tee.code, sku_product: tee.sku, qty: '2' },
  ],
})

describe('POST /api/v1/orders/cart_new', () => {
  it('answers the primary address and every service with its fare for the started kilograms', async () => {
    const m = await memberWithAddress()
    const res = await cartNew(m.token, twoKg())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const data = res.json().data as CheckoutData
    expect(data.weight_grams).toBe(1200)
    expect(data.alamat_penerima).toMatchObject({
      penerima: 'Siti Rahma',
      alamat_lengkap: gambir.alamatLengkap,
      district: 'Gambir',
      province: 'DKI Jakarta',
      kode_pos: '10110',
      hp_penerima: '081234567890',
      destination_code: '31.71.01',
    })
    // Gambir is in the warehouse's city: the LOCAL zone, cheapest first.
    expect(data.jenis_paket_list.map((p) => [p.provider, p.name, p.tarif, p.packing_fee, p.etd])).toEqual([
      ['AnterAja', 'REG', 16_000, 0, '2-4'],
      ['SiCepat', 'REG', 17_000, 0, '2-3'],
      ['JNE', 'REG', 18_000, 0, '2-3'],
      ['J&T', 'EZ', 18_000, 0, '2-3'],
      ['SiCepat', 'BEST', 32_000, 2000, '1'],
      ['JNE', 'YES', 36_000, 2000, '1'],
    ])
    expect(data.jenis_paket_list[0]).toMatchObject({ id: 6, etd_min: 2, etd_max: 4 })
  })

  it('prices another Jakarta city as Jabodetabek and Bali with its zone and extra day', async () => {
    const selatan = await memberWithAddress({
      destinationCode: '31.74.01',
      idAddressVillage: '31.74.01.1001',
      kodePos: '12810',
    })
    const jne = (data: CheckoutData) =>
      data.jenis_paket_list.find((p) => p.provider === 'JNE' && p.name === 'REG')
    const a = await cartNew(selatan.token, twoKg())
    expect(a.statusCode, a.body).toBe(200)
    expect(jne(a.json().data)).toMatchObject({ tarif: 20_000, etd: '2-3' })

    const [village] = await db().select().from(villages).where(eq(villages.districtId, '51.71.01')).limit(1)
    const bali = await memberWithAddress({
      destinationCode: '51.71.01',
      idAddressVillage: village!.id,
      kodePos: village!.zipCode,
    })
    const b = await cartNew(bali.token, twoKg())
    expect(b.statusCode, b.body).toBe(200)
    expect(jne(b.json().data)).toMatchObject({ tarif: 48_000, etd: '3-4' })
  })

  it('answers 422 SON006 without a primary address, or with one that needs an update', async () => {
    const none = await createSignedInMember(db())
    const a = await cartNew(none.token, twoKg())
    expect(a.statusCode).toBe(422)
    expect(a.json()).toMatchObject({ code: 'SON006', data: null })

    const old = await memberWithAddress({ idAddressVillage: null })
    const b = await cartNew(old.token, twoKg())
    expect(b.statusCode).toBe(422)
    expect(b.json().code).toBe('SON006')
    expect(b.json().message).toMatch(/sub-district/)
  })

  it('answers 422 DVY001 when no courier serves the destination', async () => {
    const [village] = await db().select().from(villages).where(eq(villages.districtId, '51.71.01')).limit(1)
    const m = await memberWithAddress({
      destinationCode: '51.71.01',
      idAddressVillage: village!.id,
      kodePos: village!.zipCode,
    })
    await db().delete(shippingZoneAreas).where(eq(shippingZoneAreas.areaId, '51'))
    try {
      const res = await cartNew(m.token, twoKg())
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ code: 'DVY001', data: null })
    } finally {
      await db().insert(shippingZoneAreas).values({ areaId: '51', zoneId: 'BALI_NTB' })
    }
  })

  it('answers 503 SHP001 when the provider fails or times out, never a fare', async () => {
    const m = await memberWithAddress()
    for (const failing of ['fail', 'hang'] as const) {
      mode = failing
      try {
        const res = await cartNew(m.token, twoKg())
        expect(res.statusCode, failing).toBe(503)
        expect(res.json()).toMatchObject({ code: 'SHP001', data: null })
        expect(res.json().message).toMatch(/try again/)
      } finally {
        mode = 'table'
      }
    }
  })

  it('checks the lines like the bag: stock summed per variant, unknown sku, bundles', async () => {
    const m = await memberWithAddress()
    const scarce = await product(300, 2)
    const over = await cartNew(m.token, {
      products: [
        { product_code: scarce.code, sku_product: scarce.sku, qty: 2 },
        { product_code: scarce.code, sku_product: scarce.sku, qty: 1 },
      ],
    })
    expect(over.statusCode).toBe(422)
    expect(over.json().code).toBe('CRT002')

    const unknown = await cartNew(m.token, {
      products: [{ product_code: tee.code, sku_product: 'NOPE-M', qty: 1 }],
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('CRT004')

    const set = await createProduct(db(), {
      idBrand: 9,
      isBundling: true,
      maxBundling: 2,
      sizes: [{ ukuran: 'SET', stock: 9 }],
    })
    await addBundleOptions(db(), set.productCode, 1, [jeans.code, tee.code])
    const bundle = await cartNew(m.token, {
      products: [
        {
          product_code: set.productCode,
          sku_product: [
            { sku_product: jeans.sku, qty: 1 },
            { sku_product: tee.sku, qty: 1 },
          ],
          qty: 1,
        },
      ],
    })
    expect(bundle.statusCode, bundle.body).toBe(200)
    // The parts travel (700 g + 250 g), the bundle's own sku weighs nothing.
    expect(bundle.json().data.weight_grams).toBe(950)

    const short = await cartNew(m.token, {
      products: [
        { product_code: set.productCode, sku_product: [{ sku_product: jeans.sku, qty: 1 }], qty: 1 },
      ],
    })
    expect(short.statusCode).toBe(422)
    expect(short.json().code).toBe('BND001')
  })

  it.each([
    [
      'qty 0',
      { products: [{ product_code: 'TST-0001', sku_product: 'TST-0001-M', qty: 0 }] },
      'products.0.qty',
    ],
    [
      'qty 10^9',
      { products: [{ product_code: 'TST-0001', sku_product: 'TST-0001-M', qty: 1e9 }] },
      'products.0.qty',
    ],
    ['no products', { products: [] }, 'products'],
    ['a missing sku', { products: [{ product_code: 'TST-0001', qty: 1 }] }, 'products.0.sku_product'],
    ['products not a list', { products: 'all' }, 'products'],
  ])('refuses %s with 400 REQ001 naming the field', async (_name, body, field) => {
    const m = await memberWithAddress()
    const res = await cartNew(m.token, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().code).toBe('REQ001')
    if (field) expect(res.json().message).toContain(field)
  })

  it('needs a session (401 CLE001) of a member (403 CLE016 for a guest)', async () => {
    expect((await cartNew(null, twoKg())).json().code).toBe('CLE001')
    const guest = await createSignedInMember(db(), { isGuest: true })
    const res = await cartNew(guest.token, twoKg())
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('CLE016')
  })
})

describe('POST /api/v1/orders/cart_guest', () => {
  it("prices the guest form's destination and answers no saved address", async () => {
    const guest = await createSignedInMember(db(), { isGuest: true })
    const res = await cartGuest(guest.token, {
      ...twoKg(),
      destination_code: '31.74.01',
      id_address_village: '31.74.01.1001',
    })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data as CheckoutData
    expect(data.alamat_penerima).toBeNull()
    expect(data.jenis_paket_list).toHaveLength(6)
    expect(data.jenis_paket_list.find((p) => p.provider === 'J&T')).toMatchObject({
      name: 'EZ',
      tarif: 20_000,
    })
  })

  it('refuses an unknown district or a sub-district outside it with 422 ADR002 naming the field', async () => {
    const guest = await createSignedInMember(db(), { isGuest: true })
    const unknown = await cartGuest(guest.token, {
      ...twoKg(),
      destination_code: '99.99.99',
      id_address_village: '99.99.99.9999',
    })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().message).toContain('destination_code')
    const elsewhere = await cartGuest(guest.token, {
      ...twoKg(),
      destination_code: '31.74.01',
      id_address_village: '31.71.01.1001',
    })
    expect(elsewhere.statusCode).toBe(422)
    expect(elsewhere.json().message).toContain('id_address_village')
    const malformed = await cartGuest(guest.token, { ...twoKg(), destination_code: 'Gambir' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toMatch(/destination_code|id_address_village/)
    const noVillage = await cartGuest(guest.token, { ...twoKg(), destination_code: '31.74.01' })
    expect(noVillage.statusCode).toBe(400)
    expect(noVillage.json().message).toContain('id_address_village')
  })

  it('is for guests by phone only (403 CLE016 for a member)', async () => {
    const m = await memberWithAddress()
    const res = await cartGuest(m.token, { ...twoKg(), destination_code: '31.71.01' })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('CLE016')
  })
})
