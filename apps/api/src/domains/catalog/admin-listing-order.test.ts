import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addToCategory, createBrand, createCategory, createProduct } from '../../test/factories.ts'
import { productFieldWorld, type ProductFieldWorld } from './admin.fixtures.ts'

/**
 * The order of a category's listing (issue 43, part 1): merchandisers move products inside it by
 * POST …/categories/{id}/products/reorder, the storefront's default order follows at once, and only
 * the order changes (a product added meanwhile keeps its place).
 */
let w: ProductFieldWorld
let categoryId: number
let merchandiser: string

const codes = ['ORD-A', 'ORD-B', 'ORD-C', 'ORD-D', 'ORD-E']

const shopOrder = async () => {
  const res = await w.t.app.inject({
    method: 'GET',
    url: '/api/v1/pages/category?category=new-drop&limit=50',
    headers: { 'x-brand-id': '9' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().data as { item: { product_code: string }[] }[]).flatMap((g) =>
    g.item.map((i) => i.product_code),
  )
}

const stored = async () => {
  const res = await w.call('GET', `/categories/${categoryId}/products`, merchandiser)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { product_code: string; position: number; product_name: string; draft: boolean }[]
}

const reorder = (moves: object[], token = merchandiser, id = categoryId) =>
  w.call('POST', `/categories/${id}/products/reorder`, token, { moves })

beforeAll(async () => {
  w = await productFieldWorld(43)
  const category = await createCategory(w.db(), { idBrand: 9, name: 'new-drop', title: 'New Drop' })
  categoryId = category.id
  for (const code of codes)
    await createProduct(w.db(), { productCode: code, idBrand: 9, productName: `Kaos ${code.slice(-1)}` })
  await addToCategory(w.db(), categoryId, codes)
  merchandiser = await w.staffMember('merchandiser')
})

afterAll(async () => {
  await w?.t.close()
})

describe("a category's listing order", () => {
  it('lists the stored order with the name, first picture and draft state a merchandiser places by', async () => {
    const rows = await stored()
    expect(rows.map((r) => r.product_code)).toEqual(codes)
    expect(rows[0]).toEqual({
      product_code: 'ORD-A',
      segment_id: null,
      position: 0,
      product_name: 'Kaos A',
      url_image: '/img/ord-a-1.jpg',
      draft: false,
    })
  })

  it('moves a product to the top, down and past the end; the storefront follows at once; audited', async () => {
    expect(await shopOrder()).toEqual(codes)
    const top = await reorder([{ product_code: 'ord-e', position: 0 }])
    expect(top.statusCode, top.body).toBe(200)
    expect(top.json().data.map((r: { product_code: string }) => r.product_code)).toEqual([
      'ORD-E',
      'ORD-A',
      'ORD-B',
      'ORD-C',
      'ORD-D',
    ])
    expect(top.json().data.map((r: { position: number }) => r.position)).toEqual([0, 1, 2, 3, 4])
    // The public listing had cached the old order: the change shows at once.
    expect(await shopOrder()).toEqual(['ORD-E', 'ORD-A', 'ORD-B', 'ORD-C', 'ORD-D'])

    const several = await reorder([
      { product_code: 'ORD-A', position: 2 },
      { product_code: 'ORD-E', position: 999 },
    ])
    expect(several.statusCode, several.body).toBe(200)
    expect(await shopOrder()).toEqual(['ORD-B', 'ORD-A', 'ORD-C', 'ORD-D', 'ORD-E'])
    const audit = await w.auditOf('category.reorder', String(categoryId))
    expect(audit).toHaveLength(2)
  })

  it('keeps a product added meanwhile where it was put (only the order of the named ones changes)', async () => {
    await createProduct(w.db(), { productCode: 'ORD-F', idBrand: 9 })
    await addToCategory(w.db(), categoryId, ['ORD-F'], { startPosition: 5 })
    const moved = await reorder([{ product_code: 'ORD-D', position: 0 }])
    expect(moved.statusCode, moved.body).toBe(200)
    expect((await stored()).map((r) => r.product_code)).toEqual([
      'ORD-D',
      'ORD-B',
      'ORD-A',
      'ORD-C',
      'ORD-E',
      'ORD-F',
    ])
  })

  it('refuses a product not in the listing (422 STF106), bad moves (400), an unknown category (404) and changes nothing', async () => {
    const before = (await stored()).map((r) => r.product_code)
    await createBrand(w.db(), { id: 10, name: 'Other', slug: 'other' })
    await createProduct(w.db(), { productCode: 'ELSEWHERE', idBrand: 9 })
    const outside = await reorder([
      { product_code: 'ORD-B', position: 0 },
      { product_code: 'ELSEWHERE', position: 0 },
    ])
    expect(outside.statusCode).toBe(422)
    expect(outside.json().code).toBe('STF106')
    expect(outside.json().message).toContain('ELSEWHERE')
    for (const moves of [[], [{ product_code: 'ORD-B', position: -1 }], [{ product_code: 'ORD-B' }]]) {
      const bad = await reorder(moves)
      expect(bad.statusCode, JSON.stringify(moves)).toBe(400)
      expect(bad.json().code).toBe('REQ001')
    }
    const unknown = await reorder([{ product_code: 'ORD-B', position: 0 }], merchandiser, 999_999)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('STF111')
    expect((await stored()).map((r) => r.product_code)).toEqual(before)
  })

  it('puts a product newly put in a category at its bottom, or at its top when the category says so; the shop follows', async () => {
    const made = await w.call('POST', '/categories', merchandiser, {
      id_brand: 9,
      name: 'fresh',
      title: 'Fresh',
    })
    expect(made.statusCode, made.body).toBe(200)
    const fresh = made.json().data as { id: number; new_products: string }
    expect(fresh.new_products).toBe('bottom')
    const put = async (code: string) => {
      const res = await w.call('PATCH', `/products/${code}`, merchandiser, {
        category_ids: [categoryId, fresh.id],
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const freshOrder = async () => {
      const res = await w.call('GET', `/categories/${fresh.id}/products`, merchandiser)
      return (res.json().data as { product_code: string }[]).map((r) => r.product_code)
    }
    const shopFresh = async () => {
      const res = await w.t.app.inject({
        method: 'GET',
        url: '/api/v1/pages/category?category=fresh&limit=50',
        headers: { 'x-brand-id': '9' },
      })
      return (res.json().data as { item: { product_code: string }[] }[]).flatMap((g) =>
        g.item.map((i) => i.product_code),
      )
    }
    await put('ORD-A')
    await put('ORD-B')
    expect(await freshOrder()).toEqual(['ORD-A', 'ORD-B'])
    expect(await shopFresh()).toEqual(['ORD-A', 'ORD-B'])

    const top = await w.call('PATCH', `/categories/${fresh.id}`, merchandiser, { new_products: 'top' })
    expect(top.statusCode, top.body).toBe(200)
    expect(top.json().data.new_products).toBe('top')
    await put('ORD-C')
    await put('ORD-E')
    expect(await freshOrder()).toEqual(['ORD-E', 'ORD-C', 'ORD-A', 'ORD-B'])
    expect(await shopFresh()).toEqual(['ORD-E', 'ORD-C', 'ORD-A', 'ORD-B'])
    // New Drop, left at the bottom setting, kept its members where they were.
    expect((await stored()).map((r) => r.product_code)).toEqual([
      'ORD-D',
      'ORD-B',
      'ORD-A',
      'ORD-C',
      'ORD-E',
      'ORD-F',
    ])

    const wrong = await w.call('PATCH', `/categories/${fresh.id}`, merchandiser, { new_products: 'middle' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('REQ001')
    const listed = await w.call('GET', '/categories?id_brand=9', merchandiser)
    const row = (listed.json().data as { id: number; new_products: string }[]).find((c) => c.id === fresh.id)
    expect(row?.new_products).toBe('top')
  })

  it('is for catalogue staff: 401 without a session, 403 to warehouse staff', async () => {
    expect((await reorder([{ product_code: 'ORD-B', position: 0 }], '')).statusCode).toBe(401)
    const warehouse = await w.staffMember('warehouse')
    const refused = await reorder([{ product_code: 'ORD-B', position: 0 }], warehouse)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('STF003')
  })
})
