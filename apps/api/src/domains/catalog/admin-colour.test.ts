import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { AdminProduct, AdminProductSummary } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createProduct } from '../../test/factories.ts'
import { products, staffAuditLog } from '../../db/schema/index.ts'
import { ensureFirstStaff } from '../staff/staff.service.ts'

/**
 * A product's colour family through the staff calls (issue 39): set, cleared and refused through
 * PATCH, given on create, carried by the list and the read, audited, and seen on the public
 * product page at once (the change drops the cached answer).
 */

let t: TestApp
const db = () => t.database.db
const OWNER = { email: 'owner@busana.test', password: 'owner-password-1' }
let addresses = 0
const nextAddress = () => `10.39.${Math.floor(++addresses / 250)}.${addresses % 250}`

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, body?: object) =>
  t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/admin/v1${url}`,
    remoteAddress: nextAddress(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  })

/** The public product page of brand 9: its colour_family. */
async function publicColour(code: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/pages/product?product_code=${code}`,
    headers: { 'x-brand-id': '9' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.data.colour_family as string | null
}

const storedColour = async (code: string) =>
  (await db().select().from(products).where(eq(products.productCode, code)))[0]!.colourFamily

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
let warehouse: string

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
  warehouse = await staffMember('warehouse')
  await createProduct(db(), { idBrand: 9, productCode: 'COL-001', productName: 'Kemeja Biru' })
})

afterAll(async () => {
  await t?.close()
})

describe("a product's colour family", () => {
  it('starts as null on the staff read, the list and the public product page', async () => {
    const read = await call('GET', '/products/COL-001', owner)
    expect(read.statusCode, read.body).toBe(200)
    expect((read.json().data as AdminProduct).colour_family).toBeNull()
    expect(await publicColour('COL-001')).toBeNull()
  })

  it('is set by the merchandiser through PATCH, audited, and shown on the (cached) public page at once', async () => {
    // The public answer is cached now; the change must reach it through the cache notice.
    expect(await publicColour('COL-001')).toBeNull()
    const res = await call('PATCH', '/products/COL-001', merchandiser, { colour_family: 'blue' })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json().data as AdminProduct).colour_family).toBe('blue')
    expect(await storedColour('COL-001')).toBe('blue')
    const [audit] = await auditOf('product.update', 'COL-001')
    expect(audit).toMatchObject({ targetType: 'product', changes: { colour_family: 'blue' } })
    expect(await publicColour('COL-001')).toBe('blue')

    const list = await call('GET', '/products?q=col-001', owner)
    expect(list.statusCode, list.body).toBe(200)
    expect((list.json().data as AdminProductSummary[])[0]).toMatchObject({
      product_code: 'COL-001',
      colour_family: 'blue',
    })
  })

  it('refuses warehouse as every catalogue write (403 STF003), leaving it unchanged', async () => {
    const res = await call('PATCH', '/products/COL-001', warehouse, { colour_family: 'red' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'STF003', data: null })
    expect(await storedColour('COL-001')).toBe('blue')
  })

  it('refuses a value off the list with a 400 REQ001 naming colour_family, changing nothing', async () => {
    for (const colour_family of ['navy', 'Blue', '', 7]) {
      const res = await call('PATCH', '/products/COL-001', merchandiser, {
        product_name: 'Renamed',
        colour_family,
      })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe('REQ001')
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['colour_family'])
    }
    const created = await call('POST', '/products', merchandiser, {
      product_code: 'COL-BAD',
      id_brand: 9,
      product_name: 'Bad colour',
      colour_family: 'teal',
    })
    expect(created.statusCode).toBe(400)
    expect(created.json().errors[0].field).toBe('colour_family')
    const [stored] = await db().select().from(products).where(eq(products.productCode, 'COL-001'))
    expect(stored).toMatchObject({ productName: 'Kemeja Biru', colourFamily: 'blue' })
    expect(await db().select().from(products).where(eq(products.productCode, 'COL-BAD'))).toHaveLength(0)
  })

  it('is cleared with null, audited, and the public page follows', async () => {
    const res = await call('PATCH', '/products/COL-001', merchandiser, { colour_family: null })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json().data as AdminProduct).colour_family).toBeNull()
    expect(await storedColour('COL-001')).toBeNull()
    const audits = await auditOf('product.update', 'COL-001')
    expect(audits.map((a) => (a.changes as { colour_family?: unknown }).colour_family)).toEqual([
      'blue',
      null,
    ])
    expect(await publicColour('COL-001')).toBeNull()
  })

  it('is kept when a PATCH leaves it out, and can be given on create', async () => {
    await call('PATCH', '/products/COL-001', owner, { colour_family: 'multi' })
    const renamed = await call('PATCH', '/products/COL-001', owner, { product_name: 'Kemeja Motif' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((renamed.json().data as AdminProduct).colour_family).toBe('multi')

    const created = await call('POST', '/products', merchandiser, {
      product_code: 'COL-NEW',
      id_brand: 9,
      product_name: 'Rok Hijau',
      colour_family: 'green',
    })
    expect(created.statusCode, created.body).toBe(200)
    expect((created.json().data as AdminProduct).colour_family).toBe('green')
    expect(await storedColour('COL-NEW')).toBe('green')
    const [audit] = await auditOf('product.create', 'COL-NEW')
    expect(audit!.changes).toMatchObject({ colour_family: 'green' })
  })
})
