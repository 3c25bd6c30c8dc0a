import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { AdminProduct } from '@busana/contract/schemas'
import { createProduct } from '../../test/factories.ts'
import { products } from '../../db/schema/index.ts'
import { productFieldWorld, type ProductFieldWorld } from './admin.fixtures.ts'

/**
 * A product's final sale flag through the staff calls (issue 40: no returns, the product page says
 * so): off by default, set and cleared through PATCH, given on create, refused when not a boolean,
 * audited, and on the public product page at once (the change drops the cached answer).
 */

let w: ProductFieldWorld
const db = () => w.db()
const call = (...args: Parameters<ProductFieldWorld['call']>) => w.call(...args)
const auditOf = (action: string, targetId: string) => w.auditOf(action, targetId)

/** The public product page of brand 9: its final_sale. */
const publicFinalSale = async (code: string) => (await w.publicProduct(code)).final_sale as boolean

const storedFinalSale = async (code: string) => (await w.storedProduct(code)).finalSale

let owner: string
let merchandiser: string
let support: string

beforeAll(async () => {
  w = await productFieldWorld(40)
  owner = w.owner
  merchandiser = await w.staffMember('merchandiser')
  support = await w.staffMember('support')
  await createProduct(db(), { idBrand: 9, productCode: 'FS-001', productName: 'Kemeja Sale' })
})

afterAll(async () => {
  await w?.t.close()
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
