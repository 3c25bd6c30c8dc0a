import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createPaymentMethod, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import { salesHeaders } from '../../db/schema/index.ts'
import { shopper } from './orders.fixtures.ts'

/**
 * Issue 26 item 1: a voucher code tried at checkout counts like one tried at POST /orders/promo,
 * per customer and per address, so codes cannot be guessed by placing orders instead.
 */

let t: TestApp
const db = () => t.database.db
let s: ReturnType<typeof shopper>
let va: { id: number }
let shirt: { code: string; sku: string }

const GUEST_FORM = {
  buyer_name: 'Budi Santoso',
  buyer_email: 'budi@example.test',
  buyer_phone: '089999999999',
  penerima: 'Budi Santoso',
  hp_penerima: '081298765432',
  alamat_lengkap: 'Jl. Tanah Abang II No. 7, RT 03/RW 04, dekat masjid',
  destination_code: '31.71.01',
  id_address_village: '31.71.01.1001',
  kode_pos: '10110',
}

/** A shopper's call from a given address (the limits are per address too). */
const post = (path: string, token: string, body: object, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: `${path}?token=${token}`,
    remoteAddress: ip,
    headers: { 'x-brand-id': '9' },
    payload: body,
  })

const ordersOf = async (idPelanggan: number) =>
  db().select().from(salesHeaders).where(eq(salesHeaders.idPelanggan, idPelanggan))

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  s = shopper(t)
  await loadRegions(db(), { provinces: ['31'] })
  await seedShippingRates(db())
  await createBrand(db(), { id: 9 })
  va = await createPaymentMethod(db(), {
    code: 'bca_va',
    name: 'BCA Virtual Account',
    feeFlat: 4000,
    position: 1,
  })
  const row = await createProduct(db(), {
    idBrand: 9,
    sellingPrice: 150_000,
    sizes: [{ ukuran: 'M', stock: 50, sellingPrice: 150_000 }],
  })
  shirt = { code: row.productCode, sku: `${row.productCode}-M` }
})

afterAll(async () => {
  await t?.close()
})

describe('issue 26 item 1: voucher guesses through checkout', () => {
  it('issue 26 item 1: 40 unknown codes through checkout_new get 429 with Retry-After, and nothing is ordered', async () => {
    const m = await s.member()
    const bag = await s.addToBag(m.token, shirt.code, shirt.sku)
    const order = { id_delivery_method: 1, id_payment: va.id, products: s.ticked(bag) }
    const answers: number[] = []
    let last = null as Awaited<ReturnType<typeof post>> | null
    for (let i = 0; i < 40; i++) {
      last = await post(
        '/api/v1/orders/checkout_new',
        m.token,
        { ...order, use_promo: true, kode_promo: `GUESS${i}X` },
        '198.51.100.1',
      )
      answers.push(last.statusCode)
    }
    // The customer's 30 tries answer the refusal of the code; then 429, as POST /orders/promo does.
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true)
    expect(answers.slice(30).every((status) => status === 429)).toBe(true)
    expect(last!.json().code).toBe('REQ006')
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0)
    // The promo check shares the count: the customer is limited there too.
    const promo = await post(
      '/api/v1/orders/promo',
      m.token,
      { kode_promo: 'ONEMORE', products: s.ticked(bag) },
      '198.51.100.2',
    )
    expect(promo.statusCode).toBe(429)
    expect(await ordersOf(m.idPelanggan)).toHaveLength(0)

    // A checkout without a voucher tries no code: it is not limited by this.
    const plain = await post('/api/v1/orders/checkout_new', m.token, order, '198.51.100.1')
    expect(plain.statusCode, plain.body).toBe(200)
  })

  it('issue 26 item 1: unknown codes through checkout_guest count per guest and per address', async () => {
    const ip = '198.51.100.30'
    const answers: number[] = []
    // Fresh guests from one address: each stays under its own 30, the address stops at 60.
    for (let g = 0; g < 3; g++) {
      const guest = await createSignedInMember(db(), { isGuest: true })
      const bag = await s.addToBag(guest.token, shirt.code, shirt.sku)
      const body = { ...GUEST_FORM, id_delivery_method: 1, id_payment: va.id, products: s.ticked(bag) }
      for (let i = 0; i < 25; i++) {
        const res = await post(
          '/api/v1/orders/checkout_guest',
          guest.token,
          { ...body, use_promo: true, kode_promo: `G${g}GUESS${i}` },
          ip,
        )
        answers.push(res.statusCode)
      }
    }
    expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true)
    expect(answers.slice(60).every((status) => status === 429)).toBe(true)
  })
})
