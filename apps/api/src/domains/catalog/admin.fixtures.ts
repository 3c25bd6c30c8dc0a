import { expect } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand } from '../../test/factories.ts'
import { products, staffAuditLog } from '../../db/schema/index.ts'
import { ensureFirstStaff } from '../staff/staff.service.ts'

/**
 * The staff catalogue tests' world: a fresh API with brand 9 and the shop's first member of staff,
 * the owner; and for a product field's tests, JSON calls as a bearer, staff invited by the owner by
 * role, the product page as the public reads it, and the stored row and audit.
 */

export const OWNER = { email: 'owner@busana.test', password: 'owner-password-1' }

/** A fresh API with brand 9 (Busana) and its owner, the first member of staff. */
export async function catalogStaffApp(): Promise<TestApp> {
  const t = await buildTestApp({ seed: false })
  await createBrand(t.database.db, { id: 9, name: 'Busana', slug: 'busana' })
  await ensureFirstStaff(
    t.database.db,
    { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
    { info() {}, warn() {} },
  )
  return t
}

export type ProductFieldWorld = Awaited<ReturnType<typeof productFieldWorld>>

/**
 * catalogStaffApp with the owner signed in; each call from its own address in 10.`subnet`.x.y, so
 * the sign-in limits of one test file never meet another's.
 */
export async function productFieldWorld(subnet: number) {
  const t = await catalogStaffApp()
  const db = () => t.database.db
  let addresses = 0
  const nextAddress = () => `10.${subnet}.${Math.floor(++addresses / 250)}.${addresses % 250}`

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, body?: object) =>
    t.app.inject({
      method,
      url: url.startsWith('/api/') ? url : `/api/admin/v1${url}`,
      remoteAddress: nextAddress(),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    })

  async function bearer(email: string, password: string) {
    const res = await call('POST', '/auth/login', '', { email, password })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.token as string
  }

  const owner = await bearer(OWNER.email, OWNER.password)

  /** A member of staff in `role`, invited by the owner and signed in: their token. */
  async function staffMember(role: string) {
    const invited = await call('POST', '/staff', owner, { email: `${role}@busana.test`, name: role, role })
    expect(invited.statusCode, invited.body).toBe(200)
    const password = `${role}-password-1`
    const accepted = await call('POST', '/auth/accept-invite', '', {
      token: invited.json().data.invite_token,
      password,
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    return bearer(`${role}@busana.test`, password)
  }

  /** The public product page of brand 9: its data. */
  async function publicProduct(code: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pages/product?product_code=${code}`,
      headers: { 'x-brand-id': '9' },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.data as Record<string, unknown>
  }

  const storedProduct = async (code: string) =>
    (await db().select().from(products).where(eq(products.productCode, code)))[0]!

  const auditOf = (action: string, targetId: string) =>
    db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, targetId)))

  return { t, db, call, owner, staffMember, publicProduct, storedProduct, auditOf }
}
