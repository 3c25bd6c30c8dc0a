import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { AdminProduct, AdminProductSummary } from '@busana/contract/schemas'
import { createProduct } from '../../test/factories.ts'
import { products } from '../../db/schema/index.ts'
import { productFieldWorld, type ProductFieldWorld } from './admin.fixtures.ts'

/**
 * A product's colour family through the staff calls (issue 39): set, cleared and refused through
 * PATCH, given on create, carried by the list and the read, audited, and seen on the public
 * product page at once (the change drops the cached answer).
 */

let w: ProductFieldWorld
const db = () => w.db()
const call = (...args: Parameters<ProductFieldWorld['call']>) => w.call(...args)
const auditOf = (action: string, targetId: string) => w.auditOf(action, targetId)

/** The public product page of brand 9: its colour_family. */
const publicColour = async (code: string) => (await w.publicProduct(code)).colour_family as string | null

const storedColour = async (code: string) => (await w.storedProduct(code)).colourFamily

let owner: string
let merchandiser: string
let warehouse: string

beforeAll(async () => {
  w = await productFieldWorld(39)
  owner = w.owner
  merchandiser = await w.staffMember('merchandiser')
  warehouse = await w.staffMember('warehouse')
  await createProduct(db(), { idBrand: 9, productCode: 'COL-001', productName: 'Kemeja Biru' })
})

afterAll(async () => {
  await w?.t.close()
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
