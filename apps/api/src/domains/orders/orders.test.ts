import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { shopInstant, type OrderDetail, type PaymentOption } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addBundleOptions, createBrand, createPaymentMethod, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import {
  cartLines,
  customers,
  salesHeaders,
  salesLines,
  voucherRedemptions,
  vouchers,
} from '../../db/schema/index.ts'
import { shopper } from './orders.fixtures.ts'

let t: TestApp
const db = () => t.database.db
let s: ReturnType<typeof shopper>
let va: { id: number }
let qris: { id: number }

/** Two brands' products: a 150 000 shirt (9) and a 120 000 skirt (5), 10 of each. */
let shirt: { code: string; sku: string }
let skirt: { code: string; sku: string }

async function product(idBrand: number, price: number, stock = 10) {
  const row = await createProduct(db(), {
    idBrand,
    sellingPrice: price,
    sizes: [{ ukuran: 'M', stock, sellingPrice: price }],
  })
  return { code: row.productCode, sku: `${row.productCode}-M` }
}

const ordersOf = async (idPelanggan: number) =>
  db().select().from(salesHeaders).where(eq(salesHeaders.idPelanggan, idPelanggan))

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  s = shopper(t)
  await loadRegions(db(), { provinces: ['31'] })
  await seedShippingRates(db())
  await createBrand(db(), { id: 9 })
  await createBrand(db(), { id: 5 })
  va = await createPaymentMethod(db(), {
    code: 'bca_va',
    name: 'BCA Virtual Account',
    feeFlat: 4000,
    position: 1,
  })
  qris = await createPaymentMethod(db(), {
    code: 'qris',
    name: 'QRIS',
    category: 'QRIS',
    feePercentBp: 70,
    expiryMinutes: 15,
    position: 2,
  })
  await createPaymentMethod(db(), { code: 'old_va', name: 'Retired VA', active: false, position: 3 })
  shirt = await product(9, 150_000)
  skirt = await product(5, 120_000)
})

afterAll(async () => {
  await t?.close()
})

describe('GET /api/v1/orders/payment', () => {
  it('lists the active methods with their fee for the amount, to members and guests', async () => {
    const m = await s.member()
    const res = await s.call(
      'GET',
      '/api/v1/orders/payment?delivery_price=18000&total_transaction=270000',
      m.token,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const options = res.json().data as PaymentOption[]
    expect(options.map((o) => [o.name, o.category, o.payment_fee])).toEqual([
      ['BCA Virtual Account', 'VIRTUAL-ACCOUNT', 4000],
      // 0.7 % of 288 000 = 2016.
      ['QRIS', 'QRIS', 2016],
    ])
    const guest = await createSignedInMember(db(), { isGuest: true })
    expect(
      (await s.call('GET', '/api/v1/orders/payment?delivery_price=0&total_transaction=1', guest.token))
        .statusCode,
    ).toBe(200)
  })

  it('needs a session and whole amounts', async () => {
    const m = await s.member()
    expect(
      (await s.call('GET', '/api/v1/orders/payment?delivery_price=0&total_transaction=1', null)).statusCode,
    ).toBe(401)
    const bad = await s.call('GET', '/api/v1/orders/payment?delivery_price=-1&total_transaction=1', m.token)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('delivery_price')
  })
})

describe('POST /api/v1/orders/checkout_new', () => {
  it("places one order at the server's prices: stock held, voucher counted, ordered lines gone from the bag", async () => {
    const m = await s.member()
    const hemat = await s.voucher({ code: 'HEMAT10T', type: 'PERCENTAGE', value: 10, maxDiscount: 25_000 })
    await s.addToBag(m.token, shirt.code, shirt.sku, 2)
    const other = await product(9, 50_000)
    const bag = await s.addToBag(m.token, skirt.code, skirt.sku)
    await s.addToBag(m.token, other.code, other.sku)
    const chosen = bag.filter((line) => line.product_code !== other.code)
    expect(chosen).toHaveLength(2)
    const data = await s.checkoutData(m.token, chosen)
    const jneYes = data.jenis_paket_list.find((p) => p.provider === 'JNE' && p.name === 'YES')!

    const before = { shirt: await s.stockOf(shirt.sku), skirt: await s.stockOf(skirt.sku) }
    const res = await s.checkoutNew(m.token, {
      id_delivery_method: jneYes.id,
      id_payment: qris.id,
      use_promo: true,
      kode_promo: ' hemat10t ',
      products: s.ticked(chosen).map((line) => ({ ...line, price: 1, harga_jual: 1 })),
      id_warehouse: 1,
      total: 1,
      total_bayar: 1,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 200, message: 'Your order has been placed' })
    const id = res.json().data.id_sales_header as string
    expect(id).toMatch(/^[0-9a-f-]{36}$/)

    const order = (await s.detail(m.token, id)).json().data as OrderDetail
    const subtotal = 2 * 150_000 + 120_000
    const promo = 25_000 // 10 % of 420 000 is 42 000, capped at 25 000
    const beforeFee = subtotal + jneYes.tarif + jneYes.packing_fee - promo
    const fee = Math.ceil((beforeFee * 70) / 10_000)
    expect(order.sales_header).toMatchObject({
      status: 'Open',
      status_message: 'Waiting for payment',
      subtotal,
      biaya_kirim: jneYes.tarif,
      packing_fee: 2000,
      promo_value: promo,
      kode_promo: 'HEMAT10T',
      payment_fee: fee,
      total_bayar: beforeFee + fee,
      no_resi: null,
    })
    expect(order.sales_header.sales_order_number).toMatch(/^BSN-\d{6}-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(order.sales_header.order_date).toMatch(/\+07:00$/)
    // QRIS: 15 minutes to pay.
    const placed = Date.parse(order.sales_header.order_date)
    expect(Date.parse(order.sales_header.expired_time) - placed).toBe(15 * 60_000)
    expect(order.sales_line.map((l) => [l.sku_product, l.quantity, l.harga_jual])).toEqual(
      expect.arrayContaining([
        [shirt.sku, 2, 150_000],
        [skirt.sku, 1, 120_000],
      ]),
    )
    expect(order.shipping).toMatchObject({
      paket: 'JNE YES',
      penerima: 'Siti Rahma',
      subdistrict: 'Gambir',
      district: 'Gambir',
      kode_pos: '10110',
      no_hp: '081234567890',
    })
    expect(order.payment).toMatchObject({ name: 'QRIS', payment_method_category: 'QRIS', fee })
    const [row] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id))
    expect(row).toMatchObject({ courierCode: 'jne:yes', weightGrams: 3 * 300, idDeliveryMethod: jneYes.id })

    expect(await s.stockOf(shirt.sku)).toBe(before.shirt - 2)
    expect(await s.stockOf(skirt.sku)).toBe(before.skirt - 1)
    const left = await db().select().from(cartLines).where(eq(cartLines.idPelanggan, m.idPelanggan))
    expect(left.map((l) => l.productCode)).toEqual([other.code])
    const [v] = await db().select().from(vouchers).where(eq(vouchers.id, hemat.id))
    expect(v!.usedCount).toBe(1)
  })

  it('takes bundle parts and the bundle from stock and keeps the parts on the order line', async () => {
    const m = await s.member()
    const tee = await product(9, 80_000, 5)
    const cap = await product(9, 40_000, 5)
    const bundle = await createProduct(db(), {
      idBrand: 9,
      isBundling: true,
      maxBundling: 2,
      sellingPrice: 99_000,
      sizes: [{ ukuran: 'SET', stock: 5, sellingPrice: 99_000 }],
    })
    await addBundleOptions(db(), bundle.productCode, 1, [tee.code])
    await addBundleOptions(db(), bundle.productCode, 2, [cap.code])
    const value = [
      { sku_product: tee.sku, qty: 1 },
      { sku_product: cap.sku, qty: 1 },
    ]
    const bag = await s.addToBag(m.token, bundle.productCode, value, 2)
    const res = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(bag),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await s.stockOf(tee.sku)).toBe(3)
    expect(await s.stockOf(cap.sku)).toBe(3)
    expect(await s.stockOf(`${bundle.productCode}-SET`)).toBe(3)
    const order = (await s.detail(m.token, res.json().data.id_sales_header)).json().data as OrderDetail
    expect(order.sales_line).toHaveLength(1)
    expect(order.sales_line[0]).toMatchObject({ is_bundling: true, quantity: 2, harga_jual: 99_000 })
    expect(order.sales_line[0]!.bundling.map((p) => [p.sku_product, p.qty])).toEqual(
      expect.arrayContaining([
        [tee.sku, 1],
        [cap.sku, 1],
      ]),
    )
    expect(order.sales_header.subtotal).toBe(198_000)
    // A virtual account: a day to pay, 4 000 fee.
    expect(order.sales_header.payment_fee).toBe(4000)
    expect(Date.parse(order.sales_header.expired_time) - Date.parse(order.sales_header.order_date)).toBe(
      24 * 60 * 60_000,
    )
  })

  it('refuses a second order while one is unpaid (409 SON001 naming it)', async () => {
    const m = await s.member()
    const first = await s.addToBag(m.token, shirt.code, shirt.sku)
    const a = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(first),
    })
    expect(a.statusCode, a.body).toBe(200)
    const second = await s.addToBag(m.token, skirt.code, skirt.sku)
    const b = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(second),
    })
    expect(b.statusCode).toBe(409)
    expect(b.json().code).toBe('SON001')
    const [order] = await ordersOf(m.idPelanggan)
    expect(b.json().message).toContain(order!.salesOrderNumber)
    expect(await ordersOf(m.idPelanggan)).toHaveLength(1)
  })

  it('answers the same Idempotency-Key and body with the first order, another body with 422 IDM001', async () => {
    const m = await s.member()
    const bag = await s.addToBag(m.token, skirt.code, skirt.sku)
    const body = { id_delivery_method: 1, id_payment: va.id, products: s.ticked(bag) }
    const stock = await s.stockOf(skirt.sku)
    const presses = await Promise.all(
      Array.from({ length: 20 }, () => s.checkoutNew(m.token, body, 'press-pay-now-0001')),
    )
    expect(presses.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    const ids = new Set(presses.map((r) => r.json().data.id_sales_header))
    expect(ids.size).toBe(1)
    expect(await ordersOf(m.idPelanggan)).toHaveLength(1)
    expect(await s.stockOf(skirt.sku)).toBe(stock - 1)

    const again = await s.checkoutNew(m.token, body, 'press-pay-now-0001')
    expect(again.json().data.id_sales_header).toBe([...ids][0])
    const other = await s.checkoutNew(m.token, { ...body, id_payment: qris.id }, 'press-pay-now-0001')
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('IDM001')
    const badKey = await s.checkoutNew(m.token, body, 'short')
    expect(badKey.statusCode).toBe(400)
    expect(badKey.json().message).toContain('idempotency-key')
  })

  it('refuses bad input with the field named and writes nothing', async () => {
    const m = await s.member()
    const stranger = await s.member()
    const bag = await s.addToBag(m.token, shirt.code, shirt.sku, 2)
    const theirs = await s.addToBag(stranger.token, skirt.code, skirt.sku)
    const line = s.ticked(bag)[0]!
    const ok = { id_delivery_method: 1, id_payment: va.id, products: [line] }
    const stock = await s.stockOf(shirt.sku)
    const cases: [object, number, string, string][] = [
      [{ ...ok, products: [{ ...line, sku_product: 'NOPE-1' }] }, 409, 'CHK001', 'sku_product'],
      [{ ...ok, products: [{ ...line, qty: 0, quantity: 0 }] }, 400, 'REQ001', 'qty'],
      [{ ...ok, products: [{ ...line, qty: 1e9, quantity: 1e9 }] }, 400, 'REQ001', 'qty'],
      [{ ...ok, products: [{ ...line, qty: 1, quantity: 1 }] }, 409, 'CHK001', 'qty'],
      [{ ...ok, products: [s.ticked(theirs)[0]!] }, 404, 'CRT001', 'id_line'],
      [{ ...ok, products: [{ ...line, id_line: 2_000_000_000 }] }, 404, 'CRT001', 'id_line'],
      [{ ...ok, products: [] }, 400, 'REQ001', 'products'],
      [{ ...ok, id_delivery_method: undefined }, 400, 'REQ001', "You haven't selected a delivery method."],
      [{ ...ok, id_delivery_method: 999 }, 400, 'REQ001', 'id_delivery_method'],
      [{ ...ok, id_payment: 999 }, 422, 'PAY001', 'payment'],
      [{ ...ok, id_payment: undefined }, 400, 'REQ001', 'id_payment'],
      [{ ...ok, id_warehouse: 2 }, 400, 'REQ001', 'id_warehouse'],
      [{ ...ok, use_promo: true }, 400, 'REQ001', 'kode_promo'],
      [{ ...ok, use_promo: true, kode_promo: 'NOSUCHCODE' }, 404, 'PRM001', 'voucher'],
    ]
    for (const [body, status, code, named] of cases) {
      const res = await s.checkoutNew(m.token, body)
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status)
      expect(res.json().code).toBe(code)
      expect(res.json().message).toContain(named)
    }
    expect(await ordersOf(m.idPelanggan)).toHaveLength(0)
    expect(await s.stockOf(shirt.sku)).toBe(stock)
    expect(await db().select().from(cartLines).where(eq(cartLines.idPelanggan, m.idPelanggan))).toHaveLength(
      1,
    )
  })

  it('refuses lines past the stock left (422 CRT002) and a member without an address (422 SON006)', async () => {
    const scarce = await product(9, 70_000, 3)
    const a = await s.member()
    const b = await s.member()
    const bagA = await s.addToBag(a.token, scarce.code, scarce.sku, 2)
    const bagB = await s.addToBag(b.token, scarce.code, scarce.sku, 2)
    expect(
      (await s.checkoutNew(a.token, { id_delivery_method: 1, id_payment: va.id, products: s.ticked(bagA) }))
        .statusCode,
    ).toBe(200)
    const late = await s.checkoutNew(b.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(bagB),
    })
    expect(late.statusCode).toBe(422)
    expect(late.json()).toMatchObject({ code: 'CRT002', message: expect.stringContaining('1 available') })
    expect(await s.stockOf(scarce.sku)).toBe(1)

    const homeless = await createSignedInMember(db())
    const bag = await s.addToBag(homeless.token, shirt.code, shirt.sku)
    const res = await s.checkoutNew(homeless.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(bag),
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('SON006')
  })

  it('is for members: 401 without a session, 403 CLE016 for a guest by phone', async () => {
    expect((await s.checkoutNew('', { id_delivery_method: 1 })).statusCode).toBe(401)
    const guest = await createSignedInMember(db(), { isGuest: true })
    const res = await s.checkoutNew(guest.token, { id_delivery_method: 1 })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('CLE016')
  })
})

describe('POST /api/v1/orders/promo', () => {
  it('answers the discount of each kind with its message, without counting a use', async () => {
    const m = await s.member()
    const bag = await s.addToBag(m.token, shirt.code, shirt.sku, 2) // 300 000
    const fixed = await s.voucher({ code: 'FIX50T', name: 'Diskon 50K', value: 50_000, minPurchase: 300_000 })
    await s.voucher({ code: 'ONGKIRT', type: 'SHIPPING', value: 17_000 })
    const res = await s.promo(m.token, {
      kode_promo: 'fix50t',
      products: s.ticked(bag),
      total_transaction: 1,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Voucher Diskon 50K applied',
      data: {
        id_promo: fixed.id,
        kode_promo: 'FIX50T',
        type: 'FIXED',
        total_promo: 50_000,
        voucher_name: 'Diskon 50K',
      },
    })
    const shipping = await s.promo(m.token, {
      kode_promo: 'ONGKIRT',
      id_delivery_method: 1,
      delivery_price: 12_000,
      products: s.ticked(bag),
    })
    expect(shipping.json().data).toMatchObject({ type: 'SHIPPING', total_promo: 12_000 })
    const noCourier = await s.promo(m.token, { kode_promo: 'ONGKIRT', products: s.ticked(bag) })
    expect(noCourier.json().data.total_promo).toBe(0)
    const [v] = await db().select().from(vouchers).where(eq(vouchers.id, fixed.id))
    expect(v!.usedCount).toBe(0)
  })

  it('gives every refusal its own message', async () => {
    const m = await s.member()
    const bag = await s.addToBag(m.token, skirt.code, skirt.sku) // 120 000
    const now = Date.now()
    await s.voucher({ code: 'OLDT', endsAt: new Date(shopInstant('2024-08-25', '23:59:59')) })
    await s.voucher({ code: 'SOONT', startsAt: new Date(now + 86_400_000) })
    await s.voucher({ code: 'BIGT', minPurchase: 300_000 })
    await s.voucher({ code: 'GONET', usageLimit: 3, usedCount: 3 })
    const used = await s.voucher({ code: 'ONCET' })
    await s.voucher({ code: 'OFFT', active: false })
    const earlier = await s.addToBag(m.token, shirt.code, shirt.sku)
    const placed = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      use_promo: true,
      kode_promo: 'ONCET',
      products: s.ticked(earlier.filter((l) => l.product_code === shirt.code)),
    })
    expect(placed.statusCode, placed.body).toBe(200)
    const [v] = await db().select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, used.id))
    expect(v!.idSalesHeader).toBe(placed.json().data.id_sales_header)

    const lines = s.ticked(bag)
    const cases: [string, number, string, string][] = [
      ['NOPE123', 404, 'PRM001', 'This voucher code does not exist'],
      ['OFFT', 404, 'PRM001', 'This voucher code does not exist'],
      ['OLDT', 422, 'PRM002', 'This voucher has expired'],
      ['SOONT', 422, 'PRM003', 'This voucher is not valid yet'],
      ['BIGT', 422, 'PRM004', 'Minimum purchase for this voucher is Rp 300.000'],
      ['GONET', 409, 'PRM005', 'This voucher has been fully used'],
      ['ONCET', 409, 'PRM006', 'You have already used this voucher'],
    ]
    for (const [code, status, error, message] of cases) {
      const res = await s.promo(m.token, { kode_promo: code, products: lines })
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status)
      expect(res.json()).toMatchObject({ code: error, message })
    }
    const empty = await s.promo(m.token, { kode_promo: '  ', products: lines })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain('Please enter a voucher code')
  })

  it('limits tries per customer (429 REQ006)', async () => {
    const m = await s.member()
    const bag = await s.addToBag(m.token, skirt.code, skirt.sku)
    let last = 0
    for (let i = 0; i < 31; i++) {
      last = (await s.promo(m.token, { kode_promo: `GUESS${i}X`, products: s.ticked(bag) })).statusCode
    }
    expect(last).toBe(429)
  })
})

describe('POST /api/v1/orders/checkout_guest', () => {
  const form = {
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

  it("places a guest's order to the form's address with the verified phone as the buyer's", async () => {
    const guest = await createSignedInMember(db(), { isGuest: true })
    const [row] = await db().select().from(customers).where(eq(customers.idPelanggan, guest.idPelanggan))
    const bag = await s.addToBag(guest.token, skirt.code, skirt.sku)
    const res = await s.checkoutGuest(guest.token, {
      ...form,
      id_delivery_method: 3,
      id_payment: va.id,
      products: s.ticked(bag),
    })
    expect(res.statusCode, res.body).toBe(200)
    const [order] = await ordersOf(guest.idPelanggan)
    expect(order).toMatchObject({
      isGuest: true,
      buyerName: 'Budi Santoso',
      buyerEmail: 'budi@example.test',
      buyerPhone: row!.hp,
      penerima: 'Budi Santoso',
      hpPenerima: '081298765432',
      subdistrict: 'Gambir',
      city: 'Kota Administrasi Jakarta Pusat',
      paket: 'J&T EZ',
    })
    const seen = await s.detail(guest.token, order!.idSalesHeader)
    expect(seen.statusCode).toBe(200)
  })

  it('checks the form: address length, postal code of the sub-district, need_email, members refused', async () => {
    const guest = await createSignedInMember(db(), { isGuest: true })
    const bag = await s.addToBag(guest.token, skirt.code, skirt.sku)
    const base = { ...form, id_delivery_method: 1, id_payment: va.id, products: s.ticked(bag) }
    const short = await s.checkoutGuest(guest.token, { ...base, alamat_lengkap: 'Jl. Pendek 1' })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toContain('The address cannot be less than 30 characters')
    const zip = await s.checkoutGuest(guest.token, { ...base, kode_pos: '10120' })
    expect(zip.statusCode).toBe(422)
    expect(zip.json()).toMatchObject({ code: 'ADR002' })
    expect(zip.json().message).toContain('kode_pos')
    const noVillage = await s.checkoutGuest(guest.token, {
      ...base,
      id_address_village: undefined,
      kode_pos: '99999',
    })
    expect(noVillage.json().code).toBe('ADR002')
    const name = await s.checkoutGuest(guest.token, { ...base, buyer_name: ' ' })
    expect(name.json().message).toContain('Please insert your name')

    await db().update(customers).set({ needEmail: true }).where(eq(customers.idPelanggan, guest.idPelanggan))
    const email = await s.checkoutGuest(guest.token, { ...base, buyer_email: '' })
    expect(email.statusCode).toBe(400)
    expect(email.json()).toMatchObject({ code: 'REQ001', message: 'Please insert your email' })
    expect(await ordersOf(guest.idPelanggan)).toHaveLength(0)

    const m = await s.member()
    const member = await s.checkoutGuest(m.token, base)
    expect(member.statusCode).toBe(403)
  })
})

describe('GET /api/v1/member/order_history/{id}', () => {
  it("answers only the caller's own order: another's id and a non-id are 404 ORD001", async () => {
    const m = await s.member()
    const bag = await s.addToBag(m.token, shirt.code, shirt.sku)
    const placed = await s.checkoutNew(m.token, {
      id_delivery_method: 1,
      id_payment: va.id,
      products: s.ticked(bag),
    })
    const id = placed.json().data.id_sales_header
    const other = await s.member()
    for (const [token, path] of [
      [other.token, id],
      [m.token, '00000000-0000-0000-0000-000000000000'],
      [m.token, 'not-an-id'],
      [m.token, '1'],
    ] as const) {
      const res = await s.detail(token, path)
      expect(res.statusCode, path).toBe(404)
      expect(res.json().code).toBe('ORD001')
    }
    expect((await s.detail('', id)).statusCode).toBe(401)
    const [lines] = await db()
      .select({ value: count() })
      .from(salesLines)
      .where(eq(salesLines.idSalesHeader, id))
    expect(lines?.value).toBe(1)
  })
})
