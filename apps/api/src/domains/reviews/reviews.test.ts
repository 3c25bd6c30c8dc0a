import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { REVIEW_PHOTO_MAX_BYTES, type RatingPage, type ReviewItem } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createBrand, createProduct } from '../../test/factories.ts'
import { createSignedInMember } from '../../test/member-factories.ts'
import { customers, productReviews, reviewPhotos } from '../../db/schema/index.ts'
import { createOrderWithLines } from './reviews.fixtures.ts'

/**
 * Reviews by verified buyers (issue 13) through HTTP: only the caller's own delivered lines, once
 * each; photos judged by their bytes, bounded, re-encoded without metadata and served as media.
 */

let t: TestApp
const db = () => t.database.db
let shirt: string
let dress: string

type Member = { idPelanggan: number; token: string }

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
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

function post(token: string | null, parts: Part[], language = 'en') {
  const { payload, contentType } = multipart(parts)
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/pages/rating${token ? `?token=${token}` : ''}`,
    headers: { 'x-brand-id': '9', 'content-type': contentType, 'accept-language': language },
    payload,
  })
}

const fields = (idRating: number, rating = 5, review = 'Fits well, soft fabric.'): Part[] => [
  { name: 'id_rating', value: String(idRating) },
  { name: 'rating', value: String(rating) },
  { name: 'review', value: review },
]
const photo = (name: string, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({
  name,
  value: bytes,
  filename,
  type,
})

async function list(token: string, status: 'OPEN' | 'PUBLISHED', page = 1): Promise<RatingPage> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/pages/rating?token=${token}&status=${status}&max_record=5&current_page=${page}`,
    headers: { 'x-brand-id': '9' },
  })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('private, no-store')
  return res.json().data
}

async function waiting(token: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/pages/notification?token=${token}`,
    headers: { 'x-brand-id': '9' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.total_rating
}

/** A member with one delivered order of `codes`; answers the member and the order's review rows. */
async function delivered(codes: string[], member?: Member) {
  const m = member ?? (await createSignedInMember(db()))
  await createOrderWithLines(db(), m.idPelanggan, codes, 'Success')
  const open = await list(m.token, 'OPEN')
  return { member: m, open: open.data_rating }
}

const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Home Address 12' } })
    .toBuffer()

/** A valid PNG header claiming width × height, with one tiny compressed row: a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await createBrand(db(), { id: 9 })
  shirt = (await createProduct(db(), { idBrand: 9 })).productCode
  dress = (await createProduct(db(), { idBrand: 9 })).productCode
})

afterAll(async () => {
  await t?.close()
})

describe('review calls need a session', () => {
  it.each([
    ['GET', '/api/v1/pages/rating'],
    ['GET', '/api/v1/pages/notification'],
    ['POST', '/api/v1/pages/rating'],
  ] as const)('%s %s without a token: 401 CLE001', async (method, url) => {
    const res =
      method === 'POST'
        ? await post(null, fields(1))
        : await t.app.inject({ method, url, headers: { 'x-brand-id': '9' } })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('CLE001')
  })
})

describe('reviewing delivered lines', () => {
  it('lists each delivered line as OPEN, takes one review, then lists it PUBLISHED with its photo', async () => {
    const { member, open } = await delivered([shirt, dress])
    expect(open).toHaveLength(2)
    expect(await waiting(member.token)).toBe(2)
    const line = open.find((item) => item.product_code === shirt)!
    expect(line).toMatchObject({ rating: '0', review: '', url_image: [], ukuran: 'M', status: 'OPEN' })
    expect(line.invoice_number).toMatch(/^SO-RVW-/)

    const res = await post(member.token, [
      ...fields(line.id_rating, 4, '  <b>Fits</b> well & soft  '),
      photo('img1', await jpegWithGps()),
      { name: 'img2', value: 'null' },
    ])
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Thank you for your review',
      data: { id_rating: line.id_rating },
    })

    expect(await waiting(member.token)).toBe(1)
    expect((await list(member.token, 'OPEN')).data_rating.map((i) => i.product_code)).toEqual([dress])
    const published = (await list(member.token, 'PUBLISHED')).data_rating
    expect(published).toHaveLength(1)
    const item = published[0] as ReviewItem
    // Plain text: kept as written (trimmed), never turned into or out of HTML.
    expect(item).toMatchObject({ rating: '4', review: '<b>Fits</b> well & soft', status: 'PUBLISHED' })
    expect(item.url_image).toHaveLength(1)

    const image = await t.app.inject({ method: 'GET', url: item.url_image[0]! })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(image.rawPayload).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
    expect(image.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false)
    const again = await t.app.inject({
      method: 'GET',
      url: item.url_image[0]!,
      headers: { 'if-none-match': image.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/review/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp' }))
        .statusCode,
    ).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/media/review/..%2f..%2fetc.webp' })).statusCode).toBe(
      404,
    )
  })

  it('takes a line once: a second post is 409 RVW002 and changes nothing', async () => {
    const { member, open } = await delivered([shirt])
    const id = open[0]!.id_rating
    expect((await post(member.token, fields(id, 5, 'First'))).statusCode).toBe(200)
    const second = await post(member.token, fields(id, 1, 'Second'))
    expect(second.statusCode).toBe(409)
    expect(second.json().code).toBe('RVW002')
    const [row] = await db().select().from(productReviews).where(eq(productReviews.id, id))
    expect(row).toMatchObject({ rating: 5, review: 'First' })
  })

  it('of two parallel posts for one line, exactly one wins', async () => {
    const { member, open } = await delivered([dress])
    const id = open[0]!.id_rating
    const answers = await Promise.all([
      post(member.token, fields(id, 5, 'A')),
      post(member.token, fields(id, 3, 'B')),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
  })

  it("someone else's line, or a line not delivered yet, is not found (404 RVW001)", async () => {
    const owner = await delivered([shirt])
    const stranger = await createSignedInMember(db())
    const theirs = await post(stranger.token, fields(owner.open[0]!.id_rating))
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().code).toBe('RVW001')
    // The stranger's lists do not show it either.
    expect((await list(stranger.token, 'OPEN')).data_rating).toEqual([])

    const shopper = await createSignedInMember(db())
    const onTheWay = await createOrderWithLines(db(), shopper.idPelanggan, [shirt], 'Delivery')
    expect(await waiting(shopper.token)).toBe(0)
    const early = await post(shopper.token, fields(onTheWay.lineIds[0]!))
    expect(early.statusCode).toBe(404)
    expect((await post(shopper.token, fields(999_999))).json().code).toBe('RVW001')
    const [untouched] = await db()
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, owner.open[0]!.id_rating))
    expect(untouched?.status).toBe('OPEN')
  })

  it('refuses a bad rating or text with 400 REQ001 naming the field', async () => {
    const { member, open } = await delivered([shirt])
    const id = open[0]!.id_rating
    for (const [parts, field] of [
      [fields(id, 0), 'rating'],
      [fields(id, 6), 'rating'],
      [fields(id, 5, '   '), 'review'],
      [fields(id, 5, 'x'.repeat(301)), 'review'],
      [fields(id, 5, 'nul \u0000 inside'), 'review'],
      [
        [
          { name: 'rating', value: '5' },
          { name: 'review', value: 'ok' },
        ],
        'id_rating',
      ],
    ] as const) {
      const res = await post(member.token, [...parts])
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe('REQ001')
      expect(res.json().errors[0].field).toBe(field)
    }
    expect((await post(member.token, fields(id, 5, '👍'.repeat(300)))).statusCode).toBe(200)
  })

  it('pages the lists five at a time', async () => {
    const { member } = await delivered([shirt, dress, shirt, dress, shirt, dress, shirt])
    const first = await list(member.token, 'OPEN')
    expect(first).toMatchObject({ current_page: 1, total_page: 2 })
    expect(first.data_rating).toHaveLength(5)
    expect((await list(member.token, 'OPEN', 2)).data_rating).toHaveLength(2)
  })
})

describe('photo abuse is refused and changes nothing', () => {
  async function refused(parts: (id: number) => Part[], status: number, code: string) {
    const { member, open } = await delivered([shirt])
    const id = open[0]!.id_rating
    const res = await post(member.token, parts(id))
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().code).toBe(code)
    const [row] = await db().select().from(productReviews).where(eq(productReviews.id, id))
    expect(row?.status).toBe('OPEN')
    expect(
      await db().select({ key: reviewPhotos.key }).from(reviewPhotos).where(eq(reviewPhotos.idReview, id)),
    ).toEqual([])
  }

  it('an oversized photo: 413 RVW004', async () => {
    await refused(
      (id) => [...fields(id), photo('img1', Buffer.alloc(REVIEW_PHOTO_MAX_BYTES + 1, 0xff))],
      413,
      'RVW004',
    )
  })

  it('an executable renamed .jpg: 415 RVW003', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2048, 0x90)])
    await refused((id) => [...fields(id), photo('img1', elf, 'holiday.jpg', 'image/jpeg')], 415, 'RVW003')
  })

  it('an SVG with a script, even named .png: 415 RVW003', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    )
    await refused((id) => [...fields(id), photo('img1', svg, 'cute.png', 'image/png')], 415, 'RVW003')
    await refused((id) => [...fields(id), photo('img1', svg, 'cute.svg', 'image/svg+xml')], 415, 'RVW003')
  })

  it('a decompression bomb (a tiny file claiming 30000 × 30000 pixels): 413 RVW004', async () => {
    const bomb = pngClaiming(30_000, 30_000)
    expect(bomb.length).toBeLessThan(200_000)
    await refused((id) => [...fields(id), photo('img1', bomb, 'bomb.png', 'image/png')], 413, 'RVW004')
  })

  it('a truncated picture: 415 RVW003', async () => {
    const jpeg = await jpegWithGps()
    await refused((id) => [...fields(id), photo('img1', jpeg.subarray(0, 200))], 415, 'RVW003')
  })

  it('a fourth photo: 422 RVW005, whatever it is called', async () => {
    const jpeg = await jpegWithGps()
    await refused(
      (id) => [
        ...fields(id),
        photo('img1', jpeg),
        photo('img2', jpeg),
        photo('img3', jpeg),
        photo('img4', jpeg),
      ],
      422,
      'RVW005',
    )
    await refused(
      (id) => [
        ...fields(id),
        photo('img1', jpeg),
        photo('img2', jpeg),
        photo('img3', jpeg),
        photo('img3', jpeg),
      ],
      422,
      'RVW005',
    )
  })

  it('a JSON body instead of a form: 415 REQ004', async () => {
    const m = await createSignedInMember(db())
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pages/rating?token=${m.token}`,
      headers: { 'x-brand-id': '9' },
      payload: { id_rating: 1, rating: 5, review: 'x' },
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().code).toBe('REQ004')
  })

  it('three real photos of each format are all kept, in order', async () => {
    const { member, open } = await delivered([dress])
    const base = sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2e86de' } })
    const res = await post(member.token, [
      ...fields(open[0]!.id_rating),
      photo('img1', await base.clone().png().toBuffer(), 'a.png', 'image/png'),
      photo('img2', await base.clone().webp().toBuffer(), 'b.webp', 'image/webp'),
      photo('img3', await base.clone().jpeg().toBuffer(), 'c.jpg'),
    ])
    expect(res.statusCode, res.body).toBe(200)
    const stored = await db()
      .select({ position: reviewPhotos.position, width: reviewPhotos.width, height: reviewPhotos.height })
      .from(reviewPhotos)
      .where(eq(reviewPhotos.idReview, open[0]!.id_rating))
      .orderBy(reviewPhotos.position)
    // Shrunk to 1600 px on the long side.
    expect(stored).toEqual([1, 2, 3].map((position) => ({ position, width: 1600, height: 800 })))
  })

  it('posts past the hourly limit: 429 REQ006', async () => {
    const m = await createSignedInMember(db())
    let last = 0
    for (let i = 0; i < 31; i++) last = (await post(m.token, fields(999_999))).statusCode
    expect(last).toBe(429)
  })
})

describe("a product's published reviews", () => {
  it('answers the published ones with their average, the reviewer named by first name and initial', async () => {
    const product = (await createProduct(db(), { idBrand: 9 })).productCode
    const a = await delivered([product])
    await db()
      .update(customers)
      .set({ nama: 'Sari Wulandari' })
      .where(eq(customers.idPelanggan, a.member.idPelanggan))
    const b = await delivered([product])
    await delivered([product]) // left OPEN: not shown
    expect((await post(a.member.token, fields(a.open[0]!.id_rating, 5, 'Great'))).statusCode).toBe(200)
    expect((await post(b.member.token, fields(b.open[0]!.id_rating, 4, 'Good'))).statusCode).toBe(200)

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pages/product_rating/${product.toLowerCase()}`,
      headers: { 'x-brand-id': '9' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ rating_average: 4.5, rating_count: 2, current_page: 1, total_page: 1 })
    expect(data.data_rating.map((r: { reviewer: string; rating: number }) => [r.reviewer, r.rating])).toEqual(
      [
        [expect.stringMatching(/^Member \d\.$/), 4],
        ['Sari W.', 5],
      ],
    )
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pages/product_rating/NOPE-1',
      headers: { 'x-brand-id': '9' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('CAT001')
  })
})
