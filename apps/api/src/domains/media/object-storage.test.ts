import { createServer } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { CATALOG_MEDIA_MAX, type AdminProduct } from '@busana/contract/schemas'
import { buildApi } from '../../app.ts'
import type { Config } from '../../config.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { fakeS3Env, startFakeS3, type FakeS3 } from '../../test/fake-s3.ts'
import {
  productImages,
  productMedia,
  productReviews,
  reviewPhotos,
  staffAuditLog,
} from '../../db/schema/index.ts'
import { ensureFirstStaff } from '../staff/staff.service.ts'
import { createOrderWithLines } from '../reviews/reviews.fixtures.ts'

/**
 * Uploaded pictures in an S3-compatible bucket (decision 046), through HTTP against a local fake
 * bucket: with STORAGE=s3 a product picture and a review photo put their bytes in the bucket and
 * not in the database, and are served at the same URLs with the same caching; pictures stored in
 * the database before the switch are still served, and the bucket's after a switch back; a bucket
 * that is down, slow or refuses one object stores nothing and answers 503 MED001; a read it fails
 * is 502 MED002, a missing object 404, never a 500.
 */

let t: TestApp
let fake: FakeS3
const db = () => t.database.db
const OWNER = { email: 'owner@busana.test', password: 'owner-password-1' }
let staffToken = ''
let addresses = 0
const nextAddress = () => `10.46.${Math.floor(++addresses / 250)}.${addresses % 250}`
const others: FastifyInstance[] = []

/** Another API process on the same database with other storage settings (a rolling switch). */
async function apiWith(changes: Partial<Config>) {
  const app = await buildApi({ config: { ...t.config, ...changes }, database: t.database, logger: false })
  await app.ready()
  others.push(app)
  return app
}

interface Part {
  name: string
  value: string | Buffer
  filename?: string
  type?: string
}

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----busana${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`
    const type = part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`))
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer()

/** POST /api/admin/v1/products/{code}/media/images as the owner, on `app` (the s3 one by default). */
async function uploadPicture(code: string, app: FastifyInstance = t.app) {
  const { payload, contentType } = multipart([
    { name: 'file', value: await picture(600, 800), filename: 'front.png', type: 'image/png' },
  ])
  return app.inject({
    method: 'POST',
    url: `/api/admin/v1/products/${code}/media/images`,
    remoteAddress: nextAddress(),
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': contentType },
    payload,
  })
}

/** A member with one delivered line of `code`, ready to review: the member and the line's id_rating. */
async function reviewableLine(code: string) {
  const member = await createSignedInMember(db())
  await createOrderWithLines(db(), member.idPelanggan, [code], 'Success')
  const [row] = await db()
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(and(eq(productReviews.idPelanggan, member.idPelanggan), eq(productReviews.status, 'OPEN')))
  return { token: member.token, idRating: row!.id }
}

/** POST /api/v1/pages/rating with one photo, on `app` (the s3 one by default). */
async function postReview(line: { token: string; idRating: number }, app: FastifyInstance = t.app) {
  const { payload, contentType } = multipart([
    { name: 'id_rating', value: String(line.idRating) },
    { name: 'rating', value: '5' },
    { name: 'review', value: 'Soft and true to size.' },
    { name: 'img1', value: await picture(400, 300), filename: 'photo.png', type: 'image/png' },
  ])
  return app.inject({
    method: 'POST',
    url: `/api/v1/pages/rating?token=${line.token}`,
    headers: { 'x-brand-id': '9', 'content-type': contentType },
    payload,
  })
}

const keyOf = (url: string) => /\/([A-Za-z0-9_-]{32})\.(webp|avif)$/.exec(url)![1]!
const lastImage = (res: { json(): { data: AdminProduct } }) => res.json().data.url_media.at(-1)!.url
const get = (url: string, app: FastifyInstance = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers })

/** The gallery, its stored pictures and its upload audit rows of one product. */
async function storedFor(code: string) {
  const [media, images, audit] = await Promise.all([
    db().select().from(productMedia).where(eq(productMedia.productCode, code)),
    db().select().from(productImages).where(eq(productImages.productCode, code)),
    db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'media.upload'), eq(staffAuditLog.targetId, code))),
  ])
  return { media: media.length, images: images.length, audit: audit.length }
}

/** A product of brand 9 with an empty gallery. */
const newProduct = async () => (await createProduct(db(), { idBrand: 9, media: [] })).productCode

beforeAll(async () => {
  fake = await startFakeS3()
  t = await buildTestApp({ seed: false, env: fakeS3Env(fake) })
  await createBrand(db(), { id: 9, name: 'Busana', slug: 'busana' })
  await ensureFirstStaff(
    db(),
    { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
    { info() {}, warn() {} },
  )
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/auth/login',
    remoteAddress: nextAddress(),
    payload: OWNER,
  })
  expect(login.statusCode, login.body).toBe(200)
  staffToken = login.json().data.token
})

beforeEach(() => {
  fake.fault = () => null
})

afterAll(async () => {
  for (const app of others) await app.close()
  await t?.close()
  await fake?.close()
})

describe('STORAGE=s3: uploads go to the bucket, the same URLs serve them', () => {
  it('a product picture: WebP and AVIF in the bucket with their type, the row without bytes, served at /media/v1/u/', async () => {
    const code = await newProduct()
    const res = await uploadPicture(code)
    expect(res.statusCode, res.body).toBe(200)
    const url = lastImage(res)
    expect(url).toMatch(/^\/media\/v1\/u\/[A-Za-z0-9_-]{32}\.webp$/)
    const key = keyOf(url)

    const webp = fake.objects.get(`product-images/${key}.webp`)
    const avif = fake.objects.get(`product-images/${key}.avif`)
    expect(webp).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    })
    expect(avif).toMatchObject({
      contentType: 'image/avif',
      cacheControl: 'public, max-age=31536000, immutable',
    })
    const [row] = await db().select().from(productImages).where(eq(productImages.key, key))
    expect(row).toMatchObject({ storage: 's3', webp: null, avif: null, width: 600, height: 800 })

    const served = await get(url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers['content-length']).toBe(String(webp!.body.length))
    expect(served.rawPayload.equals(webp!.body)).toBe(true)
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
      height: 800,
    })
    const etag = served.headers.etag as string
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20}"$/)

    // A revalidation is answered from the key alone: the bucket is not asked.
    const reads = fake.calls.filter((call) => call.method === 'GET').length
    const again = await get(url, t.app, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.headers.etag).toBe(etag)
    expect(fake.calls.filter((call) => call.method === 'GET').length).toBe(reads)

    const avifServed = await get(url.replace(/\.webp$/, '.avif'))
    expect(avifServed.statusCode).toBe(200)
    expect(avifServed.headers['content-type']).toBe('image/avif')
    expect(avifServed.rawPayload.equals(avif!.body)).toBe(true)
    const head = await t.app.inject({ method: 'HEAD', url })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('image/webp')
  })

  it('a review photo: in the bucket as review-photos/{key}.webp, the row without bytes, served at /media/review/', async () => {
    const code = await newProduct()
    const line = await reviewableLine(code)
    const res = await postReview(line)
    expect(res.statusCode, res.body).toBe(200)
    const [photo] = await db().select().from(reviewPhotos).where(eq(reviewPhotos.idReview, line.idRating))
    expect(photo).toMatchObject({
      storage: 's3',
      bytes: null,
      contentType: 'image/webp',
      width: 400,
      height: 300,
    })
    const object = fake.objects.get(`review-photos/${photo!.key}.webp`)
    expect(object).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    })

    const [review] = await db().select().from(productReviews).where(eq(productReviews.id, line.idRating))
    expect(review!.images).toEqual([`/media/review/${photo!.key}.webp`])
    const served = await get(review!.images[0]!)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.rawPayload.equals(object!.body)).toBe(true)
    const again = await get(review!.images[0]!, t.app, { 'if-none-match': served.headers.etag as string })
    expect(again.statusCode).toBe(304)
  })

  it('removing an uploaded picture from the gallery removes its objects from the bucket', async () => {
    const code = await newProduct()
    const res = await uploadPicture(code)
    const key = keyOf(lastImage(res))
    const id = res.json().data.url_media.at(-1)!.id
    expect(fake.objects.has(`product-images/${key}.webp`)).toBe(true)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/v1/products/${code}/media/${id}`,
      remoteAddress: nextAddress(),
      headers: { authorization: `Bearer ${staffToken}` },
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(fake.objects.has(`product-images/${key}.webp`)).toBe(false)
    expect(fake.objects.has(`product-images/${key}.avif`)).toBe(false)
    expect((await get(lastImage(res))).statusCode).toBe(404)
  })

  it('puts every object under S3_PREFIX', async () => {
    const prefixed = await apiWith({ S3_PREFIX: 'shop-a/' })
    const code = await newProduct()
    const res = await uploadPicture(code, prefixed)
    expect(res.statusCode, res.body).toBe(200)
    const key = keyOf(lastImage(res))
    expect(fake.objects.has(`shop-a/product-images/${key}.webp`)).toBe(true)
    expect(fake.objects.has(`product-images/${key}.webp`)).toBe(false)
    expect((await get(lastImage(res), prefixed)).statusCode).toBe(200)
  })
})

describe('switching storage keeps every picture readable', () => {
  it('pictures stored in the database before the switch are still served, from their rows', async () => {
    // The process before the switch: STORAGE=database and no bucket at all.
    const before = await apiWith({ STORAGE: 'database', S3_BUCKET: undefined })
    const code = await newProduct()
    const uploaded = await uploadPicture(code, before)
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const url = lastImage(uploaded)
    const [row] = await db()
      .select()
      .from(productImages)
      .where(eq(productImages.key, keyOf(url)))
    expect(row!.storage).toBe('database')
    expect(row!.webp).not.toBeNull()
    const line = await reviewableLine(code)
    expect((await postReview(line, before)).statusCode).toBe(200)
    const [review] = await db().select().from(productReviews).where(eq(productReviews.id, line.idRating))

    const objects = fake.objects.size
    const calls = fake.calls.length
    for (const picture of [url, url.replace(/\.webp$/, '.avif'), review!.images[0]!]) {
      const old = await get(picture, before)
      const now = await get(picture)
      expect(now.statusCode, picture).toBe(200)
      expect(now.rawPayload.equals(old.rawPayload)).toBe(true)
      expect(now.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(now.headers.etag).toBe(old.headers.etag)
    }
    expect(fake.objects.size).toBe(objects)
    expect(fake.calls.length).toBe(calls)
  })

  it('a row written as the release before migration 0019 writes it (no storage named) is served from its bytes', async () => {
    // A rolling restart runs the previous release beside this one: its inserts name no `storage`.
    const code = await newProduct()
    const key = 'PreviousReleaseKey0123456789_-ab'
    const webp = await sharp(await picture(30, 40))
      .webp()
      .toBuffer()
    await db().execute(
      sql`insert into product_images (key, product_code, width, height, webp, avif) values (${key}, ${code}, 30, 40, ${webp}, ${webp})`,
    )
    const [row] = await db().select().from(productImages).where(eq(productImages.key, key))
    expect(row!.storage).toBe('database')
    const served = await get(`/media/v1/u/${key}.webp`)
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(webp)).toBe(true)
  })

  it('back on STORAGE=database with the bucket kept: its pictures still serve, new uploads go to rows', async () => {
    const code = await newProduct()
    const url = lastImage(await uploadPicture(code))
    const back = await apiWith({ STORAGE: 'database' })
    const served = await get(url, back)
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(fake.objects.get(`product-images/${keyOf(url)}.webp`)!.body)).toBe(true)

    const puts = fake.calls.filter((call) => call.method === 'PUT').length
    const next = await uploadPicture(code, back)
    expect(next.statusCode, next.body).toBe(200)
    const [row] = await db()
      .select()
      .from(productImages)
      .where(eq(productImages.key, keyOf(lastImage(next))))
    expect(row!.storage).toBe('database')
    expect(row!.webp).not.toBeNull()
    expect(fake.calls.filter((call) => call.method === 'PUT').length).toBe(puts)
  })

  it('a process with no bucket asked for a picture stored in one: 502 MED002, not cached, never a 500', async () => {
    const code = await newProduct()
    const url = lastImage(await uploadPicture(code))
    const none = await apiWith({ STORAGE: 'database', S3_BUCKET: undefined })
    const res = await get(url, none)
    expect(res.statusCode).toBe(502)
    expect(res.json()).toMatchObject({ code: 'MED002', data: null })
    expect(res.headers['cache-control']).toBe('no-store')
  })
})

describe('the bucket down: a clear answer, nothing half-written', () => {
  /** An endpoint where nothing listens: a port taken and given back. */
  async function closedPort() {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    await new Promise((resolve) => server.close(resolve))
    return `http://127.0.0.1:${port}`
  }

  it('unreachable: an upload and a review answer 503 MED001; no row, no gallery item, no audit row, the line still open', async () => {
    const down = await apiWith({ S3_ENDPOINT: await closedPort() })
    const code = await newProduct()
    const res = await uploadPicture(code, down)
    expect(res.statusCode, res.body).toBe(503)
    expect(res.json()).toMatchObject({ code: 'MED001', data: null })
    expect(await storedFor(code)).toEqual({ media: 0, images: 0, audit: 0 })

    const line = await reviewableLine(code)
    const review = await postReview(line, down)
    expect(review.statusCode, review.body).toBe(503)
    expect(review.json().code).toBe('MED001')
    const [row] = await db().select().from(productReviews).where(eq(productReviews.id, line.idRating))
    expect(row).toMatchObject({ status: 'OPEN', images: [] })
    expect(await db().select().from(reviewPhotos).where(eq(reviewPhotos.idReview, line.idRating))).toEqual([])
    // Once the bucket is back, the same review goes through.
    expect((await postReview(line)).statusCode).toBe(200)
  })

  it('refusing one of two objects: 503 MED001, and the one it took is removed again', async () => {
    const code = await newProduct()
    const objects = fake.objects.size
    fake.fault = (method, key) =>
      method === 'PUT' && key.endsWith('.avif') ? { status: 500, code: 'InternalError' } : null
    const res = await uploadPicture(code)
    expect(res.statusCode, res.body).toBe(503)
    expect(res.json().code).toBe('MED001')
    expect(fake.calls.some((call) => call.method === 'PUT' && call.key.endsWith('.webp'))).toBe(true)
    expect(fake.objects.size).toBe(objects)
    expect(await storedFor(code)).toEqual({ media: 0, images: 0, audit: 0 })
  })

  it('slower than S3_TIMEOUT_MS: 503 MED001 when the deadline passes, nothing stored', async () => {
    const code = await newProduct()
    fake.fault = (method) => (method === 'PUT' ? 'hang' : null)
    const started = Date.now()
    const res = await uploadPicture(code)
    expect(res.statusCode, res.body).toBe(503)
    expect(res.json().code).toBe('MED001')
    expect(Date.now() - started).toBeLessThan(t.config.S3_TIMEOUT_MS + 3000)
    expect(await storedFor(code)).toEqual({ media: 0, images: 0, audit: 0 })
  })

  it('an upload refused after its objects were put (a full gallery, 409 STF109) leaves none behind', async () => {
    const code = await newProduct()
    await db()
      .insert(productMedia)
      .values(
        Array.from({ length: CATALOG_MEDIA_MAX }, (_, position) => ({
          productCode: code,
          type: 'image',
          url: `/img/${code.toLowerCase()}-${position}.jpg`,
          src: `/img/${code.toLowerCase()}-${position}.jpg`,
          position,
        })),
      )
    const objects = fake.objects.size
    const res = await uploadPicture(code)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().code).toBe('STF109')
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(true)
    expect(fake.objects.size).toBe(objects)
  })

  it('reads: a failing bucket is 502 MED002 and a missing object 404, neither cached', async () => {
    const code = await newProduct()
    const url = lastImage(await uploadPicture(code))
    fake.fault = (method) => (method === 'GET' ? { status: 503, code: 'SlowDown' } : null)
    const failing = await get(url)
    expect(failing.statusCode).toBe(502)
    expect(failing.json()).toMatchObject({ code: 'MED002', data: null })
    expect(failing.headers['cache-control']).toBe('no-store')

    fake.fault = () => null
    fake.objects.delete(`product-images/${keyOf(url)}.webp`)
    const missing = await get(url)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('REQ003')
    expect(missing.headers['cache-control']).toBe('no-store')
  })
})
