import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { AdminProduct } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createProduct } from '../../test/factories.ts'
import { products, staffAuditLog } from '../../db/schema/index.ts'
import { ensureFirstStaff } from '../staff/staff.service.ts'

/**
 * A product's final sale flag through the staff calls (issue 40: no returns, the product page says
 * so): off by default, set and cleared through PATCH, given on create, refused when not a boolean,
 * audited, and on the public product page at once (the change drops the cached answer).
 */

let t: TestApp
const db = () => t.database.db
const OWNER = { email: 'owner@busana.test', password: 'owner-password-1' }
let addresses = 0
const nextAddress = () => `10.40.${Math.floor(++addresses / 250)}.${addresses % 250}`

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, body?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/v1${url}`,
    remoteAddress: nextAddress(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  })

/** The public product page of brand 9: its final_sale. */
async function publicFinalSale(code: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/pages/product?product_code=${code}`,
    headers: { 'x-brand-id': '9' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.data.final_sale as boolean
}

const storedFinalSale = async (code: string) =>
  (await db().select().from(products).where(eq(products.productCode, code)))[0]!.finalSale

const auditOf = (action: string, targetId: string) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, targetId)))

async function bearer(email: string, password: string) {
  const res = await call('POST', '/auth/login', '', { email, password })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.token as string
}

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

let owner: string
let merchandiser: string
let support: string

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await createBrand(db(), { id: 9, name: 'Busana', slug: 'busana' })
  await ensureFirstStaff(
    db(),
    { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
    { info() {}, warn() {} },
  )
  owner = await bearer(OWNER.email, OWNER.password)
  merchandiser = await staffMember('merchandiser')
  support = await staffMember('support')
  await createProduct(db(), { idBrand: 9, productCode: 'FS-001', productName: 'Kemeja Sale' })
})

afterAll(async () => {
  await t?.close()
})

describe("a product's final sale flag", () => {
  it('starts off on the staff read and on the public product page', async () => {
    const read = await call('GET', '/products/FS-001', owner)
    expect(read.statusCode, read.body).toBe(200)
    expect((read.json().data as AdminProduct).final_sale).toBe(false)
    expect(await publicFinalSale('FS-001')).toBe(false)
  })

  it('is set by the merchandiser through PATCH, audited, and shown on the (cached) public page at once', async () => {
    expect(await publicFinalSale('FS-001')).toBe(false)
    const res = await call('PATCH', '/products/FS-001', merchandiser, { final_sale: true })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json().data as AdminProduct).final_sale).toBe(true)
    expect(await storedFinalSale('FS-001')).toBe(true)
    const [audit] = await auditOf('product.update', 'FS-001')
    expect(audit).toMatchObject({ targetType: 'product', changes: { final_sale: true } })
    expect(await publicFinalSale('FS-001')).toBe(true)
  })

  it('refuses support as every catalogue write (403 STF003), leaving it set', async () => {
    const res = await call('PATCH', '/products/FS-001', support, { final_sale: false })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'STF003', data: null })
    expect(await storedFinalSale('FS-001')).toBe(true)
  })

  it('refuses anything but a boolean with a 400 REQ001 naming final_sale, changing nothing', async () => {
    for (const final_sale of ['yes', 1, null, 'true']) {
      const res = await call('PATCH', '/products/FS-001', merchandiser, {
        product_name: 'Renamed',
        final_sale,
      })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe('REQ001')
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['final_sale'])
    }
    const [stored] = await db().select().from(products).where(eq(products.productCode, 'FS-001'))
    expect(stored).toMatchObject({ productName: 'Kemeja Sale', finalSale: true })
  })

  it('is cleared with false (audited, the public page follows) and kept when a PATCH leaves it out', async () => {
    const cleared = await call('PATCH', '/products/FS-001', owner, { final_sale: false })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((cleared.json().data as AdminProduct).final_sale).toBe(false)
    const audits = await auditOf('product.update', 'FS-001')
    expect(audits.map((a) => (a.changes as { final_sale?: unknown }).final_sale)).toEqual([true, false])
    expect(await publicFinalSale('FS-001')).toBe(false)

    await call('PATCH', '/products/FS-001', owner, { final_sale: true })
    const renamed = await call('PATCH', '/products/FS-001', owner, { product_name: 'Kemeja Obral' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((renamed.json().data as AdminProduct).final_sale).toBe(true)
  })

  it('can be given on create (audited), and is off when left out', async () => {
    const created = await call('POST', '/products', merchandiser, {
      product_code: 'FS-NEW',
      id_brand: 9,
      product_name: 'Rok Obral',
      final_sale: true,
    })
    expect(created.statusCode, created.body).toBe(200)
    expect((created.json().data as AdminProduct).final_sale).toBe(true)
    expect(await storedFinalSale('FS-NEW')).toBe(true)
    const [audit] = await auditOf('product.create', 'FS-NEW')
    expect(audit!.changes).toMatchObject({ final_sale: true })

    const plain = await call('POST', '/products', merchandiser, {
      product_code: 'FS-PLAIN',
      id_brand: 9,
      product_name: 'Rok Biasa',
    })
    expect(plain.statusCode, plain.body).toBe(200)
    expect((plain.json().data as AdminProduct).final_sale).toBe(false)
  })
})
