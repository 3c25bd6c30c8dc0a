import { expect } from 'vitest'
import type { CartLine, CheckoutData } from '@busana/contract/schemas'
import type { TestApp } from '../../test/build-test-app.ts'
import { createSignedInMember, GAMBIR_ADDRESS } from '../../test/member-factories.ts'
import { createBrand, createPaymentMethod, stockOf as sellableStockOf } from '../../test/factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import type { Db } from '../../db/client.ts'
import { addresses, vouchers } from '../../db/schema/index.ts'

/** Test helpers of the orders domain: calls as a shopper makes them, a member with an address. */

/**
 * A shop a member can check out in: Jakarta's regions, the demo's shipping rates, brand 9 and the
 * BCA virtual account (fee 4 000), which it answers.
 */
export async function checkoutShop(db: Db) {
  await loadRegions(db, { provinces: ['31'] })
  await seedShippingRates(db)
  await createBrand(db, { id: 9 })
  return createPaymentMethod(db, { code: 'bca_va', name: 'BCA Virtual Account', feeFlat: 4000 })
}

export function shopper(t: TestApp) {
  const db = () => t.database.db
  const call = (method: 'GET' | 'POST', path: string, token: string | null, body?: object, headers = {}) =>
    t.app.inject({
      method,
      url: token ? `${path}${path.includes('?') ? '&' : '?'}token=${token}` : path,
      headers: { 'x-brand-id': '9', ...headers },
      ...(body ? { payload: body } : {}),
    })

  /** A signed-in member whose primary address is in Gambir. */
  async function member() {
    const m = await createSignedInMember(db())
    await db()
      .insert(addresses)
      .values({ ...GAMBIR_ADDRESS, idPelanggan: m.idPelanggan })
    return m
  }

  /** Adds `qty` of a plain sku (or one bundle value) to the bag; answers the bag. */
  async function addToBag(
    token: string,
    productCode: string,
    sku: string | { sku_product: string; qty: number }[],
    qty = 1,
  ): Promise<CartLine[]> {
    for (let i = 0; i < qty; i++) {
      const res = await call('POST', '/api/v1/cart/add', token, {
        product_code: productCode,
        sku_product: sku,
        qty: 1,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const bag = await call('GET', '/api/v1/cart', token)
    return bag.json().data as CartLine[]
  }

  /** The bag lines as the checkout payload lists them. */
  const ticked = (lines: CartLine[]) =>
    lines.map((line) => ({
      id_line: line.id_line,
      product_code: line.product_code,
      sku_product: line.bundling
        ? line.bundling.map((part) => ({ sku_product: part.sku_product, qty: part.qty }))
        : line.sku_product,
      qty: Number(line.qty),
      quantity: Number(line.qty),
      size: line.ukuran,
      product_name: line.product_name,
    }))

  /** cart_new for the lines: the services with their fares. */
  async function checkoutData(token: string, lines: CartLine[]): Promise<CheckoutData> {
    const res = await call('POST', '/api/v1/orders/cart_new', token, {
      products: lines.map(({ product_code, sku_product, qty, bundling }) => ({
        product_code,
        sku_product: bundling
          ? bundling.map((p) => ({ sku_product: p.sku_product, qty: p.qty }))
          : sku_product,
        qty: Number(qty),
      })),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }

  const checkoutNew = (token: string, body: object, key?: string) =>
    call('POST', '/api/v1/orders/checkout_new', token, body, key ? { 'idempotency-key': key } : {})
  const checkoutGuest = (token: string, body: object, key?: string) =>
    call('POST', '/api/v1/orders/checkout_guest', token, body, key ? { 'idempotency-key': key } : {})
  const promo = (token: string, body: object) => call('POST', '/api/v1/orders/promo', token, body)
  const detail = (token: string, id: string) => call('GET', `/api/v1/member/order_history/${id}`, token)

  async function voucher(values: Partial<typeof vouchers.$inferInsert> & { code: string }) {
    const [row] = await db()
      .insert(vouchers)
      .values({ name: values.code, type: 'FIXED', value: 10_000, ...values })
      .returning()
    return row!
  }

  /** Units of a variant checkout may sell (inventory's sellable stock). */
  const stockOf = (sku: string) => sellableStockOf(db(), sku)

  return {
    stockOf,
    call,
    member,
    addToBag,
    ticked,
    checkoutData,
    checkoutNew,
    checkoutGuest,
    promo,
    detail,
    voucher,
  }
}
