import { expect } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { AdminOrderListItem, StaffRole } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createPaymentMethod, setStock as setSellableStock } from '../../test/factories.ts'
import { loadRegions } from '../../db/regions.ts'
import { seedShippingRates } from '../../demo/seed/index.ts'
import { salesHeaders, stockLevels } from '../../db/schema/index.ts'
import { SANDBOX_SERVER_KEY } from '../../providers/payments/index.ts'
import { signedNotification } from '../payments/dev-payments.routes.ts'
import { createStaff } from '../staff/staff.service.ts'
import { STAFF_COOKIE } from '../staff/staff-session.ts'
import { shopper } from './orders.fixtures.ts'

/**
 * The operations tests' world: a fresh API with Jakarta's regions, the demo rate table, brand 9, a
 * payment method and one signed-in member of staff per role; calls as staff and as shoppers.
 */

export interface CallOptions {
  token?: string | null
  cookie?: string
  csrf?: string
  body?: object
}

export type Ops = Awaited<ReturnType<typeof opsWorld>>

export async function opsWorld() {
  const t: TestApp = await buildTestApp({ seed: false })
  const db = () => t.database.db
  const s = shopper(t)
  await loadRegions(db(), { provinces: ['31'] })
  await seedShippingRates(db())
  await createBrand(db(), { id: 9, name: 'Busana Woman' })
  const methodId = (
    await createPaymentMethod(db(), { code: 'bca_va', name: 'BCA Virtual Account', feeFlat: 4000 })
  ).id

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, o: CallOptions = {}) =>
    t.app.inject({
      method,
      url: `/api/admin/v1${url}`,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.cookie ? { cookie: `${STAFF_COOKIE}=${o.cookie}` } : {}),
        ...(o.csrf ? { 'x-csrf-token': o.csrf } : {}),
      },
      ...(o.body ? { payload: o.body } : {}),
    })

  const login = async (email: string, password: string, session: 'bearer' | 'cookie' = 'bearer') => {
    const res = await call('POST', '/auth/login', { body: { email, password, session } })
    expect(res.statusCode, res.body).toBe(200)
    return res
  }

  const roles = ['owner', 'merchandiser', 'warehouse', 'marketing', 'support'] as const
  const tokens = {} as Record<StaffRole, string>
  const ids = {} as Record<StaffRole, number>
  for (const role of roles) {
    const email = `${role}@busana.test`
    const staff = await createStaff(db(), { email, password: `${role}-password-1`, role })
    ids[role] = (staff as { id: number }).id
    tokens[role] = (await login(email, `${role}-password-1`)).json().data.token
  }

  /** A cookie session of the warehouse role with its CSRF token. */
  async function cookieSession(role: StaffRole = 'warehouse') {
    const res = await login(`${role}@busana.test`, `${role}-password-1`, 'cookie')
    return {
      cookie: res.cookies.find((c) => c.name === STAFF_COOKIE)!.value,
      csrf: res.json().data.csrf_token as string,
    }
  }

  /** A member orders `qty` of a plain sku (optionally with a voucher); answers id, number and total. */
  async function placeOrder(
    productCode: string,
    sku: Parameters<typeof s.addToBag>[2],
    qty = 1,
    extra: object = {},
    m?: { idPelanggan: number; token: string },
  ) {
    const member = m ?? (await s.member())
    const bag = await s.addToBag(member.token, productCode, sku, qty)
    const res = await s.checkoutNew(member.token, {
      id_delivery_method: 1,
      id_payment: methodId,
      products: s.ticked(bag),
      ...extra,
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id_sales_header as string
    const [h] = await db().select().from(salesHeaders).where(eq(salesHeaders.idSalesHeader, id))
    return { member, id, number: h!.salesOrderNumber, total: h!.totalBayar }
  }

  async function pay(order: { number: string; total: number }) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/notification',
      payload: signedNotification(order.number, order.total, 'pay', SANDBOX_SERVER_KEY),
    })
    expect(res.statusCode, res.body).toBe(200)
  }

  /** The stock of a sku in a warehouse as the staff API answers it. */
  async function level(sku: string, warehouse = 1) {
    const res = await call('GET', `/stock?q=${encodeURIComponent(sku)}&id_warehouse=${warehouse}`, {
      token: tokens.owner,
    })
    expect(res.statusCode, res.body).toBe(200)
    const row = (
      res.json().data as { sku_product: string; on_hand: number; held: number; available: number }[]
    ).find((r) => r.sku_product === sku)
    expect(row, `stock row of ${sku}`).toBeDefined()
    return row!
  }

  /** The stored on_hand (null: no row yet) and the sellable stock of a sku in warehouse 1. */
  async function stored(sku: string) {
    const [row] = await db()
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(and(eq(stockLevels.skuProduct, sku), eq(stockLevels.idWarehouse, 1)))
    return { onHand: row?.onHand ?? null, stock: await s.stockOf(sku) }
  }

  /** The invariant of the sellable warehouse: on_hand ≥ held and sellable stock = on_hand − held. */
  async function expectInvariant(sku: string) {
    const row = await level(sku)
    expect(row.on_hand).toBeGreaterThanOrEqual(row.held)
    expect(await s.stockOf(sku)).toBe(row.on_hand - row.held)
    return row
  }

  /** One page of the staff order list (`query` with its leading ?), as the owner unless told. */
  async function list(query: string, token = tokens.owner) {
    const res = await call('GET', `/orders${query}`, { token })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { data: AdminOrderListItem[]; total_pages: number }
  }

  return {
    t,
    db,
    s,
    methodId,
    call,
    list,
    tokens,
    ids,
    cookieSession,
    placeOrder,
    pay,
    level,
    stored,
    expectInvariant,
  }
}

/** Sets the sellable stock directly (a fixture's starting point, before any stock_levels row exists). */
export async function setStock(ops: Ops, sku: string, stock: number) {
  await setSellableStock(ops.db(), sku, stock)
}

/** The order numbers of a page of the list, in its order. */
export const orderNumbers = (page: { data: AdminOrderListItem[] }) =>
  page.data.map((order) => order.sales_order_number)
