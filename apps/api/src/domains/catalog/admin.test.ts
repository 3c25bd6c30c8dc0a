import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { AdminProduct } from '@busana/contract/schemas'
import type { TestApp } from '../../test/build-test-app.ts'
import {
  addToCategory,
  createBrand,
  createCategory,
  createOrder,
  createProduct,
  setStock,
} from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import {
  cartLines,
  productImages,
  products,
  salesLines,
  staffAuditLog,
  variants,
} from '../../db/schema/index.ts'
import { STAFF_COOKIE } from '../staff/staff-session.ts'
import { catalogStaffApp, OWNER } from './admin.fixtures.ts'

/**
 * The staff catalogue (issue 14) through HTTP: roles, cookie sessions, drafts hidden from every
 * public read, the merchandiser's journey from a draft to the home carousel, uploads judged by
 * their bytes, variants in open orders, and the audit row of every change.
 */

let t: TestApp
const db = () => t.database.db
let addresses = 0
const nextAddress = () => `10.15.${Math.floor(++addresses / 250)}.${addresses % 250}`

interface CallOptions {
  token?: string
  cookie?: string
  csrf?: string
  body?: object
  multipart?: { filename: string; contentType: string; bytes: Buffer; field?: string }
}

function multipartBody(file: NonNullable<CallOptions['multipart']>) {
  const boundary = `----busana${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, file.bytes, tail]),
    type: `multipart/form-data; boundary=${boundary}`,
  }
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, o: CallOptions = {}) => {
  const form = o.multipart ? multipartBody(o.multipart) : undefined
  return t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/admin/v1${url}`,
    remoteAddress: nextAddress(),
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.cookie ? { cookie: `${STAFF_COOKIE}=${o.cookie}` } : {}),
      ...(o.csrf ? { 'x-csrf-token': o.csrf } : {}),
      ...(form ? { 'content-type': form.type } : {}),
    },
    ...(o.body ? { payload: o.body } : {}),
    ...(form ? { payload: form.payload } : {}),
  })
}

/** A public storefront read of brand 9. */
const shop = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-brand-id': '9', ...headers } })

async function bearer(email: string, password: string) {
  const res = await call('POST', '/auth/login', { body: { email, password } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.token as string
}

async function staffMember(role: string) {
  const email = `${role}@busana.test`
  const invited = await call('POST', '/staff', { token: owner, body: { email, name: role, role } })
  expect(invited.statusCode, invited.body).toBe(200)
  const password = `${role}-password-1`
  const accepted = await call('POST', '/auth/accept-invite', {
    body: { token: invited.json().data.invite_token, password },
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
  return { token: await bearer(email, password), email, password }
}

const auditOf = (action: string, targetId: string) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, targetId)))

/** A real picture of the given size and format. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer()
}

/** CRC-32 of PNG chunks (node 20 has no zlib.crc32). */
function crc32(bytes: Buffer) {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}
/** A small PNG whose header claims width × height: a decompression bomb's signature. */
function pngClaiming(width: number, height: number) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

let owner: string
let merchandiser: { token: string; email: string; password: string }
let warehouse: string
let marketing: string
let member: string
let categoryId: number

beforeAll(async () => {
  t = await catalogStaffApp()
  await createBrand(db(), { id: 5, name: 'Sister', slug: 'sister' })
  owner = await bearer(OWNER.email, OWNER.password)
  merchandiser = await staffMember('merchandiser')
  warehouse = (await staffMember('warehouse')).token
  marketing = (await staffMember('marketing')).token
  member = (await createSignedInMember(db())).token
  categoryId = (await createCategory(db(), { idBrand: 9, name: 'atasan', title: 'Atasan' })).id
  // A published product already listed, so the listing exists before the draft joins it.
  await createProduct(db(), { idBrand: 9, productCode: 'OLD-001', productName: 'Kaos Lama' })
  await addToCategory(db(), categoryId, ['OLD-001'])
})

afterAll(async () => {
  await t?.close()
})

describe('who may call the catalogue', () => {
  it('answers 401 without a session and to a shopper token, 403 STF003 to warehouse and marketing', async () => {
    const none = await call('GET', '/products')
    expect(none.statusCode).toBe(401)
    expect(none.json().code).toBe('STF002')
    const shopper = await call('GET', '/products', { token: member })
    expect(shopper.statusCode).toBe(401)
    expect(shopper.json().code).toBe('STF002')
    for (const token of [warehouse, marketing]) {
      const res = await call('GET', '/products', { token })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ code: 'STF003', data: null })
    }
    expect((await call('GET', '/products', { token: owner })).statusCode).toBe(200)
    expect((await call('GET', '/products', { token: merchandiser.token })).statusCode).toBe(200)
  })

  it('guards every catalogue call: 401 without a session, 403 STF003 for warehouse, marketing and support', async () => {
    const support = (await staffMember('support')).token
    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string][] = [
      ['GET', '/products'],
      ['GET', '/products/OLD-001'],
      ['POST', '/products'],
      ['PATCH', '/products/OLD-001'],
      ['POST', '/products/OLD-001/publish'],
      ['POST', '/products/OLD-001/unpublish'],
      ['PUT', '/products/OLD-001/bundle'],
      ['POST', '/products/OLD-001/variants'],
      ['PATCH', '/products/OLD-001/variants/OLD-001-M'],
      ['DELETE', '/products/OLD-001/variants/OLD-001-M'],
      ['POST', '/products/OLD-001/media/images'],
      ['POST', '/products/OLD-001/media/videos'],
      ['PUT', '/products/OLD-001/media/order'],
      ['DELETE', '/products/OLD-001/media/1'],
      ['GET', '/categories'],
      ['POST', '/categories'],
      ['PATCH', `/categories/${categoryId}`],
      ['DELETE', `/categories/${categoryId}`],
      ['GET', `/categories/${categoryId}/products`],
      ['PUT', `/categories/${categoryId}/products`],
      ['GET', `/categories/${categoryId}/segments`],
      ['POST', `/categories/${categoryId}/segments`],
      ['PATCH', '/segments/1'],
      ['DELETE', '/segments/1'],
      ['GET', '/menus'],
      ['POST', '/menus'],
      ['PATCH', '/menus/1'],
      ['DELETE', '/menus/1'],
      ['GET', '/sliders'],
      ['POST', '/sliders'],
      ['PATCH', '/sliders/1'],
      ['DELETE', '/sliders/1'],
      ['PATCH', '/brands/9'],
    ]
    const body = { product_name: 'x' }
    for (const [method, url] of routes) {
      const withBody = method === 'GET' || method === 'DELETE' ? {} : { body }
      const none = await call(method, url, withBody)
      expect([method, url, none.statusCode, none.json().code]).toEqual([method, url, 401, 'STF002'])
      const shopper = await call(method, url, { token: member, ...withBody })
      expect([method, url, shopper.statusCode]).toEqual([method, url, 401])
      for (const token of [warehouse, marketing, support]) {
        const res = await call(method, url, { token, ...withBody })
        expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 403, 'STF003'])
      }
    }
    // Nothing moved.
    const [product] = await db().select().from(products).where(eq(products.productCode, 'OLD-001'))
    expect(product!.productName).toBe('Kaos Lama')
    expect(
      await db().select().from(staffAuditLog).where(eq(staffAuditLog.targetType, 'product')),
    ).toHaveLength(0)
  })

  it('lets the merchandiser change a price and refuses warehouse and marketing (403, price unchanged)', async () => {
    for (const token of [warehouse, marketing]) {
      const res = await call('PATCH', '/products/OLD-001/variants/OLD-001-M', {
        token,
        body: { selling_price: 1 },
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('STF003')
    }
    const [before] = await db().select().from(variants).where(eq(variants.skuProduct, 'OLD-001-M'))
    expect(before!.sellingPrice).toBe(100_000)
    const res = await call('PATCH', '/products/OLD-001/variants/OLD-001-M', {
      token: merchandiser.token,
      body: { selling_price: 120_000 },
    })
    expect(res.statusCode, res.body).toBe(200)
    const product = res.json().data as AdminProduct
    expect(product.selling_price).toBe(120_000)
    expect(product.variant[0]).toMatchObject({ sku_product: 'OLD-001-M', selling_price: 120_000, stock: 5 })
    const [audit] = await auditOf('variant.update', 'OLD-001')
    expect(audit).toMatchObject({
      targetType: 'product',
      changes: { sku_product: 'OLD-001-M', selling_price: 120_000 },
    })
  })

  it('works with the back office cookie and its CSRF token; a cookie call without it is 403 STF006', async () => {
    const login = await call('POST', '/auth/login', {
      body: { email: merchandiser.email, password: merchandiser.password, session: 'cookie' },
    })
    expect(login.statusCode, login.body).toBe(200)
    const cookie = login.cookies.find((c) => c.name === STAFF_COOKIE)!.value
    const csrf = login.json().data.csrf_token as string
    const body = { product_code: 'CK-001', id_brand: 9, product_name: 'Cookie Shirt' }
    const refused = await call('POST', '/products', { cookie, body })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('STF006')
    expect(await db().select().from(products).where(eq(products.productCode, 'CK-001'))).toHaveLength(0)
    const read = await call('GET', '/products?q=old', { cookie })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().data.map((p: { product_code: string }) => p.product_code)).toEqual(['OLD-001'])
    const created = await call('POST', '/products', { cookie, csrf, body })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json().data).toMatchObject({ product_code: 'CK-001', draft: true, published_at: null })
  })
})

describe("the merchandiser's journey: a draft with variants, a countdown and photos, a bundle, the carousel", () => {
  const code = 'NEW-001'

  it('creates a draft that no public read shows', async () => {
    const res = await call('POST', '/products', {
      token: merchandiser.token,
      body: {
        product_code: code,
        id_brand: 9,
        product_name: 'Kemeja Batik Baru',
        product_name_alt: 'New Batik Shirt',
        description: '<p>Batik <b>tulis</b><script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        countdown: true,
        end_at: '2031-01-31T23:59',
        harga_coret: 400_000,
        product_lable: 'ON-SALE',
        thumbnail: 'BIG',
        related_products: ['old-001'],
        category_ids: [categoryId],
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const product = res.json().data as AdminProduct
    expect(product).toMatchObject({
      draft: true,
      end_at: '2031-01-31T23:59:00+07:00',
      harga_coret: '400000',
      related_products: ['OLD-001'],
      category_ids: [categoryId],
      description_without_tags: 'Batik tulis',
    })
    expect(product.description).not.toMatch(/script|onerror|alert/)
    const [stored] = await db().select().from(products).where(eq(products.productCode, code))
    expect(stored!.endAt!.toISOString()).toBe('2031-01-31T16:59:00.000Z')
    expect(await auditOf('product.create', code)).toHaveLength(1)

    for (const sku of [
      { sku_product: `${code}-M`, ukuran: 'M', selling_price: 300_000, weight_grams: 250 },
      { sku_product: `${code}-XL`, ukuran: 'XL', selling_price: 350_000, weight_grams: 300 },
    ]) {
      const added = await call('POST', `/products/${code}/variants`, { token: merchandiser.token, body: sku })
      expect(added.statusCode, added.body).toBe(200)
    }
    const detail = (await call('GET', `/products/${code}`, { token: owner })).json().data as AdminProduct
    expect(detail).toMatchObject({ selling_price: 300_000, start_price: 300_000, end_price: 350_000 })
    expect(detail.variant.map((v) => [v.sku_product, v.stock])).toEqual([
      [`${code}-M`, 0],
      [`${code}-XL`, 0],
    ])
    // Inventory opened each new size's sellable stock at 0 (issue 42): the stock calls know it.
    const opened = await db().execute(
      sql`select sku_product, stock from sellable_stock where sku_product like ${`${code}-%`} order by 1`,
    )
    expect((opened as unknown as { rows: unknown[] }).rows).toEqual([
      { sku_product: `${code}-M`, stock: 0 },
      { sku_product: `${code}-XL`, stock: 0 },
    ])

    const page = await shop(`/api/v1/pages/product?product_code=${code}`)
    expect(page.statusCode).toBe(404)
    expect(page.json().code).toBe('CAT001')
    const listing = await shop('/api/v1/pages/category?category=atasan&limit=20')
    expect(listing.statusCode, listing.body).toBe(200)
    const listed = listing.json().data.flatMap((g: { item: { product_code: string }[] }) => g.item)
    expect(listed.map((p: { product_code: string }) => p.product_code)).toEqual(['OLD-001'])
    const search = await shop('/api/v1/pages/search?key=batik')
    expect(search.statusCode).toBe(404)
    const { token } = await createSignedInMember(db())
    const bag = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/add',
      headers: { 'x-brand-id': '9', authorization: `Bearer ${token}` },
      payload: { product_code: code, sku_product: `${code}-M`, qty: 1 },
    })
    expect(bag.statusCode).toBe(404)
    const sitemap = await shop('/api/v1/pages/sitemap/urls?id_brand=9&offset=0&limit=100')
    expect(sitemap.body).not.toContain(code.toLowerCase())
  })

  it('refuses bad input with a 400 naming the field and changes nothing', async () => {
    const before = (await call('GET', `/products/${code}`, { token: owner })).json().data
    const bad = await call('PATCH', `/products/${code}`, {
      token: merchandiser.token,
      body: { product_name: 'Renamed', end_at: '2031-02-30T10:00', thumbnail: 'HUGE' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('REQ001')
    const fields = bad.json().errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['end_at', 'thumbnail']))
    const price = await call('PATCH', `/products/${code}/variants/${code}-M`, {
      token: merchandiser.token,
      body: { selling_price: -5 },
    })
    expect(price.statusCode).toBe(400)
    expect(price.json().errors[0].field).toBe('selling_price')
    const unknown = await call('PATCH', `/products/${code}`, {
      token: merchandiser.token,
      body: { related_products: ['NOPE-404'] },
    })
    expect(unknown.statusCode, unknown.body).toBe(422)
    expect(unknown.json().code).toBe('STF106')
    const bundle = await call('PUT', `/products/${code}/bundle`, {
      token: merchandiser.token,
      body: { is_bundling: true, max_bundling: 3, limit_qty_bundling: 2, bundling_option_1: ['OLD-001'] },
    })
    expect(bundle.statusCode).toBe(400)
    expect(bundle.json().errors[0].field).toBe('limit_qty_bundling')
    const after = (await call('GET', `/products/${code}`, { token: owner })).json().data
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null })
  })

  it('takes pictures judged by their bytes, re-encoded to WebP and AVIF and served under /media/v1', async () => {
    const png = await picture(900, 1200)
    const res = await call('POST', `/products/${code}/media/images`, {
      token: merchandiser.token,
      multipart: { filename: 'front.png', contentType: 'image/png', bytes: png },
    })
    expect(res.statusCode, res.body).toBe(200)
    const media = (res.json().data as AdminProduct).url_media
    expect(media).toHaveLength(1)
    expect(media[0]!.url).toMatch(/^\/media\/v1\/u\/[A-Za-z0-9_-]{32}\.webp$/)
    const served = await t.app.inject({ method: 'GET', url: media[0]!.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toContain('immutable')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 900, height: 1200 })
    expect(meta.exif).toBeUndefined()
    const avif = await t.app.inject({ method: 'GET', url: media[0]!.url.replace(/\.webp$/, '.avif') })
    expect(avif.statusCode).toBe(200)
    expect(avif.headers['content-type']).toBe('image/avif')

    // A JPEG with EXIF (a camera's GPS would be in it) comes out without any.
    const jpeg = await sharp(await picture(2400, 3200, 'jpeg'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .jpeg()
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const second = await call('POST', `/products/${code}/media/images`, {
      token: merchandiser.token,
      multipart: { filename: 'back.jpg', contentType: 'image/jpeg', bytes: jpeg },
    })
    expect(second.statusCode, second.body).toBe(200)
    const url = (second.json().data as AdminProduct).url_media[1]!.url
    const big = await t.app.inject({ method: 'GET', url })
    const bigMeta = await sharp(big.rawPayload).metadata()
    expect(bigMeta).toMatchObject({ width: 1200, height: 1600 })
    expect(bigMeta.exif).toBeUndefined()
    expect(big.rawPayload.includes(Buffer.from('secret-location'))).toBe(false)
    expect(await auditOf('media.upload', code)).toHaveLength(2)
  })

  it('refuses abusive uploads: too big, a decompression bomb, SVG with script, a non-picture named .jpg, GIF', async () => {
    const upload = (bytes: Buffer, filename: string, contentType: string) =>
      call('POST', `/products/${code}/media/images`, {
        token: merchandiser.token,
        multipart: { filename, contentType, bytes },
      })
    const oversized = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'huge.jpg', 'image/jpeg')
    expect(oversized.statusCode).toBe(413)
    expect(oversized.json().code).toBe('STF108')
    const bomb = await upload(pngClaiming(30_000, 30_000), 'bomb.png', 'image/png')
    expect(bomb.statusCode).toBe(413)
    expect(bomb.json().code).toBe('STF108')
    const svg = await upload(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
      'pic.svg',
      'image/svg+xml',
    )
    expect(svg.statusCode).toBe(415)
    expect(svg.json().code).toBe('STF107')
    const renamed = await upload(
      Buffer.from('<html><script>alert(1)</script></html>'),
      'photo.jpg',
      'image/jpeg',
    )
    expect(renamed.statusCode).toBe(415)
    expect(renamed.json().code).toBe('STF107')
    const gif = await upload(
      await sharp(await picture(10, 10))
        .gif()
        .toBuffer(),
      'anim.jpg',
      'image/jpeg',
    )
    expect(gif.statusCode).toBe(415)
    const wrongField = await call('POST', `/products/${code}/media/images`, {
      token: merchandiser.token,
      multipart: {
        filename: 'a.png',
        contentType: 'image/png',
        bytes: await picture(10, 10),
        field: 'photo',
      },
    })
    expect(wrongField.statusCode).toBe(400)
    // Nothing of them was kept.
    expect(await db().select().from(productImages).where(eq(productImages.productCode, code))).toHaveLength(2)
  })

  it('adds videos the storefront can play only, reorders and deletes gallery items, at most 12', async () => {
    const insecure = await call('POST', `/products/${code}/media/videos`, {
      token: merchandiser.token,
      body: { url: 'http://example.com/a.mp4', poster: '/media/v1/u/x.webp' },
    })
    expect(insecure.statusCode).toBe(400)
    expect(insecure.json().errors[0].field).toBe('url')
    const script = await call('POST', `/products/${code}/media/videos`, {
      token: merchandiser.token,
      body: { url: 'javascript:alert(1)//.mp4', poster: '/media/fallback.svg' },
    })
    expect(script.statusCode).toBe(400)
    // Issue 26: what the page policy would block, or no player could play, is refused with its field.
    for (const [body, field] of [
      [{ url: 'https://cdn.example.com/clip.mp4', poster: '/media/fallback.svg' }, 'url'],
      [{ url: 'https://www.youtube.com/watch?v=abc', poster: '/media/fallback.svg' }, 'url'],
      [{ url: 'https://www.youtube.com/channel/UC1234567890', poster: '/media/fallback.svg' }, 'url'],
      [{ url: 'https://youtu.be/dQw4w9WgXcQ', poster: 'https://img.example.com/poster.jpg' }, 'poster'],
    ] as const) {
      const refused = await call('POST', `/products/${code}/media/videos`, {
        token: merchandiser.token,
        body,
      })
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
      expect(refused.json().errors[0].field).toBe(field)
    }
    const video = await call('POST', `/products/${code}/media/videos`, {
      token: merchandiser.token,
      body: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', poster: '/media/fallback.svg' },
    })
    expect(video.statusCode, video.body).toBe(200)
    const items = (video.json().data as AdminProduct).url_media
    expect(items.map((m) => m.type)).toEqual(['image', 'image', 'video'])
    const ids = items.map((m) => m.id)
    const partial = await call('PUT', `/products/${code}/media/order`, {
      token: owner,
      body: { ids: [ids[2]] },
    })
    expect(partial.statusCode).toBe(422)
    expect(partial.json().code).toBe('STF114')
    const order = [ids[1]!, ids[0]!, ids[2]!]
    const reordered = await call('PUT', `/products/${code}/media/order`, {
      token: owner,
      body: { ids: order },
    })
    expect(reordered.statusCode, reordered.body).toBe(200)
    expect((reordered.json().data as AdminProduct).url_media.map((m) => m.id)).toEqual(order)
    // Fill the gallery to 12, then the 13th is refused.
    for (let i = 3; i < 12; i++) {
      const res = await call('POST', `/products/${code}/media/videos`, {
        token: owner,
        body: { url: `/media/video/clip-${i}.mp4`, poster: '/media/fallback.svg' },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const full = await call('POST', `/products/${code}/media/images`, {
      token: owner,
      multipart: { filename: 'a.png', contentType: 'image/png', bytes: await picture(20, 20) },
    })
    expect(full.statusCode).toBe(409)
    expect(full.json().code).toBe('STF109')
    // Delete the videos again, and the first picture with its bytes.
    const all = (await call('GET', `/products/${code}`, { token: owner })).json().data as AdminProduct
    for (const item of all.url_media.filter((m) => m.type === 'video')) {
      expect((await call('DELETE', `/products/${code}/media/${item.id}`, { token: owner })).statusCode).toBe(
        200,
      )
    }
    const first = all.url_media[0]!
    expect((await call('DELETE', `/products/${code}/media/${first.id}`, { token: owner })).statusCode).toBe(
      200,
    )
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404)
    expect((await call('DELETE', `/products/${code}/media/${first.id}`, { token: owner })).json().code).toBe(
      'STF110',
    )
  })

  it('composes a bundle with the product’s rules', async () => {
    await createProduct(db(), { idBrand: 9, productCode: 'SET-001', productName: 'Paket Hemat', sizes: [] })
    await db().insert(variants).values({
      skuProduct: 'SET-001-SET',
      productCode: 'SET-001',
      ukuran: 'ALL SIZE',
      sellingPrice: 500_000,
    })
    await setStock(db(), 'SET-001-SET', 5)
    const self = await call('PUT', '/products/SET-001/bundle', {
      token: merchandiser.token,
      body: { is_bundling: true, max_bundling: 2, limit_qty_bundling: 1, bundling_option_1: ['SET-001'] },
    })
    expect(self.statusCode).toBe(422)
    expect(self.json().code).toBe('STF105')
    const ok = await call('PUT', '/products/SET-001/bundle', {
      token: merchandiser.token,
      body: {
        is_bundling: true,
        max_bundling: 2,
        limit_qty_bundling: 1,
        bundling_option_1: ['OLD-001', code],
        bundling_option_2: ['OLD-001'],
      },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toMatchObject({ is_bundling: true, bundling_option_1: ['OLD-001', code] })
    const second = await call('POST', '/products/SET-001/variants', {
      token: merchandiser.token,
      body: { sku_product: 'SET-001-B', ukuran: 'B', selling_price: 1000, weight_grams: 100 },
    })
    expect(second.statusCode).toBe(422)
    expect(second.json().code).toBe('STF105')
    // A bundle cannot be an option of another bundle.
    const nested = await call('PUT', `/products/${code}/bundle`, {
      token: merchandiser.token,
      body: { is_bundling: true, max_bundling: 1, limit_qty_bundling: 0, bundling_option_1: ['SET-001'] },
    })
    expect(nested.statusCode).toBe(422)
    // The public page shows only published options: the draft is left out for now.
    const page = await shop('/api/v1/pages/product?product_code=SET-001')
    expect(page.statusCode, page.body).toBe(200)
    expect(
      page.json().data.data.bundling_option_1.map((p: { product_code: string }) => p.product_code),
    ).toEqual(['OLD-001'])
  })

  it('puts it on the home carousel; publishing shows it everywhere, unpublishing hides it again', async () => {
    const slider = await call('POST', '/sliders', {
      token: merchandiser.token,
      body: {
        id_brand: 9,
        category_name: 'atasan',
        title: 'Baru',
        product_codes: ['OLD-001', code],
        priority: 1,
      },
    })
    expect(slider.statusCode, slider.body).toBe(200)
    expect(slider.json().data.product_codes).toEqual(['OLD-001', code])
    const codesOnHome = async () =>
      (await shop('/api/v1/pages/home'))
        .json()
        .data.slider.flatMap((s: { item: { product_code: string }[] }) => s.item.map((i) => i.product_code))
    expect(await codesOnHome()).toEqual(['OLD-001'])

    // No stock arrived yet: published anyway (issue 43's check, admin-publish.test.ts).
    const published = await call('POST', `/products/${code}/publish`, {
      token: merchandiser.token,
      body: { force: true },
    })
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json().data.draft).toBe(false)
    expect(await auditOf('product.publish', code)).toHaveLength(1)

    expect(await codesOnHome()).toEqual(['OLD-001', code])
    const page = await shop(`/api/v1/pages/product?product_code=${code.toLowerCase()}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().data.data).toMatchObject({
      product_code: code,
      start_price: 300_000,
      end_price: 350_000,
      countdown: true,
      end_at: '2031-01-31T23:59:00+07:00',
      thumbnail: 'BIG',
    })
    expect(page.json().data.data.url_image).toMatch(/^\/media\/v1\/u\/.+\.webp$/)
    const listing = await shop('/api/v1/pages/category?category=atasan&limit=20')
    expect(listing.json().data.flatMap((g: { item: unknown[] }) => g.item)).toHaveLength(2)
    const search = await shop('/api/v1/pages/search?key=batik')
    expect(search.statusCode, search.body).toBe(200)
    expect(search.json().data[0].product_code).toBe(code)

    const unpublished = await call('POST', `/products/${code}/unpublish`, { token: owner })
    expect(unpublished.statusCode).toBe(200)
    expect((await shop(`/api/v1/pages/product?product_code=${code}`)).statusCode).toBe(404)
    expect(await codesOnHome()).toEqual(['OLD-001'])
    await call('POST', `/products/${code}/publish`, { token: owner, body: { force: true } })
  })

  it('shows a published change on the public read that had cached the old answer', async () => {
    const url = '/api/v1/pages/product?product_code=OLD-001'
    const first = await shop(url)
    expect(first.json().data.data.product_name).toBe('Kaos Lama')
    const again = await shop(url)
    expect(again.headers.etag).toBe(first.headers.etag)
    const renamed = await call('PATCH', '/products/OLD-001', {
      token: merchandiser.token,
      body: { product_name: 'Kaos Favorit', harga_coret: 150_000 },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const after = await shop(url)
    expect(after.json().data.data).toMatchObject({ product_name: 'Kaos Favorit', harga_coret: '150000' })
    // The renamed product is found by its new name (search_words kept by the trigger).
    const search = await shop('/api/v1/pages/search?key=favorit')
    expect(search.statusCode, search.body).toBe(200)
    // ... and with a typo: the new word is in the search vocabulary (search_words, kept by its trigger).
    const typo = await shop('/api/v1/pages/search?key=favorti')
    expect(typo.statusCode, typo.body).toBe(200)
    expect(typo.json().data[0].product_code).toBe('OLD-001')
    // The owner reads the change in the audit log, filtered by its action.
    const audit = await call('GET', '/audit?action=product.update', { token: owner })
    expect(audit.statusCode, audit.body).toBe(200)
    expect(audit.json().data[0]).toMatchObject({
      action: 'product.update',
      target_type: 'product',
      target_id: 'OLD-001',
      staff_email: merchandiser.email,
      changes: { product_name: 'Kaos Favorit', harga_coret: 150_000 },
    })
  })
})

describe('variants in orders and bags', () => {
  it('refuses to remove a variant of an open order (409 STF104), allows it once the order is done', async () => {
    await createProduct(db(), {
      idBrand: 9,
      productCode: 'ORD-VAR',
      sizes: [{ ukuran: 'S' }, { ukuran: 'L' }],
    })
    const { idPelanggan } = await createSignedInMember(db())
    const order = await createOrder(db(), { idPelanggan, status: 'Paid' })
    await db().insert(salesLines).values({
      idSalesHeader: order.idSalesHeader,
      productCode: 'ORD-VAR',
      skuProduct: 'ORD-VAR-S',
      productMasterName: 'x',
      ukuran: 'S',
      idBrand: 9,
      quantity: 1,
      hargaJual: 100_000,
    })
    const refused = await call('DELETE', '/products/ORD-VAR/variants/ORD-VAR-S', {
      token: merchandiser.token,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('STF104')
    expect(await db().select().from(variants).where(eq(variants.skuProduct, 'ORD-VAR-S'))).toHaveLength(1)

    // In a bag only: removed; the bag line stays and shows as unavailable.
    const shopper = await createSignedInMember(db())
    await db().insert(cartLines).values({
      idPelanggan: shopper.idPelanggan,
      productCode: 'ORD-VAR',
      skuProduct: 'ORD-VAR-L',
      lineKey: 'ORD-VAR-L',
      qty: 1,
    })
    const removed = await call('DELETE', '/products/ORD-VAR/variants/ORD-VAR-L', {
      token: merchandiser.token,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((removed.json().data as AdminProduct).variant.map((v) => v.sku_product)).toEqual(['ORD-VAR-S'])
    expect(await auditOf('variant.delete', 'ORD-VAR')).toHaveLength(1)

    // The last variant of a published product stays.
    const { salesHeaders } = await import('../../db/schema/index.ts')
    await db()
      .update(salesHeaders)
      .set({ status: 'Success' })
      .where(eq(salesHeaders.idSalesHeader, order.idSalesHeader))
    const last = await call('DELETE', '/products/ORD-VAR/variants/ORD-VAR-S', { token: merchandiser.token })
    expect(last.statusCode).toBe(409)
    expect(last.json().code).toBe('STF113')
  })
})

describe('the product list', () => {
  it('filters by state, brand and words, and pages', async () => {
    const list = async (query: string) => {
      const res = await call('GET', `/products${query}`, { token: merchandiser.token })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { data: { product_code: string; draft: boolean }[]; total_pages: number }
    }
    const drafts = await list('?state=draft')
    expect(drafts.data.length).toBeGreaterThan(0)
    expect(drafts.data.every((p) => p.draft)).toBe(true)
    expect((await list('?state=published')).data.every((p) => !p.draft)).toBe(true)
    expect((await list('?id_brand=5')).data).toEqual([])
    expect((await list('?q=batik')).data.map((p) => p.product_code)).toEqual(['NEW-001'])
    expect((await list('?q=100%25')).data).toEqual([])
    const paged = await list('?per_page=1&page=2')
    expect(paged.data).toHaveLength(1)
    expect(paged.total_pages).toBeGreaterThan(2)
    const bad = await call('GET', '/products?state=hidden&per_page=0', { token: owner })
    expect(bad.statusCode).toBe(400)
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['per_page', 'state'])
  })

  it('keeps prices right when variants are added at the same time', async () => {
    await createProduct(db(), { idBrand: 9, productCode: 'PAR-001', sizes: [] })
    const prices = [210_000, 190_000, 250_000, 230_000]
    const results = await Promise.all(
      prices.map((price, i) =>
        call('POST', '/products/PAR-001/variants', {
          token: merchandiser.token,
          body: { sku_product: `PAR-001-${i}`, ukuran: `S${i}`, selling_price: price, weight_grams: 200 },
        }),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
    const [row] = await db().select().from(products).where(eq(products.productCode, 'PAR-001'))
    expect([row!.sellingPrice, row!.startPrice, row!.endPrice]).toEqual([190_000, 190_000, 250_000])
  })
})

describe('a product taken back to draft', () => {
  it('leaves bag lines unbuyable and refuses wishlist adds until it is published again', async () => {
    await createProduct(db(), { idBrand: 9, productCode: 'BAG-001', productName: 'Tas Kanvas' })
    const shopper = await createSignedInMember(db())
    const headers = { 'x-brand-id': '9', authorization: `Bearer ${shopper.token}` }
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/add',
      headers,
      payload: { product_code: 'BAG-001', sku_product: 'BAG-001-M', qty: 1 },
    })
    expect(add.statusCode, add.body).toBe(200)
    const bag = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers })).json().data as {
        sku_product: string
        available: boolean
      }[]
    expect(await bag()).toEqual([expect.objectContaining({ sku_product: 'BAG-001-M', available: true })])

    expect(
      (await call('POST', '/products/BAG-001/unpublish', { token: merchandiser.token })).statusCode,
    ).toBe(200)
    expect(await bag()).toEqual([expect.objectContaining({ sku_product: 'BAG-001-M', available: false })])
    const wish = await t.app.inject({
      method: 'POST',
      url: '/api/v2/member/wishlist',
      headers,
      payload: { product_code: 'BAG-001' },
    })
    expect(wish.statusCode).toBe(404)
    const reviews = await shop('/api/v1/pages/product_rating/BAG-001')
    expect(reviews.statusCode).toBe(404)

    const republished = await call('POST', '/products/BAG-001/publish', {
      token: merchandiser.token,
      body: { force: true },
    })
    expect(republished.statusCode, republished.body).toBe(200)
    expect(await bag()).toEqual([expect.objectContaining({ sku_product: 'BAG-001-M', available: true })])
  })
})

describe('categories, menus, brands', () => {
  it('creates, renames and deletes a category; menus follow; names are unique per brand', async () => {
    const created = await call('POST', '/categories', {
      token: merchandiser.token,
      body: {
        id_brand: 9,
        name: 'bawahan',
        title: 'Bawahan',
        in_grid: true,
        url_image: '/media/fallback.svg',
      },
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data.id as number
    const clash = await call('POST', '/categories', {
      token: merchandiser.token,
      body: { id_brand: 9, name: 'bawahan', title: 'Again' },
    })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().code).toBe('STF112')
    const badName = await call('POST', '/categories', {
      token: merchandiser.token,
      body: { id_brand: 9, name: 'Bad Name!', title: 'x' },
    })
    expect(badName.statusCode).toBe(400)
    expect(badName.json().errors[0].field).toBe('name')

    const menu = await call('POST', '/menus', {
      token: merchandiser.token,
      body: { id_brand: 9, name: 'Bawahan', category_name: 'bawahan' },
    })
    expect(menu.statusCode, menu.body).toBe(200)
    const child = await call('POST', '/menus', {
      token: merchandiser.token,
      body: { id_brand: 9, name: 'Celana', parent_id: menu.json().data.id },
    })
    expect(child.statusCode, child.body).toBe(200)
    const loop = await call('PATCH', `/menus/${menu.json().data.id}`, {
      token: merchandiser.token,
      body: { parent_id: child.json().data.id },
    })
    expect(loop.statusCode).toBe(422)

    const renamed = await call('PATCH', `/categories/${id}`, { token: owner, body: { name: 'celana' } })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const nav = await shop('/api/v2/pages/menu')
    expect(nav.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Bawahan', category_name: 'celana' })]),
    )
    const grid = (await shop('/api/v1/pages/home')).json().data.category
    expect(grid).toEqual([{ category_name: 'celana', url_image: '/media/fallback.svg' }])

    expect((await call('DELETE', `/categories/${id}`, { token: owner })).statusCode).toBe(200)
    expect((await call('DELETE', `/categories/${id}`, { token: owner })).json().code).toBe('STF111')
    expect(await auditOf('category.delete', String(id))).toHaveLength(1)
    expect((await call('DELETE', `/menus/${menu.json().data.id}`, { token: owner })).statusCode).toBe(200)
    expect((await call('GET', '/menus?id_brand=9', { token: owner })).json().data).toEqual([])
  })

  it("arranges a category's listing in segments; the storefront listing follows", async () => {
    const segment = await call('POST', `/categories/${categoryId}/segments`, {
      token: merchandiser.token,
      body: { name: 'Pilihan Minggu Ini', img1: '/media/fallback.svg', priority: 1 },
    })
    expect(segment.statusCode, segment.body).toBe(200)
    const segmentId = segment.json().data.id as number
    const foreign = await call('PUT', `/categories/${categoryId}/products`, {
      token: merchandiser.token,
      body: { products: [{ product_code: 'OLD-001', segment_id: 99999 }] },
    })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().code).toBe('STF106')
    const set = await call('PUT', `/categories/${categoryId}/products`, {
      token: merchandiser.token,
      body: {
        products: [
          { product_code: 'new-001', segment_id: segmentId },
          { product_code: 'OLD-001', segment_id: null },
        ],
      },
    })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().data).toMatchObject([
      { product_code: 'NEW-001', segment_id: segmentId, position: 0, draft: false },
      { product_code: 'OLD-001', segment_id: null, position: 1, draft: false },
    ])
    const listing = await shop('/api/v1/pages/category?category=atasan&limit=20')
    expect(
      listing
        .json()
        .data.map((g: { name: string; img1: string; item: { product_code: string }[] }) => [
          g.name,
          g.img1,
          g.item.map((i) => i.product_code),
        ]),
    ).toEqual([
      ['Pilihan Minggu Ini', '/media/fallback.svg', ['NEW-001']],
      ['', '', ['OLD-001']],
    ])
    expect((await call('DELETE', `/segments/${segmentId}`, { token: owner })).statusCode).toBe(200)
    const after = await call('GET', `/categories/${categoryId}/products`, { token: owner })
    expect(after.json().data.map((p: { segment_id: number | null }) => p.segment_id)).toEqual([null, null])
  })

  it('lists brands and changes a tagline; marketing may not', async () => {
    const list = await call('GET', '/brands', { token: merchandiser.token })
    expect(list.json().data.map((b: { id: number }) => b.id)).toEqual([5, 9])
    // Every role reads the names: orders, stock, reviews and stores show them (issue 43).
    for (const token of [warehouse, marketing]) {
      const named = await call('GET', '/brands', { token })
      expect(named.statusCode, named.body).toBe(200)
      expect(named.json().data.map((b: { id: number; name: string }) => [b.id, b.name])).toEqual(
        list.json().data.map((b: { id: number; name: string }) => [b.id, b.name]),
      )
    }
    const stranger = await call('GET', '/brands', { token: member })
    expect(stranger.statusCode).toBe(401)
    const refused = await call('PATCH', '/brands/9', { token: marketing, body: { tagline: 'x' } })
    expect(refused.statusCode).toBe(403)
    const res = await call('PATCH', '/brands/9', {
      token: merchandiser.token,
      body: { tagline: 'Gaya setiap hari' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const site = await shop('/api/v1/pages/site')
    expect(site.json().data.brand.tagline).toBe('Gaya setiap hari')
    expect((await call('PATCH', '/brands/77', { token: owner, body: { name: 'x' } })).json().code).toBe(
      'STF111',
    )
  })
})
