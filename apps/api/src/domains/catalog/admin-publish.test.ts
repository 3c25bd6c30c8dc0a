import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productMedia } from '../../db/schema/index.ts'
import { productFieldWorld, type ProductFieldWorld } from './admin.fixtures.ts'

/**
 * Publishing checks (issue 43) through HTTP: a draft without a size, a picture or stock in any
 * warehouse is refused with 409 naming each missing thing (in the request's language) unless
 * forced; a size cannot be forced; a complete product publishes without force, with no body as
 * before; a forced publication is audited with what it went past; roles are checked as before.
 */

let w: ProductFieldWorld
let owner: string
let merchandiser: string
let marketing: string
let n = 0

beforeAll(async () => {
  w = await productFieldWorld(47)
  owner = w.owner
  merchandiser = await w.staffMember('merchandiser')
  marketing = await w.staffMember('marketing')
})

afterAll(async () => {
  await w?.t.close()
})

/** A draft of brand 9, with a size, a picture and units on hand as asked: its code. */
async function draft(has: { size?: boolean; picture?: boolean; stock?: number }) {
  const code = `PUB-${++n}`
  const created = await w.call('POST', '/products', owner, {
    product_code: code,
    id_brand: 9,
    product_name: `Tunik ${n}`,
  })
  expect(created.statusCode, created.body).toBe(200)
  if (has.size || has.stock) {
    const size = await w.call('POST', `/products/${code}/variants`, owner, {
      sku_product: `${code}-M`,
      ukuran: 'M',
      selling_price: 199_000,
      weight_grams: 300,
    })
    expect(size.statusCode, size.body).toBe(200)
  }
  if (has.stock) {
    const received = await w.call('POST', '/stock/adjust', owner, {
      sku_product: `${code}-M`,
      delta: has.stock,
      reason: 'received',
    })
    expect(received.statusCode, received.body).toBe(200)
  }
  // A picture as an upload leaves it (the upload itself is tested in admin.test.ts).
  if (has.picture)
    await w
      .db()
      .insert(productMedia)
      .values({
        productCode: code,
        type: 'image',
        url: `/media/v1/u/${code}.webp`,
        src: `/media/v1/u/${code}.webp`,
      })
  return code
}

/** POST …/publish as `token`, in `language`, with `body` (none when undefined). */
const publish = (code: string, token: string, body?: object, language = 'en') =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/admin/v1/products/${code}/publish`,
    remoteAddress: `10.47.200.${++n % 250}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    ...(body ? { payload: body } : {}),
  })

const missingOf = (res: Awaited<ReturnType<typeof publish>>) =>
  (res.json().errors as { field: string }[]).map((e) => e.field)

describe('publishing a product', () => {
  it('publishes a complete product without force, with no body as before, and audits it as before', async () => {
    const code = await draft({ size: true, picture: true, stock: 3 })
    const res = await publish(code, merchandiser)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.draft).toBe(false)
    const [row] = await w.auditOf('product.publish', code)
    expect(row?.changes ?? {}).toEqual({})
  })

  it('refuses a product without a picture, naming it (409 STF115), and publishes nothing', async () => {
    const code = await draft({ size: true, stock: 2 })
    const res = await publish(code, merchandiser, {})
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'STF115',
      data: null,
      message: 'This product has no picture',
      errors: [{ field: 'picture', message: 'no picture' }],
    })
    expect((await w.storedProduct(code)).publishedAt).toBeNull()
    expect(await w.auditOf('product.publish', code)).toHaveLength(0)
  })

  it('refuses a product without stock in any warehouse (409 STF115)', async () => {
    const code = await draft({ size: true, picture: true })
    const res = await publish(code, merchandiser, { force: false })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('STF115')
    expect(missingOf(res)).toEqual(['stock'])
    expect(res.json().message).toBe('This product has no stock in any warehouse')
  })

  it('refuses a product without a size (409 STF113), naming everything missing, even when forced', async () => {
    const code = await draft({ picture: true })
    const res = await publish(code, merchandiser)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().code).toBe('STF113')
    expect(missingOf(res)).toEqual(['size', 'stock'])
    const forced = await publish(code, merchandiser, { force: true })
    expect(forced.statusCode).toBe(409)
    expect(forced.json().code).toBe('STF113')
    expect((await w.storedProduct(code)).publishedAt).toBeNull()
  })

  it('names several missing things at once, in English and in Indonesian', async () => {
    const code = await draft({})
    const en = await publish(code, merchandiser, undefined, 'en')
    expect(en.statusCode).toBe(409)
    expect(missingOf(en)).toEqual(['size', 'picture', 'stock'])
    expect(en.json().message).toBe(
      'This product has no size, no picture and no stock in any warehouse: add a size before publishing',
    )
    const id = await publish(code, merchandiser, undefined, 'id')
    expect(id.json().message).toBe(
      'Produk ini belum punya ukuran, belum punya gambar, dan belum punya stok di gudang mana pun: ' +
        'tambahkan ukuran sebelum menerbitkan',
    )
    expect(id.json().errors).toEqual([
      { field: 'size', message: 'belum punya ukuran' },
      { field: 'picture', message: 'belum punya gambar' },
      { field: 'stock', message: 'belum punya stok di gudang mana pun' },
    ])

    const sized = await draft({ size: true })
    const both = await publish(sized, merchandiser, undefined, 'id')
    expect(both.json()).toMatchObject({
      code: 'STF115',
      message: 'Produk ini belum punya gambar dan belum punya stok di gudang mana pun',
    })
    expect(missingOf(both)).toEqual(['picture', 'stock'])
  })

  it('publishes with force past a missing picture and stock, and audits force and what was missing', async () => {
    const code = await draft({ size: true })
    const res = await publish(code, merchandiser, { force: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.draft).toBe(false)
    const [row] = await w.auditOf('product.publish', code)
    expect(row?.changes).toEqual({ force: true, missing: ['picture', 'stock'] })
    // Publishing again changes nothing and asks nothing.
    expect((await publish(code, merchandiser)).statusCode).toBe(200)
    expect(await w.auditOf('product.publish', code)).toHaveLength(2)
  })

  it("shows a forced publication in the shop at once, though the shop's product call said 404 before", async () => {
    const code = await draft({ size: true })
    const shop = () =>
      w.t.app.inject({
        method: 'GET',
        url: `/api/v1/pages/product?product_code=${code}`,
        headers: { 'x-brand-id': '9' },
      })
    expect((await shop()).statusCode).toBe(404)
    expect((await publish(code, merchandiser, { force: true })).statusCode).toBe(200)
    const shown = await shop()
    expect(shown.statusCode, shown.body).toBe(200)
    expect(JSON.stringify(shown.json().data)).toContain(code)
  })

  it('takes an empty JSON body as no body (a client sending only the content type)', async () => {
    const code = await draft({ size: true })
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/products/${code}/publish`,
      remoteAddress: '10.47.201.1',
      headers: { authorization: `Bearer ${merchandiser}`, 'content-type': 'application/json' },
      payload: '',
    })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().code).toBe('STF115')
  })

  it('refuses a body that is not { force }', async () => {
    const code = await draft({ size: true })
    expect((await publish(code, merchandiser, { force: 'yes' })).statusCode).toBe(400)
    expect((await publish(code, merchandiser, { forced: true })).statusCode).toBe(400)
  })

  it('is refused to a role without the catalogue and to a caller who is not staff, forced or not', async () => {
    const code = await draft({ size: true, picture: true, stock: 1 })
    const refused = await publish(code, marketing, { force: true })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('STF003')
    const stranger = await w.t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/products/${code}/publish`,
      payload: { force: true },
    })
    expect(stranger.statusCode).toBe(401)
    expect((await w.storedProduct(code)).publishedAt).toBeNull()
  })
})
