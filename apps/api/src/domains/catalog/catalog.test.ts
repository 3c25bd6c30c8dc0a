import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ProductResponseSchema } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  addBundleOptions,
  addRelated,
  addToCategory,
  createBrand,
  createCategory,
  createHomeSlider,
  createMenu,
  createPaymentMethod,
  createProduct,
  createSegment,
  createSiteSettings,
  createSocialMedia,
} from '../../test/factories.ts'
import { clearResponseCache, PUBLIC_CACHE_CONTROL } from '../../plugins/http-cache.ts'
import { products as productsTable } from '../../db/schema/index.ts'
import { eq, sql } from 'drizzle-orm'

let t: TestApp
const brand9 = { 'x-brand-id': '9' }

/** GET with the main brand header. */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...brand9, ...headers } })

const fixture = {
  plainCodes: [] as string[],
  segmentA: 0,
  segmentB: 0,
  segmentACodes: [] as string[],
  segmentBCodes: [] as string[],
  looseCode: '',
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  const db = t.database.db
  await createBrand(db, { id: 9, name: 'Busana', slug: 'busana', tagline: 'Complete your style' })
  await createBrand(db, { id: 5, name: 'Sister', slug: 'sister' })

  // The product page's star, with related products and bundle options.
  await createProduct(db, {
    idBrand: 9,
    productCode: 'KMJ-001',
    productName: 'Kemeja Linen Oversized',
    productNameAlt: 'Oversized Linen Shirt',
    canonicalProductCode: 'KMJ-000',
    canonicalProductMasterName: 'Kemeja Linen',
    description:
      '<p>Soft <b>linen</b> shirt.<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    descriptionWithoutTags: 'Soft linen shirt.',
    sellingPrice: 250_000,
    hargaCoret: '300000',
    countdown: true,
    endAt: new Date('2030-01-31T16:59:00Z'),
    judulRelated: 'You may also like',
    slideOption: 'VERTICAL',
    isBundling: true,
    maxBundling: 3,
    limitQtyBundling: 1,
    sizes: [
      { ukuran: 'S', stock: 3 },
      { ukuran: 'M', stock: 0 },
      { ukuran: 'L', stock: 2, sellingPrice: 260_000 },
    ],
    media: [
      { type: 'video', url: '/video/kmj-001.mp4', src: '/img/kmj-001-poster.jpg' },
      { type: 'image', url: '/img/kmj-001-1.jpg' },
      { type: 'image', url: '/img/kmj-001-2.jpg' },
    ],
  })
  await createProduct(db, { idBrand: 9, productCode: 'REL-001', productName: 'Celana Linen' })
  await createProduct(db, {
    idBrand: 5,
    productCode: 'REL-002',
    productName: 'Sister Dress',
    sizes: [{ ukuran: 'M', stock: 0 }],
  })
  await addRelated(db, 'KMJ-001', ['REL-002', 'REL-001'])
  await createProduct(db, { idBrand: 9, productCode: 'BND-001', productName: 'Kaos Putih' })
  await createProduct(db, { idBrand: 9, productCode: 'BND-002', productName: 'Kaos Hitam' })
  await createProduct(db, { idBrand: 9, productCode: 'BND-003', productName: 'Topi' })
  await addBundleOptions(db, 'KMJ-001', 1, ['BND-002', 'BND-001'])
  await addBundleOptions(db, 'KMJ-001', 2, ['BND-003'])

  // A plain category of 25 products (three listing pages of 10).
  const plain = await createCategory(db, {
    idBrand: 9,
    name: 'new-drop',
    title: 'New Drop',
    inGrid: true,
    priority: 1,
    urlImage: '/img/cat-new.jpg',
  })
  for (let i = 0; i < 25; i++) {
    const p = await createProduct(db, {
      idBrand: 9,
      productCode: `PLN-${String(i).padStart(3, '0')}`,
      productName: `Plain ${i}`,
    })
    fixture.plainCodes.push(p.productCode)
  }
  // Inserted shuffled: the listing must follow position, not insertion order.
  await addToCategory(db, plain.id, [...fixture.plainCodes].reverse(), { startPosition: 0 })
  await db.execute(
    sql`update product_categories set position = 100 - position where category_id = ${plain.id}`,
  )

  // A segmented category: B (priority 1) has 4, A (priority 2) has 3, plus one product outside segments.
  const summer = await createCategory(db, {
    idBrand: 9,
    name: 'Summer',
    title: 'Summer Edit',
    inGrid: true,
    priority: 0,
    urlImage: '/img/cat-summer.jpg',
  })
  const segA = await createSegment(db, {
    categoryId: summer.id,
    name: 'Linen',
    priority: 2,
    img1: '/img/a1.jpg',
    img2: '/img/a2.jpg',
    img3: '/img/a3.jpg',
  })
  const segB = await createSegment(db, {
    categoryId: summer.id,
    name: 'Beach',
    priority: 1,
    img1: '/img/b1.jpg',
    img2: '',
  })
  fixture.segmentA = segA.id
  fixture.segmentB = segB.id
  for (let i = 0; i < 3; i++)
    fixture.segmentACodes.push((await createProduct(db, { idBrand: 9, productCode: `SGA-${i}` })).productCode)
  for (let i = 0; i < 4; i++)
    fixture.segmentBCodes.push((await createProduct(db, { idBrand: 9, productCode: `SGB-${i}` })).productCode)
  fixture.looseCode = (await createProduct(db, { idBrand: 9, productCode: 'SGX-0' })).productCode
  await addToCategory(db, summer.id, [fixture.looseCode], { startPosition: 0 })
  await addToCategory(db, summer.id, fixture.segmentACodes, { segmentId: segA.id, startPosition: 0 })
  await addToCategory(db, summer.id, fixture.segmentBCodes, { segmentId: segB.id, startPosition: 0 })

  // A category of the sister brand and a junior category.
  const sister = await createCategory(db, { idBrand: 5, name: 'new-drop', title: 'Sister New' })
  await addToCategory(db, sister.id, ['REL-002'])
  await createCategory(db, {
    idBrand: 9,
    name: 'junior',
    title: 'Junior',
    isChild: true,
    inGrid: true,
    urlImage: '/img/jr.jpg',
  })
  await createCategory(db, { idBrand: 9, name: 'hidden', title: 'Not in grid' })

  // Home carousels: an unknown code in a list is skipped, not an error.
  await createHomeSlider(db, {
    idBrand: 9,
    categoryName: 'new-drop',
    title: 'New Drop',
    urlImage: ['/img/banner-1.jpg', '/img/banner-2.jpg'],
    productCodes: ['PLN-002', 'NOPE-999', 'PLN-001'],
    priority: 2,
  })
  await createHomeSlider(db, {
    idBrand: 9,
    linkBrand: 5,
    categoryName: 'new-drop',
    title: 'From our sister',
    urlImage: ['/img/banner-s.jpg'],
    productCodes: ['REL-002'],
    priority: 1,
  })
  await createHomeSlider(db, {
    idBrand: 9,
    isChild: true,
    categoryName: 'junior',
    title: 'Junior',
    productCodes: [],
  })

  // Menu: two roots, the second with two children; one junior entry.
  const women = await createMenu(db, { idBrand: 9, name: 'Women', priority: 2 })
  await createMenu(db, { idBrand: 9, name: 'Dress', parentId: women.id, priority: 2, categoryName: 'dress' })
  await createMenu(db, { idBrand: 9, name: 'Tops', parentId: women.id, priority: 1, categoryName: 'tops' })
  await createMenu(db, { idBrand: 9, name: 'New Drop', priority: 1, categoryName: 'new-drop' })
  await createMenu(db, { idBrand: 9, name: 'Junior', priority: 1, isChild: true, categoryName: 'junior' })

  // Site data.
  await createSiteSettings(db, {
    idBrand: 9,
    backgroundColor: '#112233',
    whatsapp: '6281100000000',
    sidebar: [{ name: 'About', link: '/about-us' }],
  })
  await createSocialMedia(db, { idBrand: 9, name: 'Instagram', position: 1 })
  await createSocialMedia(db, { idBrand: 9, name: 'TikTok', position: 2 })
  await createPaymentMethod(db, { name: 'BCA', position: 1 })
  await createPaymentMethod(db, { name: 'QRIS', position: 2 })
})

afterAll(() => t.close())
beforeEach(() => clearResponseCache(t.database))

const codesOf = (items: { product_code: string }[]) => items.map((i) => i.product_code)

describe('GET /api/v1/pages/home', () => {
  it('answers carousels in priority order with cards and banners, and the category grid', async () => {
    const res = await get('/api/v1/pages/home')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ status: 200, message: 'Success' })
    expect(body.data.slider.map((s: { title: string }) => s.title)).toEqual(['From our sister', 'New Drop'])
    const [sister, newDrop] = body.data.slider
    expect(sister).toMatchObject({ category_name: 'new-drop', id_brand: 5, url_image: ['/img/banner-s.jpg'] })
    expect(codesOf(newDrop.item)).toEqual(['PLN-002', 'PLN-001'])
    expect(newDrop.url_image).toEqual(['/img/banner-1.jpg', '/img/banner-2.jpg'])
    expect(body.data.category).toEqual([
      { category_name: 'Summer', url_image: '/img/cat-summer.jpg' },
      { category_name: 'new-drop', url_image: '/img/cat-new.jpg' },
    ])
  })

  it('serves the junior home with is_child=YES', async () => {
    const body = (await get('/api/v1/pages/home?is_child=YES')).json()
    expect(body.data.slider.map((s: { title: string }) => s.title)).toEqual(['Junior'])
    expect(body.data.category).toEqual([{ category_name: 'junior', url_image: '/img/jr.jpg' }])
  })

  it('answers an empty home for a brand without content', async () => {
    const body = (await get('/api/v1/pages/home', { 'x-brand-id': '17' })).json()
    expect(body.data).toEqual({ slider: [], category: [] })
  })

  it('rejects a bad is_child naming the parameter', async () => {
    const res = await get('/api/v1/pages/home?is_child=maybe')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 400, code: 'REQ001', data: null })
    expect(res.json().message).toMatch(/^Invalid query parameter 'is_child'/)
  })
})

describe('GET /api/v1/pages/category', () => {
  it('pages a plain category by position: one unnamed group, total_pages beside data', async () => {
    const first = (await get('/api/v1/pages/category?category=new-drop&limit=10&offset=0')).json()
    expect(first.total_pages).toBe(3)
    expect(first.data).toHaveLength(1)
    expect(first.data[0]).toMatchObject({ name: '', title: 'New Drop', img1: '', img2: '', img3: '' })
    expect(codesOf(first.data[0].item)).toEqual(fixture.plainCodes.slice(0, 10))

    const last = (await get('/api/v1/pages/category?category=new-drop&limit=10&offset=20')).json()
    expect(codesOf(last.data[0].item)).toEqual(fixture.plainCodes.slice(20))
    expect(last.total_pages).toBe(3)
  })

  it('uses page size 10 by default and page when offset is absent', async () => {
    const byDefault = (await get('/api/v1/pages/category?category=new-drop')).json()
    expect(byDefault.data[0].item).toHaveLength(10)
    const page2 = (await get('/api/v1/pages/category?category=new-drop&page=2&per_page=1')).json()
    expect(codesOf(page2.data[0].item)).toEqual(fixture.plainCodes.slice(10, 20))
  })

  it('answers an empty list past the end (the client stops)', async () => {
    const res = await get('/api/v1/pages/category?category=new-drop&limit=10&offset=30')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 200, message: 'Success', data: [], total_pages: 3 })
  })

  it('groups a segmented category by segment priority, with the banners of each segment', async () => {
    const first = (await get('/api/v1/pages/category?category=Summer&limit=5&offset=0')).json()
    expect(first.total_pages).toBe(2)
    expect(first.data.map((g: { name: string }) => g.name)).toEqual(['Beach', 'Linen'])
    expect(first.data[0]).toMatchObject({ img1: '/img/b1.jpg', img2: '', img3: '', title: 'Summer Edit' })
    expect(codesOf(first.data[0].item)).toEqual(fixture.segmentBCodes)
    expect(first.data[1]).toMatchObject({ img1: '/img/a1.jpg', img2: '/img/a2.jpg', img3: '/img/a3.jpg' })
    expect(codesOf(first.data[1].item)).toEqual(fixture.segmentACodes.slice(0, 1))

    const second = (await get('/api/v1/pages/category?category=Summer&limit=5&offset=5')).json()
    expect(second.data.map((g: { name: string }) => g.name)).toEqual(['Linen', ''])
    expect(codesOf(second.data[0].item)).toEqual(fixture.segmentACodes.slice(1))
    expect(codesOf(second.data[1].item)).toEqual([fixture.looseCode])
  })

  it('finds the category case-insensitively and in the brand given by id_brand', async () => {
    expect((await get('/api/v1/pages/category?category=summer')).statusCode).toBe(200)
    const sister = (await get('/api/v1/pages/category?category=new-drop&id_brand=5')).json()
    expect(codesOf(sister.data[0].item)).toEqual(['REL-002'])
    expect(sister.data[0].item[0].status).toBe('sold')
  })

  it('answers 404 CAT002 for an unknown category', async () => {
    const res = await get('/api/v1/pages/category?category=nope')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ status: 404, message: 'Category not found', code: 'CAT002', data: null })
  })

  it.each([
    ['category', '/api/v1/pages/category'],
    ['category', '/api/v1/pages/category?category='],
    ['category', '/api/v1/pages/category?category=%20%20'],
    ['limit', '/api/v1/pages/category?category=new-drop&limit=0'],
    ['limit', '/api/v1/pages/category?category=new-drop&limit=abc'],
    ['limit', '/api/v1/pages/category?category=new-drop&limit=1&limit=2'],
    ['offset', '/api/v1/pages/category?category=new-drop&offset=-1'],
    ['offset', '/api/v1/pages/category?category=new-drop&offset=1e400'],
    ['id_brand', '/api/v1/pages/category?category=new-drop&id_brand=99999999999'],
    ['id_brand', '/api/v1/pages/category?category=new-drop&id_brand=7'],
  ])('rejects a bad %s with a 400 naming it (%s)', async (field, url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('REQ001')
    expect(res.json().message).toContain(`'${field}'`)
  })
})

describe('GET /api/v1/pages/product', () => {
  it('answers the product in data.data with every detail field', async () => {
    const res = await get('/api/v1/pages/product?product_code=KMJ-001')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(ProductResponseSchema.safeParse(body).success).toBe(true)
    const p = body.data.data
    expect(p).toMatchObject({
      product_code: 'KMJ-001',
      product_name: 'Kemeja Linen Oversized',
      brand_name: 'Busana',
      id_brand: 9,
      canonical_product_code: 'KMJ-000',
      canonical_product_master_name: 'Kemeja Linen',
      description_without_tags: 'Soft linen shirt.',
      selling_price: 250_000,
      harga_coret: '300000',
      status: 'available',
      countdown: true,
      end_at: '2030-01-31T23:59:00+07:00',
      judul_related: 'You may also like',
      slide_option: 'VERTICAL',
      is_bundling: true,
      max_bundling: 3,
      limit_qty_bundling: 1,
      is_wishlist: false,
      url_image: '/img/kmj-001-1.jpg',
      url_images: ['/img/kmj-001-1.jpg', '/img/kmj-001-2.jpg'],
    })
    expect(p.url_media[0]).toEqual({
      type: 'video',
      url: '/video/kmj-001.mp4',
      src: '/img/kmj-001-poster.jpg',
    })
    expect(p.variant).toEqual([
      { sku_product: 'KMJ-001-S', ukuran: 'S', selling_price: 250_000, status_variant: 'available' },
      { sku_product: 'KMJ-001-M', ukuran: 'M', selling_price: 250_000, status_variant: 'sold' },
      { sku_product: 'KMJ-001-L', ukuran: 'L', selling_price: 260_000, status_variant: 'available' },
    ])
    expect(codesOf(p.related_product)).toEqual(['REL-002', 'REL-001'])
    expect(codesOf(p.bundling_option_1)).toEqual(['BND-002', 'BND-001'])
    expect(p.bundling_option_1[0].variant).toHaveLength(1)
    expect(codesOf(p.bundling_option_2)).toEqual(['BND-003'])
    expect(p.bundling_option_3).toEqual([])
    expect(p.bundling_option_5).toEqual([])
  })

  it('sanitises the description HTML', async () => {
    const p = (await get('/api/v1/pages/product?product_code=KMJ-001')).json().data.data
    expect(p.description).toContain('<b>linen</b>')
    expect(p.description).not.toMatch(/script|javascript:/)
  })

  it('finds a product by its lowercased code (the web route)', async () => {
    const res = await get('/api/v1/pages/product?product_code=kmj-001')
    expect(res.statusCode).toBe(200)
    expect(res.json().data.data.product_code).toBe('KMJ-001')
    expect((await get('/api/v1/pages/product?product_code=Kmj-001')).json().data.data.product_code).toBe(
      'KMJ-001',
    )
  })

  it('marks a product sold out when every variant is', async () => {
    const p = (await get('/api/v1/pages/product?product_code=REL-002')).json().data.data
    expect(p.status).toBe('sold')
    expect(p.brand_name).toBe('Sister')
  })

  it('answers 404 CAT001 for an unknown code', async () => {
    const res = await get('/api/v1/pages/product?product_code=NOPE-1')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ status: 404, message: 'Product not found', code: 'CAT001', data: null })
  })

  it.each(['', '%27%20or%201%3D1--', 'a'.repeat(65), 'K%C3%A9', 'a/b'])(
    'rejects product_code=%s with a 400',
    async (code) => {
      const res = await get(`/api/v1/pages/product?product_code=${code}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain("'product_code'")
    },
  )
})

describe('GET /api/v2/pages/menu', () => {
  it('answers the tree sorted by priority', async () => {
    const res = await get('/api/v2/pages/menu')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([
      { name: 'New Drop', priority: 1, id_brand: 9, is_child: 'NO', category_name: 'new-drop', sub: [] },
      {
        name: 'Women',
        priority: 2,
        id_brand: 9,
        is_child: 'NO',
        category_name: '',
        sub: [
          { name: 'Tops', priority: 1, id_brand: 9, is_child: 'NO', category_name: 'tops', sub: [] },
          { name: 'Dress', priority: 2, id_brand: 9, is_child: 'NO', category_name: 'dress', sub: [] },
        ],
      },
    ])
  })

  it('answers the junior menu with is_child=YES', async () => {
    const data = (await get('/api/v2/pages/menu?is_child=YES')).json().data
    expect(data).toEqual([
      { name: 'Junior', priority: 1, id_brand: 9, is_child: 'YES', category_name: 'junior', sub: [] },
    ])
  })
})

describe('GET /api/v1/pages/site', () => {
  it('answers brand, sidebar, categories and footer', async () => {
    const res = await get('/api/v1/pages/site')
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data.brand).toEqual({ id: 9, name: 'Busana', slug: 'busana', tagline: 'Complete your style' })
    expect(data.sidebar).toEqual([{ name: 'About', link: '/about-us' }])
    expect(data.category.map((c: { category_name: string }) => c.category_name)).toEqual([
      'Summer',
      'hidden',
      'new-drop',
    ])
    expect(data.footer.social_media.map((s: { name: string }) => s.name)).toEqual(['Instagram', 'TikTok'])
    expect(data.footer.metode_pembayaran.map((s: { name: string }) => s.name)).toEqual(['BCA', 'QRIS'])
    expect(data.footer.color).toEqual({ background: '#112233' })
    expect(data.footer.whatsapp).toBe('6281100000000')
  })

  it('answers defaults for a brand without settings', async () => {
    const data = (await get('/api/v1/pages/site', { 'x-brand-id': '18' })).json().data
    expect(data.brand).toMatchObject({ id: 18, name: '' })
    expect(data.footer).toMatchObject({ social_media: [], color: { background: '#1f1a17' }, whatsapp: '' })
  })
})

describe('HTTP caching', () => {
  it('sends public cache headers and a strong ETag, and 304 on If-None-Match', async () => {
    const res = await get('/api/v1/pages/product?product_code=KMJ-001')
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    expect(res.headers.vary).toContain('x-brand-id')
    const etag = res.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')

    const again = await get('/api/v1/pages/product?product_code=KMJ-001', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)

    const other = await get('/api/v1/pages/product?product_code=KMJ-001', { 'if-none-match': '"nope"' })
    expect(other.statusCode).toBe(200)
  })

  it('sends the cached string as JSON, not as a quoted string', async () => {
    await get('/api/v2/pages/menu')
    const hit = await get('/api/v2/pages/menu')
    expect(hit.body.startsWith('{"status":200')).toBe(true)
    expect(hit.json().data[0].name).toBe('New Drop')
  })

  it('serves hits from memory until the entry expires or is cleared', async () => {
    const url = '/api/v1/pages/product?product_code=REL-001'
    const before = (await get(url)).json().data.data.product_name
    await t.database.db
      .update(productsTable)
      .set({ productName: 'Renamed' })
      .where(eq(productsTable.productCode, 'REL-001'))
    const cached = await get(url)
    expect(cached.json().data.data.product_name).toBe(before)
    // The parameters are normalised: the lowercase code shares the entry.
    expect((await get(url.toLowerCase())).json().data.data.product_name).toBe(before)
    clearResponseCache(t.database)
    const fresh = await get(url)
    expect(fresh.json().data.data.product_name).toBe('Renamed')
    expect(fresh.headers.etag).not.toBe(cached.headers.etag)
    await t.database.db
      .update(productsTable)
      .set({ productName: before })
      .where(eq(productsTable.productCode, 'REL-001'))
  })

  it('keeps brands apart in the cache', async () => {
    const main = (await get('/api/v2/pages/menu')).json().data
    const sister = (await get('/api/v2/pages/menu', { 'x-brand-id': '5' })).json().data
    expect(main).toHaveLength(2)
    expect(sister).toEqual([])
  })

  it('answers a token-carrying call private and uncached', async () => {
    const res = await get('/api/v1/pages/home?token=abc')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers.etag).toBeUndefined()
    expect(res.json().data.slider).toHaveLength(2)
  })

  it('compresses large answers once and serves the encoded form with its own ETag', async () => {
    const plain = await get('/api/v1/pages/category?category=new-drop')
    const br = await get('/api/v1/pages/category?category=new-drop', { 'accept-encoding': 'br, gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.etag).toBe((plain.headers.etag as string).replace(/"$/, '-br"'))
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gz = await get('/api/v1/pages/category?category=new-drop', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
    // Any encoding's ETag revalidates.
    const revalidated = await get('/api/v1/pages/category?category=new-drop', {
      'if-none-match': br.headers.etag as string,
    })
    expect(revalidated.statusCode).toBe(304)
  })

  it('answers concurrent first requests with one production and the same ETag', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/api/v1/pages/home')))
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1)
  })

  it('serves a repeated URL from memory for its brand only, and never an invalid one', async () => {
    const url = '/api/v1/pages/category?category=new-drop&limit=2'
    const main = await get(url)
    const sister = await get(url, { 'x-brand-id': '5' })
    expect(codesOf(sister.json().data[0].item)).toEqual(['REL-002'])
    expect((await get(url)).headers.etag).toBe(main.headers.etag)
    // Same route, invalid parameters: validated, never answered from the cache.
    expect((await get('/api/v1/pages/category?category=new-drop&limit=2&limit=3')).statusCode).toBe(400)
  })

  it('answers If-None-Match: * and weak forms of the tag with 304', async () => {
    const res = await get('/api/v2/pages/menu')
    expect((await get('/api/v2/pages/menu', { 'if-none-match': '*' })).statusCode).toBe(304)
    const weak = `"other", W/${res.headers.etag as string}`
    expect((await get('/api/v2/pages/menu', { 'if-none-match': weak })).statusCode).toBe(304)
  })

  it('does not cache errors', async () => {
    const miss = await get('/api/v1/pages/product?product_code=NOPE-1')
    expect(miss.statusCode).toBe(404)
    expect(miss.headers.etag).toBeUndefined()
    expect(miss.headers['cache-control']).toBeUndefined()
  })
})

describe('garbage never yields a 500', () => {
  const endpoints = [
    '/api/v1/pages/home',
    '/api/v1/pages/category',
    '/api/v1/pages/product',
    '/api/v2/pages/menu',
    '/api/v1/pages/site',
  ]
  const params = [
    'category',
    'product_code',
    'is_child',
    'token',
    'limit',
    'offset',
    'id_brand',
    'real_brand',
    'page',
    'per_page',
    'type',
  ]
  const values = [
    '',
    '-1',
    '0',
    '99999999999999999999',
    '1e308',
    'NaN',
    'Infinity',
    "' or 1=1; drop table products; --",
    '%00',
    '%E2%80%AE%F0%9F%98%80',
    '%ED%A0%80',
    'x'.repeat(5000),
    '[]',
    '{}',
    '__proto__',
  ]
  it('answers every endpoint, parameter and garbage value with a 2xx or 4xx envelope', async () => {
    for (const endpoint of endpoints) {
      for (const param of params) {
        for (const value of values) {
          for (const extra of ['', `&${param}=${value}`, '&category=new-drop&product_code=KMJ-001']) {
            const res = await get(`${endpoint}?${param}=${value}${extra}`)
            expect(res.statusCode, `${endpoint}?${param}=${value}${extra}`).toBeLessThan(500)
            if (res.statusCode >= 400)
              expect(res.json()).toMatchObject({ status: res.statusCode, data: null })
          }
        }
      }
    }
  })
})

describe('OpenAPI', () => {
  it('documents every catalog and search call with its parameters', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    for (const path of [
      '/api/v1/pages/home',
      '/api/v1/pages/category',
      '/api/v1/pages/product',
      '/api/v2/pages/menu',
      '/api/v1/pages/site',
      '/api/v1/pages/search',
      '/api/v1/pages/product_suggestion',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined()
    }
    const names = doc.paths['/api/v1/pages/category'].get.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'category',
        'type',
        'id_brand',
        'real_brand',
        'limit',
        'offset',
        'is_child',
        'token',
        'page',
        'per_page',
      ]),
    )
    expect(doc.paths['/api/v1/pages/site'].get.description).toMatch(/Our path/)
  })
})
